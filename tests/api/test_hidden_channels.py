"""What a spectator and each seat read of a running game's present, through every GET that
shows it, holds no card hidden from them now: games of all five kinds played through the API,
with people and bots (a solo Black Metro game among them). The history (events, replay, stream)
is checked event by event at the rules' level (the conformance suite's privacy checks), since a
card seen once may be hidden again (a discard shuffled back into a deck)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from rest_framework.test import APIClient

from api import event_store
from api.models import Game
from rules_core.engine import get_game
from rules_core.engine.hiding import json_strings
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = [
    ("no-mans-land", [{"name": "Ann"}, {"bot": "random"}]),
    ("no-mans-land", [{"bot": "greedy"}, {"name": "Bob"}]),
    ("black-metro", [{"name": "Ann"}]),
    ("black-metro", [{"name": "Ann"}, {"bot": "random"}, {"name": "Cy"}]),
    ("gotham-city-chronicles", [{"name": "Ann"}, {"bot": "random"}]),
    ("gotham-race", [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}]),
    ("gotham-city-strategy", [{"name": "Ann"}, {"bot": "random"}]),
]
SPECTATOR_READS = ("", "state/", f"events/?after={10**6}", "analysis/")
MOVES = 10


def _played(api: APIClient, body: dict[str, Any], moves: int) -> dict[int, str]:
    """Random legal moves of the people (the bots answer on the workers); their tokens."""
    gid, pick = body["id"], random.Random(4)
    tokens = {s["seat"]: s["token"] for s in body["seats"] if s["token"]}
    deadline = time.monotonic() + 60
    while moves and time.monotonic() < deadline:
        state = api.get(f"/api/games/{gid}/state/").json()
        people = [s for s in state["to_act"] if s in tokens]
        if state["status"] != "active" or not people:
            time.sleep(0.05)
            continue
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[people[0]])).json()
        move = pick.choice(legal["moves"])["move"]
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": move},
            format="json",
            **auth(tokens[people[0]]),
        )
        moves -= answer.status_code == 201
    return tokens


@pytest.mark.parametrize(("slug", "players"), TABLES, ids=lambda c: str(c))
def test_no_channel_shows_a_reader_a_card_hidden_from_them(
    api: APIClient,
    create_game: CreateGame,
    task_runner: None,
    slug: str,
    players: list[dict[str, str]],
) -> None:
    body = create_game(game=slug, players=players)
    tokens = _played(api, body, MOVES)
    game = Game.objects.get(pk=body["id"])
    assert game.status == Game.Status.ACTIVE, "the game must still run to hide anything"
    spec = get_game(slug)
    head = event_store.load_state(game, spec)
    url = f"/api/games/{game.pk}/"
    hidden = spec.hidden_from(head, None)
    for read in SPECTATOR_READS:  # a spectator never saw any card now hidden
        answer = api.get(url + read)
        assert answer.status_code == 200, (read, answer.content)
        assert not hidden & set(json_strings(answer.json())), read
    for seat, token in tokens.items():  # a seat, what is hidden from it now
        hidden = spec.hidden_from(head, seat)
        for read in ("state/", "legal-moves/"):
            answer = api.get(url + read, **auth(token))
            assert answer.status_code == 200, (read, answer.content)
            assert not hidden & set(json_strings(answer.json())), (seat, read)
