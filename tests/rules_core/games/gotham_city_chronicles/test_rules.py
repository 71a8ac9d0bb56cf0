"""The game as a GameSpec, held to the conformance suite's model: random legal play from set-up
to an end, refusals cited, privacy, replay and JSON round trips; and the book's open table."""

from __future__ import annotations

import copy
import random
import tomllib
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import fold
from rules_core.engine.types import Outcome
from rules_core.games.gotham_city_chronicles.content import NUMBER_RANGES, REFERENCE_PACK
from rules_core.games.gotham_city_chronicles.events import HeroesFinished
from rules_core.games.gotham_city_chronicles.mission import EFFECTS
from rules_core.games.gotham_city_chronicles.reading import IDS
from rules_core.games.gotham_city_chronicles.rules import GAME
from tests.rules_core.games.content_option import assert_content_option
from tests.rules_core.json_shapes import arr, obj, objs
from tests.rules_core.test_conformance import (
    test_random_legal_play_reaches_an_outcome_and_obeys_the_model as conformance,
)

RAW: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())


@pytest.mark.parametrize("seed", range(6))
def test_random_games_follow_the_conformance_model(seed: int) -> None:
    conformance(GAME, {}, seed)


# a sentence naming the game, as the other games' ("No Man's Land is for two players."): the
# lobby shows it alone when its form seats too few or too many
SEATS_WORDS = (
    "Batman: Gotham City Chronicles is for 2 to 4 players: the villain and one to three heroes."
)


@pytest.mark.parametrize(
    ("players", "options", "code", "message"),
    [
        (1, {}, "bad_player_count", SEATS_WORDS),
        (5, {}, "bad_player_count", SEATS_WORDS),
        (
            2,
            {"colour": "red", "bots": 1},
            "bad_options",
            "Batman: Gotham City Chronicles has no option “bots” or “colour”; its options are "
            "content and gadgets.",
        ),
        (2, {"content": {"dice": 3}}, "bad_options", "content pack: dice: must be a table"),
        (
            2,
            {"content": 3},
            "bad_options",
            "The option “content” is a content pack (a JSON object) or null.",
        ),
    ],
)
def test_options_are_refused_with_the_reason(
    players: int, options: dict[str, object], code: str, message: str
) -> None:
    refused = GAME.validate_options(players, options)  # type: ignore[arg-type]
    assert refused is not None and (refused.code, refused.message) == (code, message)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_villain_and_one_to_three_heroes_seats_are_accepted(players: int) -> None:
    assert GAME.validate_options(players, {}) is None
    assert GAME.validate_options(players, {"content": None}) is None
    assert GAME.validate_options(players, {"content": RAW}) is None


@pytest.mark.parametrize(
    ("gadgets", "message"),
    [
        ({"batman": ["tonfa"]}, 'gadgets.batman[0]: the pack has no bat-gadget "tonfa"'),
        ({"batman": ["grapnel-gun", 1]}, "gadgets.batman[1]: the pack has no bat-gadget that"),
        ({"batman": [{}]}, "gadgets.batman[0]: the pack has no bat-gadget that"),
        (  # the hero has no belt: said so, not "sizes exceed" nor "one belt, once"
            {"batman": ["batarangs"], "commissioner-gordon": ["explosive-gel"]},
            "gadgets.commissioner-gordon: Commissioner Gordon has no utility belt to hold "
            "bat-gadgets",
        ),
        (
            {"commissioner-gordon": ["batarangs"]},
            "gadgets.commissioner-gordon: Commissioner Gordon has no utility belt to hold "
            "bat-gadgets",
        ),
        (
            {"batman": ["batarangs", "grapnel-gun", "explosive-gel", "batarangs"]},
            "gadgets: each bat-gadget card goes in one belt, once",
        ),
        (
            {"batman": ["batarangs", "batarangs"]},
            "gadgets: each bat-gadget card goes in one belt, once",
        ),
        ({"joker": []}, 'gadgets: no hero "joker" in the pack'),
        (["batarangs"], "gadgets: an object of the mission's heroes to lists of bat-gadget ids"),
        ({"batman": "batarangs"}, "gadgets.batman: a list of at most 20 bat-gadget ids"),
    ],
)
def test_bat_gadgets_chosen_at_set_up_fit_the_belt_of_a_hero_who_has_one(
    gadgets: object, message: str
) -> None:
    """V·D·2: from the bat-gadgets in the game, their sizes within the utility belt."""
    refused = GAME.validate_options(2, {"gadgets": gadgets})  # type: ignore[dict-item]
    assert refused is not None and (refused.code, refused.message) == ("bad_gadgets", message)
    assert [c.section for c in refused.citations] == ["v-d-2"]


def test_the_heroes_take_the_bat_gadgets_chosen_at_set_up() -> None:
    """V·D·2: Batman's belt as chosen; a hero not named keeps the pack's choice."""
    options = {"gadgets": {"batman": ["grapnel-gun", "explosive-gel"]}}
    assert GAME.validate_options(2, options) is None
    chosen = fold(GAME, GAME.setup(2, options, random.Random(1)))
    assert chosen.hero("batman").gadgets == ("grapnel-gun", "explosive-gel")
    usual = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert usual.hero("batman").gadgets == ("batarangs", "grapnel-gun", "explosive-gel")
    # the game records the pack it is played with
    assert chosen.pack is not None and usual.pack is not None
    assert chosen.pack.digest != usual.pack.digest
    custom = GAME.validate_options(2, {"content": RAW, "gadgets": {"batman": []}})
    assert custom is None


def test_the_options_schema_states_the_content_pack_its_limits_and_vocabulary() -> None:
    schema = GAME.options_schema()
    assert list(schema) == ["content", "gadgets"]
    assert_content_option(
        schema,
        "gotham_city_chronicles",
        NUMBER_RANGES,
        EFFECTS.schema(),
        ids=IDS,
        see="see VOCABULARY.md, ",
    )


def test_a_content_pack_option_sets_up_its_own_mission() -> None:
    """The pack given as an option is the one played (here: the reference, two turns longer)."""
    longer = copy.deepcopy(RAW)
    longer["mission"]["turn_limit"] = 6
    state = fold(GAME, GAME.setup(2, {"content": longer}, random.Random(1)))
    assert state.board_pack.mission.turn_limit == 6
    reference = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert reference.board_pack.mission.turn_limit == 4


def test_seats_are_named_by_the_villain_and_the_heroes_each_plays() -> None:
    three = fold(GAME, GAME.setup(3, {}, random.Random(1)))
    assert GAME.seat_names(three) == (
        "the villain",
        "Batman and Renee Montoya",
        "Commissioner Gordon",
    )
    two = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert GAME.seat_names(two) == ("the villain", "the heroes")


def test_a_seat_that_stops_taking_actions_is_told_with_its_verb_agreeing() -> None:
    three = fold(GAME, GAME.setup(3, {}, random.Random(1)))
    one_hero = GAME.narrate(three, HeroesFinished(seat=2), None, False)
    two_heroes = GAME.narrate(three, HeroesFinished(seat=1), None, False)
    everyone = GAME.narrate(
        fold(GAME, GAME.setup(2, {}, random.Random(1))), HeroesFinished(seat=1), None, False
    )
    assert one_hero == "Commissioner Gordon wants no more actions."
    assert two_heroes == "Batman and Renee Montoya want no more actions."
    assert everyone == "The heroes want no more actions."


def test_the_outcome_names_the_winning_side_and_how_the_game_ended() -> None:
    state = fold(GAME, GAME.setup(3, {}, random.Random(1)))
    assert GAME.outcome(state) is None
    heroes = GAME.outcome(replace(state, winner="heroes", ended_by="ledger-escapes"))
    assert heroes == Outcome(
        winners=(1, 2), summary="The Ledger reaches the Street, so the heroes win."
    )
    villain = GAME.outcome(replace(state, winner="villain", ended_by="bomb-exploded"))
    assert villain == Outcome(winners=(0,), summary="The Bomb explodes, so the villain wins.")


def test_every_event_has_words_and_cites_the_book() -> None:
    from rules_core.games.gotham_city_chronicles.language import STORIES
    from rules_core.rulebooks import resolve

    for event_type in GAME.event_types.values():
        assert event_type in STORIES, event_type.type
        for citation in (*event_type.citations, *event_type.may_cite):
            resolve(citation)
    for citations in GAME.rejections.values():
        for citation in citations:
            resolve(citation)


def test_the_book_hides_nothing_so_every_seat_sees_the_same() -> None:
    """Pages 1-46 keep everything on the table (README: who sees what): every seat and a
    spectator get one view and the events unmasked, all through a game and at its end."""
    assert GAME.info.hidden_information is False
    rng = random.Random(5)
    state = fold(GAME, GAME.setup(3, {}, random.Random(5)))
    tokens = {t["id"]: t for t in objs(GAME.view(state, 1)["tokens"])}
    # a closed safe's contents: the mission's, open
    assert "ledger" in arr(tokens["safe"]["contents"])
    looked = 0
    while GAME.outcome(state) is None:
        assert GAME.secrets(state) == ()
        seen = GAME.view(state, None)
        assert all(GAME.view(state, seat) == seen for seat in range(3))
        seat = min(GAME.to_act(state))
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert isinstance(events, list)
        for event in events:
            shown = GAME.redact(event, None, True)
            assert all(GAME.redact(event, viewer, False) == shown for viewer in (None, 0, 1, 2))
        state = fold(GAME, events, state)
        looked += 1
    assert looked > 20
    assert GAME.view(state, 1) == GAME.view(state, None)


def test_the_view_carries_the_board_and_a_name_for_everything_it_shows() -> None:
    """What the board drawing (board.js) needs from the view: areas with their terrain,
    boundaries with their kind and level, special moves, the river's costs, each hero's energy,
    and the game's name for every area, tile, item and token the view shows by id."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    seen = GAME.view(state, None)
    board = obj(seen["board"])
    areas = {a["id"]: a for a in objs(board["areas"])}
    assert areas["water-tower"]["promontory"] and areas["street"]["reinforcement"]
    assert areas["chemical-vats"]["dangerous"] == 1 and areas["office"]["elevation"] == 2
    wall = next(b for b in objs(board["boundaries"]) if b["areas"] == ["office", "rooftop"])
    assert (wall["kind"], wall["level"]) == ("wall", 1)
    assert {"source": "rooftop", "target": "office", "kind": "fall", "level": 1} in arr(
        board["specials"]
    )
    assert arr(seen["river_costs"])[2] == 3  # VI·B·3 [b] example: the third position costs 3
    names = obj(seen["names"])
    assert names["office"] == "Foreman's Office" and names["ledger"] == "Falcone's Ledger"
    tokens, heroes = objs(seen["tokens"]), objs(seen["heroes"])
    shown = {*areas, *(t["id"] for t in tokens), *(c["tile"] for c in objs(seen["characters"]))}
    shown |= {i for h in heroes for i in (*arr(h["items"]), *arr(h["gadgets"]))}
    shown |= {i for t in tokens for i in arr(t["contents"])}
    assert shown <= set(names)
    assert [h["energy"] for h in heroes] == [12, 10, 10]


def test_each_event_is_told_in_the_games_words_to_every_seat_alike() -> None:
    from rules_core.games.gotham_city_chronicles.language import STORIES

    state = GAME.initial_state()
    told: list[str] = []
    for event in GAME.setup(3, {}, random.Random(1)):
        words = {GAME.narrate(state, event, seat, False) for seat in (None, 0, 1, 2)}
        words.add(GAME.narrate(state, event, None, True))
        assert words == {STORIES[type(event)](state, event)}  # nothing hidden, nothing to reveal
        told += words
        state = GAME.evolve(state, event)
    assert all(told) and len(told) == 3  # set-up, the first turn, the first side's turn


def test_a_game_not_yet_set_up_shows_only_that_it_has_not_started() -> None:
    assert GAME.view(GAME.initial_state(), None) == {"started": False}
    assert GAME.view(GAME.initial_state(), 0) == {"started": False}
