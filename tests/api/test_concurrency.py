"""Two clients racing on one game: one move wins, the other gets 409; no gap, no duplicate."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.test import override_settings
from rest_framework.test import APIClient

from api.log_check import log_problems
from api.models import Annotation, Event, Game
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


def test_two_moves_decided_on_the_same_head_one_is_appended_and_the_guard_refuses_the_other(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What protects the version: no lock is held while the rules decide, so both requests decide
    on the same head and reach the append together. The append's condition on the head (version,
    hash, seed) lets exactly one write in and turns the other away before it writes a row (not
    the unique (game, seq) index refusing it): one 201, one 409, no gap, no duplicate."""
    from api import event_store

    together = threading.Barrier(2)
    append = event_store.append
    writes: list[str] = []
    writer_name = (
        "_append_postgresql" if connection.vendor == "postgresql" else "_append_in_transaction"
    )
    writer = getattr(event_store, writer_name)

    def append_together(*args: Any, **kwargs: Any) -> Any:
        together.wait(timeout=10)
        return append(*args, **kwargs)

    def writer_watched(*args: Any, **kwargs: Any) -> Any:
        try:
            written = writer(*args, **kwargs)
        except Exception as error:
            writes.append(type(error).__name__)
            raise
        writes.append("written" if written else "refused by the guard")
        return written

    body = create_game(seed=7)
    gid, token, version = body["id"], body["seats"][0]["token"], body["version"]
    monkeypatch.setattr(event_store, "append", append_together)
    monkeypatch.setattr(event_store, writer_name, writer_watched)
    request = {"path": f"/api/games/{gid}/moves/", "headers": auth(token)}
    statuses = race(
        [
            {**request, "body": {"expected_version": version, "move": {"type": "draw", "deck": d}}}
            for d in (1, 2)
        ]
    )
    assert sorted(statuses) == [201, 409]
    assert sorted(writes) == ["refused by the guard", "written"]
    seqs = list(Event.objects.filter(game_id=gid).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, version + 2))
    assert list(log_problems(Game.objects.get(pk=gid))) == []


@override_settings(GOTHAM_ANNOTATIONS_PER_AUTHOR=3)
def test_comments_posted_at_once_stay_within_the_authors_limit(create_game: CreateGame) -> None:
    """The limit is counted and the comment added under the game's lock: eight posts at once
    from one seat leave exactly its three."""
    body = create_game()
    gid, token = body["id"], body["seats"][0]["token"]
    request = {
        "path": f"/api/games/{gid}/annotations/",
        "headers": auth(token),
        "body": {"seq": 1, "text": "at once"},
    }
    statuses = race([request] * 8)
    assert sorted(statuses) == [201] * 3 + [409] * 5
    assert Annotation.objects.filter(game_id=gid, source="person").count() == 3
