"""Gordon's phases as the others see them: whether a phase of his waits for him must not tell
Falcone (nor a spectator) what his hidden hand holds."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.flow import Flow
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.state import Crime, NmlState

GAME = get_game("no-mans-land")


def falcone_moving(hand: tuple[str, ...]) -> NmlState:
    """Falcone in his movement phase, a face-down crime on the board, Gordon holding `hand`."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert isinstance(state, NmlState)
    return replace(
        state,
        flow=Flow("falcone", "movement", FALCONE),
        signal_hand=hand,
        crimes=(Crime("docks", "heist-1", True),),
    )


def falcone_ends(state: NmlState) -> tuple[list[GameEvent], NmlState]:
    events = GAME.decide(state, FALCONE, Move.of("end"), random.Random(0))
    assert not isinstance(events, Rejection), events
    return events, fold(GAME, events, state)


@pytest.mark.parametrize("viewer", [FALCONE, None])
def test_gordons_start_of_turn_tells_nothing_of_the_cards_in_his_hand(viewer: int | None) -> None:
    """Gordon holding a start of turn card or another card, one each: Falcone's turn ends the
    same way for Falcone and a spectator, and Gordon is asked at his start of turn either way
    (how many cards he holds is public, which of them is not)."""
    told = []
    for hand in (("oracle-1",), ("batman-1",)):
        events, after = falcone_ends(falcone_moving(hand))
        shown = [(e.type, GAME.redact(e, viewer, False)) for e in events]
        told.append((shown, GAME.to_act(after), after.flow, GAME.view(after, viewer)))
    assert told[0] == told[1]
    assert told[0][1] == {GORDON} and told[0][2] == Flow("gordon", "start", GORDON)


def test_gordon_without_a_start_of_turn_card_to_play_only_ends_his_start_of_turn() -> None:
    _, asked = falcone_ends(falcone_moving(("batman-1",)))
    assert GAME.legal_moves(asked, GORDON) == [Move.of("end")]
    events = GAME.decide(asked, GORDON, Move.of("end"), random.Random(0))
    assert not isinstance(events, Rejection), events
    assert fold(GAME, events, asked).flow.step == "movement"


def test_an_empty_hand_still_passes_gordons_start_of_turn_by_itself() -> None:
    """Nothing in hand is public: that start of turn asks nothing and passes at once."""
    _, after = falcone_ends(falcone_moving(()))
    assert after.flow.step != "start" or GAME.to_act(after) == frozenset()
