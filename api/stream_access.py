"""Who may open a live stream: short-lived tickets instead of tokens in URLs, and a cap on the
streams one caller holds open.

A browser's EventSource cannot send an Authorization header, and a token in a URL ends up in
access logs. So a seat trades its token (in the header) for a ticket that is good for
TICKET_SECONDS and names only the game and the seat; a logged ticket is soon worthless.
"""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

from django.conf import settings
from django.core import signing

from api.errors import Unauthenticated
from api.redis_clients import redis_client

TICKET_SECONDS = 60
_SIGNER_SALT = "gotham.stream-ticket"


def ticket_issue(*, game_id: int, seat: int) -> str:
    """A signed ticket for `seat` of `game_id`, valid for TICKET_SECONDS."""
    return signing.TimestampSigner(salt=_SIGNER_SALT).sign_object({"g": game_id, "s": seat})


def ticket_seat(*, ticket: str, game_id: int) -> int:
    """The seat a ticket was issued for; 401 when it is forged, expired or for another game."""
    try:
        value = signing.TimestampSigner(salt=_SIGNER_SALT).unsign_object(
            ticket, max_age=TICKET_SECONDS
        )
    except signing.SignatureExpired:
        raise Unauthenticated(
            f"This stream ticket has expired (tickets last {TICKET_SECONDS} s); ask for a new "
            "one at stream-ticket/."
        ) from None
    except (signing.BadSignature, ValueError, UnicodeError):
        raise Unauthenticated("This stream ticket is not valid.") from None
    seat = value.get("s") if isinstance(value, dict) else None
    if not isinstance(seat, int) or value.get("g") != game_id:
        raise Unauthenticated("This stream ticket is for another game.")
    return seat


# ---- open streams per caller ------------------------------------------------------------

_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""
_lock = threading.Lock()
_open: dict[str, dict[str, float]] = {}


def _redis() -> Any:
    return redis_client(settings.GOTHAM_REDIS_URL)


def slot_acquire(caller: str) -> str | None:
    """Hold one of `caller`'s stream slots: its id, or None when all are taken.

    A slot lapses by itself after the longest stream could last, so a server that died with
    streams open does not lock their callers out.
    """
    limit = settings.GOTHAM_STREAMS_PER_CALLER
    lapse = settings.GOTHAM_STREAM_MAX_SECONDS + 60
    now = time.time()
    slot = uuid.uuid4().hex
    if settings.GOTHAM_REDIS_URL:
        key = f"gotham:streams:{caller}"
        taken = _redis().eval(_ACQUIRE, 1, key, now, now + lapse, limit, slot, lapse)
        return slot if taken else None
    with _lock:
        held = {s: t for s, t in _open.get(caller, {}).items() if t > now}
        if len(held) >= limit:
            _open[caller] = held
            return None
        held[slot] = now + lapse
        _open[caller] = held
    return slot


def slot_release(caller: str, slot: str) -> None:
    """Give a stream slot back (when its stream closes, however it closes)."""
    if settings.GOTHAM_REDIS_URL:
        _redis().zrem(f"gotham:streams:{caller}", slot)
        return
    with _lock:
        _open.get(caller, {}).pop(slot, None)


def slots_held(caller: str) -> int:
    """How many of `caller`'s stream slots are held now."""
    now = time.time()
    if settings.GOTHAM_REDIS_URL:
        return int(_redis().zcount(f"gotham:streams:{caller}", now, "+inf"))
    with _lock:
        return sum(1 for t in _open.get(caller, {}).values() if t > now)


def slots_reset() -> None:
    """Forget every caller's stream slots (for tests, and for operators after a crash)."""
    if settings.GOTHAM_REDIS_URL:
        client = _redis()
        keys = list(client.scan_iter(match="gotham:streams:*"))
        if keys:
            client.delete(*keys)
        return
    with _lock:
        _open.clear()
