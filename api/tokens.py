"""Seat tokens: shown once at creation, stored only as a hash, read from `Authorization: Seat`."""

from __future__ import annotations

import hashlib
import secrets
from collections import OrderedDict

# (game, token hash) -> seat index: a seat's token never changes, so a match once found holds for
# as long as the game exists (the write a move makes is conditional on the game row, so a move
# for a game that is gone is still refused)
_SEATS: OrderedDict[tuple[int, str], int] = OrderedDict()
_SEATS_SIZE = 8192


def new_token() -> str:
    """A fresh secret token for a person's seat."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def parse_authorization(header: str | None) -> str | None:
    """The token in an `Authorization: Seat <token>` header; None when there is no header.

    Raises ValueError for a header in another form.
    """
    if header is None or header.strip() == "":
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "seat" or not token.strip():
        raise ValueError(
            "Send your seat's token as 'Authorization: Seat <token>'; this header has another form."
        )
    return token.strip()


def known_seat(game_id: int, token_hash: str) -> int | None:
    """The seat this process has already found the token to belong to, if any."""
    index = _SEATS.get((game_id, token_hash))
    if index is not None:
        _SEATS.move_to_end((game_id, token_hash))
    return index


def remember_seat(game_id: int, token_hash: str, index: int) -> None:
    _SEATS[(game_id, token_hash)] = index
    while len(_SEATS) > _SEATS_SIZE:
        _SEATS.popitem(last=False)
