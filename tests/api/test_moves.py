"""Posting moves: 201, 409, 422 with citations, 400/401/403, idempotency, events and replay."""

from __future__ import annotations

import hashlib
from typing import Any, Unpack

import pytest
from django.core.management import call_command
from rest_framework.exceptions import ValidationError
from rest_framework.test import APIClient

from api import event_store, live
from api.event_store import decode_event
from api.limits import MOVE_MAX_BYTES, MOVE_TYPE_MAX_CHARS
from api.models import Event, IdempotencyRecord
from api.serializers import MoveInput, move_input
from rules_core.engine.registry import get_game
from rules_core.engine.types import JSON
from tests.conftest import CreateGame, IdempotencyKey, auth

pytestmark = pytest.mark.django_db
DRAW: dict[str, JSON] = {"type": "draw", "deck": 2}


def post_move(
    api: APIClient,
    gid: int,
    token: str | None,
    version: int,
    move: Any,
    **headers: Unpack[IdempotencyKey],
) -> Any:
    return api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": version, "move": move},
        format="json",
        **auth(token),
        **headers,
    )


def test_an_accepted_move_appends_its_events(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    response = post_move(api, gid, token, version, {"type": "draw", "deck": 2})
    assert response.status_code == 201
    answer = response.json()
    assert answer["version"] == version + 1
    (event,) = answer["events"]
    assert event["seq"] == version + 1 and event["type"] == "card_drawn"
    assert event["citations"][0]["book"] == "gotham-race"
    assert Event.objects.filter(game_id=gid).count() == version + 1


def test_stale_version_is_409_with_the_current_version(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    response = post_move(api, gid, token, version - 1, {"type": "draw", "deck": 2})
    assert response.status_code == 409
    assert response.json() == {
        "error": "version_conflict",
        "message": f"The game is at version {version}, not {version - 1}.",
        "current_version": version,
    }


def test_illegal_move_is_422_with_reason_and_citations_and_log_unchanged(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob), version = body["id"], body["seats"], body["version"]
    before = list(Event.objects.filter(game_id=gid).values_list("hash", flat=True))
    response = post_move(api, gid, bob["token"], version, {"type": "draw", "deck": 1})
    assert response.status_code == 422
    answer = response.json()
    assert answer["error"] == "illegal_move" and answer["code"] == "not_your_turn"
    assert answer["message"]
    citation = answer["citations"][0]
    assert set(citation) == {"book", "section", "label", "title", "parent_title", "name", "url"}
    assert api.get(citation["url"]).status_code == 200
    response = post_move(api, gid, ann["token"], version, {"type": "place", "card": "1-01"})
    assert response.json()["code"] == "must_draw_first"
    assert list(Event.objects.filter(game_id=gid).values_list("hash", flat=True)) == before


@pytest.mark.parametrize(
    "payload",
    [
        {"expected_version": "x", "move": {"type": "draw"}},
        {"expected_version": 1},
        {"expected_version": 1, "move": "draw"},
        {"expected_version": 1, "move": {"deck": 1}},
        {"expected_version": 1, "move": {"type": "draw", "deck": {"a": 1}}},
        {"expected_version": 1, "move": {"type": "draw", "deck": 1.0}},
        ["not", "an", "object"],
    ],
)
def test_malformed_moves_are_400(api: APIClient, create_game: CreateGame, payload: Any) -> None:
    body = create_game()
    response = api.post(
        f"/api/games/{body['id']}/moves/", payload, format="json", **auth(body["seats"][0]["token"])
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"] in {"malformed", "invalid_request"}
    assert Event.objects.filter(game_id=body["id"]).count() == body["version"]


def test_moves_need_a_token_of_this_game(api: APIClient, create_game: CreateGame) -> None:
    body, other = create_game(), create_game()
    move = {"type": "draw", "deck": 1}
    anonymous = post_move(api, body["id"], None, body["version"], move)
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, "token_required")
    assert anonymous.json()["message"] == "Send your seat's token: 'Authorization: Seat <token>'."
    response = post_move(api, body["id"], other["seats"][0]["token"], body["version"], move)
    assert (response.status_code, response.json()["error"]) == (403, "foreign_token")
    assert response.json()["message"] == "This token does not belong to a seat of this game."
    missing = post_move(api, 999, body["seats"][0]["token"], 1, move)
    assert (missing.status_code, missing.json()["error"]) == (404, "not_found")
    bearer = api.post(
        f"/api/games/{body['id']}/moves/",
        {"expected_version": body["version"], "move": move},
        format="json",
        HTTP_AUTHORIZATION="Bearer x",
    )
    assert (bearer.status_code, bearer.json()) == (
        401,
        {
            "error": "token_required",
            "message": "Send your seat's token as 'Authorization: Seat <token>'; this header "
            "has another form.",
        },
    )
    assert Event.objects.filter(game_id=body["id"]).count() == body["version"]


def test_idempotency_key_returns_the_first_answer(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    move = {"type": "draw", "deck": 3}
    first = post_move(api, gid, token, version, move, HTTP_IDEMPOTENCY_KEY="k-1")
    again = post_move(api, gid, token, version, move, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Event.objects.filter(game_id=gid).count() == version + 1
    reused = post_move(
        api, gid, token, version + 1, {"type": "draw", "deck": 1}, HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert reused.status_code == 409 and reused.json()["error"] == "idempotency_key_reused"
    assert IdempotencyRecord.objects.count() == 1


def test_an_idempotency_key_belongs_to_its_game_and_seat(
    api: APIClient, create_game: CreateGame
) -> None:
    """A key names one request of one seat in one game: the same key from another seat or in
    another game, or a stale request under another key, is answered on its own (a stale
    version), never as a reuse of someone else's key."""
    body, other = create_game(), create_game()
    gid, (ann, bob), version = body["id"], body["seats"], body["version"]
    move = {"type": "draw", "deck": 3}
    first = post_move(api, gid, ann["token"], version, move, HTTP_IDEMPOTENCY_KEY="k")
    assert first.status_code == 201
    for answer in (
        post_move(api, gid, bob["token"], version, DRAW, HTTP_IDEMPOTENCY_KEY="k"),
        post_move(api, gid, ann["token"], version, DRAW, HTTP_IDEMPOTENCY_KEY="k-2"),
    ):
        assert answer.status_code == 409
        assert answer.json()["error"] == "version_conflict", answer.json()
    ann_there = other["seats"][0]["token"]
    post_move(api, other["id"], ann_there, other["version"], DRAW)
    elsewhere = post_move(
        api, other["id"], ann_there, other["version"], move, HTTP_IDEMPOTENCY_KEY="k"
    )
    assert (elsewhere.status_code, elsewhere.json()["error"]) == (409, "version_conflict")


def test_a_kept_answer_is_found_by_the_sha256_of_the_canonical_request(
    api: APIClient, create_game: CreateGame
) -> None:
    """A known answer computed here: the receipts kept for a week must still match a retry after
    the service is upgraded, so the request's hash is fixed, not whatever the code computes."""
    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    post_move(api, gid, token, version, {"type": "draw", "deck": 3}, HTTP_IDEMPOTENCY_KEY="k")
    canonical = f'{{"expected_version":{version},"move":{{"deck":3,"type":"draw"}},"seat":0}}'
    record = IdempotencyRecord.objects.get(game_id=gid, key="k")
    assert record.request_hash == hashlib.sha256(canonical.encode()).hexdigest()


def test_refusals_are_remembered_under_their_key_too(
    api: APIClient, create_game: CreateGame
) -> None:
    """The retry gets the first answer even after the game moved on (a re-decided retry would
    now be a 409, its version being stale), and the refusal is stored under its key."""
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    move = {"type": "draw", "deck": 3}
    first = post_move(api, gid, bob["token"], body["version"], move, HTTP_IDEMPOTENCY_KEY="r")
    assert first.status_code == 422 and first.json()["code"] == "not_your_turn"
    moved = post_move(api, gid, ann["token"], body["version"], {"type": "draw", "deck": 1})
    assert moved.status_code == 201
    again = post_move(api, gid, bob["token"], body["version"], move, HTTP_IDEMPOTENCY_KEY="r")
    assert again.status_code == 422 and again.json() == first.json()
    record = IdempotencyRecord.objects.get(game_id=gid, seat=1, key="r")
    assert record.status_code == 422 and record.body == first.json()


def test_a_seat_keeps_the_answers_to_its_last_refusals_only(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys a caller invents cost a row each: past REFUSALS_KEPT refusals the oldest is
    forgotten, and retried it is decided again, to the same refusal."""
    from api import services

    monkeypatch.setattr(services, "REFUSALS_KEPT", 3)
    body = create_game()
    gid, bob = body["id"], body["seats"][1]
    move = {"type": "draw", "deck": 3}
    answers = [
        post_move(api, gid, bob["token"], body["version"], move, HTTP_IDEMPOTENCY_KEY=f"k{n}")
        for n in range(5)
    ]
    assert {a.status_code for a in answers} == {422}
    kept = IdempotencyRecord.objects.filter(game_id=gid, seat=1).order_by("id")
    assert [r.key for r in kept] == ["k2", "k3", "k4"]
    again = post_move(api, gid, bob["token"], body["version"], move, HTTP_IDEMPOTENCY_KEY="k0")
    assert again.status_code == 422 and again.json() == answers[0].json()
    assert [r.key for r in kept.all()] == ["k3", "k4", "k0"]


def test_a_stale_move_the_rules_would_refuse_is_a_409_not_a_422(
    api: APIClient, create_game: CreateGame
) -> None:
    """The rules decide on the head this process last saw; a refusal at a head the game has
    since left (another process moved it on) is a stale version, answered 409."""
    from api.models import Game

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    assert (
        post_move(api, gid, ann["token"], version, {"type": "draw", "deck": 1}).status_code == 201
    )
    game = Game.objects.get(pk=gid)
    Game.objects.filter(pk=gid).update(version=game.version + 1)  # as if another server appended
    refused = post_move(api, gid, ann["token"], game.version, {"type": "draw", "deck": 2})
    assert refused.status_code == 409
    assert refused.json()["current_version"] == game.version + 1


def test_a_key_used_for_another_move_at_the_same_version_appends_nothing(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    first = post_move(
        api, gid, ann["token"], version, {"type": "draw", "deck": 9}, HTTP_IDEMPOTENCY_KEY="k"
    )
    assert first.status_code == 422
    other = post_move(
        api, gid, ann["token"], version, {"type": "draw", "deck": 1}, HTTP_IDEMPOTENCY_KEY="k"
    )
    assert other.status_code == 409 and other.json()["error"] == "idempotency_key_reused"
    assert other.json()["message"] == "This Idempotency-Key was used for a different request."
    assert Event.objects.filter(game_id=gid).count() == version
    again = post_move(
        api, gid, ann["token"], version, {"type": "draw", "deck": 9}, HTTP_IDEMPOTENCY_KEY="k"
    )
    assert again.json() == first.json()


def test_an_append_lost_to_another_at_the_same_version_is_409_saying_so(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The append is conditional on the head the rules decided on: when another move got there
    first at the same version (both tries, the cached head and the re-read one), the answer says
    so rather than naming a version the client already sent."""

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    monkeypatch.setattr(event_store, "append", lambda *args, **kwargs: None)
    lost = post_move(api, gid, ann["token"], version, DRAW)
    assert lost.status_code == 409
    assert lost.json()["message"] == "Another move was appended at the same time."
    assert lost.json()["current_version"] == version


def test_a_move_wakes_the_streams_of_its_own_game_once_committed(
    api: APIClient,
    create_game: CreateGame,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    published: list[tuple[int, int]] = []
    monkeypatch.setattr(live, "publish", lambda *woken: published.append(woken))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        moved = post_move(api, gid, ann["token"], version, DRAW)
        assert published == []  # not before the commit
    for callback in callbacks:
        callback()
    assert published == [(gid, moved.json()["version"])]


def test_a_move_for_a_game_that_never_was_is_not_found_by_number() -> None:
    from api import services
    from api.errors import NotFoundError

    with pytest.raises(NotFoundError) as refused:
        services.move_submit(game_id=987654, seat=0, expected_version=1, move=DRAW)
    assert str(refused.value.detail) == "No game 987654."


def test_a_stale_entry_for_a_reused_game_id_is_dropped_and_the_move_decided_on_the_row(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process's facts of a game id can belong to an earlier game of that id (a test database
    reuses ids): the head they name is not there, so the facts are read again from the game row
    and the move is decided on them, its bot seats queued as the row says."""
    from api import game_facts, services

    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}])
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    real = game_facts.game_facts(gid)
    assert real is not None
    game_facts._CACHE[gid] = game_facts.GameFacts(gid, real.game, real.seed + 1, frozenset())
    queued: list[tuple[int, frozenset[int]]] = []
    monkeypatch.setattr(
        services,
        "queue_bots_if_due",
        lambda game, bots, to_act, active: queued.append((game, bots)),
    )
    moved = post_move(api, gid, ann["token"], version, DRAW)
    assert moved.status_code == 201, moved.json()
    assert game_facts.game_facts(gid) == real
    assert queued == [(gid, frozenset({1}))]


def test_a_new_game_wakes_its_streams_once_committed_and_a_lost_append_is_409(
    api: APIClient,
    create_game: CreateGame,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:

    published: list[tuple[int, int]] = []
    monkeypatch.setattr(live, "publish", lambda *woken: published.append(woken))
    with django_capture_on_commit_callbacks(execute=True):
        body = create_game()
    assert published == [(body["id"], body["version"])]
    monkeypatch.setattr(event_store, "append", lambda *args, **kwargs: None)
    lost = api.post("/api/games/", {"game": "gotham-race", "players": [{}, {}]}, format="json")
    assert (lost.status_code, lost.json()["message"]) == (
        409,
        "Another move was appended at the same time.",
    )


def test_a_game_whose_row_goes_between_two_reads_is_404(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The head this process knew is not the game's: its facts are read again and then its head;
    a row gone in between is a game that is gone."""

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    monkeypatch.setattr(event_store, "cached_head", lambda *args: None)
    monkeypatch.setattr(event_store, "read_head", lambda *args: None)
    gone = post_move(api, gid, ann["token"], version, DRAW)
    assert (gone.status_code, gone.json()["message"]) == (404, f"No game {gid}.")


def test_a_refusal_on_the_head_just_read_from_the_row_is_not_checked_again(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A head read from the game row a moment ago is the game's head: a move refused on it is a
    422 at once, without asking the row again whether it is still there."""
    from api import services

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    monkeypatch.setattr(event_store, "cached_head", lambda *args: None)
    asked: list[int] = []

    def still_at(*args: Any) -> bool:
        asked.append(1)
        return False

    monkeypatch.setattr(services, "_still_at", still_at)
    refused = post_move(api, gid, ann["token"], version, {"type": "draw", "deck": 9})
    assert refused.status_code == 422 and asked == []


def test_a_game_deleted_while_its_move_is_appended_is_404(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api.models import Game

    tries: list[int] = []

    def append_then_vanish(*args: Any, **kwargs: Any) -> None:
        tries.append(1)
        if len(tries) == 2:  # the second try, on the head read again, finds the game gone
            Game.objects.filter(pk=gid).delete()

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    monkeypatch.setattr(event_store, "append", append_then_vanish)
    gone = post_move(api, gid, ann["token"], version, DRAW)
    assert (gone.status_code, gone.json()["message"]) == (404, f"No game {gid}.")
    assert len(tries) == 2


def test_the_move_that_ends_the_game_is_answered_with_nothing_hidden(
    api: APIClient, create_game: CreateGame
) -> None:
    """Once a game is over nothing is hidden: the answer to its last move shows that move's
    events as the replay does, though some were hidden from the mover while it was played."""
    body = create_game(seed=3)
    gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
    while True:
        game = api.get(f"/api/games/{gid}/").json()
        seat = game["to_act"][0]
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        last = post_move(api, gid, tokens[seat], legal["version"], legal["moves"][-1]["move"])
        if api.get(f"/api/games/{gid}/").json()["status"] == "finished":
            break
    answered = last.json()["events"]
    replay = api.get(f"/api/games/{gid}/replay/").json()["events"][-len(answered) :]
    assert [(e["data"], e["text"]) for e in answered] == [(e["data"], e["text"]) for e in replay]
    spec = get_game("gotham-race")
    rows = Event.objects.filter(game_id=gid, seq__gte=answered[0]["seq"]).order_by("seq")
    events = [decode_event(spec, r.type, r.seat, r.data, r.schema) for r in rows]
    hidden_in_play = [spec.redact(e, seat, False) for e in events]
    assert hidden_in_play != [e["data"] for e in answered]  # the mover was not shown all of it


def test_a_move_for_a_game_that_is_gone_is_404_though_its_seat_and_head_were_seen(
    api: APIClient, create_game: CreateGame
) -> None:
    from api.models import Game

    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    moved = post_move(api, gid, token, version, {"type": "draw", "deck": 1})
    Game.objects.filter(pk=gid).delete()
    gone = post_move(api, gid, token, moved.json()["version"], {"type": "draw", "deck": 1})
    assert (gone.status_code, gone.json()["error"]) == (404, "not_found")
    assert gone.json()["message"] == f"No game {gid}."


def test_a_steady_move_reads_neither_the_seat_nor_the_game_row(
    api: APIClient, create_game: CreateGame
) -> None:
    """Once a process has seen a seat's token and the game's head, a move is written without
    reading them again: on PostgreSQL the whole move is one statement."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    first = post_move(api, gid, ann["token"], version, {"type": "draw", "deck": 1})
    legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"])).json()["moves"]
    with CaptureQueriesContext(connection) as queries:
        second = post_move(
            api,
            gid,
            ann["token"],
            first.json()["version"],
            legal[0]["move"],
            HTTP_IDEMPOTENCY_KEY="steady",
        )
    assert second.status_code == 201, second.json()
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().startswith("SELECT")]
    assert reads == []
    if connection.vendor == "postgresql":
        assert len(queries.captured_queries) == 1


def test_a_refusal_at_the_known_head_reads_only_whether_the_game_is_still_there(
    api: APIClient, create_game: CreateGame
) -> None:
    """A move refused on the head this process knows is answered 422 after one read: that the
    game row is still at that head (version, hash and seed), not a fresh read of the game."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    body = create_game()
    gid, ann, version = body["id"], body["seats"][0], body["version"]
    first = post_move(api, gid, ann["token"], version, {"type": "draw", "deck": 1})
    with CaptureQueriesContext(connection) as queries:
        refused = post_move(api, gid, ann["token"], first.json()["version"], {"type": "pass"})
    assert refused.status_code == 422, refused.json()
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().startswith("SELECT")]
    assert len(reads) == 1 and "api_game" in reads[0]
    for column in ('"version"', '"head_hash"', '"seed"', '"id"'):
        assert column in reads[0].split("WHERE", 1)[1], reads[0]


def test_events_are_redacted_for_other_seats_until_the_end(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob), version = body["id"], body["seats"], body["version"]
    post_move(api, gid, ann["token"], version, {"type": "draw", "deck": 2})
    mine = api.get(f"/api/games/{gid}/events/?after={version}", **auth(ann["token"])).json()[
        "events"
    ]
    theirs = api.get(f"/api/games/{gid}/events/?after={version}", **auth(bob["token"])).json()[
        "events"
    ]
    assert mine[0]["data"]["card"] is not None
    assert theirs[0]["data"]["card"] is None and theirs[0]["data"]["deck"] == 2
    everything = api.get(f"/api/games/{gid}/events/").json()["events"]
    assert [e["seq"] for e in everything] == list(range(1, version + 2))
    dealt = [e for e in everything if e["type"] == "cards_dealt"]
    assert all(c is None for e in dealt for c in e["data"]["cards"])
    negative = api.get(f"/api/games/{gid}/events/?after=-1")
    assert (negative.status_code, negative.json()["error"]) == (400, "malformed")


def play_to_the_end(api: APIClient, gid: int, tokens: dict[int, str]) -> int:
    moves = 0
    while True:
        game = api.get(f"/api/games/{gid}/").json()
        if game["status"] == "finished":
            return moves
        seat = game["to_act"][0]
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        response = post_move(api, gid, tokens[seat], legal["version"], legal["moves"][-1]["move"])
        assert response.status_code == 201
        moves += 1


def test_four_clients_play_to_a_winner_and_the_replay_reveals_everything(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(players=[{"name": n} for n in "ABCD"], seed=3)
    gid = body["id"]
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    assert play_to_the_end(api, gid, tokens) > 8
    game = api.get(f"/api/games/{gid}/").json()
    assert game["status"] == "finished" and game["to_act"] == []
    assert len(game["outcome"]["winners"]) <= 1 and game["outcome"]["summary"]
    replay = api.get(f"/api/games/{gid}/replay/").json()
    assert replay["version"] == game["version"] == len(replay["events"])
    assert all(e["citations"] and e["annotations"] == [] for e in replay["events"])
    dealt = [e for e in replay["events"] if e["type"] == "cards_dealt"]
    assert all(c is not None for e in dealt for c in e["data"]["cards"])
    assert (
        post_move(api, gid, tokens[0], game["version"], {"type": "draw", "deck": 1}).json()["code"]
        == "game_over"
    )
    call_command("verify_log", str(gid))


def test_one_client_with_three_bots_plays_to_a_winner(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(players=[{"name": "Ann"}, *[{"bot": "random"}] * 3], seed=5)
    # Celery is eager here or the test database is not visible to a worker: play bots inline.
    from api.bot_services import bots_play

    gid, token = body["id"], body["seats"][0]["token"]
    while api.get(f"/api/games/{gid}/").json()["status"] == "active":
        bots_play(game_id=gid)
        game = api.get(f"/api/games/{gid}/").json()
        if game["status"] != "active":
            break
        assert game["to_act"] == [0]
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        assert (
            post_move(api, gid, token, legal["version"], legal["moves"][0]["move"]).status_code
            == 201
        )
    assert api.get(f"/api/games/{gid}/").json()["outcome"] is not None


def test_the_move_answer_hides_what_the_mover_may_not_see(
    api: APIClient, create_game: CreateGame
) -> None:
    # One person and three ownerless figures: placing the card makes the ownerless figures
    # place theirs face down... then the pile is revealed in the same answer; but the next
    # round's ownerless cards (placed before the person's turn) stay hidden.
    body = create_game(players=[{"name": "Solo"}], seed=10)
    gid, token = body["id"], body["seats"][0]["token"]
    version = body["version"]
    drawn = post_move(api, gid, token, version, {"type": "draw", "deck": 1}).json()
    hand = api.get(f"/api/games/{gid}/state/", **auth(token)).json()["state"]["hands"]["0"]
    answer = post_move(api, gid, token, drawn["version"], {"type": "place", "card": hand[0]["id"]})
    events = answer.json()["events"]
    types = [e["type"] for e in events]
    last_reveal = max(i for i, t in enumerate(types) if t == "deposit_revealed")
    later = [e for e in events[last_reveal:] if e["type"] == "card_placed"]
    assert later and all(e["data"]["card"] is None for e in later)
    replenished = [e for e in events if e["type"] == "decks_replenished"]
    assert all("count" in d for e in replenished for d in e["data"]["added"])


def test_a_gotham_city_strategy_game_against_three_bots_reaches_a_winner(
    api: APIClient, create_game: CreateGame
) -> None:
    from api.bot_services import bots_play

    body = create_game(
        game="gotham-city-strategy", players=[{"name": "Ann"}, *[{"bot": "random"}] * 3], seed=4
    )
    gid, token = body["id"], body["seats"][0]["token"]
    rng = __import__("random").Random(4)
    for _ in range(3000):
        bots_play(game_id=gid)
        game = api.get(f"/api/games/{gid}/").json()
        if game["status"] == "finished":
            break
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        response = post_move(api, gid, token, legal["version"], rng.choice(legal["moves"])["move"])
        assert response.status_code == 201, response.json()
    game = api.get(f"/api/games/{gid}/").json()
    assert game["status"] == "finished" and game["outcome"]["winners"]
    call_command("verify_log", str(gid))


def test_kept_answers_are_forgotten_after_their_days_and_a_late_retry_appends_nothing(
    api: APIClient, create_game: CreateGame
) -> None:
    import datetime
    import io

    from django.core.management import CommandError, call_command
    from django.utils import timezone

    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    move = {"type": "draw", "deck": 3}
    first = post_move(api, gid, token, version, move, HTTP_IDEMPOTENCY_KEY="old")
    post_move(
        api, gid, token, version + 1, {"type": "place", "card": "x"}, HTTP_IDEMPOTENCY_KEY="new"
    )
    IdempotencyRecord.objects.filter(key="old").update(
        created_at=timezone.now() - datetime.timedelta(days=8)
    )
    out = io.StringIO()
    call_command("prune_receipts", stdout=out)
    assert out.getvalue().startswith("1 kept answers older than 7 days forgotten")
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["new"]
    late = post_move(api, gid, token, version, move, HTTP_IDEMPOTENCY_KEY="old")
    assert first.status_code == 201 and late.status_code == 409  # a new request, and stale
    assert Event.objects.filter(game_id=gid).count() == version + 1
    with pytest.raises(CommandError) as refused:
        call_command("prune_receipts", "--days", "0")
    assert str(refused.value) == "receipts are kept at least a day"
    IdempotencyRecord.objects.filter(key="new").update(
        created_at=timezone.now() - datetime.timedelta(days=1, minutes=1)
    )
    call_command("prune_receipts", "--days", "1", stdout=out)
    assert not IdempotencyRecord.objects.filter(key="new").exists()  # a day is the least


MOVE_BODIES: list[Any] = [
    {"expected_version": 3, "move": {"type": "draw", "deck": 2}},
    {"expected_version": 0, "move": {"type": "x" * MOVE_TYPE_MAX_CHARS, "a": [None, 1.5, "é"]}},
    {"expected_version": 2**31 - 1, "move": {"type": "pass"}},
    {"expected_version": 2**31, "move": {"type": "pass"}},
    {"expected_version": -1, "move": {"type": "pass"}},
    {"expected_version": True, "move": {"type": "pass"}},
    {"expected_version": 3.0, "move": {"type": "pass"}},
    {"expected_version": "3", "move": {"type": "pass"}},
    {"expected_version": None, "move": {"type": "pass"}},
    {"expected_version": 3},
    {"move": {"type": "pass"}},
    {"expected_version": 3, "move": {"type": "pass"}, "seat": 1},
    {"expected_version": 3, "mov": {"type": "pass"}},
    {"expected_version": 3, "move": None},
    {"expected_version": 3, "move": ["pass"]},
    {"expected_version": 3, "move": {}},
    {"expected_version": 3, "move": {"type": ""}},
    {"expected_version": 3, "move": {"type": 7}},
    {"expected_version": 3, "move": {"type": "x" * (MOVE_TYPE_MAX_CHARS + 1)}},
    {"expected_version": 3, "move": {"type": "pass", "a": [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}},
    {"expected_version": 3, "move": {"type": "pass", "a": "x" * MOVE_MAX_BYTES}},
    {"expected_version": 3, "move": {"type": "pass", "a\x00": 1}},
    [],
]


@pytest.mark.parametrize("body", MOVE_BODIES)
def test_a_move_body_is_read_as_the_input_serializer_reads_it(body: Any) -> None:
    """move_input checks a well-formed body without the serializer: it accepts exactly what
    MoveInput accepts, with the same values, and refuses with MoveInput's own details."""
    checked = MoveInput(data=body)
    if checked.is_valid():
        expected = (checked.validated_data["expected_version"], checked.validated_data["move"])
        assert move_input(body) == expected
    else:
        with pytest.raises(ValidationError) as refused:
            move_input(body)
        assert refused.value.detail == checked.errors


def test_a_move_answered_as_json_has_the_headers_of_any_answer(
    api: APIClient, create_game: CreateGame
) -> None:
    """The answer rendered at once and the one DRF renders (JSON with an indent asked for) carry
    the same type, cache and vary headers, and the same answer."""
    answers = []
    for accept in (None, "application/json; indent=2"):
        body = create_game()
        headers = {} if accept is None else {"HTTP_ACCEPT": accept}
        answers.append(
            post_move(api, body["id"], body["seats"][0]["token"], body["version"], DRAW, **headers)
        )
    for response in answers:
        assert response.status_code == 201
        assert response["Content-Type"] == "application/json"
        assert response["Cache-Control"] == "private, no-cache"
        assert response["Vary"] == "Accept, Authorization"
    fast, rendered = answers
    assert b"\n" not in fast.content and b"\n" in rendered.content
    assert fast.json() == rendered.json()


def test_a_race_card_held_twice_is_one_legal_move_and_either_copy_may_be_posted(
    api: APIClient, create_game: CreateGame
) -> None:
    """Seed 5 deals Ann "Leader: 5 forward" (1-09) and deck 1 gives her its twin (1-08): the
    legal moves list one button for the two, and posting the other copy by its id, as a client
    reading the older lists may, is accepted and places that very copy (verify_log re-decides
    it into the same events)."""
    body = create_game(seed=5)
    gid, token = body["id"], body["seats"][0]["token"]
    drawn = post_move(api, gid, token, body["version"], {"type": "draw", "deck": 1})
    assert drawn.status_code == 201
    legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
    assert [m["move"]["card"] for m in legal["moves"]] == ["1-08", "2-05", "3-09", "4-05"]
    labels = [m["label"] for m in legal["moves"]]
    assert labels.count("Place \u201cLeader: 5 forward\u201d (deck 1) face down") == 1
    placed = post_move(api, gid, token, legal["version"], {"type": "place", "card": "1-09"})
    assert placed.status_code == 201, placed.json()
    event = placed.json()["events"][0]
    assert (event["type"], event["data"]["card"]) == ("card_placed", "1-09")
    call_command("verify_log", str(gid))  # exits non-zero on any problem
