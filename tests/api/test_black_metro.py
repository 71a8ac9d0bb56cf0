"""Black Metro through the API: all-bot games at every seat count (the solo challenge included)
finish by themselves with every event cited and a sound log, and a person's move out of turn is
refused with the book's sections."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from api.log_check import log_problems
from api.models import Game
from api.services import bots_play
from tests.conftest import CreateGame, auth


@pytest.mark.django_db
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_an_all_bot_game_finishes_with_every_event_cited_and_a_sound_log(
    api: APIClient, create_game: CreateGame, players: int
) -> None:
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]
    body = create_game(game="black-metro", players=bots[:players], seed=60 + players)
    for _ in range(20):  # each call plays the bots' turns for a slice of time
        bots_play(game_id=body["id"])
        if Game.objects.get(pk=body["id"]).status == "finished":
            break
    game = api.get(f"/api/games/{body['id']}/").json()
    assert game["status"] == "finished" and game["outcome"]["summary"]
    assert list(log_problems(Game.objects.get(pk=body["id"]))) == []
    events = api.get(f"/api/games/{body['id']}/events/").json()["events"]
    assert events and all(e["citations"] and e["text"] for e in events)
    assert all(c["book"] == "black-metro" for e in events for c in e["citations"])


@pytest.mark.django_db
def test_a_persons_move_out_of_turn_is_refused_with_citations(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="black-metro", players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    gid = body["id"]
    waiting = set(api.get(f"/api/games/{gid}/").json()["to_act"])
    idle = next(s for s in body["seats"] if s["seat"] not in waiting)
    mover = next(s for s in body["seats"] if s["seat"] in waiting)
    move = api.get(f"/api/games/{gid}/legal-moves/", **auth(mover["token"])).json()["moves"][0]
    refused = api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": body["version"], "move": move["move"]},
        format="json",
        **auth(idle["token"]),
    )
    assert refused.status_code == 422, refused.content
    answer = refused.json()
    assert answer["error"] == "illegal_move" and answer["message"]
    assert answer["citations"] and all(c["book"] == "black-metro" for c in answer["citations"])
    assert api.get(f"/api/games/{gid}/").json()["version"] == body["version"]
