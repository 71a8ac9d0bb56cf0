"""`python3 dev.py run`: the embedded default as a user starts it, answering as production does.

It serves with DEBUG off unless DEBUG=1 is set: an address that matches no page gets the
site's not-found page, not Django's debug page listing every address the site has.
"""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gotham.test_production_server import free_port

ROOT = Path(__file__).resolve().parents[2]


def get(port: int, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read().decode()


def serving(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert server.poll() is None, "dev.py run stopped"
        try:
            get(port, "/api/health/")
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError("dev.py run did not answer within 120 s")


def started(tmp_path: Path, **env: str) -> Iterator[int]:
    port = free_port()
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DJANGO_SETTINGS_MODULE", "REDIS_URL", "CELERY_EAGER"}
    }
    server = subprocess.Popen(
        [sys.executable, "dev.py", "run"],
        cwd=ROOT,
        env={
            **clean,
            "PORT": str(port),
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            **env,
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        serving(port, server)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    yield from started(tmp_path)


def test_an_unknown_address_gets_the_sites_not_found_page(server: int) -> None:
    status, page = get(server, "/no-such-page/")
    assert status == 404
    assert "<title>Not found · Gotham</title>" in page
    assert "URLconf" not in page  # Django's debug page lists every address of the site
    assert get(server, "/static/frontend/site.css")[0] == 200  # served with DEBUG off too


def test_debug_1_turns_djangos_debug_pages_on(tmp_path: Path) -> None:
    for port in started(tmp_path, DEBUG="1"):
        status, page = get(port, "/no-such-page/")
        assert status == 404 and "URLconf" in page
