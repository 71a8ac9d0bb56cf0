"""The request body's limit under ASGI (production's uvicorn workers), before Django reads it.

Django's ASGI handler reads a request's whole body into a temporary file before any middleware
runs, and a body sent in chunks declares no Content-Length for the request-limits middleware to
read: the served application must refuse a body over the limit while it arrives.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from django.conf import settings

from gotham.asgi import application
from gotham.asgi_limits import BodyLimit

pytestmark = pytest.mark.django_db(transaction=True)

CHUNK = 65_536


class Client:
    """One HTTP request to an ASGI app: its body sent in chunks, what the app read and sent."""

    def __init__(self, chunks: int, headers: list[tuple[bytes, bytes]]) -> None:
        self.chunks, self.headers = chunks, headers
        self.read = 0  # body bytes the app has taken
        self.sent: list[dict[str, Any]] = []

    def scope(self) -> dict[str, Any]:
        return {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/api/games/",
            "raw_path": b"/api/games/",
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"testserver"), *self.headers],
            "client": ("127.0.0.1", 5000),
            "server": ("testserver", 80),
        }

    async def receive(self) -> dict[str, Any]:
        if self.read < self.chunks * CHUNK:
            self.read += CHUNK
            more = self.read < self.chunks * CHUNK
            return {"type": "http.request", "body": b" " * CHUNK, "more_body": more}
        await asyncio.sleep(3600)  # the client waits for the answer
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def call(self, app: Any) -> tuple[int, dict[str, str], bytes]:
        asyncio.run(asyncio.wait_for(app(self.scope(), self.receive, self.send), 30))
        start = next(m for m in self.sent if m["type"] == "http.response.start")
        headers = {k.decode(): v.decode() for k, v in start["headers"]}
        body = b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body")
        return start["status"], headers, body


def _refused(status: int, headers: dict[str, str], body: bytes) -> None:
    limit = settings.GOTHAM_MAX_BODY_BYTES
    assert status == 413
    assert json.loads(body) == {
        "error": "body_too_large",
        "message": f"The request body is over the limit of {limit} bytes.",
    }
    assert headers["content-type"] == "application/json"
    assert headers["content-security-policy"] == settings.CONTENT_SECURITY_POLICY


def test_a_chunked_body_over_the_limit_is_413_before_it_is_all_read() -> None:
    """No Content-Length (Transfer-Encoding: chunked): counted as it arrives."""
    client = Client(chunks=100, headers=[(b"content-type", b"application/json")])
    _refused(*client.call(application))
    assert client.read <= settings.GOTHAM_MAX_BODY_BYTES + CHUNK


def test_a_declared_length_over_the_limit_is_413_before_any_of_it_is_read() -> None:
    length = str(settings.GOTHAM_MAX_BODY_BYTES + 1).encode()
    client = Client(
        chunks=100, headers=[(b"content-type", b"application/json"), (b"content-length", length)]
    )
    _refused(*client.call(application))
    assert client.read == 0


def test_a_body_within_the_limit_reaches_the_application_whole() -> None:
    seen: list[dict[str, Any]] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        while not seen or seen[-1].get("more_body", False):
            seen.append(await receive())
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    client = Client(chunks=3, headers=[])
    assert client.call(BodyLimit(app))[0] == 204
    assert [len(m["body"]) for m in seen] == [CHUNK] * 3
    assert [m["more_body"] for m in seen] == [True, True, False]


def test_a_chunked_body_within_the_limit_is_read_as_sent() -> None:
    """A JSON body sent in chunks (no Content-Length) is read, not taken for an empty one."""
    payload = json.dumps({"game": "gotham-race", "players": [{"name": "Ann"}]}).encode()
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if len(sent) < 2:
            part = payload[:10] if not sent else payload[10:]
            sent.append({"type": "http.request", "body": part, "more_body": not sent})
            return sent[-1]
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    client = Client(chunks=0, headers=[(b"content-type", b"application/json")])
    asyncio.run(asyncio.wait_for(application(client.scope(), receive, client.send), 30))
    start = next(m for m in client.sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in client.sent if m["type"] == "http.response.body")
    assert start["status"] == 201, body
    assert json.loads(body)["seats"][0]["name"] == "Ann"


def test_a_stream_still_hears_its_client_leave() -> None:
    """After the body, the application's receive is the server's: a live stream learns of the
    client's disconnect."""
    heard: list[str] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        heard.append((await receive())["type"])
        heard.append((await receive())["type"])

    async def receive_twice() -> dict[str, Any]:
        if not heard:
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.disconnect"}

    scope = Client(chunks=0, headers=[]).scope()
    asyncio.run(BodyLimit(app)({**scope, "method": "GET"}, receive_twice, Client(0, []).send))
    assert heard == ["http.request", "http.disconnect"]


def test_other_connections_pass_through() -> None:
    calls: list[str] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        calls.append(scope["type"])

    async def receive() -> dict[str, Any]:
        raise AssertionError("nothing is read before the application")

    asyncio.run(BodyLimit(app)({"type": "lifespan"}, receive, Client(0, []).send))
    assert calls == ["lifespan"]
