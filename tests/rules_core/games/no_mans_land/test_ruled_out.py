"""No Man's Land: what the whole table knows of a face-down crime (rules version 8). A card in
play whose start of turn effect burns its district down (the reference pack's Arson) does so
face down too, so a face-down crime still standing once Falcone's start of turn has passed,
with no hero at its district, is none of those cards: recorded, shown to every seat alike, and
never dealt to it by Gordon's determinization."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import fold
from rules_core.engine.types import Move
from rules_core.engine.visibility import redact_event
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import DistrictDestroyed, GameFinished, PhaseBegan
from rules_core.games.no_mans_land.state import Crime, NmlState, Piece
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    before_falcones_turn,
    crimes,
    decide,
    opening,
)
from tests.rules_core.games.no_mans_land.test_content import raw
from tests.rules_core.random_play import random_steps

ARSONS = ("arson-1", "arson-2")
KNOWN = (
    "Face-down crime at the Narrows — not an Arson: it stood through the start of Falcone's "
    "turn with no hero there"
)
HEROES = (Piece("gordon", "city-hall"), Piece("montoya", "docks"))  # none at the Narrows


def falcones_start(state: NmlState) -> NmlState:
    """The state once Gordon ends his turn and Falcone's start of turn has passed."""
    after = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert isinstance(after, NmlState)
    return after


def crime_at(state: NmlState, district: str) -> Crime:
    crime = state.crime_at(district)
    assert crime is not None
    return crime


# ---- the state: recorded only where certain --------------------------------------------------


@pytest.mark.parametrize("card", ["racket-1", "bribe-1", "heist-1"])
def test_a_face_down_crime_standing_through_falcones_start_with_no_hero_is_not_an_arson(
    card: str,
) -> None:
    state = before_falcones_turn(crimes=crimes(("narrows", card, True)), heroes=HEROES)
    assert crime_at(state, "narrows").ruled_out == ()
    after = falcones_start(state)
    assert after.flow.step == "movement"
    assert crime_at(after, "narrows").ruled_out == ARSONS


def test_nothing_is_ruled_out_where_a_hero_stands_nor_for_a_face_up_crime() -> None:
    """An Arson burns nothing with a hero at its district, so a face-down crime there may still
    be one; a face-up crime's card is seen, nothing to infer."""
    state = before_falcones_turn(
        crimes=crimes(("docks", "arson-1", True), ("narrows", "bribe-1", False)), heroes=HEROES
    )
    after = falcones_start(state)
    assert crime_at(after, "docks") == Crime("docks", "arson-1", True)
    assert crime_at(after, "narrows") == Crime("narrows", "bribe-1", False)


def test_nothing_is_ruled_out_when_the_overrun_check_ends_the_game_first() -> None:
    """ending-the-game.city-overrun comes before anything else at his start of turn: once it
    ends the game no effect is judged, so nothing shows that the crime is not an Arson."""
    where = ("narrows", "docks", "park-row", "heights")
    state = before_falcones_turn(
        crimes=crimes(*((d, f"racket-{i + 1}", True) for i, d in enumerate(where))), heroes=()
    )
    events = decide(state, GORDON, Move.of("end"))
    assert any(isinstance(e, GameFinished) and e.ending == "overrun" for e in events)
    assert all(c.ruled_out == () for c in fold(GAME, events, state).crimes)


def test_two_arsons_burn_and_a_face_down_crime_elsewhere_is_known_to_be_neither() -> None:
    state = before_falcones_turn(
        crimes=crimes(
            ("park-row", "arson-1", True),
            ("heights", "arson-2", True),
            ("narrows", "bribe-1", True),
        ),
        heroes=HEROES,
    )
    events = decide(state, GORDON, Move.of("end"))
    fires = [e.district for e in events if isinstance(e, DistrictDestroyed)]
    assert fires == ["park-row", "heights"]
    after = fold(GAME, events, state)
    assert after.crimes == (Crime("narrows", "bribe-1", True, ARSONS),)


def test_the_inference_is_made_once_the_start_of_turn_effects_are_judged() -> None:
    """Recorded as his income phase begins (every start of turn effect done), not before: up
    to then an Arson might still burn."""
    state = before_falcones_turn(crimes=crimes(("narrows", "heist-1", True)), heroes=HEROES)
    events = decide(state, GORDON, Move.of("end"))
    income = next(
        i for i, e in enumerate(events) if isinstance(e, PhaseBegan) and e.phase == "income"
    )
    assert crime_at(fold(GAME, events[:income], state), "narrows").ruled_out == ()
    assert crime_at(fold(GAME, events[: income + 1], state), "narrows").ruled_out == ARSONS


def test_a_face_down_crimes_own_card_is_never_ruled_out_in_play() -> None:
    known = 0
    for seed in range(6):
        for step in random_steps(GAME, seed, 400):
            for crime in step.state.crimes:
                assert crime.card not in crime.ruled_out
                known += bool(crime.ruled_out)
    assert known  # the games met the inference


def test_what_is_ruled_out_follows_the_pack_not_the_name_arson() -> None:
    """A pack whose burning crime is another card ("Fire-Bomb", three copies): those are
    ruled out, and the words name it as the pack does."""
    data = copy.deepcopy(raw())
    bomb = next(c for c in data["falcone"] if c["id"] == "arson")
    bomb.update(id="bomb", name="Fire-Bomb <b>", copies=3)
    state = fold(GAME, GAME.setup(2, {"content": data}, random.Random(1)))
    assert isinstance(state, NmlState)
    state = replace(
        before_falcones_turn(crimes=crimes(("narrows", "bribe-1", True)), heroes=HEROES),
        content=state.content,
    )
    after = falcones_start(state)
    assert crime_at(after, "narrows").ruled_out == ("bomb-1", "bomb-2", "bomb-3")
    crime = next(d["crime"] for d in view(after, GORDON)["districts"] if d["id"] == "narrows")
    assert crime["ruled_out"] == ["Fire-Bomb <b>"]
    assert crime["known"] == KNOWN.replace("an Arson", "a Fire-Bomb <b>")


# ---- the view: public, and nothing more -----------------------------------------------------


def view(state: NmlState, seat: int | None) -> Any:
    return GAME.view(state, seat)


def narrows_crime(state: NmlState, seat: int | None) -> Any:
    return next(d["crime"] for d in view(state, seat)["districts"] if d["id"] == "narrows")


def test_every_seat_is_told_the_crime_is_not_an_arson_in_the_games_words() -> None:
    after = falcones_start(
        before_falcones_turn(crimes=crimes(("narrows", "heist-1", True)), heroes=HEROES)
    )
    for seat in (FALCONE, GORDON, None):
        crime = narrows_crime(after, seat)
        assert (crime["ruled_out"], crime["known"]) == (["Arson"], KNOWN)
    assert narrows_crime(after, GORDON)["card"] is None
    assert narrows_crime(after, FALCONE)["card"]["id"] == "heist-1"


def test_a_crime_not_yet_through_falcones_start_says_nothing_more() -> None:
    state = before_falcones_turn(crimes=crimes(("narrows", "heist-1", True)), heroes=HEROES)
    crime = narrows_crime(state, GORDON)
    assert (crime["ruled_out"], crime["known"]) == ([], None)


def test_a_face_down_crime_through_falcones_start_looks_the_same_to_gordon_whatever_the_card() -> (
    None
):
    """Apart from the Arson (which shows itself by burning), every crime face down at the
    Narrows gives Gordon the same events, story and view once Falcone's start of turn passes:
    the ruled-out fact is the same for each, and nothing else is told."""
    seen = set()
    for card in ("racket-1", "bribe-1", "heist-1"):
        state = before_falcones_turn(crimes=crimes(("narrows", card, True)), heroes=HEROES)
        events = decide(state, GORDON, Move.of("end"))
        after = fold(GAME, events, state)
        seen.add(
            (
                tuple(str(redact_event(e, GORDON, False)) for e in events),
                tuple(GAME.narrate(state, e, GORDON, False) for e in events),
                repr(view(after, GORDON)),
                repr(view(after, None)),
            )
        )
    assert len(seen) == 1


# ---- Gordon's determinization ------------------------------------------------------------------


def test_gordon_never_deals_a_crime_a_card_ruled_out_for_it_even_with_one_card_left() -> None:
    """Of the crimes Gordon cannot see, two are Arsons and one a Bribe: the crime at the
    Narrows, known not to be an Arson, is the Bribe in every dealing; the one at the Docks (a
    hero there, nothing known) takes an Arson, though dealt first in the crimes' order."""
    state = replace(
        opening(),
        heroes=HEROES,
        crimes=(
            Crime("docks", "arson-1", True),
            Crime("narrows", "bribe-1", True, ARSONS),
        ),
        falcone_hand=("arson-2", "thug-1"),
        falcone_deck=("thug-2", "croc-1"),
    )
    dealt = set()
    for seed in range(40):
        guess = GAME.determinize(state, GORDON, random.Random(seed))
        assert crime_at(guess, "narrows").card == "bribe-1"
        assert crime_at(guess, "narrows").ruled_out == ARSONS
        dealt.add(crime_at(guess, "docks").card)
        assert sorted(
            (*guess.falcone_hand, *guess.falcone_deck, *(c.card for c in guess.crimes))
        ) == sorted((*state.falcone_hand, *state.falcone_deck, *(c.card for c in state.crimes)))
    assert dealt == {"arson-1", "arson-2"}


def test_gordons_dealing_still_varies_the_cards_a_ruled_out_crime_may_be() -> None:
    state = replace(
        opening(),
        heroes=HEROES,
        crimes=(Crime("narrows", "bribe-1", True, ARSONS),),
        falcone_hand=("arson-1", "heist-1", "racket-1"),
        falcone_deck=("arson-2", "thug-1"),
    )
    dealt = {
        crime_at(GAME.determinize(state, GORDON, random.Random(s)), "narrows").card
        for s in range(60)
    }
    assert dealt == {"bribe-1", "heist-1", "racket-1"}
