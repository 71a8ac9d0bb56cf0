"""Playing No Man's Land through `decide` in the tests: the opening, a move made or refused,
the table just before Falcone's turn."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine import fold, get_game
from rules_core.engine.flow import Flow
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CountersTaken,
    PhaseBegan,
)
from rules_core.games.no_mans_land.rules import NoMansLand
from rules_core.games.no_mans_land.state import Crime, NmlState, Piece

GAME = get_game("no-mans-land")
assert isinstance(GAME, NoMansLand)


def opening(seed: int = 1) -> NmlState:
    state = fold(GAME, GAME.setup(2, {}, random.Random(seed)))
    assert isinstance(state, NmlState)
    return state


def decide(state: NmlState, seat: int, move: Move) -> list[GameEvent]:
    events = GAME.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return events


def refused(state: NmlState, seat: int, move: Move) -> Rejection:
    answer = GAME.decide(state, seat, move, random.Random(0))
    assert isinstance(answer, Rejection), answer
    return answer


def before_falcones_turn(**changes: object) -> NmlState:
    """Gordon in his draw phase, a card in hand and free to draw another: his `end` (not
    drawing) starts Falcone's turn."""
    base = opening()
    state = replace(base, flow=Flow("gordon", "draw", GORDON), signal_deck=base.signal_deck)
    state = replace(state, signal_hand=state.signal_deck[:1], signal_deck=state.signal_deck[1:])
    return replace(state, **changes)  # type: ignore[arg-type]


def falcone_turn_events(**changes: object) -> list[GameEvent]:
    return decide(before_falcones_turn(**changes), GORDON, Move.of("end"))


def crimes(*where: tuple[str, str, bool]) -> tuple[Crime, ...]:
    return tuple(Crime(d, card, down) for d, card, down in where)


def phases(events: list[GameEvent]) -> list[tuple[int, str]]:
    return [(e.player, e.phase) for e in events if isinstance(e, PhaseBegan)]


START_HAND = ("oracle-1", "rapid-1", "batman-1")


def income_of(state_changes: dict[str, object]) -> CountersTaken:
    events = falcone_turn_events(**state_changes)
    return next(e for e in events if isinstance(e, CountersTaken))


def each_state(state: NmlState, events: list[GameEvent]) -> list[tuple[str, NmlState]]:
    """The state after each of `events` (what a state view at that version shows)."""
    found = []
    for event in events:
        state = GAME.evolve(state, event)
        found.append((event.type, state))
    return found


def at_gordons_start(hand: tuple[str, ...]) -> NmlState:
    return replace(
        opening(),
        flow=Flow("gordon", "start", GORDON),
        signal_hand=hand,
        crimes=crimes(("docks", "heist-1", True)),
    )


def falcones_movement() -> NmlState:
    """Falcone moving, 1 counter, a thug in Park Row, a crime in the Narrows, the Heights burnt;
    Gordon's heroes at City Hall, the Docks and Old Gotham."""
    return replace(
        opening(),
        flow=Flow("falcone", "movement", FALCONE),
        falcone_hand=("thug-1", "croc-1", "heist-1", "racket-1"),
        counters=1,
        crimes=crimes(("narrows", "bribe-1", False)),
        villains=(Piece("thug-2", "park-row"),),
        destroyed=("heights",),
    )


def gordons(step: str) -> NmlState:
    return replace(
        opening(),
        flow=Flow("gordon", step, GORDON),
        signal_hand=("batman-1", "rapid-1"),
        crimes=crimes(("docks", "heist-1", True)),
    )
