"""No Man's Land: the start of turn phase (start-of-turn-phase): Gordon's start cards and
Falcone's cards in play; through `decide`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import fold
from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, Move
from rules_core.games.no_mans_land.citations import BOOK, FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CrimeRevealed,
    SignalPlayed,
)
from rules_core.games.no_mans_land.refusals import G_START
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    START_HAND,
    at_gordons_start,
    before_falcones_turn,
    crimes,
    decide,
    phases,
    refused,
)


def test_gordon_plays_start_of_turn_cards_in_the_order_he_chooses_without_limit() -> None:
    state = at_gordons_start(("oracle-1", "rapid-1"))
    offered = GAME.legal_moves(state, GORDON)
    assert Move.of("signal", card="rapid-1") in offered
    assert Move.of("signal", card="oracle-1", district="docks") in offered
    state = fold(GAME, decide(state, GORDON, Move.of("signal", card="rapid-1")), state)
    assert state.flow.step == "start"  # a second card may follow
    state = fold(
        GAME, decide(state, GORDON, Move.of("signal", card="oracle-1", district="docks")), state
    )
    crime = state.crime_at("docks")
    assert crime is not None and not crime.face_down and state.extra_steps == 1


def test_a_start_of_turn_with_nothing_to_play_passes_on_at_once() -> None:
    state = before_falcones_turn()
    state = replace(state, flow=Flow("falcone", "movement", FALCONE), signal_hand=())
    events = decide(state, FALCONE, Move.of("end"))
    assert phases(events)[-2:] == [(GORDON, "start"), (GORDON, "movement")]


def test_a_crimefighting_card_is_not_played_at_the_start_of_turn() -> None:
    answer = refused(
        at_gordons_start(("batman-1", "rapid-1")), GORDON, Move.of("signal", card="batman-1")
    )
    assert answer.code == "not_a_start_card"


@pytest.mark.parametrize(
    ("changes", "move", "code", "message"),
    [
        (
            {},
            {"card": "batman-1"},
            "not_a_start_card",
            "Batman Strikes is played with a fight, not now.",
        ),
        (
            {},
            {"card": "rapid-1", "district": "docks"},
            "bad_district",
            "Rapid Response names no district.",
        ),
        (
            {},
            {"card": "oracle-1", "district": "heights"},
            "nothing_to_reveal",
            "No face-down crime is at Gotham Heights.",
        ),
        (
            {"crimes": crimes(("docks", "heist-1", False))},
            {"card": "oracle-1", "district": "docks"},
            "nothing_to_reveal",
            "No face-down crime is at the Docks.",
        ),
        (
            {"flow": Flow("gordon", "movement", GORDON)},
            {"card": "rapid-1"},
            "wrong_phase",
            "That is done in Gordon's start of turn phase; it is Gordon's movement phase.",
        ),
    ],
)
def test_a_start_of_turn_card_is_refused_saying_why_when_it_does_not_fit(
    changes: dict[str, Any], move: dict[str, str], code: str, message: str
) -> None:
    state = replace(at_gordons_start(START_HAND), **changes)
    answer = refused(state, GORDON, Move.of("signal", **move))
    assert (answer.code, answer.message) == (code, message)
    # out of its phase: the sequence of play, Gordon's turn and his start of turn phase
    own = ("sequence-of-play", "sequence-of-play.gordons-turn", G_START)
    expected = tuple(Citation(BOOK, s) for s in own) if code == "wrong_phase" else None
    assert answer.citations == (expected or GAME.rejections[code])


def test_gordon_plays_a_start_card_and_reveals_a_crime_in_the_open() -> None:
    state = at_gordons_start(("oracle-1",))
    events = decide(state, GORDON, Move.of("signal", card="oracle-1", district="docks"))
    played, revealed = events[:2]
    assert played == SignalPlayed(seat=GORDON, card="oracle-1", district="docks")
    assert revealed == CrimeRevealed(seat=GORDON, district="docks", card="heist-1")
