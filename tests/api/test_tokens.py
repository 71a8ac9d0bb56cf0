"""Seat tokens: their strength, the header they come in, and the process's memory of them."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from api import tokens
from api.tokens import hash_token, known_seat, new_token, parse_authorization, remember_seat


def test_a_new_token_carries_192_random_bits_in_url_safe_characters() -> None:
    """24 random bytes, base64url without padding: 32 characters a URL or a header carries."""
    made = {new_token() for _ in range(50)}
    assert len(made) == 50
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", token) for token in made)


def test_only_the_hash_of_a_token_is_kept() -> None:
    assert hash_token("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


@pytest.mark.parametrize("header", [None, "", "   "])
def test_no_header_or_a_blank_one_means_no_token(header: str | None) -> None:
    assert parse_authorization(header) is None


def test_the_token_follows_the_seat_scheme_whatever_the_spacing() -> None:
    assert parse_authorization("Seat abc") == "abc"
    assert parse_authorization("  seat    abc  ") == "abc"
    assert parse_authorization("SEAT abc") == "abc"


@pytest.mark.parametrize("header", ["Bearer abc", "Seat", "Seat   ", "abc", "Seats abc"])
def test_a_header_in_another_form_is_refused_with_the_right_form(header: str) -> None:
    with pytest.raises(ValueError, match="Authorization: Seat <token>"):
        parse_authorization(header)


@pytest.fixture
def small_memory(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(tokens, "_SEATS", type(tokens._SEATS)())
    monkeypatch.setattr(tokens, "_SEATS_SIZE", 3)
    yield


@pytest.mark.usefixtures("small_memory")
def test_the_seat_memory_keeps_its_size_and_forgets_the_least_recently_used() -> None:
    for game in (1, 2, 3):
        remember_seat(game, "h", game)
    assert [known_seat(g, "h") for g in (1, 2, 3)] == [1, 2, 3]  # full, nothing forgotten
    assert known_seat(1, "h") == 1  # game 1 is now the most recently used, game 2 the least
    remember_seat(4, "h", 0)
    assert len(tokens._SEATS) == 3
    assert known_seat(2, "h") is None  # the least recently used went
    assert (known_seat(1, "h"), known_seat(3, "h"), known_seat(4, "h")) == (1, 3, 0)
