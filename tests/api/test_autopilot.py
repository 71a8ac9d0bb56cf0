"""Autopilot: a person lets a bot play their seat from now on, or takes it back."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from api import bot_services, game_facts, services
from api.models import Annotation, Event, Game
from api.rate_limits import rate_limit_reset
from tests.api.test_moves import DRAW, post_move
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


def autopilot(api: APIClient, gid: int, token: str | None, bot: object) -> Any:
    return api.post(f"/api/games/{gid}/autopilot/", {"bot": bot}, format="json", **auth(token))


def play_until_seat_acts(api: APIClient, gid: int, token: str, seat: int) -> int:
    """Make the token's first legal moves until `seat` is to act; the version then."""
    while seat not in (game := api.get(f"/api/games/{gid}/").json())["to_act"]:
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        assert (
            post_move(api, gid, token, legal["version"], legal["moves"][0]["move"]).status_code
            == 201
        )
    return int(game["version"])


def queue_recorder(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(services, "enqueue_after_commit", lambda task, *args: queued.append(args))
    return queued


def test_a_seat_on_autopilot_is_played_by_its_bot_and_the_replay_says_so(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued = queue_recorder(monkeypatch)
    body = create_game()
    gid, ann, bob = body["id"], body["seats"][0], body["seats"][1]
    handed = autopilot(api, gid, bob["token"], "greedy")
    assert handed.status_code == 200, handed.json()
    assert handed.json() == {"seat": 1, "name": "Bob", "autopilot": "greedy"}
    seats = api.get(f"/api/games/{gid}/").json()["seats"]
    assert (seats[1]["bot"], seats[1]["autopilot"], seats[0]["autopilot"]) == (None, "greedy", None)
    assert queued == []  # Ann is to act: no worker is needed yet
    before = play_until_seat_acts(api, gid, ann["token"], 1)
    assert queued == [(gid,)]
    assert bot_services.bots_play(game_id=gid).done >= 1
    bob_moves = Event.objects.filter(game_id=gid, seq__gt=before).exclude(move=None)
    bob_seats = set()
    for e in bob_moves:
        assert e.move is not None  # every one of them is a move
        bob_seats.add(e.move["seat"])
    assert bob_seats == {1}
    notes = api.get(f"/api/games/{gid}/replay/").json()["events"][body["version"] - 1]
    assert [(a["source"], a["author"], a["text"]) for a in notes["annotations"]] == [
        ("table", "Bob", "Bob lets a bot (medium) play their seat from here.")
    ]


def test_a_seat_taken_back_is_its_persons_again_and_their_token_works_throughout(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued = queue_recorder(monkeypatch)
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    assert autopilot(api, gid, ann["token"], "random").status_code == 200
    assert queued == [(gid,)]  # Ann is to act: her bot is asked at once
    assert api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"])).json()["moves"]
    back = autopilot(api, gid, ann["token"], None)
    assert back.json() == {"seat": 0, "name": "Ann", "autopilot": None}
    assert Game.objects.get(pk=gid).bot_seats == []
    assert post_move(api, gid, ann["token"], body["version"], DRAW).status_code == 201
    assert queued == [(gid,)]  # nobody's bot is to act now
    texts = list(
        Annotation.objects.filter(game_id=gid, source="table").values_list("text", flat=True)
    )
    assert texts == [
        "Ann lets a bot (easy) play their seat from here.",
        "Ann plays their seat again; the bot (easy) stops.",
    ]


def test_asking_for_what_already_is_changes_nothing(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, bob = body["id"], body["seats"][1]
    assert autopilot(api, gid, bob["token"], None).json()["autopilot"] is None
    assert autopilot(api, gid, bob["token"], "greedy").status_code == 200
    assert autopilot(api, gid, bob["token"], "greedy").status_code == 200
    assert Annotation.objects.filter(game_id=gid).count() == 1


def test_a_process_that_knew_the_old_bot_seats_sees_the_change_at_its_next_move(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process's facts of the game still say nobody is a bot: its append is turned
    away by the row's bot seats, it reads the row again and queues Bob's bot, with no 409."""
    queued = queue_recorder(monkeypatch)
    body = create_game()
    gid, ann, bob = body["id"], body["seats"][0], body["seats"][1]
    stale = game_facts.game_facts(gid)
    assert stale is not None and stale.bot_seats == frozenset()
    assert autopilot(api, gid, bob["token"], "greedy").status_code == 200
    game_facts._CACHE[gid] = stale  # as a process that read the facts before the change
    play_until_seat_acts(api, gid, ann["token"], 1)
    assert queued == [(gid,)]
    assert game_facts.game_facts(gid) == game_facts.GameFacts(
        gid, stale.game, stale.seed, frozenset({1})
    )


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"bot": "deep-blue"}, 400, "invalid_bot_options"),
        ({"bot": ""}, 400, "invalid_request"),
        ({"bot": 3}, 400, "invalid_request"),
        ({}, 400, "invalid_request"),
        ({"bot": "greedy", "seat": 0}, 400, "invalid_request"),
        (["greedy"], 400, "malformed"),
    ],
)
def test_a_bad_request_is_refused_and_changes_nothing(
    api: APIClient, create_game: CreateGame, body: object, status: int, error: str
) -> None:
    game = create_game()
    gid, ann = game["id"], game["seats"][0]
    answer = api.post(f"/api/games/{gid}/autopilot/", body, format="json", **auth(ann["token"]))
    assert (answer.status_code, answer.json()["error"]) == (status, error)
    assert Game.objects.get(pk=gid).bot_seats == [] and not Annotation.objects.exists()


def test_only_a_seat_of_a_running_game_hands_itself_over(
    api: APIClient, create_game: CreateGame
) -> None:
    game = create_game()
    gid, ann = game["id"], game["seats"][0]
    assert autopilot(api, gid, None, "greedy").json()["error"] == "token_required"
    other = create_game()["seats"][0]["token"]
    assert autopilot(api, gid, other, "greedy").status_code == 403
    Game.objects.filter(pk=gid).update(status=Game.Status.FINISHED)
    over = autopilot(api, gid, ann["token"], "greedy")
    assert (over.status_code, over.json()["error"]) == (409, "game_finished")
    assert not Annotation.objects.exists()


@override_settings(GOTHAM_AUTOPILOT_CHANGES_PER_SEAT=2)
def test_a_seat_changes_hands_a_bounded_number_of_times(
    api: APIClient, create_game: CreateGame
) -> None:
    game = create_game()
    gid, bob = game["id"], game["seats"][1]
    assert autopilot(api, gid, bob["token"], "greedy").status_code == 200
    assert autopilot(api, gid, bob["token"], None).status_code == 200
    third = autopilot(api, gid, bob["token"], "greedy")
    assert (third.status_code, third.json()["error"]) == (409, "limit_reached")
    assert "2 times" in third.json()["message"]
    assert Game.objects.get(pk=gid).bot_seats == []


@override_settings(GOTHAM_BOT_GAMES_PER_HOUR=1)
def test_a_game_given_its_first_bot_counts_as_a_bot_game(
    api: APIClient, create_game: CreateGame
) -> None:
    address = "203.0.113.17"
    rate_limit_reset(f"bot-games:{address}", window=3600)
    first, second = create_game(), create_game()

    def hand(game: dict[str, Any], seat: int, bot: str) -> Any:
        url = f"/api/games/{game['id']}/autopilot/"
        token = game["seats"][seat]["token"]
        return api.post(url, {"bot": bot}, format="json", REMOTE_ADDR=address, **auth(token))

    assert hand(first, 1, "mcts").status_code == 200
    # the same game's other seat: it already has a bot, so nothing more is counted
    assert hand(first, 0, "greedy").status_code == 200
    refused = hand(second, 1, "greedy")
    assert (refused.status_code, refused.json()["error"]) == (429, "rate_limited")
    assert Game.objects.get(pk=second["id"]).bot_seats == []


def test_the_catalog_states_the_limit() -> None:
    from api.limits import limits_json

    assert limits_json()["autopilot_changes_per_seat"] == 20
