"""Live updates (api/live.py): a stream's waiter listens from the start, and a wake-up Redis
does not take leaves the stored move answered as stored."""

from __future__ import annotations

import asyncio
import logging

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from api import live
from api.models import Game
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_async_waiter_hears_a_move_published_before_its_first_wait() -> None:
    """The async stream reads the log, then waits: a move published between the two wakes it
    (through Redis pub/sub when REDIS_URL is set, else in this process)."""
    game_id = 990_002  # no such game: the waiter only listens

    async def listen_publish_wait() -> bool:
        waiter = live._AsyncWaiter(game_id)
        try:
            await waiter.listen()
            live.publish(game_id, 5)
            return await waiter.wait(3.0, 4)
        finally:
            await waiter.close()

    assert asyncio.run(listen_publish_wait()) is True


@override_settings(GOTHAM_REDIS_URL="redis://127.0.0.1:1/0")  # nothing listens on port 1
def test_a_move_is_answered_as_stored_when_redis_takes_no_wake_up(
    api: APIClient, create_game: CreateGame, caplog: pytest.LogCaptureFixture
) -> None:
    body = create_game()
    gid, ann = body["id"], body["seats"][0]
    response = api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": body["version"], "move": {"type": "draw", "deck": 1}},
        format="json",
        **auth(ann["token"]),
    )
    assert response.status_code == 201, response.content
    assert Game.objects.get(pk=gid).version == response.json()["version"] > body["version"]
    assert f"live update of game {gid} at version" in caplog.text


def test_a_move_is_answered_as_stored_when_the_broker_takes_no_bot_task(
    api: APIClient,
    create_game: CreateGame,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from kombu.exceptions import OperationalError

    from api.tasks import play_bots

    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}])
    gid, ann = body["id"], body["seats"][0]

    def broker_down(*args: object) -> None:
        raise OperationalError("[Errno 111] Connection refused")

    monkeypatch.setattr(play_bots, "delay", broker_down)
    with caplog.at_level(logging.ERROR, logger="api.queueing"):
        while Game.objects.get(pk=gid).to_act == [0]:  # Ann plays until the bot is to act
            legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"])).json()
            response = api.post(
                f"/api/games/{gid}/moves/",
                {"expected_version": legal["version"], "move": legal["moves"][0]["move"]},
                format="json",
                **auth(ann["token"]),
            )
            assert response.status_code == 201, response.content
    game = Game.objects.get(pk=gid)
    assert game.version == response.json()["version"] and game.to_act == [1]
    assert "task api.play_bots" in caplog.text and "not queued" in caplog.text


class _CountedRedis:
    """A Redis client that counts how many were made and answers what streams and moves ask."""

    made = 0

    def __init__(self) -> None:
        type(self).made += 1

    @classmethod
    def from_url(cls, url: str) -> _CountedRedis:
        return cls()

    def eval(self, *args: object) -> int:
        return 1

    def zrem(self, *args: object) -> int:
        return 1

    def zcount(self, *args: object) -> int:
        return 0

    def publish(self, *args: object) -> int:
        return 0


@override_settings(GOTHAM_REDIS_URL="redis://counted.invalid:6379/0")
def test_moves_and_stream_slots_share_one_redis_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each stream slot taken, counted or given back made a Redis client of its own (and a
    pool and a socket, left for the collector); one process now holds one per URL."""
    import redis

    from api import stream_access
    from api.redis_clients import redis_client

    monkeypatch.setattr(redis, "Redis", _CountedRedis)
    redis_client.cache_clear()
    try:
        for _ in range(3):
            slot = stream_access.slot_acquire("203.0.113.9")
            assert slot is not None
            stream_access.slots_held("203.0.113.9")
            stream_access.slot_release("203.0.113.9", slot)
            live.publish(990_003, 2)
    finally:
        redis_client.cache_clear()
    assert _CountedRedis.made == 1
