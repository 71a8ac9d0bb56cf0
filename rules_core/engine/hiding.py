"""Finding hidden values in JSON shown to a seat (the values `GameSpec.hidden_from` names)."""

from __future__ import annotations

from collections.abc import Iterator

from rules_core.engine.types import JSON


def json_strings(value: JSON, keys: bool = True) -> Iterator[str]:
    """Every string leaf (and dict key, unless `keys` is false) of a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item, keys)
    elif isinstance(value, dict):
        for key, item in value.items():
            if keys:
                yield key
            yield from json_strings(item, keys)
