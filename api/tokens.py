"""Seat tokens: shown once at creation, stored only as a hash, read from `Authorization: Seat`."""

from __future__ import annotations

import hashlib
import secrets


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
        raise ValueError("use 'Authorization: Seat <token>'")
    return token.strip()
