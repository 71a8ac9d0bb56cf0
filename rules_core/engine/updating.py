"""`updated(value, **changes)`: dataclasses.replace for frozen dataclasses, compiled per class.

Reducers build a new state for every event; the standard replace re-inspects the fields on each
call, which dominated the cost of evolve. This version generates one function per class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _updater(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    names = [f.name for f in dataclasses.fields(cls)]
    slotted = all(isinstance(getattr(cls, name, None), MemberDescriptorType) for name in names)
    # Slot descriptors' own setters skip the frozen class's __setattr__ and the name lookup.
    setters = {
        name: getattr(cls, name).__set__
        if slotted
        else (lambda obj, value, name=name: object.__setattr__(obj, name, value))
        for name in names
    }
    lines = ["def update(old, changes):", "    new = new_object(cls)"]
    lines += [f"    set_{name}(new, old.{name})" for name in names]
    lines += [
        "    try:",
        "        for name, value in changes.items():",
        "            setters[name](new, value)",
        "    except KeyError:",
        "        raise TypeError(f'unknown fields: {sorted(set(changes) - known)}') from None",
        "    return new",
    ]
    namespace: dict[str, Any] = {
        "new_object": object.__new__,
        "cls": cls,
        "known": frozenset(names),
        "setters": setters,
        **{f"set_{name}": setter for name, setter in setters.items()},
    }
    exec("\n".join(lines), namespace)  # generated from the class's own field names
    return namespace["update"]  # type: ignore[no-any-return]


def updated(value: T, **changes: Any) -> T:
    """A copy of the frozen dataclass `value` with some fields changed."""
    cls: Any = type(value)
    result: T = _updater(cls)(value, changes)
    return result


def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced by `value`."""
    return (*items[:index], value, *items[index + 1 :])


def without_one(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` with one copy of `item` removed (the first)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]
