"""The play and replay pages' requests to their game's API (frontend/static/frontend/dom.js
`gameApi`, run under node by panels/game_api.js): the seat's token on each, and a read given up
when the server leaves it unanswered (a page stayed on "Loading…" for good), a move never; and
the wait a refusal to be asked so often (429) asks for (`askedWait`, by panels/asked_wait.js)."""

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


Answer = tuple[dict[str, str], dict[str, Any], list[int]]  # a 429's headers, its body, the bounds


def asked_waits(*answers: Answer) -> list[Any]:
    """What dom.js `askedWait` makes of each 429 answer (headers, JSON body, bounds in ms)."""
    given = [{"headers": h, "body": b, "bounds": bounds} for h, b, bounds in answers]
    waits: list[Any] = node_json("asked_wait.js", given)
    return waits


def test_a_429_asks_its_retry_after_header_else_its_bodys_retry_after_in_seconds() -> None:
    header_and_body: Answer = ({"Retry-After": "5"}, {"retry_after": 3}, [])
    body_alone: Answer = ({}, {"retry_after": 3}, [])
    a_date: Answer = ({"Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"}, {"retry_after": 2}, [])
    neither: Answer = ({}, {"error": "throttled"}, [])
    assert asked_waits(header_and_body, body_alone, a_date, neither) == [5000, 3000, 2000, 0]


def test_the_wait_a_read_takes_from_a_429_is_kept_between_its_bounds() -> None:
    # the play page waits at least 1 s and at most a minute, whatever the answer asks
    bounds = [1000, 60000]
    assert asked_waits(
        ({"Retry-After": "3600"}, {}, bounds),
        ({}, {"retry_after": 0}, bounds),
        ({"Retry-After": "-5"}, {}, bounds),
        ({"Retry-After": "7"}, {}, bounds),
    ) == [60000, 1000, 1000, 7000]
