"""Batman: Gotham City Strategy Game through the API: all-bot games at 2 and 4 seats finish by
themselves with every event cited and told (a step of a plan included: it is made in the open,
and was served without words, which the replay showed as bookkeeping) and a sound log."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.game_checks import finished_with_every_event_cited
from tests.conftest import CreateGame

SLUG = "gotham-city-strategy"


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 4])
def test_an_all_bot_game_finishes_with_every_event_cited_and_told(
    api: APIClient, create_game: CreateGame, players: int
) -> None:
    body = create_game(game=SLUG, players=[{"bot": "random"}] * players, seed=80 + players)
    events = finished_with_every_event_cited(api, body["id"], SLUG)
    planned = [e for e in events if e["type"] == "move_planned"]
    assert planned and all(" plan" in e["text"] for e in planned)
    arrived = [
        e
        for e in events
        if e["type"] in ("villain_moved", "henchmen_moved") and e["seat"] is not None
    ]
    assert arrived and not any(" moves " in e["text"] for e in arrived)  # told once, as planned
