"""The API's JSON body parser: bounded size and nesting, plain JSON only, no NUL characters and
no lone surrogates.

Every limit is refused with the stable error of api.errors, never a Python exception: a
deeply nested body is refused by depth (json's own recursion is caught too), `NaN` and
`Infinity` are not JSON (PostgreSQL's jsonb refuses them), and a NUL character cannot be stored
in PostgreSQL text.
"""

from __future__ import annotations

import json
import math
import re
import sys
from typing import Any

from django.conf import settings
from rest_framework.parsers import BaseParser

from api.errors import BodyTooLarge, Malformed


class _NotJsonConstant(ValueError):
    """`NaN`, `Infinity` or `-Infinity`: Python's json reads them, JSON has no such numbers."""


def _no_constant(name: str) -> Any:
    raise _NotJsonConstant(name)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def check_json_value(value: Any, *, max_depth: int, where: str = "body") -> None:
    """Refuse (Malformed) nesting deeper than `max_depth`, NUL characters, lone surrogates,
    non-finite numbers.

    Walks iteratively, so a value of any depth is checked without recursion.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > max_depth:
                raise Malformed(f"The {where} is nested more than {max_depth} levels deep.")
            children = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in children:
                if isinstance(key, str):
                    check_text(key, where)
                stack.append((child, depth + 1))
        elif isinstance(item, str):
            check_text(item, where)
        elif isinstance(item, float) and not math.isfinite(item):
            raise Malformed(f"The {where} contains a number JSON cannot hold.")


def check_text(text: str, where: str) -> None:
    """Refuse a NUL character (PostgreSQL text cannot hold one) and a lone surrogate (a
    `\\ud800` escape that pairs with nothing: no UTF-8 text can hold it)."""
    if "\x00" in text:
        raise Malformed(f"The {where} contains a NUL character.")
    if _LONE_SURROGATE.search(text):
        raise Malformed(
            f"The {where} contains a \\u escape of half a character (a lone surrogate)."
        )


def parse_json_body(raw: bytes) -> Any:
    """Decode a JSON body within the limits of settings."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise Malformed(
            f"The body is nested more than {settings.GOTHAM_MAX_JSON_DEPTH} levels deep."
        ) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise Malformed(_not_json(error)) from None
    check_json_value(value, max_depth=settings.GOTHAM_MAX_JSON_DEPTH)
    return value


def _not_json(error: ValueError) -> str:
    """Why a body is not JSON, in words that say where to look (not Python's own text, which
    names its codec and, for a long number, a function of its `sys` module)."""
    if isinstance(error, UnicodeDecodeError):
        return (
            f"The body is not UTF-8 text (byte {error.start + 1} is not part of a character); "
            "send JSON in UTF-8."
        )
    if isinstance(error, _NotJsonConstant):
        return f"The body is not valid JSON: {error} is not a JSON number."
    if isinstance(error, json.JSONDecodeError):
        return (
            f"The body is not valid JSON: it goes wrong at line {error.lineno}, column "
            f"{error.colno}."
        )
    if "digits" in str(error):  # a whole number longer than Python converts
        return f"The body holds a number of more than {sys.get_int_max_str_digits()} digits."
    return "The body is not valid JSON."


class LimitedJSONParser(BaseParser):
    """DRF parser for application/json that reads at most the stated number of bytes."""

    media_type = "application/json"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.GOTHAM_MAX_BODY_BYTES
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise BodyTooLarge(f"The request body is over the limit of {limit} bytes.")
        if not raw.strip():
            raise Malformed("The body is empty; send a JSON object.")
        return parse_json_body(raw)
