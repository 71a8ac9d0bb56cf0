"""The replay of a running game hides what a seat may not see yet; a finished one hides nothing."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from api import event_store, selectors
from api.bot_services import bots_play
from api.models import Annotation, Seat
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


def play_until_a_card_is_placed(api: APIClient, gid: int, token: str) -> dict[str, Any]:
    """Seat 0 draws then places a card face down; the placing move's JSON as seat 0 made it."""
    for _ in range(2):
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        move = legal["moves"][0]["move"]
        response = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": move},
            format="json",
            **auth(token),
        )
        assert response.status_code == 201, response.json()
    assert move["type"] == "place"
    return dict(move)


def moves(api: APIClient, gid: int, token: str | None) -> list[dict[str, Any]]:
    events = api.get(f"/api/games/{gid}/replay/", **auth(token)).json()["events"]
    return [e["move"] for e in events if e["move"]]


def test_a_card_placed_face_down_stays_hidden_in_others_replays(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    placed = play_until_a_card_is_placed(api, gid, ann["token"])
    assert moves(api, gid, ann["token"])[-1] == {"seat": 0, **placed}
    for viewer in (bob["token"], None):
        assert moves(api, gid, viewer)[-1] == {"seat": 0, **placed, "card": None}
    assert moves(api, gid, bob["token"])[0] == {"seat": 0, "type": "draw", "deck": 1}
    event_store._STATE_CACHE.clear()  # as a server process that never saw this game
    assert moves(api, gid, bob["token"])[-1] == {"seat": 0, **placed, "card": None}


def test_a_running_games_analysis_is_shown_only_to_the_seat_it_judged(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    play_until_a_card_is_placed(api, gid, ann["token"])
    seq = body["version"] + 1
    Annotation.objects.create(
        game_id=gid, seq=seq, source="analysis", author="mcts", text="judged", data={"seat": 0}
    )
    Annotation.objects.create(game_id=gid, seq=seq, source="person", author="Kim", text="hm")

    def notes(token: str | None) -> list[str]:
        events = api.get(f"/api/games/{gid}/replay/", **auth(token)).json()["events"]
        return [n["text"] for e in events if e["seq"] == seq for n in e["annotations"]]

    assert notes(ann["token"]) == ["judged", "hm"]
    assert notes(bob["token"]) == notes(None) == ["hm"]


@pytest.mark.django_db(transaction=True)
def test_a_finished_game_shows_every_hand_at_every_step(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}], seed=8)
    gid, ann = body["id"], body["seats"][0]
    during = api.get(f"/api/games/{gid}/state/?version={body['version']}").json()["state"]
    assert all(isinstance(hand, dict) for hand in during["hands"].values())  # only counts
    Seat.objects.filter(game_id=gid, index=0).update(bot="random")  # Ann leaves it to a bot
    bots_play(game_id=gid)
    assert api.get(f"/api/games/{gid}/").json()["status"] == "finished"
    for token in (None, ann["token"]):
        after = api.get(f"/api/games/{gid}/state/?version={body['version']}", **auth(token))
        hands = after.json()["state"]["hands"]
        assert all(isinstance(hand, list) and hand for hand in hands.values())


def test_the_replay_comes_in_pages_and_compact_citations_resolve_to_the_full_ones(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(
        players=[{"bot": "random"}, {"bot": "random"}], seed=9, game="gotham-city-strategy"
    )
    gid = body["id"]
    bots_play(game_id=gid)
    whole = api.get(f"/api/games/{gid}/replay/").json()
    assert "sections" not in whole
    pages, after, sizes = [], 0, []
    while True:
        page = api.get(f"/api/games/{gid}/replay/?compact=1&after={after}&limit=150").json()
        if not page["events"]:
            break
        for event in page["events"]:
            event["citations"] = [page["sections"][key] for key in event["citations"]]
        pages += page["events"]
        sizes.append(len(page["events"]))
        after = page["events"][-1]["seq"]
    assert pages == whole["events"] and len(pages) == whole["version"] > 150
    assert sizes[:-1] == [150] * (len(sizes) - 1) and 0 < sizes[-1] <= 150
    compact = api.get(f"/api/games/{gid}/replay/?compact=1").content
    assert len(compact) < len(api.get(f"/api/games/{gid}/replay/").content) * 0.7
    for bad in ("0", "5001", "x", "1.5"):  # each told the range taken ("x" read 0 to 2147483647)
        answer = api.get(f"/api/games/{gid}/replay/?limit={bad}")
        assert answer.status_code == 400 and answer.json() == {
            "error": "malformed",
            "message": "'limit' is a number of events from 1 to 5000.",
        }


def test_a_replay_asked_for_no_limit_stops_at_the_stated_page(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    play_until_a_card_is_placed(api, gid, ann["token"])
    whole = api.get(f"/api/games/{gid}/replay/").json()
    assert [e["seq"] for e in whole["events"]] == list(range(1, whole["version"] + 1))
    monkeypatch.setattr(selectors, "REPLAY_PAGE", 2)  # a log longer than a page
    page = api.get(f"/api/games/{gid}/replay/").json()
    assert [e["seq"] for e in page["events"]] == [1, 2] and page["version"] == whole["version"] > 2
    rest = api.get(f"/api/games/{gid}/replay/?after=2&limit=5000").json()
    assert page["events"] + rest["events"] == whole["events"]


def test_the_events_come_in_pages_of_the_limit_asked(
    api: APIClient, create_game: CreateGame
) -> None:
    """`events/?limit=` was not read: every answer was the whole stated page."""
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    play_until_a_card_is_placed(api, gid, ann["token"])
    whole = api.get(f"/api/games/{gid}/events/").json()
    assert whole["version"] > 3
    pages, after = [], 0
    while after < whole["version"]:
        page = api.get(f"/api/games/{gid}/events/?after={after}&limit=2").json()
        assert 1 <= len(page["events"]) <= 2 and page["version"] == whole["version"]
        pages += page["events"]
        after = page["events"][-1]["seq"]
    assert pages == whole["events"]


def test_a_replay_holds_its_own_games_events_only(api: APIClient, create_game: CreateGame) -> None:
    first, second = create_game(), create_game()
    play_until_a_card_is_placed(api, first["id"], first["seats"][0]["token"])
    replay = api.get(f"/api/games/{second['id']}/replay/").json()
    assert [e["seq"] for e in replay["events"]] == list(range(1, second["version"] + 1))


def test_a_replay_shows_its_own_games_comments_only_in_the_order_written(
    api: APIClient, create_game: CreateGame
) -> None:
    first, second = create_game(), create_game()
    for body, texts in ((first, ("first", "then")), (second, ("elsewhere",))):
        for text in texts:
            token = body["seats"][0]["token"]
            answer = api.post(
                f"/api/games/{body['id']}/annotations/",
                {"seq": 1, "text": text},
                format="json",
                **auth(token),
            )
            assert answer.status_code == 201, answer.json()
    events = api.get(f"/api/games/{first['id']}/replay/").json()["events"]
    assert [a["text"] for a in events[0]["annotations"]] == ["first", "then"]
    assert all(not e["annotations"] for e in events[1:])


def test_a_running_games_replay_tells_each_seat_its_own_draws_in_full_and_others_unseen(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    play_until_a_card_is_placed(api, gid, ann["token"])

    def drawn(token: str | None) -> dict[str, Any]:
        events = api.get(f"/api/games/{gid}/replay/", **auth(token)).json()["events"]
        (event,) = [e for e in events if e["type"] == "card_drawn"]
        return dict(event)

    mine = drawn(ann["token"])
    assert isinstance(mine["data"]["card"], str) and "“" in mine["text"]
    for viewer in (bob["token"], None):
        theirs = drawn(viewer)
        assert theirs["data"] == {**mine["data"], "card": None}
        assert theirs["text"] == "Figure A's player draws a card from deck 1."


def test_every_replay_event_carries_its_move_and_move_label_null_where_it_opens_none(
    api: APIClient, create_game: CreateGame
) -> None:
    """Each event of a replay has the same fields; those that open no move (the set-up, the
    card drawn) still carry `move` and `move_label`, null."""
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    play_until_a_card_is_placed(api, gid, ann["token"])
    events = api.get(f"/api/games/{gid}/replay/", **auth(ann["token"])).json()["events"]
    fields = {"seq", "type", "seat", "data", "text", "citations", "annotations"}
    assert all(set(e) == fields | {"move", "move_label"} for e in events)
    opening = [e for e in events if e["move"]]
    assert [e["move"]["type"] for e in opening] == ["draw", "place"]
    assert all(isinstance(e["move_label"], str) for e in opening)
    others = [e for e in events if not e["move"]]
    assert others and all(e["move"] is None and e["move_label"] is None for e in others)


@pytest.mark.django_db(transaction=True)
def test_a_finished_games_replay_shows_anyone_every_card_move_and_analysis(
    api: APIClient, create_game: CreateGame
) -> None:
    """Once the game is over nothing is hidden: a spectator's replay names every card drawn,
    every move in full with its label, and each seat's analysis."""
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=5)
    gid = body["id"]
    bots_play(game_id=gid)
    assert api.get(f"/api/games/{gid}/").json()["status"] == "finished"
    for seat in (0, 1):
        note = {"source": "analysis", "author": "mcts", "text": f"seat {seat}"}
        Annotation.objects.create(game_id=gid, seq=2, data={"seat": seat}, **note)
    events = api.get(f"/api/games/{gid}/replay/").json()["events"]
    cards = [e["data"]["card"] for e in events if e["type"] == "card_drawn"]
    assert cards and all(isinstance(card, str) for card in cards)
    placed = [e["move"] for e in events if e["move"] and e["move"]["type"] == "place"]
    assert placed and all(isinstance(move["card"], str) for move in placed)
    assert all(isinstance(e["move_label"], str) for e in events if e["move"])
    assert [n["text"] for n in events[1]["annotations"]] == ["seat 0", "seat 1"]


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u200b", "\x07"])
def test_a_comment_that_would_turn_around_or_hide_its_words_is_refused(
    api: APIClient, create_game: CreateGame, control: str
) -> None:
    """Every reader of the replay sees a comment: a bidirectional control or an invisible
    character would make it read otherwise than it shows. Line breaks and any script are text."""
    body = create_game()
    url, token = f"/api/games/{body['id']}/annotations/", body["seats"][0]["token"]
    refused = api.post(url, {"seq": 1, "text": f"gg {control}wp"}, format="json", **auth(token))
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_request"
    assert f"U+{ord(control):04X}" in refused.json()["message"]
    text = "good\n\u05d0\u05d1 \u0639\u0644\u064a"  # a line break, Hebrew and Arabic letters
    kept = api.post(url, {"seq": 1, "text": text}, format="json", **auth(token))
    assert kept.status_code == 201, kept.json()
    events = api.get(f"/api/games/{body['id']}/replay/").json()["events"]
    assert [a["text"] for a in events[0]["annotations"]] == [text]


@pytest.mark.parametrize("text", ["\u2800", "\u2800 \u2800", "\u2800\n\u2800"])
def test_a_comment_of_blank_braille_cells_is_refused_as_a_blank_one(
    api: APIClient, create_game: CreateGame, text: str
) -> None:
    """Blank braille cells are letters to Unicode but draw as spaces: every reader of the replay
    was shown a comment with nothing in it (spaces alone are refused as no text)."""
    body = create_game()
    url, token = f"/api/games/{body['id']}/annotations/", body["seats"][0]["token"]
    refused = api.post(url, {"seq": 1, "text": text}, format="json", **auth(token))
    assert refused.status_code == 400, refused.content
    assert refused.json()["error"] == "invalid_request"
    assert "shows nothing" in refused.json()["message"]
    assert not Annotation.objects.exists()
    kept = api.post(url, {"seq": 1, "text": "\u2800gg"}, format="json", **auth(token))
    assert kept.status_code == 201, kept.content


def test_a_replay_names_its_game_and_each_comment_its_source_author_and_time(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    answer = api.post(
        f"/api/games/{body['id']}/annotations/",
        {"seq": 2, "text": "a note"},
        format="json",
        **auth(body["seats"][0]["token"]),
    )
    assert answer.status_code == 201
    for compact in ("0", "1"):
        replay = api.get(f"/api/games/{body['id']}/replay/?compact={compact}").json()
        keys = {"game", "id", "version", "status", "events"}
        assert set(replay) == (keys | {"sections"} if compact == "1" else keys)
        assert (replay["game"], replay["id"]) == ("gotham-race", body["id"])
        (note,) = replay["events"][1]["annotations"]
        assert set(note) == {"source", "author", "text", "data", "created_at"}
        assert (note["source"], note["text"]) == ("person", "a note")
        assert note["created_at"].startswith("20")


def test_a_signed_in_user_with_the_longest_username_comments_under_it(
    api: APIClient, create_game: CreateGame
) -> None:
    """A username takes 150 characters; the author's column took 80, which PostgreSQL refused
    with a 500 (SQLite stores any length)."""
    from django.contrib.auth.models import User

    longest = User._meta.get_field("username").max_length or 150
    user = User.objects.create_user("u" * longest, password="a long pass phrase")
    api.force_authenticate(user)
    body = create_game()
    answer = api.post(
        f"/api/games/{body['id']}/annotations/", {"seq": 2, "text": "a note"}, format="json"
    )
    assert answer.status_code == 201, answer.content
    (note,) = api.get(f"/api/games/{body['id']}/replay/").json()["events"][1]["annotations"]
    assert note["author"] == "u" * longest


def test_the_events_after_a_point_are_the_games_own_as_the_caller_may_see_them(
    api: APIClient, create_game: CreateGame
) -> None:
    first, second = create_game(), create_game()
    play_until_a_card_is_placed(api, first["id"], first["seats"][0]["token"])
    answer = api.get(f"/api/games/{second['id']}/events/?after=1").json()
    assert set(answer) == {"version", "events"} and answer["version"] == second["version"]
    assert [e["seq"] for e in answer["events"]] == list(range(2, second["version"] + 1))
    events = api.get(f"/api/games/{first['id']}/events/?after=0").json()["events"]
    assert all(set(e) == {"seq", "type", "seat", "data", "text", "citations"} for e in events)
    (drawn,) = [e for e in events if e["type"] == "card_drawn"]
    assert (drawn["seat"], drawn["data"]["card"]) == (0, None)


def test_a_finished_games_events_show_every_card_drawn(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=5)
    bots_play(game_id=body["id"])
    events = api.get(f"/api/games/{body['id']}/events/?after=0").json()["events"]
    cards = [e["data"]["card"] for e in events if e["type"] == "card_drawn"]
    assert cards and all(isinstance(card, str) for card in cards)
