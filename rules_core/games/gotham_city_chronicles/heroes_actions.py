"""The heroes' actions step between their moves (IV, V·B·3-5): a seat with nothing to do but
finish has its actions ended as the game's own step, and a seat that finished is asked again
once another hero's move opens an action to it."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_chronicles.events import HeroesActionsEnded, HeroesActionsReopened
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.moves import MOVES, owed_now, to_act
from rules_core.games.gotham_city_chronicles.refusals import pending
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState
from rules_core.games.gotham_city_chronicles.turns import turn_effects


def heroes_rest(state: GccState, rng: random.Random) -> list[GameEvent]:
    """V·B·3 [b], V·B·4 (rules version 21): a heroes' seat with nothing to do in the heroes'
    actions but end them has them ended as the game's own step (`heroes_actions_ended`, by
    nobody, the seat named by `player`), and the heroes' turn ends with them once no seat is
    left to act: a seat whose heroes all rest (a resting hero takes no action; stances are
    declared in the open), once the last stance is declared; and the one seat left to act
    whose only move is ending its actions (nobody else can act to change that), in the move
    that left it so. Everything in this game is in the open, so not being asked tells nobody
    anything. Since rules version 27 a seat whose active heroes can do nothing is ended so while
    another seat still acts too: it no longer needs to stay asked to wait for what the other
    does, since it is asked again should another hero's action open an action to it
    (`heroes_reopened`); before, it stayed asked with the one move."""
    run = Run(state, HANDLERS)
    while (seat := _nothing_to_do(run.state)) is not None:
        resting = run.state.all_resting(seat)
        run.emit(HeroesActionsEnded(seat=None, player=seat, resting=resting))
        if set(run.state.done) >= set(run.state.hero_seats()):
            turn_effects(run, "heroes_end", rng)  # V·B·6, then the turn's end (V·B·7)
    return run.events


def _nothing_to_do(state: GccState) -> int | None:
    """The first heroes' seat whose actions `heroes_rest` ends now, if any."""
    if state.winner or state.flow.phase != "heroes" or state.flow.step != "actions":
        return None
    waiting = sorted(to_act(state) - {VILLAIN_SEAT}, key=lambda s: not state.all_resting(s))
    return next((s for s in waiting if MOVES.offers_only(state, s, Move.of("finish"))), None)


NOT_ACTIONS = ("finish", "drop")  # the heroes' moves in their actions step that are no action


def heroes_reopened(before: GccState, seat: int, move: Move, after: GccState) -> list[GameEvent]:
    """IV, V·B·4, V·B·5 (rules version 27): after each action the heroes choose the acting hero
    anew while at least one active hero wishes to act, and their turn ends when they decide it
    unanimously. So a heroes' seat that had finished its actions is asked again once a move
    of the heroes' actions step (an action, or equipment dropped) is over and the turn goes on:
    its finishing was no vote for a turn's end that another hero's action then changed. Only
    seats with an action open to them are reopened (a seat whose heroes rest, or can do nothing
    but finish, stays finished); a finish, and an exchange declined (nothing done), reopen
    nobody, nor does a step still under way (a roll, a defense, an agreement asked). A finished
    seat dropping equipment (`may_act`, rules version 28) stays finished itself."""
    if move.type in ("finish", "decline") or after.winner:
        return []
    steps = (before.flow.phase, before.flow.step, after.flow.phase, after.flow.step)
    if steps != ("heroes", "actions", "heroes", "actions"):
        return []
    if pending(after) is not None or after.ordering is not None or owed_now(after):
        return []
    players = tuple(s for s in after.done if s != seat and _has_an_action(after, s))
    return [HeroesActionsReopened(seat=None, players=players)] if players else []


def _has_an_action(state: GccState, seat: int) -> bool:
    """Whether a finished heroes' seat would have an action to take were it asked again (the
    first move of a rule other than finishing or dropping that it would be offered)."""
    asked = updated(state, done=tuple(s for s in state.done if s != seat))
    if MOVES.precheck(asked, seat) is not None:
        return False
    return any(
        next(iter(rule.offers(asked, seat)), None) is not None
        for rule in MOVES.rules
        if rule.name not in NOT_ACTIONS
    )
