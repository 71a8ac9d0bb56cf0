"""Black Metro through the API: all-bot games at every seat count (the solo challenge included)
finish by themselves with every event cited and a sound log, and a person's move out of turn is
refused with the book's sections."""

from __future__ import annotations

import tomllib

import pytest
from rest_framework.test import APIClient

from api.models import Game
from rules_core.games.black_metro.content import REFERENCE_PACK
from tests.api.game_checks import finished_with_every_event_cited, out_of_turn_refusal
from tests.conftest import CreateGame


@pytest.mark.django_db
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_an_all_bot_game_finishes_with_every_event_cited_and_a_sound_log(
    api: APIClient, create_game: CreateGame, players: int
) -> None:
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]
    body = create_game(game="black-metro", players=bots[:players], seed=60 + players)
    finished_with_every_event_cited(api, body["id"], "black-metro", slices=20)


@pytest.mark.django_db
def test_a_persons_move_out_of_turn_is_refused_with_citations(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="black-metro", players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    out_of_turn_refusal(api, body, "black-metro")


@pytest.mark.django_db
def test_a_pack_naming_a_list_where_an_id_goes_is_refused_with_its_path(api: APIClient) -> None:
    """A list or an object where the pack names a fortune or a priority was a 500 (an
    unhashable value looked up among ids); it is a 400 naming the path, and no game is made."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["solo"]["priorities"]["value"][2] = []
    body = {"game": "black-metro", "players": [{"name": "Ann"}], "options": {"content": pack}}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"] == "rules_rejected"
    assert "solo.priorities" in response.json()["message"]
    assert not Game.objects.exists()
