"""The game as a GameSpec, held to the conformance suite's model: random legal play from set-up
to an end, refusals cited, privacy, replay and JSON round trips; and the book's open table."""

from __future__ import annotations

import random

import pytest

from rules_core.engine import fold
from rules_core.games.gotham_city_chronicles.rules import GAME
from tests.rules_core.test_conformance import (
    test_random_legal_play_reaches_an_outcome_and_obeys_the_model as conformance,
)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_follow_the_conformance_model(seed: int) -> None:
    conformance(GAME, {}, seed)


def test_options_and_seats() -> None:
    assert GAME.validate_options(1, {}) is not None
    assert GAME.validate_options(5, {}) is not None
    assert GAME.validate_options(3, {}) is None
    refused = GAME.validate_options(2, {"content": {"dice": 3}})
    assert refused is not None and refused.message.startswith("content pack: ")
    assert GAME.validate_options(2, {"colour": "red"}) is not None


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
    tokens = {t["id"]: t for t in GAME.view(state, 1)["tokens"]}
    assert "ledger" in tokens["safe"]["contents"]  # a closed safe's contents: the mission's, open
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
    board = seen["board"]
    areas = {a["id"]: a for a in board["areas"]}
    assert areas["water-tower"]["promontory"] and areas["street"]["reinforcement"]
    assert areas["chemical-vats"]["dangerous"] == 1 and areas["office"]["elevation"] == 2
    wall = next(b for b in board["boundaries"] if b["areas"] == ["office", "rooftop"])
    assert (wall["kind"], wall["level"]) == ("wall", 1)
    assert {"source": "rooftop", "target": "office", "kind": "fall", "level": 1} in board[
        "specials"
    ]
    assert seen["river_costs"][2] == 3  # VI·B·3 [b] example: the third position costs 3
    names = seen["names"]
    assert names["office"] == "Foreman's Office" and names["ledger"] == "Falcone's Ledger"
    shown = {*areas, *(t["id"] for t in seen["tokens"]), *(c["tile"] for c in seen["characters"])}
    shown |= {i for h in seen["heroes"] for i in (*h["items"], *h["gadgets"])}
    shown |= {i for t in seen["tokens"] for i in t["contents"]}
    assert shown <= set(names)
    assert [h["energy"] for h in seen["heroes"]] == [12, 10, 10]
