"""Exact JSON round trip for frozen dataclasses built of scalars, tuples and other dataclasses."""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

from rules_core.engine.types import JSON

T = TypeVar("T")


def to_json(value: object) -> JSON:
    """Turn a dataclass value (recursively) into plain JSON: tuples become lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [to_json(v) for v in items]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(cls: type[T], data: JSON) -> T:
    """Rebuild a value of type `cls` from what `to_json` produced."""
    return typing.cast(T, _decode(cls, data))


def _decode(tp: Any, data: JSON) -> Any:
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) == 1:
            return _decode(non_none[0], data)
        for arg in non_none:
            if _matches(arg, data):
                return _decode(arg, data)
        raise TypeError(f"value {data!r} matches none of {tp}")
    if origin is tuple:
        if not isinstance(data, list):
            raise TypeError(f"expected a list for {tp}, got {data!r}")
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in data)
        return tuple(_decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        if not isinstance(data, list):
            raise TypeError(f"expected a list for {tp}, got {data!r}")
        (arg,) = get_args(tp)
        return frozenset(_decode(arg, v) for v in data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise TypeError(f"expected an object for {tp.__name__}, got {data!r}")
        hints = _hints(tp)
        kwargs = {
            f.name: _decode(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.init
        }
        return tp(**kwargs)
    if tp in (int, str, bool, float):
        if tp is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data
    if tp is type(None):
        if data is not None:
            raise TypeError(f"expected null, got {data!r}")
        return None
    raise TypeError(f"cannot decode type {tp!r}")


def _matches(tp: Any, data: JSON) -> bool:
    if tp in (int, str, bool, float):
        return isinstance(data, tp) and not (tp is int and isinstance(data, bool))
    origin = get_origin(tp)
    if origin in (tuple, frozenset):
        return isinstance(data, list)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return isinstance(data, dict)
    return False
