"""The game's own steps between two decisions: the turn's start and end, the played card carried
out line by line, forced removals, and the end of the game when the plot deck runs out."""

from __future__ import annotations

import random

from rules_core.engine.types import Move
from rules_core.games.gotham_city_strategy import board, checks, choices, effects, planning
from rules_core.games.gotham_city_strategy.events import CardFaceDown, CardResolved, ThreatRemoved
from rules_core.games.gotham_city_strategy.figure_events import MovePlanned
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
            if not remove_all(run, decision):
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
    (planning.only_step, rules version 9), written as the seat's move would have been. A turn
    ended with moves still on offer, or with only "End the turn" left because the screen holds
    too little to recruit or move, stays asked (what a screen holds is hidden). True: a step
    was taken."""
    state = run.state
    seat = state.current
    step = planning.only_step(state, seat) if state.step == "moving" else None
    if step is not None:  # the plan lacks henchmen somewhere, and one step alone makes it up
        assert state.plan is not None
        run.emit(MovePlanned(seat=seat, plan=planning.planned(state.plan, step)))
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


def remove_all(run: Run, d: Decision) -> bool:
    """A forced removal of no more threats than there are leaves no choice: all of them go.
    False when the seat must choose."""
    state = run.state
    if d.kind not in ("remove_threats", "lose_threats") or not d.must:
        return False
    threats = choices.removable(state, d)
    if sum(state.players[o].threats[b] for b, o in threats) > d.count:
        return False
    for block, owner in threats:
        for _ in range(state.players[owner].threats[block]):
            by = choices.removal_cause(d)
            run.emit(ThreatRemoved(seat=d.seat, owner=owner, block=block, by=by))
    return True


def start_turn(run: Run, seat: int) -> None:
    run.emit(TurnStarted(seat=seat))
    for gain in board.ability_ops(run.state, seat, "turn_gain"):
        run.emit(effects.change(seat, gain.resource, gain.amount, "ability", seat=None))


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
