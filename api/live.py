"""Live updates: after an append, wake every stream of that game, on any app server.

With REDIS_URL the wake-up goes through Redis pub/sub (channel `gotham:game:<id>`); without it,
through a condition in this process (the embedded default runs one process).

A stream comes in two forms with one body (`_next_batch`): a generator for WSGI servers (the
development server, tests) and an async generator for the production ASGI server, where an idle
stream is a coroutine waiting on Redis rather than a thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connection

from api.models import Game
from api.redis_clients import redis_client

logger = logging.getLogger(__name__)

_condition = threading.Condition()
_versions: dict[int, int] = {}


def channel(game_id: int) -> str:
    return f"gotham:game:{game_id}"


def publish(game_id: int, version: int) -> None:
    """Tell the streams of a game that the log grew to `version` (call after commit).

    A wake-up Redis cannot take is logged, not raised: the move is stored by then, and every
    stream reads the log again at its next keep-alive (`event_stream`'s heartbeat) anyway, so
    it is late by that much, never lost."""
    if settings.GOTHAM_REDIS_URL:
        import redis

        try:
            redis_client(settings.GOTHAM_REDIS_URL).publish(channel(game_id), str(version))
        except redis.RedisError:
            logger.warning("live update of game %s at version %s not published", game_id, version)
        return
    with _condition:
        _versions[game_id] = version
        _condition.notify_all()


def _published_past(message: Any, version: int) -> bool:
    return bool(message) and message.get("type") == "message" and int(message["data"]) > version


class _Waiter:
    """Blocks until a game's log may have grown, or a timeout passes."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.pubsub: Any = None
        if settings.GOTHAM_REDIS_URL:
            self.pubsub = redis_client(settings.GOTHAM_REDIS_URL).pubsub()
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
                if _published_past(message, version):
                    return True
            return False
        with _condition:
            return _condition.wait_for(
                lambda: _versions.get(self.game_id, 0) > version, timeout=seconds
            )

    def close(self) -> None:
        if self.pubsub is not None:
            self.pubsub.close()


class _AsyncWaiter:
    """The waiter of an async stream: Redis pub/sub through redis.asyncio, no thread held.

    Like `_Waiter` it listens from before the stream's first read of the log (`listen`), so a
    move appended between that read and the first wait wakes it at once."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.client: Any = None  # its own: an asyncio client is bound to the loop it runs on
        self.pubsub: Any = None

    async def listen(self) -> None:
        if settings.GOTHAM_REDIS_URL and self.pubsub is None:
            import redis.asyncio

            self.client = redis.asyncio.Redis.from_url(settings.GOTHAM_REDIS_URL)
            self.pubsub = self.client.pubsub()
            await self.pubsub.subscribe(channel(self.game_id))

    async def wait(self, seconds: float, version: int) -> bool:
        """True once the game's log is published past `version`, False if `seconds` pass first."""
        deadline = time.monotonic() + seconds
        if not settings.GOTHAM_REDIS_URL:  # one process: look at the remembered version
            while time.monotonic() < deadline:
                if _versions.get(self.game_id, 0) > version:
                    return True
                await asyncio.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
            return False
        await self.listen()
        while time.monotonic() < deadline:
            message = await self.pubsub.get_message(
                ignore_subscribe_messages=True, timeout=max(0.0, deadline - time.monotonic())
            )
            if _published_past(message, version):
                return True
        return False

    async def close(self) -> None:
        """Let go of the subscription and the client's pool with it (the pool was left open)."""
        if self.pubsub is not None:
            await self.pubsub.aclose()
            await self.client.aclose()


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    """One Server-Sent Events message."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


@dataclass(frozen=True, slots=True)
class _Batch:
    """What one read of the log gives a stream: its messages and where it now stands."""

    messages: tuple[str, ...]
    last: int
    ended: bool  # the game is over and all of it was delivered
    behind: bool  # more than a page behind: read on at once


def _next_batch(game_id: int, seat: int | None, last: int) -> _Batch:
    """The events after `last` as `seat` may see them, and the end once the game is over."""
    from api.selectors import events_after

    close_old_connections()
    game = Game.objects.get(pk=game_id)
    events = events_after(game=game, seat=seat, after=last)["events"]
    assert isinstance(events, list)
    messages = []
    for event in events:
        assert isinstance(event, dict) and isinstance(event["seq"], int)
        messages.append(sse("game-event", event, event["seq"]))
        last = event["seq"]
    ended = game.status == Game.Status.FINISHED and last >= game.version
    if ended:
        messages.append(sse("end", {"version": game.version, "outcome": game.outcome}))
    return _Batch(tuple(messages), last, ended, last < game.version)


def _next_batch_and_close(game_id: int, seat: int | None, last: int) -> _Batch:
    """`_next_batch` from a pool thread that keeps no database connection between reads: an idle
    async stream holds no connection (and no pool thread ends up holding one for good)."""
    try:
        return _next_batch(game_id, seat, last)
    finally:
        connection.close()


def event_stream(
    *,
    game_id: int,
    seat: int | None,
    after: int,
    seconds: float,
    heartbeat: float = 15.0,
) -> Iterator[str]:
    """The game's new events as the caller may see them, until the game ends or time runs out."""
    waiter = _Waiter(game_id)
    deadline = time.monotonic() + seconds
    last = after
    try:
        yield "retry: 2000\n\n"
        while True:
            batch = _next_batch(game_id, seat, last)
            yield from batch.messages
            last = batch.last
            if batch.ended:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                yield sse("timeout", {"version": last})
                return
            if batch.behind:
                continue
            waiter.wait(min(heartbeat, remaining), last)
            yield ": keep-alive\n\n"
    finally:
        waiter.close()
        close_old_connections()


async def event_stream_async(
    *,
    game_id: int,
    seat: int | None,
    after: int,
    seconds: float,
    heartbeat: float = 15.0,
) -> AsyncIterator[str]:
    """`event_stream` for an ASGI server: the same messages, waiting without holding a thread."""
    waiter = _AsyncWaiter(game_id)
    read = sync_to_async(_next_batch_and_close, thread_sensitive=False)
    deadline = time.monotonic() + seconds
    last = after
    try:
        await waiter.listen()
        yield "retry: 2000\n\n"
        while True:
            batch = await read(game_id, seat, last)
            for message in batch.messages:
                yield message
            last = batch.last
            if batch.ended:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                yield sse("timeout", {"version": last})
                return
            if batch.behind:
                continue
            await waiter.wait(min(heartbeat, remaining), last)
            yield ": keep-alive\n\n"
    finally:
        await waiter.close()


class ClosingStream:
    """A stream that calls `on_close` exactly once: when it ends or when the server closes it,
    even before it started (a generator's own `finally` does not run then)."""

    def __init__(self, stream: Iterator[str], on_close: Callable[[], None]) -> None:
        self.stream, self.on_close, self.closed = stream, on_close, False

    def __iter__(self) -> ClosingStream:
        return self

    def __next__(self) -> str:
        try:
            return next(self.stream)
        except StopIteration:
            self.close()
            raise

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                getattr(self.stream, "close", lambda: None)()
            finally:
                self.on_close()


class ClosingAsyncStream:
    """`ClosingStream` for an async stream (Django closes a response with a plain `close()`)."""

    def __init__(self, stream: AsyncIterator[str], on_close: Callable[[], None]) -> None:
        self.stream, self.on_close, self.closed = stream, on_close, False

    def __aiter__(self) -> ClosingAsyncStream:
        return self

    async def __anext__(self) -> str:
        try:
            return await self.stream.__anext__()
        except StopAsyncIteration:
            self.close()
            raise

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.on_close()
