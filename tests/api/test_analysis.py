"""Replay analysis on a worker (eager here), people's comments, and the live event stream."""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Iterator
from typing import Any, Unpack

import pytest
from django.http import StreamingHttpResponse
from django.test import override_settings
from rest_framework.test import APIClient

from api import live
from api.bot_services import bots_play
from api.models import Analysis, Annotation, Game
from rules_core.bots.analysis import ANALYSIS_VERSION
from tests.conftest import CreateGame, Credentials, auth

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for_analysis(api: APIClient, gid: int, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status = dict(api.get(f"/api/games/{gid}/analysis/").json())
        if status["status"] in ("done", "failed") or time.monotonic() > deadline:
            return status
        time.sleep(0.1)


def finished_bot_game(create_game: CreateGame) -> int:
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=31)
    bots_play(game_id=body["id"])
    return int(body["id"])


def test_analysis_annotates_every_decision(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    gid = finished_bot_game(create_game)
    assert api.get(f"/api/games/{gid}/analysis/").json()["status"] == "none"
    response = api.post(
        f"/api/games/{gid}/analysis/", {"iterations": 20, "seconds": 0.2}, format="json"
    )
    assert response.status_code == 202
    status = wait_for_analysis(api, gid)
    assert status["status"] == "done" and status["done"] == status["total"] > 0
    replay = api.get(f"/api/games/{gid}/replay/").json()
    decisions = [e for e in replay["events"] if e["move"] is not None]
    assert len(decisions) == status["total"]
    for event in decisions:
        (note,) = [a for a in event["annotations"] if a["source"] == "analysis"]
        data = note["data"]
        assert set(data["evaluation"]) == {"0", "1"}  # every seat
        assert data["preferred"]["type"] in {"draw", "place"}
        assert 0.0 <= data["played_value"] <= 1.0 and data["lost"] >= 0.0
        assert data["mark_at"] == 0.15  # Gotham Race's lost_value_mark
        low, high = data["lost_interval"]
        assert low <= data["lost"] <= high or data["lost"] == 0.0
        assert data["mark"] == (data["grade"] in ("mistake", "blunder")) == (low >= 0.15)
        # in the game's words: the figure's name and the moves as their buttons read
        assert note["text"].startswith(("Figure ", "The ")) and "{" not in note["text"]
        even = round(data["preferred_value"] * 100) == round(data["played_value"] * 100)
        assert data["agrees"] == (
            data["preferred"] == data["played"] or (data["grade"] == "good" and even)
        )
        if data["agrees"]:
            assert " The analysis agrees" in note["text"] and "prefers" not in note["text"]
        else:
            assert " The analysis prefers: " in note["text"] and "agrees" not in note["text"]
        assert "played: Draw" in note["text"] or "played: Place" in note["text"]
    marked = [e for e in decisions if e["annotations"][0]["data"]["mark"]]
    for event in marked:
        note = event["annotations"][0]
        low, high = note["data"]["lost_interval"]  # the text: whole points, rounded outward
        said = re.search(r"\(between (\d+) and (\d+) points, about 95% sure\)\.$", note["text"])
        assert said is not None, note["text"]
        shown_low, shown_high = (float(x) / 100 for x in said.groups())
        assert shown_low <= low and shown_high >= high
        assert [shown_low, shown_high] == pytest.approx([low, high], abs=0.0101)
        assert note["data"]["grade"].capitalize() in note["text"]


def test_analysis_runs_again_from_the_start(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    gid = finished_bot_game(create_game)
    for _ in range(2):
        api.post(f"/api/games/{gid}/analysis/", {"iterations": 5, "seconds": 0.1}, format="json")
        wait_for_analysis(api, gid)
    analysis = Analysis.objects.get(game_id=gid)
    assert analysis.status == "done"
    per_seq = Annotation.objects.filter(game_id=gid, source="analysis").values_list(
        "seq", flat=True
    )
    assert len(per_seq) == len(set(per_seq)) == analysis.total


def test_analysis_input_errors(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    url = f"/api/games/{body['id']}/analysis/"
    response = api.post(url, {}, format="json", **auth(body["seats"][0]["token"]))
    assert (response.status_code, response.json()["error"]) == (400, "nothing_to_analyse")
    missing = api.post("/api/games/999/analysis/", {}, format="json")
    assert (missing.status_code, missing.json()["error"]) == (404, "not_found")
    gid = finished_bot_game(create_game)
    for settings in ({"iterations": 0}, {"iterations": "40"}, {"seconds": 11}, {"depth": 3}):
        bad = api.post(f"/api/games/{gid}/analysis/", settings, format="json")
        assert (bad.status_code, bad.json()["error"]) == (400, "invalid_request"), settings


def test_a_game_never_analysed_says_so_with_nothing_done(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    response = api.get(f"/api/games/{body['id']}/analysis/")
    assert response.status_code == 200
    assert response.json() == {"status": "none", "done": 0, "total": 0}


def test_an_analysis_shows_its_progress_settings_and_version_and_a_failure_its_reason(
    api: APIClient, create_game: CreateGame
) -> None:
    first, second = create_game(), create_game()
    Analysis.objects.create(
        game_id=first["id"],
        status=Analysis.Status.RUNNING,
        done=3,
        total=7,
        version=12,
        settings={"iterations": 40, "seconds": 0.5},
        made_by=ANALYSIS_VERSION,
    )
    Analysis.objects.create(
        game_id=second["id"], status=Analysis.Status.FAILED, version=9, error="Stopped: why."
    )
    assert api.get(f"/api/games/{first['id']}/analysis/").json() == {
        "status": "running",
        "done": 3,
        "total": 7,
        "version": 12,
        "settings": {"iterations": 40, "seconds": 0.5},
        "outdated": False,
    }
    assert api.get(f"/api/games/{second['id']}/analysis/").json() == {
        "status": "failed",
        "done": 0,
        "total": 0,
        "version": 9,
        "settings": {},
        "outdated": True,  # a row of no analysis version: made before they were counted
        "error": "Stopped: why.",
    }


def test_people_comment_on_events(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    response = api.post(
        f"/api/games/{gid}/annotations/",
        {"seq": 2, "text": "Bold deal."},
        format="json",
        **auth(ann["token"]),
    )
    assert response.status_code == 201 and response.json()["author"] == "Ann"
    bob = body["seats"][1]
    api.post(
        f"/api/games/{gid}/annotations/",
        {"seq": 2, "text": "Agreed"},
        format="json",
        **auth(bob["token"]),
    )
    replay = api.get(f"/api/games/{gid}/replay/").json()
    notes = replay["events"][1]["annotations"]
    assert [(n["author"], n["text"], n["source"]) for n in notes] == [
        ("Ann", "Bold deal.", "person"),
        ("Bob", "Agreed", "person"),
    ]

    def refused(body: dict[str, Any], token: str | None = ann["token"]) -> tuple[int, str]:
        answer = api.post(f"/api/games/{gid}/annotations/", body, format="json", **auth(token))
        return answer.status_code, answer.json()["error"]

    assert refused({"seq": 999, "text": "x"}) == (400, "invalid_request")
    assert refused({"seq": 1}) == (400, "invalid_request")
    assert refused({"seq": 1, "text": "x" * 2001}) == (400, "invalid_request")
    assert refused({"seq": 1, "text": 5}) == (400, "invalid_request")  # not read as "5"
    assert refused({"seq": 1, "text": True}) == (400, "invalid_request")


@override_settings(GOTHAM_ANNOTATIONS_PER_AUTHOR=2, GOTHAM_ANNOTATIONS_PER_GAME=3)
def test_comments_are_bounded_per_author_and_per_game(
    api: APIClient, create_game: CreateGame
) -> None:
    """A replay carries every comment to every reader: one seat cannot grow it without end,
    nor can the seats together; the catalog states both limits."""
    body = create_game()
    gid, ann, bob = body["id"], body["seats"][0], body["seats"][1]
    url = f"/api/games/{gid}/annotations/"

    def post(token: str) -> Any:
        return api.post(url, {"seq": 1, "text": "again"}, format="json", **auth(token))

    assert [post(ann["token"]).status_code for _ in range(2)] == [201, 201]
    third = post(ann["token"])
    assert (third.status_code, third.json()["error"]) == (409, "limit_reached")
    assert third.json()["message"] == "Ann has left the 2 comments one author may leave on a game."
    assert post(bob["token"]).status_code == 201
    full = post(bob["token"])
    assert (full.status_code, full.json()["message"]) == (
        409,
        "This game holds the 3 comments a game may hold.",
    )
    assert Annotation.objects.filter(game_id=gid).count() == 3
    limits = api.get("/api/catalog/").json()["limits"]["annotations"]
    assert limits == {"chars": 2000, "per_author_per_game": 2, "per_game": 3}


def test_a_comment_goes_on_an_event_from_the_first_to_the_last(
    api: APIClient, create_game: CreateGame
) -> None:
    """Events are numbered from 1 to the game's version: a comment on either end is kept; one
    before the first or after the last is an invalid request, the latter saying the range."""
    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    url = f"/api/games/{gid}/annotations/"
    for seq in (1, version):
        kept = api.post(url, {"seq": seq, "text": "here"}, format="json", **auth(token))
        assert (kept.status_code, kept.json()["seq"]) == (201, seq)
    zero = api.post(url, {"seq": 0, "text": "here"}, format="json", **auth(token))
    assert (zero.status_code, zero.json()["error"]) == (400, "invalid_request")
    beyond = api.post(url, {"seq": version + 1, "text": "here"}, format="json", **auth(token))
    assert beyond.status_code == 400
    assert (beyond.json()["error"], beyond.json()["message"]) == (
        "invalid_request",
        f"seq must be between 1 and {version}.",
    )


def test_a_comment_needs_a_seat_and_cannot_name_its_author(
    api: APIClient, create_game: CreateGame
) -> None:
    """Anyone could sign a comment with any name ("A (seat 0) [verified]"): no longer."""
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    url = f"/api/games/{gid}/annotations/"
    anonymous = api.post(url, {"seq": 1, "text": "hi"}, format="json")
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, "token_required")
    named = api.post(
        url,
        {"seq": 1, "text": "hi", "author": "A (seat 0) [verified]"},
        format="json",
        **auth(ann["token"]),
    )
    assert (named.status_code, named.json()["error"]) == (400, "invalid_request")
    assert "author" in named.json()["details"]
    other = create_game()
    foreign = api.post(
        url, {"seq": 1, "text": "hi"}, format="json", **auth(other["seats"][0]["token"])
    )
    assert (foreign.status_code, foreign.json()["error"]) == (403, "foreign_token")
    assert not Annotation.objects.filter(game_id=gid).exists()


def read_stream(api: APIClient, url: str, **headers: Unpack[Credentials]) -> str:
    response = api.get(url, HTTP_ACCEPT="text/event-stream", **headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    assert isinstance(response, StreamingHttpResponse)
    content = response.streaming_content
    assert isinstance(content, Iterator)
    return b"".join(content).decode()


def test_the_stream_sends_a_finished_games_events_then_ends(
    api: APIClient, create_game: CreateGame
) -> None:
    gid = finished_bot_game(create_game)
    version = api.get(f"/api/games/{gid}/").json()["version"]
    text = read_stream(api, f"/api/games/{gid}/stream/?after=0")
    assert text.count("event: game-event") == version
    assert f"id: {version}\n" in text and "event: end" in text


def test_the_stream_redacts_for_the_caller_and_times_out(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": body["version"], "move": {"type": "draw", "deck": 1}},
        format="json",
        **auth(ann["token"]),
    )
    mine = read_stream(
        api, f"/api/games/{gid}/stream/?after={body['version']}&seconds=1", **auth(ann["token"])
    )
    theirs = read_stream(
        api, f"/api/games/{gid}/stream/?after={body['version']}&seconds=1", **auth(bob["token"])
    )
    assert '"card":"' in mine and '"card":null' in theirs
    assert "event: timeout" in mine


def test_a_running_gotham_city_strategy_game_is_analysed_up_to_its_head(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    body = create_game(game="gotham-city-strategy", seed=5)
    gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
    legal_at: dict[int, list[dict[str, object]]] = {}  # version -> the mover's legal moves
    for _ in range(8):
        game = api.get(f"/api/games/{gid}/").json()
        token = tokens[min(game["to_act"])]
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        legal_at[legal["version"]] = [m["move"] for m in legal["moves"]]
        move = legal["moves"][-1]["move"]
        response = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": move},
            format="json",
            **auth(token),
        )
        assert response.status_code == 201, response.json()
    assert api.get(f"/api/games/{gid}/").json()["status"] == "active"
    url = f"/api/games/{gid}/analysis/"
    spectator = api.post(url, {"iterations": 10}, format="json")
    assert (spectator.status_code, spectator.json()["error"]) == (401, "token_required")
    response = api.post(url, {"iterations": 10}, format="json", **auth(tokens[0]))
    assert response.status_code == 202
    status = wait_for_analysis(api, gid)
    assert status["status"] == "done" and status["done"] == status["total"] == 8

    def replay(token: str | None) -> list[dict[str, Any]]:
        events = api.get(f"/api/games/{gid}/replay/", **auth(token)).json()["events"]
        return [e for e in events if e["move"]]

    assert all(not e["annotations"] for e in replay(None))  # the game runs: hands are hidden
    decisions = []
    for seat, token in tokens.items():  # each seat sees the analysis of its own decisions
        for event in replay(token):
            assert len(event["annotations"]) == (event["move"]["seat"] == seat)
            decisions += [event] if event["annotations"] else []
    assert len(decisions) == 8
    for event in decisions:
        (note,) = event["annotations"]
        data = note["data"]
        assert data["preferred"] in legal_at[event["seq"] - 1]
        assert set(data["evaluation"]) == {"0", "1"}
        low, high = data["lost_interval"]  # marked only when the loss surely reaches the mark
        assert data["mark_at"] == 0.10 and data["mark"] == (low >= 0.10)
        assert low <= data["lost"] <= high or data["lost"] == 0.0
        assert data["played"] == {k: v for k, v in event["move"].items() if k != "seat"}
        lost = max(0.0, data["preferred_value"] - data["played_value"])
        assert data["lost"] == pytest.approx(lost, abs=0.002)


def test_a_stream_waiter_wakes_only_for_a_newer_version() -> None:
    """Through Redis pub/sub when REDIS_URL is set, else in this process."""
    game_id = 990_001  # no such game: the waiter only listens
    waiter = live._Waiter(game_id)
    try:
        assert waiter.wait(0.05, 0) is False  # nothing published yet
        live.publish(game_id, 2)
        assert waiter.wait(0.2, 2) is False  # nothing past version 2
        publisher = threading.Timer(0.1, live.publish, args=(game_id, 3))
        publisher.start()
        assert waiter.wait(30, 2) is True
        publisher.join()
    finally:
        waiter.close()


def test_an_open_stream_delivers_a_move_made_after_it_opened(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    response = api.get(
        f"/api/games/{gid}/stream/?after={body['version']}&seconds=60",
        HTTP_ACCEPT="text/event-stream",
        **auth(ann["token"]),
    )
    assert isinstance(response, StreamingHttpResponse)
    content = response.streaming_content
    assert isinstance(content, Iterator)
    chunks = iter(content)
    assert next(chunks).startswith(b"retry:")

    def move() -> None:
        time.sleep(0.2)
        api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": body["version"], "move": {"type": "draw", "deck": 1}},
            format="json",
            **auth(ann["token"]),
        )

    mover = threading.Thread(target=move)
    mover.start()
    received = b""
    while b"event: game-event" not in received:
        received += next(chunks)
    mover.join()
    response.close()
    assert f"id: {body['version'] + 1}\n".encode() in received and b'"card":"' in received


class SoftTimeLimitExceeded(Exception):
    """Named as Celery's: what a worker raises in a task past its soft time limit."""


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (RuntimeError("internal detail"), "The analysis failed on our side."),
        (SoftTimeLimitExceeded(), "Stopped: one run went past its limit of"),
    ],
)
def test_a_failed_analysis_says_why_without_internals(
    create_game: CreateGame,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error: Exception,
    says: str,
) -> None:
    from django.conf import settings

    from api import analysis_services

    gid = finished_bot_game(create_game)
    version = Game.objects.get(pk=gid).version
    analysis = Analysis.objects.create(game_id=gid, settings={"iterations": 5}, version=version)

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise error

    monkeypatch.setattr(analysis_services, "_judge", failing)
    with pytest.raises(type(error)):
        analysis_services.game_analyze(analysis_id=analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.FAILED
    assert analysis.error.startswith(says) and "internal detail" not in analysis.error
    if isinstance(error, SoftTimeLimitExceeded):
        assert analysis.error.endswith(f"{settings.GOTHAM_TASK_SOFT_TIME_LIMIT} s.")
        assert "analysis failed" not in caplog.text
    else:  # the worker's log keeps the internals
        logged = [r for r in caplog.records if r.getMessage() == "analysis failed"]
        assert logged and logged[0].exc_info and "internal detail" in caplog.text


def test_an_analysis_note_names_the_move_as_its_player_sees_it() -> None:
    """A move's words may depend on who made it (in City Strategy, moving "your" villain names
    that villain): the note describes the move for the seat that played it."""
    from api import analysis_services
    from rules_core.bots.mcts import MctsSettings
    from rules_core.engine import fold, get_game

    spec = get_game("gotham-city-strategy")
    state = fold(spec, spec.setup(2, {"villains": ["joker", "penguin"]}, random.Random(4)))
    rng = random.Random(4)
    while True:
        seat = min(spec.to_act(state))
        legal = spec.legal_moves(state, seat)
        villain = [m for m in legal if m.type == "move_villain"]
        if villain and seat == 1:
            break
        events = spec.decide(state, seat, rng.choice(legal), rng)
        assert isinstance(events, list)
        state = fold(spec, events, state)
    move = {"seat": seat, **villain[0].to_json()}
    note = analysis_services._judge(spec, state, move, random.Random(1), MctsSettings(5, 0.5), 2)
    label = spec.describe_move(state, seat, villain[0])
    assert label.startswith("Move The Penguin to ")
    assert note["text"].startswith(f"The Penguin played: {label} (")


def test_an_analysis_note_opens_its_sentence_with_a_capital() -> None:
    """A seat named in lower case mid-sentence ("the heroes") opens the note as "The heroes"."""
    from api import analysis_services
    from rules_core.bots.mcts import MctsSettings
    from rules_core.engine import fold, get_game

    spec = get_game("gotham-city-chronicles")
    state = fold(spec, spec.setup(2, {}, random.Random(3)))
    seat = min(spec.to_act(state))
    assert spec.seat_names(state)[seat] == "the heroes"
    move = {"seat": seat, **spec.legal_moves(state, seat)[0].to_json()}
    note = analysis_services._judge(spec, state, move, random.Random(1), MctsSettings(5, 0.5), 2)
    assert note["text"].startswith("The heroes played: ")


def test_an_analysis_note_reads_as_written_for_each_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The note's words and data for a verdict the bot agrees with, one too close to call, a
    mistake and a move that was the only legal one, word for word (the search itself stubbed:
    its verdicts are tested in rules_core)."""
    from api import analysis_services
    from rules_core.bots.analysis import Judgement
    from rules_core.bots.mcts import MctsSettings
    from rules_core.engine import fold, get_game

    spec = get_game("gotham-race")
    state = fold(spec, spec.setup(2, {}, random.Random(4)))
    seat = min(spec.to_act(state))
    played, other = spec.legal_moves(state, seat)[:2]
    verdicts = {
        "agree": Judgement(seat, {0: 0.6, 1: 0.4}, played, 0.6, played, 0.6, 7, 0.15),
        "close": Judgement(seat, {0: 0.7, 1: 0.3}, other, 0.7, played, 0.6, 7, 0.15, 0.0, 0.2, 48),
        "mistake": Judgement(
            seat,
            {0: 0.91234, 1: 0.08766},
            other,
            0.91234,
            played,
            0.61111,
            7,
            0.15,
            0.20444,
            0.40555,
            96,
        ),
        "slight": Judgement(
            seat, {0: 0.64, 1: 0.36}, other, 0.64, played, 0.62, 7, 0.15, 0.0, 0.061, 48
        ),
        "even": Judgement(  # a decided game: the other move's edge rounds to no point
            seat, {0: 0.003, 1: 0.997}, other, 0.003, played, 0.0, 7, 0.15, 0.0, 0.042, 24
        ),
        "inaccuracy": Judgement(
            seat, {0: 0.9, 1: 0.1}, other, 0.9, played, 0.8, 7, 0.1, 0.097, 0.101, 96
        ),
        "forced": Judgement(  # the seat's one legal move
            seat, {0: 0.5, 1: 0.5}, played, 0.5, played, 0.5, 0, 0.15, samples=24, forced=True
        ),
        "hasty": Judgement(  # out of time after 3 paired samples, a loss past the mark
            seat, {0: 0.9, 1: 0.1}, other, 0.9, played, 0.6, 7, 0.15, 0.2, 0.4, 3, cut_short=True
        ),
    }

    def note(kind: str) -> dict[str, Any]:
        monkeypatch.setattr(analysis_services, "judge", lambda *args: verdicts[kind])
        move = {"seat": seat, **played.to_json()}
        return analysis_services._judge(
            spec, state, move, random.Random(1), MctsSettings(5, 0.5), 2
        )

    mine, theirs = spec.describe_move(state, seat, played), spec.describe_move(state, seat, other)
    who = spec.seat_names(state)[seat]
    assert note("agree")["text"] == (
        f"{who} played: {mine} (winning chances 60%). The analysis agrees."
    )
    assert note("close")["text"] == (
        f"{who} played: {mine} (winning chances 60%). The analysis prefers: {theirs} (70%)."
        " Too close to call: 0 to 20 points of winning chances lost."
    )
    assert note("slight")["text"] == (  # graded good, yet another move preferred: how much
        f"{who} played: {mine} (winning chances 62%). The analysis prefers: {theirs} (64%)."
        " The difference is small: 0 to 7 points of winning chances."
    )
    even = note("even")
    assert even["text"] == (
        f"{who} played: {mine} (winning chances 0%)."
        " The analysis agrees: no other move does better by a whole point."
    )
    assert even["data"]["preferred"] == other.to_json()  # the data still names it
    assert even["data"]["agrees"] is True and note("close")["data"]["agrees"] is False
    assert note("agree")["data"]["agrees"] is True
    # no choice, nothing to agree with: "The analysis agrees" read as if one had been made
    forced = note("forced")
    assert forced["text"] == (
        f"{who} played: {mine} (winning chances 50%). It was the only legal move."
    )
    assert forced["data"]["forced"] is True and forced["data"]["agrees"] is True
    assert note("agree")["data"]["forced"] is False
    # a judging cut short by its time says so, and marks nothing: a mark waits for its batches
    hasty = note("hasty")
    assert hasty["text"] == (
        f"{who} played: {mine} (winning chances 60%). The analysis prefers: {theirs} (90%)."
        " Too close to call: 20 to 40 points of winning chances lost. The analysis ran out of"
        " its time on this move and judged it on fewer sampled games than usual (3), so this"
        " judgement is less sure."
    )
    assert hasty["data"]["cut_short"] is True and hasty["data"]["mark"] is False
    assert hasty["data"]["grade"] == "too close to call"
    assert note("inaccuracy")["text"] == (  # the bounds rounded outward: 0.097 reads 9, not 10
        f"{who} played: {mine} (winning chances 80%). The analysis prefers: {theirs} (90%)."
        " Inaccuracy: 10 points of winning chances lost (between 9 and 11 points, about 95% sure)."
    )
    mistake = note("mistake")
    assert mistake["text"] == (
        f"{who} played: {mine} (winning chances 61%). The analysis prefers: {theirs} (91%)."
        " Mistake: 30 points of winning chances lost (between 20 and 41 points, about 95% sure)."
    )
    assert mistake["data"] == {  # figures to three places
        "seat": seat,
        "evaluation": {"0": 0.912, "1": 0.088},
        "preferred": other.to_json(),
        "agrees": False,
        "forced": False,
        "preferred_value": 0.912,
        "played": played.to_json(),
        "played_value": 0.611,
        "lost": 0.301,
        "lost_interval": [0.204, 0.406],
        "grade": "mistake",
        "samples": 96,
        "cut_short": False,
        "mark": True,
        "mark_at": 0.15,
        "iterations": 7,
    }


def test_an_analysis_note_on_a_move_that_rolls_dice_is_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whether a move is refused is asked of the rules with a random source of its own: a move
    whose dice are rolled as it is decided (Batman opening the safe, V·C·3 [a]) is judged
    like any other (the search stubbed)."""
    from api import analysis_services
    from rules_core.bots.analysis import Judgement
    from rules_core.bots.mcts import MctsSettings
    from rules_core.engine import Move, fold, get_game
    from tests.rules_core.games.gotham_city_chronicles.test_movement import all_active

    spec = get_game("gotham-city-chronicles")
    state = all_active(fold(spec, spec.setup(2, {}, random.Random(3))))
    opening = Move.of("complex_action", action="open-safe", cubes=3, hero="batman")
    assert opening in spec.legal_moves(state, 1)
    verdict = Judgement(1, {0: 0.4, 1: 0.6}, opening, 0.6, opening, 0.6, 7, 0.15)
    monkeypatch.setattr(analysis_services, "judge", lambda *args: verdict)
    move = {"seat": 1, **opening.to_json()}
    note = analysis_services._judge(spec, state, move, random.Random(1), MctsSettings(5, 0.5), 2)
    assert note["text"] == (
        f"The heroes played: {spec.describe_move(state, 1, opening)} (winning chances 60%)."
        " The analysis agrees."
    )
