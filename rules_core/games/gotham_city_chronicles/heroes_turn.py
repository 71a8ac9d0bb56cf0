"""The heroes' turn around its actions (V B): stances, a seat finishing, the turn's end and the
side that plays next."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.events import (
    HeroesFinished,
    MovementEnded,
    StanceDeclared,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.refusals import pending, reject, unknown_hero
from rules_core.games.gotham_city_chronicles.state import ACTIVE, RESTING, GccState
from rules_core.games.gotham_city_chronicles.turns import turn_effects

STANCES = (ACTIVE, RESTING)


def stance_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    hero_id = move.get("hero")
    if not isinstance(hero_id, str) or not state.has_hero(hero_id):
        return unknown_hero(hero_id)
    hero = state.hero(hero_id)
    name = state.board_pack.hero(hero_id).name
    if hero.seat != seat:
        return reject("not_your_hero", f"{name} is played from another seat.")
    if state.flow.phase != "heroes" or state.flow.step != "stance":
        return reject("stance_taken", "Stances are declared at the start of the heroes' turn.")
    if hero.stance:
        return reject("stance_taken", f"{name} has already taken a stance this turn.")
    stance = move.get("stance")
    if stance not in STANCES:
        return reject("stance_taken", "A stance is active or resting.")
    if stance == ACTIVE and hero.zones.neutralized:
        return reject("neutralized_must_rest", f"{name} is neutralized and must rest.")
    return None


def stance_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    hero = state.hero(str(move.get("hero")))
    stance = str(move.get("stance"))
    board = state.board_pack.hero(hero.id)
    amount = board.recovery_active if stance == ACTIVE else board.recovery_resting
    recovered = min(amount, hero.zones.fatigue)
    healed = min(amount - recovered, hero.zones.wounds)
    return [
        StanceDeclared(seat=seat, hero=hero.id, stance=stance, recovered=recovered, healed=healed)
    ]


def stance_offers(state: GccState, seat: int) -> list[Move]:
    if state.flow.step != "stance":
        return []
    return [
        move
        for hero in state.heroes
        for move in (Move.of("stance", hero=hero.id, stance=s) for s in STANCES)
        if stance_check(state, seat, move) is None
    ]


def stance_label(state: GccState, seat: int, move: Move) -> str:
    name = state.board_pack.hero(str(move.get("hero"))).name
    return f"{name} takes the {move.get('stance')} stance"


def finish_check(state: GccState, seat: int, move: Move) -> Rejection | None:
    if state.flow.phase != "heroes" or state.flow.step != "actions":
        return reject("stance_step", "Every hero declares a stance before the heroes act.")
    busy = pending(state)
    if busy is not None:
        return busy
    return None


def finish_apply(state: GccState, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    run = Run(state, HANDLERS)
    movement = run.state.movement
    mine = movement is not None and run.state.has_hero(movement.mover)
    if mine and movement is not None and run.state.hero(movement.mover).seat == seat:
        run.emit(MovementEnded(seat=seat, mover=movement.mover, lost=movement.points))
    run.emit(HeroesFinished(seat=seat))
    if set(run.state.done) >= set(run.state.hero_seats()):
        turn_effects(run, "heroes_end", rng)  # V·B·6, then the turn's end (V·B·7)
    return run.events


def finish_offers(state: GccState, seat: int) -> list[Move]:
    return [Move.of("finish")] if finish_check(state, seat, Move.of("finish")) is None else []


def finish_label(state: GccState, seat: int, move: Move) -> str:
    return "End the heroes' actions for this turn"
