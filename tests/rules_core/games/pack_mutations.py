"""Hypothesis strategies that break a game's reference content pack at random places.

`mutated_packs(reference)` draws a deep copy of the pack with one to three mutations, each at a
random path: a value replaced by a random JSON value (of another type, a boundary number, a long or
odd text), a key or an item deleted, a value wrapped in a list or in `{ value, source }`, an item
duplicated, an unknown key added. `PATH_PREFIX` matches the `<path>: ` every refusal starts with.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from rules_core.engine.content_limits import ContentError

_NAME = r"[A-Za-z_][A-Za-z0-9_-]*"
_STEP = rf'(?:\.{_NAME}|\[\d+\]|\["(?:[^"\\]|\\.)*"\])'
PATH_PREFIX = re.compile(rf'(?:\(pack\)|{_NAME}|\(pack\)\["(?:[^"\\]|\\.)*"\]){_STEP}*: \S')

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**7), max_value=10**7)
    | st.sampled_from([-1, 0, 1, 2, 4, 9, 10, 12, 99, 100, 10**6, 10**6 + 1, 2**63])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["", "bat", "3", "²", "reference", "money", "joker", "\x00", "x" * 2001])
)
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)

_KINDS = ("replace", "other_type", "delete", "wrap_list", "wrap_value", "duplicate", "add_key")


def _type_name(value: object) -> str:
    return "number" if type(value) in (int, float) else type(value).__name__


def _other_type(value: object) -> st.SearchStrategy[Any]:
    """A random JSON value whose type differs from `value`'s."""
    return JSON_VALUES.filter(lambda new: _type_name(new) != _type_name(value))


@st.composite
def _mutate(draw: st.DrawFn, pack: dict[str, Any]) -> None:
    """Apply one mutation in place at a random path of `pack`."""
    parent: Any = None
    key: Any = None
    node: Any = pack
    while isinstance(node, dict | list) and node and draw(st.integers(0, 4)) > 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = node[key]
    kind = draw(st.sampled_from(_KINDS))
    if kind == "add_key" or parent is None:
        if isinstance(node, dict):
            node[draw(st.text(max_size=6) | st.sampled_from(["amount", "op", "id"]))] = draw(
                JSON_VALUES
            )
        return
    if kind == "replace":
        parent[key] = draw(JSON_VALUES)
    elif kind == "other_type":
        parent[key] = draw(_other_type(node))
    elif kind == "delete":
        del parent[key]
    elif kind == "wrap_list":
        parent[key] = [node]
    elif kind == "wrap_value":
        parent[key] = {"value": node, "source": "reference"}
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(node))


@st.composite
def mutated_packs(draw: st.DrawFn, reference: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of `reference` with one to three random mutations."""
    pack = copy.deepcopy(reference)
    for _ in range(draw(st.integers(1, 3))):
        draw(_mutate(pack))
    return pack


def assert_pack_or_content_error(parse: Callable[[object], object], pack: dict[str, Any]) -> None:
    """A (mutated) pack gives a pack, or a ContentError reading `<path>: <rule>`."""
    try:
        parse(pack)
    except ContentError as error:
        message = str(error)
        assert PATH_PREFIX.match(message), message
        assert ": " in message


def edited(raw: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """A deep copy of a pack with one deliberate change (the hand-written refusal tests)."""
    pack = copy.deepcopy(raw)
    change(pack)
    return pack


def set_at(*path: str | int, to: object) -> Callable[[dict[str, Any]], object]:
    """A change that puts `to` at `path`."""

    def change(pack: dict[str, Any]) -> None:
        node: Any = pack
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = to

    return change


def drop_at(*path: str | int) -> Callable[[dict[str, Any]], object]:
    """A change that deletes the key or item at `path`."""

    def change(pack: dict[str, Any]) -> None:
        node: Any = pack
        for step in path[:-1]:
            node = node[step]
        del node[path[-1]]

    return change
