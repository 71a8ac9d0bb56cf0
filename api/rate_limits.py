"""Fixed-window rate limits in the shared cache (Redis in production, memory embedded)."""

from __future__ import annotations

import contextlib
import time

from django.core.cache import cache


def _key(name: str, window: int) -> str:
    return f"gotham:rate:{name}:{int(time.time()) // window}"


def rate_limit_take(name: str, *, limit: int, window: int) -> int | None:
    """Count one use of `name` in the current window: None if allowed, else the seconds until
    the window ends (for Retry-After)."""
    key = _key(name, window)
    cache.add(key, 0, timeout=window)
    try:
        used = cache.incr(key)
    except ValueError:  # the key lapsed between add and incr
        cache.set(key, 1, timeout=window)
        used = 1
    if used > limit:
        return window - int(time.time()) % window
    return None


def rate_limit_give_back(name: str, *, window: int) -> None:
    """Undo one use of `name` in the current window: a request refused by a later limit costs
    nothing under the earlier one."""
    with contextlib.suppress(ValueError):  # the window ended meanwhile: its count is gone anyway
        cache.decr(_key(name, window))


def rate_limit_reset(name: str, *, window: int) -> None:
    """Forget the uses of `name` in the current window (for tests and operators)."""
    cache.delete(_key(name, window))
