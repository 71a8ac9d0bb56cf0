"""Two clients racing on one game: one move wins, the other gets 409; no gap, no duplicate."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from api.log_check import log_problems
from api.models import Event, Game
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db(transaction=True)


def race(requests: list[dict[str, Any]]) -> list[int]:
    """POST every request at once from its own thread and connection; the status codes."""
    barrier = threading.Barrier(len(requests))
    statuses: list[int] = [0] * len(requests)

    def post(index: int, request: dict[str, Any]) -> None:
        client = APIClient()
        barrier.wait()
        try:
            response = client.post(
                request["path"], request["body"], format="json", **request["headers"]
            )
            statuses[index] = response.status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_two_clients_posting_the_same_version_one_wins(create_game: CreateGame) -> None:
    for attempt in range(5):
        body = create_game(seed=attempt)
        gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
        request = {
            "path": f"/api/games/{gid}/moves/",
            "headers": auth(token),
        }
        statuses = race(
            [
                {
                    **request,
                    "body": {"expected_version": version, "move": {"type": "draw", "deck": 1}},
                },
                {
                    **request,
                    "body": {"expected_version": version, "move": {"type": "draw", "deck": 2}},
                },
            ]
        )
        assert sorted(statuses) == [201, 409]
        seqs = list(Event.objects.filter(game_id=gid).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, version + 2))
        assert list(log_problems(Game.objects.get(pk=gid))) == []


def test_a_retried_request_racing_itself_appends_once(create_game: CreateGame) -> None:
    body = create_game()
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    request = {
        "path": f"/api/games/{gid}/moves/",
        "headers": {**auth(token), "HTTP_IDEMPOTENCY_KEY": "same"},
        "body": {"expected_version": version, "move": {"type": "draw", "deck": 4}},
    }
    statuses = race([request, request, request])
    assert statuses == [201, 201, 201]
    assert Event.objects.filter(game_id=gid).count() == version + 1


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite's IMMEDIATE transactions let only one move in at a time, lock or no lock",
)
def test_without_the_row_lock_the_unique_seq_still_turns_the_loser_into_a_409(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What protects the version: with the game row lock taken away and both requests made to
    reach the append together (both read the same head), the unique (game, seq) index still
    lets exactly one in and the other is a 409, with no gap and no duplicate."""
    from django.db.models import QuerySet

    from api import event_store

    monkeypatch.setattr(QuerySet, "select_for_update", lambda self, *a, **k: self)
    together = threading.Barrier(2)
    append = event_store.append

    def append_together(*args: Any, **kwargs: Any) -> Any:
        together.wait(timeout=10)
        return append(*args, **kwargs)

    body = create_game(seed=7)
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    monkeypatch.setattr(event_store, "append", append_together)
    request = {"path": f"/api/games/{gid}/moves/", "headers": auth(token)}
    statuses = race(
        [
            {**request, "body": {"expected_version": version, "move": {"type": "draw", "deck": d}}}
            for d in (1, 2)
        ]
    )
    assert sorted(statuses) == [201, 409]
    seqs = list(Event.objects.filter(game_id=gid).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, version + 2))
    assert list(log_problems(Game.objects.get(pk=gid))) == []
