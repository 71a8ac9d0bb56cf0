"""The play and replay pages' requests to their game's API (frontend/static/frontend/dom.js
`gameApi`, run under node by panels/game_api.js): the seat's token on each, and a read given up
when the server leaves it unanswered (a page stayed on "Loading…" for good), a move never."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.frontend.node_script import node_json

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

SEAT = {"Authorization": "Seat abc"}


def requests(calls: list[list[Any]], headers: dict[str, str] | None = None) -> list[Any]:
    made: list[Any] = node_json(
        "game_api.js", {"game": 7, "headers": SEAT if headers is None else headers, "calls": calls}
    )
    return made


def test_a_read_is_given_up_after_ten_seconds_and_a_move_never() -> None:
    move = {"method": "POST", "headers": {"Content-Type": "application/json"}, "body": "{}"}
    made = requests([["state/", {}], ["moves/", move], ["legal-moves/", {}]])
    assert made == [
        {"url": "/api/games/7/state/", "headers": SEAT, "method": "GET", "given_up_after": 10000},
        {
            "url": "/api/games/7/moves/",
            "headers": {**SEAT, "Content-Type": "application/json"},
            "method": "POST",
            "given_up_after": None,
        },
        {
            "url": "/api/games/7/legal-moves/",
            "headers": SEAT,
            "method": "GET",
            "given_up_after": 10000,
        },
    ]


def test_a_spectator_sends_no_token_and_the_path_may_be_the_games_own() -> None:
    made = requests([["", {}]], headers={})
    assert made == [
        {"url": "/api/games/7/", "headers": {}, "method": "GET", "given_up_after": 10000}
    ]
