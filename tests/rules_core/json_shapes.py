"""Reading a JSON document (a view, a redacted event) in a test: each step asserts the shape the
test expects, so the reading is typed and a document of the wrong shape fails plainly."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules_core.engine.types import JSON


def obj(value: JSON) -> Mapping[str, JSON]:
    """The value, which must be a JSON object."""
    assert isinstance(value, Mapping), f"expected an object, got {value!r}"
    return value


def arr(value: JSON) -> Sequence[JSON]:
    """The value, which must be a JSON array."""
    assert isinstance(value, Sequence) and not isinstance(value, str), (
        f"expected an array, got {value!r}"
    )
    return value


def objs(value: JSON) -> list[Mapping[str, JSON]]:
    """The value, which must be a JSON array of objects."""
    return [obj(item) for item in arr(value)]
