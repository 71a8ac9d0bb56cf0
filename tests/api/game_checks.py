"""Checks any game meets through the service: an all-bot game played to its end (finished with
an outcome, a sound log, every event cited in the game's own book and told), and a person's
move out of turn refused with citations and nothing stored."""

from __future__ import annotations

import random
from typing import Any

from rest_framework.test import APIClient

from api.bot_services import bots_play
from api.log_check import log_problems
from api.models import Game
from tests.conftest import auth


def finished_with_every_event_cited(
    api: APIClient, game_id: int, book: str, slices: int = 30
) -> list[dict[str, Any]]:
    """Let the bots play (each call plays their turns for a slice of time), then check the
    game's end, its log and its events; the events as served."""
    for _ in range(slices):
        bots_play(game_id=game_id)
        if Game.objects.get(pk=game_id).status == "finished":
            break
    game = api.get(f"/api/games/{game_id}/").json()
    assert game["status"] == "finished" and game["outcome"]["summary"]
    assert list(log_problems(Game.objects.get(pk=game_id))) == []
    events: list[dict[str, Any]] = api.get(f"/api/games/{game_id}/events/").json()["events"]
    assert events and all(e["citations"] and e["text"] for e in events)
    assert all(c["book"] == book for e in events for c in e["citations"])
    return events


def out_of_turn_refusal(api: APIClient, body: dict[str, Any], book: str) -> dict[str, Any]:
    """A waiting seat's first legal move posted by a seat not to act: refused 422 with the
    book's sections, the game's version unchanged; the refusal as served."""
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
    answer: dict[str, Any] = refused.json()
    assert answer["error"] == "illegal_move" and answer["message"]
    assert answer["citations"] and all(c["book"] == book for c in answer["citations"])
    assert api.get(f"/api/games/{gid}/").json()["version"] == body["version"]
    return answer


def post_a_random_offer(
    api: APIClient, game_id: int, token: str, offered: dict[str, Any], pick: random.Random
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One of the offered legal moves, picked at random, posted by the seat at the version it
    was offered at; the move and the service's answer."""
    move: dict[str, Any] = pick.choice(offered["moves"])["move"]
    answer: dict[str, Any] = api.post(
        f"/api/games/{game_id}/moves/",
        {"expected_version": offered["version"], "move": move},
        format="json",
        **auth(token),
    ).json()
    return move, answer
