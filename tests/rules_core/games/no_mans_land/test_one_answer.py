"""No Man's Land rules version 10: Falcone's movement phase ends unasked when what the whole
table sees leaves him nothing but ending it (turns.falcone_stuck), by nobody, told why; with
cards and counters he stays asked (his hand is hidden). Gordon's start of turn stays asked
whenever he holds a card, and his own view alone says why when none can be played."""

from __future__ import annotations

import json
import shutil
import tomllib
from dataclasses import replace

import pytest

from rules_core.engine import fold
from rules_core.engine.types import Move
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.content import REFERENCE_PACK
from rules_core.games.no_mans_land.events import CardsDrawn, CrimeCommitted, PhaseBegan
from rules_core.games.no_mans_land.state import NmlState, Piece
from rules_core.games.no_mans_land.turns import falcone_stuck
from tests.frontend.test_panels import panel
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    at_gordons_start,
    decide,
    each_state,
    falcones_movement,
    phases,
)

BRIBE = Move.of("crime", card="bribe-2", district="diamond", face_down=False)


def test_falcones_last_counter_spent_with_no_character_to_move_ends_his_movement_unasked() -> None:
    state = replace(falcones_movement(), falcone_hand=("bribe-2", "croc-1"), moved=("thug-2",))
    events = decide(state, FALCONE, BRIBE)
    assert isinstance(events[0], CrimeCommitted)
    draw = events[1]
    assert draw == PhaseBegan(seat=None, player=FALCONE, phase="draw")
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.seat == FALCONE  # his cards: only he sees them
    assert phases(events)[:2] == [(FALCONE, "draw"), (GORDON, "start")]
    committed = each_state(state, events)[0][1]
    assert GAME.narrate(committed, draw, GORDON, False) == (
        "Falcone has no counter left and none of his characters can move: his movement phase "
        "ends. Falcone's draw phase."
    )
    # the version between the crime and the phase's end names Falcone with "end" offered, as
    # version 9 did there: a game stored under version 9 waiting on that move stays playable
    assert GAME.to_act(committed) == {FALCONE}
    assert GAME.legal_moves(committed, FALCONE) == [Move.of("end")]


def test_falcone_holding_no_card_ends_his_movement_unasked_with_counters_left() -> None:
    state = replace(falcones_movement(), falcone_hand=("bribe-2",), counters=3, moved=("thug-2",))
    events = decide(state, FALCONE, BRIBE)
    assert events[1] == PhaseBegan(seat=None, player=FALCONE, phase="draw")
    before = each_state(state, events)[0][1]
    assert GAME.narrate(before, events[1], None, False).startswith(
        "Falcone holds no card and none of his characters can move"
    )


def test_falcone_with_a_counter_and_cards_none_of_which_he_can_play_is_still_asked() -> None:
    """His hand is hidden: ending the phase unasked would tell Gordon his cards cost more than
    his one counter."""
    state = replace(falcones_movement(), falcone_hand=("croc-1", "heist-1"), moved=("thug-2",))
    assert GAME.to_act(state) == {FALCONE}
    assert GAME.legal_moves(state, FALCONE) == [Move.of("end")]
    events = decide(state, FALCONE, Move.of("end"))
    assert events[0] == PhaseBegan(seat=FALCONE, player=FALCONE, phase="draw")
    after = fold(GAME, events, state)
    assert GAME.narrate(state, events[0], None, False) == "Falcone's draw phase."
    assert after.flow.current == GORDON


def test_gordon_alone_is_told_why_he_is_asked_at_a_start_of_turn_with_nothing_to_play() -> None:
    """A crimefighting card in hand: the start of turn waits for him (turns.gordon_waits), its
    one move "end"; his view says why, Falcone's and a spectator's do not, and the move's
    label (read by every seat in the replay) stays as it was."""
    state = at_gordons_start(("batman-1",))
    assert GAME.legal_moves(state, GORDON) == [Move.of("end")]
    why = GAME.view(state, GORDON)["why_asked"]
    assert why == (
        "None of your cards can be played at the start of your turn: end this phase. You are "
        "asked whenever you hold a card, so that Falcone cannot tell whether one could be."
    )
    assert GAME.view(state, FALCONE)["why_asked"] is None
    assert GAME.view(state, None)["why_asked"] is None
    assert GAME.describe_move(state, GORDON, Move.of("end")) == (
        GAME.describe_move(at_gordons_start(("oracle-1",)), GORDON, Move.of("end"))
    )
    assert GAME.view(at_gordons_start(("oracle-1",)), GORDON)["why_asked"] is None


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_gordons_panel_shows_why_he_is_asked_and_falcones_does_not() -> None:
    state = at_gordons_start(("batman-1",))
    why = GAME.view(state, GORDON)["why_asked"]
    assert ["p", why] in panel("no-mans-land", GAME.view(state, GORDON), GORDON)
    assert not any(line[0] == "p" for line in panel("no-mans-land", GAME.view(state, 0), 0))


def with_a_free_bribe(state: NmlState) -> NmlState:
    """`state` under a custom pack whose Bribe the Commissioner costs nothing (falcone[].cost
    may be 0)."""
    data = tomllib.loads(REFERENCE_PACK.read_text(encoding="utf-8"))
    for card in data["falcone"]:
        if card["id"] == "bribe":
            card["cost"] = 0
    return replace(state, content=json.dumps(data, sort_keys=True))


def test_falcone_with_no_counter_left_is_still_asked_when_the_pack_has_a_card_costing_nothing() -> (
    None
):
    """Rules version 11: a card that costs nothing is played with no counter (`movement-phase`),
    so spending his last counter with a free Bribe in hand leaves him a choice; version 10 ended
    the phase unasked whenever he had no counter left."""
    arson = Move.of("crime", card="arson-1", district="diamond", face_down=False)
    state = with_a_free_bribe(
        replace(falcones_movement(), falcone_hand=("arson-1", "bribe-2"), moved=("thug-2",))
    )
    events = decide(state, FALCONE, arson)
    assert [e.type for e in events] == ["crime_committed"]
    after = fold(GAME, events, state)
    assert after.counters == 0 and falcone_stuck(after) == ""
    assert GAME.to_act(after) == {FALCONE}
    free = Move.of("crime", card="bribe-2", district="park-row", face_down=False)
    assert free in GAME.legal_moves(after, FALCONE)
    assert decide(after, FALCONE, free)[0] == CrimeCommitted(
        seat=FALCONE, card="bribe-2", district="park-row", cost=0
    )


def test_a_free_card_in_the_pack_still_leaves_falcone_stuck_with_no_hand_or_no_open_district() -> (
    None
):
    state = with_a_free_bribe(replace(falcones_movement(), counters=0, moved=("thug-2",)))
    assert falcone_stuck(replace(state, falcone_hand=())).startswith("Falcone holds no card")
    everywhere = replace(state, heroes=tuple(Piece(f"h{d}", d) for d in state.standing()))
    assert falcone_stuck(everywhere).startswith("A hero stands at every district")


def test_a_version_10_game_that_ended_a_phase_with_a_free_card_in_the_pack_keeps_its_reason() -> (
    None
):
    """A stored custom-pack game of rules version 10 ended his movement phase unasked at no
    counter left though the pack held a free card: its story still says why."""
    state = with_a_free_bribe(
        replace(falcones_movement(), falcone_hand=("bribe-2",), counters=0, moved=("thug-2",))
    )
    draw = PhaseBegan(seat=None, player=FALCONE, phase="draw")
    assert GAME.narrate(state, draw, None, False) == (
        "Falcone has no counter left and none of his characters can move: his movement phase "
        "ends. Falcone's draw phase."
    )
