"""The game's own steps between two decisions: the turn's start and end, the played card carried
out line by line, forced removals, and the end of the game when the plot deck runs out."""

from __future__ import annotations

import random

from rules_core.engine.types import Move
from rules_core.games.gotham_city_strategy import board, checks, choices, effects, planning
from rules_core.games.gotham_city_strategy.events import CardFaceDown, CardResolved, ThreatRemoved
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    MovePlanned,
)
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import Decision, GcsState
from rules_core.games.gotham_city_strategy.turn_events import (
    CardDrawn,
    FinalTurnsBegan,
    GameFinished,
    TurnStarted,
)


def advance(run: Run, rng: random.Random) -> None:
    """Carry the game on until some seat must decide (or it is over)."""
    while run.state.phase != "over":
        state = run.state
        decision = choices.current(state)
        if decision is not None:
            if not answer_unasked(run, decision):
                return
            continue
        if state.phase == "setup":
            start_turn(run, 0)
            continue
        if state.step != "resolve":
            if not finish_unasked(run, rng):
                return
            continue
        if state.program:
            effects.run_line(run, state.program[0], rng)
        else:
            run.emit(CardResolved(seat=None, card=state.played))


def finish_unasked(run: Run, rng: random.Random) -> bool:
    """A step of the turn whose one legal move finishes it, settled by what the whole table
    sees, is the game's own step (rules version 8): the move once no figure can take another
    step (turn.move: the plan is public), and the turn once the figures have moved (turn:
    recruiting comes before moving, and one move a turn; the draw follows). So is a step of
    the plan that alone can make up henchmen sent where they do not yet outnumber the enemy
    (planning.only_step, rules version 9), by nobody (rules version 10: the engine's events
    name no seat for the game's own steps; version 9 wrote it as the seat's move). A turn
    ended with moves still on offer, or with only "End the turn" left because the screen holds
    too little to recruit or move, stays asked (what a screen holds is hidden). True: a step
    was taken."""
    state = run.state
    seat = state.current
    step = planning.only_step(state, seat) if state.step == "moving" else None
    if step is not None:  # the plan lacks henchmen somewhere, and one step alone makes it up
        assert state.plan is not None
        run.emit(MovePlanned(seat=None, plan=planning.planned(state.plan, step)))
        return True
    if state.step == "moving" and not planning.any_step(state, seat):  # only done_moving left
        if checks.check_done_moving(state, seat, Move.of("done_moving")) is not None:
            return False
        effects.finish_moving(run, seat, rng)
        return True
    # having moved, recruiting and moving are refused: only end_turn is left
    if (
        state.step == "actions"
        and state.moved
        and checks.offer_end_turn(state, seat) == [Move.of("end_turn")]
    ):
        end_turn(run, seat, None)
        return True
    return False


# decisions whose answers lie on the map, seen by all (glossary.hideout: hideouts' henchmen too)
SETTLED_BY_THE_MAP = frozenset(
    {"remove_threats", "lose_threats", "send_home", "lose_henchman", "place_henchmen"}
)


def answer_unasked(run: Run, d: Decision) -> bool:
    """A decision with one answer settled by the map, which the whole table sees, is the
    game's own step, its events by nobody (rules version 10): threats that must be removed or
    lost where no more are left than must go (all go), or where they all stand on one block of
    one villain (removable names the blocks and owners: their count makes no choice), a
    card's henchmen sent home from the one block with enemy henchmen, a henchman lost where
    all of the loser's stand in one place (the hideout's are seen by all), and a card's
    henchman put on the one block that can take it. Neither screens, hands nor face-down
    cards play any part, so being asked or not tells nobody anything. False: the seat must
    choose."""
    if remove_all(run, d):
        return True
    if d.kind not in SETTLED_BY_THE_MAP:
        return False
    ways = choices.decision_moves(run.state, d)
    if len(ways) != 1 or not d.must:
        return False
    if d.kind == "lose_henchman":
        source = int(str(ways[0].get("source")))
        run.emit(HenchmanLost(seat=None, owner=d.seat, source=source))
        return True
    block = int(str(ways[0].get("block")))
    if d.kind == "place_henchmen":
        run.emit(HenchmanPlaced(seat=None, block=block))
        return True
    if d.kind == "send_home":
        effects.henchmen_home(run, block, spare=d.seat, by="card")
    else:
        owner, by = int(str(ways[0].get("owner"))), choices.removal_cause(d)
        run.emit(ThreatRemoved(seat=None, owner=owner, block=block, by=by))
    return True


def remove_all(run: Run, d: Decision) -> bool:
    """A forced removal of no more threats than there are leaves no choice: all of them go
    (by nobody since rules version 10; the seat's before). False when the seat must choose."""
    state = run.state
    if d.kind not in ("remove_threats", "lose_threats") or not d.must:
        return False
    threats = choices.removable(state, d)
    if sum(state.players[o].threats[b] for b, o in threats) > d.count:
        return False
    for block, owner in threats:
        for _ in range(state.players[owner].threats[block]):
            by = choices.removal_cause(d)
            run.emit(ThreatRemoved(seat=None, owner=owner, block=block, by=by))
    return True


def start_turn(run: Run, seat: int) -> None:
    run.emit(TurnStarted(seat=seat))
    for gain in board.ability_ops(run.state, seat, "turn_gain"):
        effects.from_reserves(run, seat, gain.resource, gain.amount, "ability")


def end_turn(run: Run, seat: int, face_down: object) -> None:
    """Draw (or count down the final turns), then the next villain clockwise begins."""
    state = run.state
    if isinstance(face_down, str):
        run.emit(CardFaceDown(seat=seat, card=face_down))
    if state.final_turns < 0:
        if run.state.deck:
            run.emit(CardDrawn(seat=seat, card=run.state.deck[0]))
        if not run.state.deck:
            run.emit(FinalTurnsBegan(seat=None, turns=len(state.players)))
    else:
        run.emit(FinalTurnsBegan(seat=None, turns=state.final_turns - 1))
        if run.state.final_turns == 0:
            run.emit(GameFinished(seat=None, winners=leaders(run.state), reason="deck exhausted"))
            return
    start_turn(run, board.left_of(state, seat))


def leaders(state: GcsState) -> tuple[int, ...]:
    """Highest level; ties by recruited henchmen, then information, then money."""
    keys = [(p.level, p.recruited, p.information, p.money) for p in state.players]
    best = max(keys)
    return tuple(s for s, k in enumerate(keys) if k == best)
