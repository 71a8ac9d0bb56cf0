"""`updated(value, **changes)`: dataclasses.replace for frozen dataclasses, compiled per class.

Reducers build a new state for every event; the standard replace re-inspects the fields on each
call, which dominated the cost of evolve. This version generates one function per class and set
of changed fields, which sets each field once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _updater(cls: type, changed: tuple[str, ...]) -> Callable[..., Any]:
    """A function copying a `cls` value with the fields `changed` given in that order."""
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"unknown fields: {unknown}")
    slotted = all(isinstance(getattr(cls, name, None), MemberDescriptorType) for name in names)
    # Slot descriptors' own setters skip the frozen class's __setattr__ and the name lookup.
    setters = {
        name: getattr(cls, name).__set__
        if slotted
        else (lambda obj, value, name=name: object.__setattr__(obj, name, value))
        for name in names
    }
    given = {name: f"v{i}" for i, name in enumerate(changed)}
    lines = [f"def update(old, {', '.join(given.values())}):", "    new = new_object(cls)"]
    lines += [f"    set_{name}(new, {given.get(name, 'old.' + name)})" for name in names]
    lines.append("    return new")
    namespace: dict[str, Any] = {
        "new_object": object.__new__,
        "cls": cls,
        **{f"set_{name}": setter for name, setter in setters.items()},
    }
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    return namespace["update"]  # type: ignore[no-any-return]


def updated(value: T, **changes: Any) -> T:
    """A copy of the frozen dataclass `value` with some fields changed."""
    cls: Any = type(value)
    result: T = _updater(cls, tuple(changes))(value, *changes.values())
    return result


def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced by `value`."""
    return (*items[:index], value, *items[index + 1 :])


def without_at(items: tuple[T, ...], index: int) -> tuple[T, ...]:
    """`items` without the one at `index`."""
    return items[:index] + items[index + 1 :]


def without_one(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` with one copy of `item` removed (the first)."""
    return without_at(items, items.index(item))
