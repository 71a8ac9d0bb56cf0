"""Opening live streams: tickets, not tokens, in URLs; bounded duration and count; JSON errors."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.core import signing
from django.db import connections
from django.http import StreamingHttpResponse
from django.test import AsyncClient, override_settings
from rest_framework.test import APIClient

from api import stream_access
from api.models import Event
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db(transaction=True)


def ticket_for(api: APIClient, gid: int, token: str) -> str:
    response = api.post(f"/api/games/{gid}/stream-ticket/", **auth(token))
    assert response.status_code == 201
    assert response.json()["expires_in"] == 60
    return str(response.json()["ticket"])


def read(api: APIClient, url: str, **headers: Any) -> Any:
    return api.get(url, HTTP_ACCEPT="text/event-stream", **headers)


def test_a_ticket_opens_the_seats_own_view(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": body["version"], "move": {"type": "draw", "deck": 1}},
        format="json",
        **auth(ann["token"]),
    )
    url = f"/api/games/{gid}/stream/?after={body['version']}&seconds=1&ticket="
    mine = read(api, url + ticket_for(api, gid, ann["token"]))
    theirs = read(api, url + ticket_for(api, gid, bob["token"]))
    mine_text = b"".join(mine.streaming_content).decode()
    theirs_text = b"".join(theirs.streaming_content).decode()
    assert '"card":"' in mine_text and '"card":null' in theirs_text


def test_a_token_in_the_url_is_refused(api: APIClient, create_game: CreateGame) -> None:
    body = create_game()
    response = read(api, f"/api/games/{body['id']}/stream/?token={body['seats'][0]['token']}")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == "malformed"
    assert "stream-ticket" in response.json()["message"]


def test_a_ticket_is_only_good_for_its_game_and_a_minute(
    api: APIClient, create_game: CreateGame
) -> None:
    first, second = create_game(), create_game()
    ticket = ticket_for(api, first["id"], first["seats"][0]["token"])
    elsewhere = read(api, f"/api/games/{second['id']}/stream/?ticket={ticket}")
    assert (elsewhere.status_code, elsewhere.json()["error"]) == (401, "token_required")
    forged = read(api, f"/api/games/{first['id']}/stream/?ticket=abc:def")
    assert (forged.status_code, forged.json()["error"]) == (401, "token_required")
    old = signing.TimestampSigner(salt="gotham.stream-ticket")
    stale = old.sign_object({"g": first["id"], "s": 0})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stream_access, "TICKET_SECONDS", -1)
        expired = read(api, f"/api/games/{first['id']}/stream/?ticket={stale}")
    assert expired.status_code == 401 and "expired" in expired.json()["message"]
    spectator = api.post(f"/api/games/{first['id']}/stream-ticket/")
    assert (spectator.status_code, spectator.json()["error"]) == (401, "token_required")


def test_an_empty_ticket_is_refused_not_read_as_a_spectator(
    api: APIClient, create_game: CreateGame
) -> None:
    """A page whose ticket request failed opens `?ticket=` with nothing after it: that is a
    ticket that is not valid (401, as a forged one), not a spectator's stream the seat would
    watch without its hand."""
    body = create_game()
    response = read(api, f"/api/games/{body['id']}/stream/?seconds=1&ticket=")
    assert response.status_code == 401, response
    assert response.json() == {
        "error": "token_required",
        "message": "This stream ticket is not valid.",
    }


@pytest.mark.parametrize("seconds", ["0", "601", str(10**9), "1.5", "-3", "x"])
def test_a_stream_of_a_length_out_of_range_or_not_whole_is_refused_naming_the_range(
    api: APIClient, create_game: CreateGame, seconds: str
) -> None:
    body = create_game()
    response = read(api, f"/api/games/{body['id']}/stream/?seconds={seconds}")
    assert response.status_code == 400
    assert response.json() == {
        "error": "malformed",
        "message": "A stream lasts a whole number of seconds from 1 to 600.",
    }


def test_a_stream_after_a_version_the_game_never_reached_tells_the_real_one(
    api: APIClient, create_game: CreateGame
) -> None:
    """`after` past the head waits from the head: the stream's last word is the version the
    game is at (a client resumes from it), never the number it was given."""
    body = create_game()
    response = read(api, f"/api/games/{body['id']}/stream/?after=999999&seconds=1")
    text = b"".join(response.streaming_content).decode()
    assert response.status_code == 200
    assert f'event: timeout\ndata: {{"version":{body["version"]}}}' in text, text


@override_settings(GOTHAM_STREAMS_PER_CALLER=2)
def test_open_streams_per_caller_are_limited_and_given_back(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, token = body["id"], body["seats"][0]["token"]
    url = f"/api/games/{gid}/stream/?seconds=30"
    held = [read(api, url, REMOTE_ADDR="198.51.100.7") for _ in range(2)]
    for response in held:
        assert response.status_code == 200
        next(iter(response.streaming_content))  # the stream is open
    third = read(api, url, REMOTE_ADDR="198.51.100.7")
    assert third.status_code == 429 and third.json()["error"] == "too_many_streams"
    assert "At most 2 streams" in third.json()["message"]
    other_address = read(api, url, REMOTE_ADDR="198.51.100.8")
    assert other_address.status_code == 200
    seat = read(api, url, REMOTE_ADDR="198.51.100.7", **auth(token))
    assert seat.status_code == 200  # a seat counts apart from its address
    for response in (*held, other_address, seat):
        response.close()
    again = read(api, url, REMOTE_ADDR="198.51.100.7")
    assert again.status_code == 200
    again.close()  # closed before it was read: its slot is given back all the same
    for caller in ("addr:198.51.100.7", "addr:198.51.100.8", f"seat:{gid}:0"):
        assert stream_access.slots_held(caller) == 0, caller


def test_a_head_request_opens_no_stream(api: APIClient, create_game: CreateGame) -> None:
    """HEAD was answered as GET: a stream whose body the server never writes, so it never
    learns the client left, holding one of the caller's slots for the stream's whole length
    (four HEADs shut an address out of streams for ten minutes)."""
    body = create_game()
    url = f"/api/games/{body['id']}/stream/?seconds=600"
    response = api.head(url, REMOTE_ADDR="198.51.100.9")
    assert response.status_code == 405
    assert response["Content-Type"] == "application/json"  # a HEAD answer carries no body
    assert stream_access.slots_held("addr:198.51.100.9") == 0


def test_stream_errors_are_json_whatever_was_accepted(api: APIClient) -> None:
    response = read(api, "/api/games/987654/stream/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"error": "not_found", "message": "No game 987654."}


def test_an_asgi_server_streams_without_holding_a_thread(create_game: CreateGame) -> None:
    """Under ASGI the view answers with an async iterator (production's uvicorn workers)."""
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=31)
    from api.bot_services import bots_play

    bots_play(game_id=body["id"])

    async def stream() -> tuple[Any, str]:
        client = AsyncClient()
        response = await client.get(
            f"/api/games/{body['id']}/stream/?after=0", HTTP_ACCEPT="text/event-stream"
        )
        assert isinstance(response, StreamingHttpResponse)
        chunks = [chunk async for chunk in response.streaming_content]
        # the view ran on asgiref's thread for sync code, whose connection the test client keeps
        await sync_to_async(connections.close_all)()
        return response, b"".join(chunks).decode()

    response, text = asyncio.run(stream())
    assert response.is_async
    assert text.count("event: game-event") > 10 and "event: end" in text


def test_a_reconnecting_event_source_resumes_after_the_last_event_it_was_given(
    api: APIClient, create_game: CreateGame
) -> None:
    """An EventSource reconnects to the same URL with the id of the last event it had in
    `Last-Event-ID`: the stream goes on from there, not from the URL's `after` again."""
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=31)
    from api.bot_services import bots_play

    bots_play(game_id=body["id"])
    url = f"/api/games/{body['id']}/stream/?after=0&seconds=1"
    whole = b"".join(read(api, url).streaming_content).decode()
    ids = [int(line[4:]) for line in whole.splitlines() if line.startswith("id: ")]
    resumed = b"".join(read(api, url, HTTP_LAST_EVENT_ID=str(ids[-3])).streaming_content)
    assert [line for line in resumed.decode().splitlines() if line.startswith("id: ")] == [
        f"id: {seq}" for seq in ids[-2:]
    ]
    assert b"event: end" in resumed


@pytest.mark.parametrize("last", ["x", "-1", "1.5", "99999999999"])
def test_a_last_event_id_that_is_not_a_seq_is_refused(
    api: APIClient, create_game: CreateGame, last: str
) -> None:
    body = create_game()
    response = read(api, f"/api/games/{body['id']}/stream/", HTTP_LAST_EVENT_ID=last)
    assert response.status_code == 400
    assert response.json()["error"] == "malformed"
    assert "Last-Event-ID" in response.json()["message"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", ""),
        ("get", "state/"),
        ("get", "legal-moves/"),
        ("get", "events/"),
        ("get", "replay/"),
        ("get", "analysis/"),
        ("get", "annotations/"),
        ("post", "moves/"),
        ("post", "annotations/"),
        ("post", "autopilot/"),
        ("post", "stream-ticket/"),
        ("post", "fork/"),
    ],
)
def test_a_token_in_the_url_is_refused_by_every_game_request(
    api: APIClient, create_game: CreateGame, method: str, path: str
) -> None:
    """A seat token in the query string was read as a spectator's request everywhere but the
    stream, and went into the access log: every request about a game refuses it, before
    anything is read or stored."""
    body = create_game()
    url = f"/api/games/{body['id']}/{path}?token={body['seats'][0]['token']}"
    response = getattr(api, method)(url, {}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"] == "malformed"
    assert "Authorization: Seat" in response.json()["message"]
    assert Event.objects.filter(game_id=body["id"]).count() == body["version"]
