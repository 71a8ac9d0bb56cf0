"""`python3 dev.py prod`: the documented production set-up, run as a user would run it.

An ASGI app server (gunicorn with one uvicorn worker here) must keep answering while live
streams are open, cap the streams one caller holds, deliver a move to an open stream through
Redis, and serve the static files the pages and the API docs need. Needs PostgreSQL and Redis
(the second half of .ci/run); skipped on the embedded default.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from api.rate_limits import rate_limit_reset

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not settings.GOTHAM_REDIS_URL
        or settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="production needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)",
    ),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def request(port: int, method: str, path: str, body: Any = None, **headers: str) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    payload = None if body is None else json.dumps(body)
    if payload is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, payload, headers)
    response = connection.getresponse()
    return response.status, response.getheader("Content-Type") or "", response.read()


class Stream:
    """An open Server-Sent Events stream read on a thread."""

    def __init__(self, port: int, path: str) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        self.received = b""
        self.reader = threading.Thread(target=self._read, daemon=True)
        if self.response.status == 200:
            self.reader.start()

    def _read(self) -> None:
        try:
            while chunk := self.response.read1(4096):
                self.received += chunk
        except (OSError, AttributeError):  # closed under the reader
            pass

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def production(django_db_setup: Any) -> Any:
    # The server counts its callers' hourly limits in the same Redis as this test run, where the
    # suite's own games (under the test settings' high limits) have already been counted against
    # 127.0.0.1: start the production server's hour afresh.
    for name in ("games", "bot-games", "fork", "analysis"):
        rate_limit_reset(f"{name}:127.0.0.1", window=3600)
    database = settings.DATABASES["default"]
    port = free_port()
    env = {
        **os.environ,
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "DATABASE_URL": (
            f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
        ),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("CELERY_EAGER", None)
    log = (ROOT / "build" / "dev-prod.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "dev.py", "prod"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 120
    while True:
        try:
            if request(port, "GET", "/api/health/")[0] == 200:
                break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError((ROOT / "build" / "dev-prod.log").read_text()[-3000:])
        time.sleep(0.5)
    yield port
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) is not None
    log.close()


def test_dev_py_prod_serves_streams_pages_and_static_files(production: int) -> None:
    port = production
    status, _, body = request(
        port,
        "POST",
        "/api/games/",
        {"game": "gotham-race", "players": [{"name": "A"}, {"name": "B"}]},
    )
    assert status == 201, body
    game = json.loads(body)
    gid, token = game["id"], game["seats"][0]["token"]
    watchers = [Stream(port, f"/api/games/{gid}/stream/?seconds=60") for _ in range(4)]
    try:
        assert [w.response.status for w in watchers] == [200] * 4
        # one worker holds four idle streams and still answers at once
        assert request(port, "GET", "/api/health/")[0] == 200
        fifth = Stream(port, f"/api/games/{gid}/stream/?seconds=60")
        assert fifth.response.status == 429
        assert json.loads(fifth.response.read())["error"] == "too_many_streams"
        status, _, body = request(
            port,
            "POST",
            f"/api/games/{gid}/moves/",
            {"expected_version": game["version"], "move": {"type": "draw", "deck": 1}},
            Authorization=f"Seat {token}",
        )
        assert status == 201, body
        deadline = time.monotonic() + 20
        while not all(b"event: game-event" in w.received for w in watchers):
            assert time.monotonic() < deadline, [w.received[-200:] for w in watchers]
            time.sleep(0.1)
        assert all(b'"card":null' in w.received for w in watchers)  # spectators' view
    finally:
        for watcher in watchers:
            watcher.close()
    for path, kind in (
        ("/static/frontend/site.css", "text/css"),
        ("/static/frontend/play.js", "javascript"),
        ("/api/docs/", "text/html"),
        ("/api/schema/", "openapi"),
        (f"/games/{gid}/", "text/html"),
    ):
        status, content_type, _ = request(port, "GET", path)
        assert status == 200 and kind in content_type, (path, status, content_type)
