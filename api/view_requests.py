"""What the API views read from a request: whole numbers and yes or no in the query, a JSON body
of a given shape, the caller's address and the caller's seat of a game."""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.request import Request

from api import selectors
from api.errors import Malformed, Unauthenticated
from api.models import Game
from api.serializers import StrictInput

INT_MAX = 2**31 - 1  # seqs, versions and durations fit a 32-bit column


def int_param(
    request: Request, name: str, least: int = 0, most: int = INT_MAX, refusal: str = ""
) -> int | None:
    """A whole number in the query, from `least` to `most`; anything else is refused with
    `refusal` (by default naming the range), the same words for "x", "1.5" and "0"."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or not least <= int(raw) <= most:
        raise Malformed(
            refusal or f"Query parameter {name!r} must be a whole number from {least} to {most}."
        )
    return int(raw)


def events_limit(request: Request, most: int) -> int | None:
    """The `limit` of a page of events, 1 to `most` (None unless asked: the stated page)."""
    return int_param(request, "limit", 1, most, f"'limit' is a number of events from 1 to {most}.")


def bool_param(request: Request, name: str) -> bool:
    """A yes or no in the query: `true` or `1` for yes, `false` or `0` (or nothing) for no, in
    any case; anything else is refused rather than read as no."""
    raw = request.query_params.get(name, "")
    if raw.lower() in ("", "0", "false"):
        return False
    if raw.lower() in ("1", "true"):
        return True
    raise Malformed(f"Query parameter {name!r} must be true or false (or 1 or 0).")


def client_address(request: Request | HttpRequest) -> str:
    """The caller's network address (the proxy's, behind one: rate limits count per address),
    for the API's views and the web pages' alike."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")[:64]


def validated_body(request: Request, shape: type[StrictInput]) -> StrictInput:
    """The body read as `shape` (a 400 when it is not a JSON object or does not fit it)."""
    if not isinstance(request.data, dict):
        raise Malformed("The body must be a JSON object.")
    data = shape(data=request.data)
    data.is_valid(raise_exception=True)
    return data


def refuse_token_in_url(request: Request) -> None:
    """A seat token in the query string is refused (400 `malformed`), never read as a spectator's
    request: a URL ends up in access logs and histories, so a token goes in the header only."""
    if "token" in request.query_params:
        raise Malformed(
            "Seat tokens do not go in URLs: send yours as 'Authorization: Seat <token>' (a "
            "browser's stream: POST stream-ticket/ with it, then open the stream with ?ticket=)."
        )


def game_and_caller(request: Request, game_id: int) -> tuple[Game, int | None]:
    """The game and the caller's seat index (None for a spectator)."""
    game, seat = selectors.game_and_caller(
        game_id=game_id, authorization=request.headers.get("Authorization")
    )
    return game, None if seat is None else seat.index


def game_and_seat(request: Request, game_id: int) -> tuple[Game, int]:
    """The game and the caller's seat index; 401 without a token."""
    game, seat = game_and_caller(request, game_id)
    if seat is None:
        raise Unauthenticated("Send your seat's token: 'Authorization: Seat <token>'.")
    return game, seat
