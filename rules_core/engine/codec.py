"""Exact JSON round trip for frozen dataclasses built of scalars, tuples and other dataclasses.

Decoding compiles one small function per type (from its type hints) and caches it, so rebuilding
a state or an event costs a few dict look-ups per field.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

from rules_core.engine.recent import PACKS_KEPT, Recent
from rules_core.engine.types import JSON

T = TypeVar("T")
Decoder = Callable[[Any], Any]


_ENCODED: Recent[tuple[type, Any], JSON] = Recent(PACKS_KEPT)  # by class and content key


def to_json(value: object) -> JSON:
    """Turn a dataclass value (recursively) into plain JSON: tuples become lists.

    Values of a class with a `__json_key__` (content identified by one field) are encoded once
    while among the last PACKS_KEPT so encoded; the shared result must be treated as read-only.
    """
    cls: Any = type(value)
    if cls in _PLAIN:
        return typing.cast(JSON, value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if _is_dataclass_type(cls):
        memo_key = getattr(cls, "__json_key__", None)
        if memo_key is not None:
            return _ENCODED.get_or_make(
                (cls, getattr(value, memo_key)),
                lambda: {name: to_json(getattr(value, name)) for name in _field_names(cls)},
            )
        return {name: to_json(getattr(value, name)) for name in _field_names(cls)}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, frozenset):
        return [to_json(v) for v in sorted(value)]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


_PLAIN = frozenset({bool, int, float, str})  # exactly these types: returned as they are


@cache
def _is_dataclass_type(cls: type) -> bool:
    return dataclasses.is_dataclass(cls)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def from_json(cls: type[T], data: JSON) -> T:
    """Rebuild a value of type `cls` from what `to_json` produced."""
    decoder: Decoder = _decoder(typing.cast(Any, cls))
    return typing.cast(T, decoder(data))


@cache
def _decoder(tp: Any) -> Decoder:
    """A function that decodes JSON into `tp`, raising TypeError on a mismatch."""
    if tp is Any:
        return lambda data: data
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return _union_decoder(tp)
    if origin is tuple:
        return _tuple_decoder(tp)
    if origin is frozenset:
        item = _decoder(get_args(tp)[0])

        def decode_frozenset(data: Any) -> Any:
            if not isinstance(data, list):
                raise TypeError(f"expected a list for {tp}, got {data!r}")
            return frozenset(item(v) for v in data)

        return decode_frozenset
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if tp in (int, str, bool, float):
        return _scalar_decoder(tp)
    if tp is type(None):

        def decode_none(data: Any) -> None:
            if data is not None:
                raise TypeError(f"expected null, got {data!r}")

        return decode_none
    raise TypeError(f"cannot decode type {tp!r}")


def _scalar_decoder(tp: type) -> Decoder:
    def decode_scalar(data: Any) -> Any:
        if type(data) is tp:
            return data
        if tp is float and type(data) is int:
            return float(data)
        raise TypeError(f"expected {tp.__name__}, got {data!r}")

    return decode_scalar


def _tuple_decoder(tp: Any) -> Decoder:
    args = get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        if args[0] in (int, str):
            kind = args[0]

            def decode_scalars(data: Any) -> Any:
                if not isinstance(data, list) or any(type(v) is not kind for v in data):
                    raise TypeError(f"expected a list of {kind.__name__}, got {data!r}")
                return tuple(data)

            return decode_scalars

        def decode_homogeneous(data: Any) -> Any:
            if not isinstance(data, list):
                raise TypeError(f"expected a list for {tp}, got {data!r}")
            return tuple([item(v) for v in data])

        return decode_homogeneous
    items = [_decoder(a) for a in args]

    def decode_fixed(data: Any) -> Any:
        if not isinstance(data, list) or len(data) != len(items):
            raise TypeError(f"expected {len(items)} items for {tp}, got {data!r}")
        return tuple([decode(v) for decode, v in zip(items, data, strict=True)])

    return decode_fixed


def _union_decoder(tp: Any) -> Decoder:
    args = get_args(tp)
    optional = type(None) in args
    options = [a for a in args if a is not type(None)]
    if len(options) == 1:
        inner = _decoder(options[0])

        def decode_optional(data: Any) -> Any:
            return None if data is None and optional else inner(data)

        return decode_optional
    decoders = [(a, _decoder(a)) for a in options]

    def decode_union(data: Any) -> Any:
        if data is None and optional:
            return None
        for arg, decode in decoders:
            if _matches(arg, data):
                return decode(data)
        raise TypeError(f"value {data!r} matches none of {tp}")

    return decode_union


def _dataclass_decoder(cls: type) -> Decoder:
    """Decode an object into `cls`.

    A class naming a content-identifying field in `__json_key__` (e.g. a content pack's digest)
    is decoded once per distinct key while among the last PACKS_KEPT so decoded: equal keys mean
    equal values, and values are immutable.
    """
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    # a field added later with a default reads older data that lacks it
    optional = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    }
    compiled: list[list[tuple[str, Decoder]]] = []  # filled on first use (types may nest)
    memo_key: str | None = getattr(cls, "__json_key__", None)
    memo: Recent[Any, Any] = Recent(PACKS_KEPT)

    def decode_dataclass(data: Any) -> Any:
        if not compiled:
            compiled.append([(name, _decoder(hints[name])) for name in names])
        decoders = compiled[0]
        if not isinstance(data, dict):
            raise TypeError(f"expected an object for {cls.__name__}, got {data!r}")
        if memo_key is not None and (known := memo.get(data.get(memo_key))) is not None:
            return known
        fields = {name: decode(data[name]) for name, decode in decoders if name in data}
        if len(fields) < len(decoders):
            lacking = [name for name, _ in decoders if name not in data and name not in optional]
            if lacking:
                raise TypeError(f"{cls.__name__} needs field {lacking[0]!r}")
        value = cls(**fields)
        if memo_key is not None:
            memo.put(data[memo_key], value)
        return value

    return decode_dataclass


def _matches(tp: Any, data: Any) -> bool:
    if tp in (int, str, bool, float):
        return type(data) is tp or (tp is float and type(data) is int)
    origin = get_origin(tp)
    if origin in (tuple, frozenset):
        return isinstance(data, list)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return isinstance(data, dict)
    return False
