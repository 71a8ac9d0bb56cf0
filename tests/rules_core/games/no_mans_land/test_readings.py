"""Readings of the book where it leaves a choice open, pinned (the README's "How the book is
read")."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import chain

from rules_core.engine import fold, get_game
from rules_core.engine.flow import Flow
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import GameFinished, OverrunChecked
from rules_core.games.no_mans_land.state import Crime, NmlState, Piece

GAME = get_game("no-mans-land")


def test_the_city_is_judged_overrun_only_at_the_start_of_falcones_turn() -> None:
    """ending-the-game.city-overrun: crimes in four of seven districts when Falcone ends his
    movement phase end nothing; Gordon's whole turn comes first (his fight stops one), and the
    check at Falcone's next start of turn finds three of seven."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert isinstance(state, NmlState)
    four = tuple(
        Crime(d, c, False)
        for d, c in (
            ("narrows", "bribe-1"),
            ("park-row", "racket-1"),
            ("heights", "racket-2"),
            ("diamond", "racket-3"),
        )
    )
    state = replace(
        state,
        flow=Flow("falcone", "movement", FALCONE),
        crimes=four,
        heroes=(Piece("gordon", "city-hall"),),
    )
    played: list[list[GameEvent]] = []
    for seat, move in (
        (FALCONE, Move.of("end")),
        (GORDON, Move.of("move", piece="gordon", to="diamond")),
        (GORDON, Move.of("fight", district="diamond")),
        (GORDON, Move.of("end")),  # his draw phase, not drawing: Falcone's turn begins
    ):
        events = GAME.decide(state, seat, move, random.Random(0))
        assert not isinstance(events, Rejection), events
        played.append(events)
        state = fold(GAME, events, state)
    assert not any(isinstance(e, (GameFinished, OverrunChecked)) for e in chain(*played[:-1]))
    check = next(e for e in played[-1] if isinstance(e, OverrunChecked))
    assert (check.crimes, check.standing, check.overrun) == (3, 7, False)
    assert not state.over and (state.flow.current, state.flow.step) == (FALCONE, "movement")


def test_the_end_by_counters_is_told_as_the_supply_run_out_not_falcones_counters() -> None:
    """ending-the-game.counters-exhausted: what runs out is the supply Falcone takes from; he
    may still hold counters he has not spent."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert isinstance(state, NmlState)
    state = replace(state, flow=Flow("gordon", "draw", GORDON), supply=0, counters=5)
    events = GAME.decide(state, GORDON, Move.of("end"), random.Random(0))
    assert not isinstance(events, Rejection), events
    over = fold(GAME, events, state)
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winners == (GORDON,)
    assert outcome.summary == (
        "Falcone's supply of corruption counters is exhausted: Gordon has held out and wins."
    )
    assert over.counters == 5
