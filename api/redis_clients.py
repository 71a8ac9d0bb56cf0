"""The process's Redis client for a URL: one client, and so one connection pool, shared by every
move's wake-up, stream slot and stream subscription of the process, rather than a new client
(and pool, and socket) made for each call and left for the collector to close."""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def redis_client(url: str) -> Any:
    """The client of `url` in this process (redis-py's client and pool are thread-safe, and a
    pool made before a worker forks opens new connections in the child)."""
    import redis

    return redis.Redis.from_url(url)
