"""Keeping hidden values out of JSON shown to a seat (the values `GameSpec.hidden_from` names)."""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.engine.types import JSON


def json_strings(value: JSON) -> Iterator[str]:
    """Every string leaf (and dict key) of a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from json_strings(item)


def without_hidden(value: JSON, hidden: frozenset[str]) -> JSON:
    """`value` with every string leaf that is one of the `hidden` values replaced by None."""
    if isinstance(value, str):
        return None if value in hidden else value
    if isinstance(value, list):
        return [without_hidden(item, hidden) for item in value]
    if isinstance(value, dict):
        return {key: without_hidden(item, hidden) for key, item in value.items()}
    return value
