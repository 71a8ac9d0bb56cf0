"""Shared fixtures: an API client, game creation, and a real Celery worker when not eager."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypedDict

import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

ROOT = Path(__file__).resolve().parent.parent

# Speed is measured in bench/, never asserted: on a loaded machine (CI beside other work, or
# mutmut's instrumented copies) Hypothesis must not fail a test for being slow.
hypothesis_settings.register_profile(
    "gotham", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("gotham")


@pytest.fixture(autouse=True, scope="session")
def _build_dir() -> None:
    (ROOT / "build").mkdir(exist_ok=True)


@pytest.fixture(autouse=True)
def _no_stream_slots_held() -> None:
    """Each test starts with no stream slots held: one that left a stream unread (so never
    released) must not count against the next test's caller, on the shared Redis too."""
    from api import stream_access

    stream_access.slots_reset()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


CreateGame = Callable[..., dict[str, Any]]


@pytest.fixture
def create_game(api: APIClient) -> CreateGame:
    """POST /api/games/ and return the JSON answer (asserting 201)."""

    def create(
        players: list[dict[str, str]] | None = None,
        seed: int | None = 7,
        game: str = "gotham-race",
        **extra: Any,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "game": game,
            "players": players or [{"name": "Ann"}, {"name": "Bob"}],
        }
        if seed is not None:
            body["seed"] = seed
        body.update(extra)
        response = api.post("/api/games/", body, format="json")
        assert response.status_code == 201, response.content
        return dict(response.json())

    return create


class Credentials(TypedDict, total=False):
    """The test client's keyword arguments that carry a seat token (none for a spectator)."""

    HTTP_AUTHORIZATION: str


class IdempotencyKey(TypedDict, total=False):
    """The test client's keyword argument that carries a move's idempotency key."""

    HTTP_IDEMPOTENCY_KEY: str


def auth(token: str | None) -> Credentials:
    return {"HTTP_AUTHORIZATION": f"Seat {token}"} if token else {}


def celery_is_eager() -> bool:
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


class Workers:
    """Real `celery worker` processes on the test database; all are stopped at the end."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, **extra_env: str) -> subprocess.Popen[bytes]:
        index = len(self.started)
        path = ROOT / "build" / f"celery-worker-{index}.log"
        log = path.open("wb")
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "gotham",
                "worker",
                "--loglevel=info",
                "--concurrency=1",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"test{index}@%h",
            ],
            cwd=ROOT,
            env={**self.env, **extra_env},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.started.append(process)
        deadline = time.monotonic() + 60
        while b"ready" not in path.read_bytes():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"celery worker did not start: {path.read_text()[-2000:]}")
            time.sleep(0.2)
        return process

    def alive(self) -> list[subprocess.Popen[bytes]]:
        return [p for p in self.started if p.poll() is None]

    def stop_all(self) -> None:
        for process in self.alive():
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def celery_workers(django_db_setup: Any, django_db_blocker: Any) -> Iterator[Workers]:
    """Start and stop real workers pointed at the test database (skipped when Celery is eager)."""
    if celery_is_eager():
        pytest.skip("Celery runs eagerly (no REDIS_URL): the real-worker tests need Redis")
    database = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "gotham.settings.test",
        "DATABASE_URL": (
            f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
        ),
        "CELERY_EAGER": "0",
    }
    workers = Workers(env)
    yield workers
    workers.stop_all()


@pytest.fixture
def celery_worker(celery_workers: Workers) -> subprocess.Popen[bytes]:
    """A running worker (started if none is alive)."""
    alive = celery_workers.alive()
    return alive[0] if alive else celery_workers.start()


@pytest.fixture
def task_runner(request: pytest.FixtureRequest) -> None:
    """Whatever runs queued tasks: Celery itself when eager, else a real worker process."""
    if not celery_is_eager():
        request.getfixturevalue("celery_worker")
