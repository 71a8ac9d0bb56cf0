"""Live updates: after an append, wake every stream of that game, on any app server.

With REDIS_URL the wake-up goes through Redis pub/sub (channel `gotham:game:<id>`); without it,
through a condition in this process (the embedded default runs one process).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.db import close_old_connections

from api.models import Game

_condition = threading.Condition()
_versions: dict[int, int] = {}


def channel(game_id: int) -> str:
    return f"gotham:game:{game_id}"


def publish(game_id: int, version: int) -> None:
    """Tell the streams of a game that the log grew to `version` (call after commit)."""
    if settings.GOTHAM_REDIS_URL:
        import redis

        redis.Redis.from_url(settings.GOTHAM_REDIS_URL).publish(channel(game_id), str(version))
        return
    with _condition:
        _versions[game_id] = version
        _condition.notify_all()


class _Waiter:
    """Blocks until a game's log may have grown, or a timeout passes."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.pubsub: Any = None
        if settings.GOTHAM_REDIS_URL:
            import redis

            self.pubsub = redis.Redis.from_url(settings.GOTHAM_REDIS_URL).pubsub()  # type: ignore[no-untyped-call]
            self.pubsub.subscribe(channel(game_id))

    def wait(self, seconds: float, version: int) -> bool:
        """True once the game's log is published past `version`, False if `seconds` pass first.

        Nothing published since the waiter was made is missed: Redis keeps the messages of a
        subscription until they are read, and the in-process path remembers the last version.
        """
        if self.pubsub is not None:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                message = self.pubsub.get_message(timeout=max(0.0, deadline - time.monotonic()))
                if message and message.get("type") == "message" and int(message["data"]) > version:
                    return True
            return False
        with _condition:
            return _condition.wait_for(
                lambda: _versions.get(self.game_id, 0) > version, timeout=seconds
            )

    def close(self) -> None:
        if self.pubsub is not None:
            self.pubsub.close()


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    """One Server-Sent Events message."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def event_stream(
    *, game_id: int, seat: int | None, after: int, seconds: float, heartbeat: float = 15.0
) -> Iterator[str]:
    """The game's new events as the caller may see them, until the game ends or time runs out."""
    from api.selectors import events_after

    waiter = _Waiter(game_id)
    deadline = time.monotonic() + seconds
    last = after
    try:
        yield "retry: 2000\n\n"
        while True:
            close_old_connections()
            game = Game.objects.get(pk=game_id)
            events = events_after(game=game, seat=seat, after=last)["events"]
            assert isinstance(events, list)
            for event in events:
                assert isinstance(event, dict) and isinstance(event["seq"], int)
                yield sse("game-event", event, event["seq"])
                last = event["seq"]
            if game.status == Game.Status.FINISHED and last >= game.version:
                yield sse("end", {"version": game.version, "outcome": game.outcome})
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                yield sse("timeout", {"version": last})
                return
            if last < game.version:  # more than one page behind: read on at once
                continue
            waiter.wait(min(heartbeat, remaining), last)
            yield ": keep-alive\n\n"
    finally:
        waiter.close()
        close_old_connections()
