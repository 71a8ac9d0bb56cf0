"""Reading a Black Metro content pack: the checks every table shares (its source and reason,
numbers in range, texts, lists, effect steps), each refusal `<path>: <rule>`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.engine.content_limits import at_index, at_key, fail
from rules_core.engine.effects import Effect, EffectRegistry, Refs
from rules_core.engine.pack_sources import check_source
from rules_core.games.black_metro import vocabulary as v
from rules_core.games.black_metro.pack import IDS, Ability


def source(raw: object, where: str) -> None:
    if not isinstance(raw, dict):
        raise fail(where, "must be a table")
    check_source(raw, where, reason="reason")


def value(raw: object, where: str) -> object:
    """The `value` of a `{ value, source }` table."""
    if not isinstance(raw, dict) or "value" not in raw:
        raise fail(where, "must be { value = ..., source = ... }")
    source(raw, where)
    return raw["value"]


def whole(raw: object, where: str, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise fail(where, f"must be a whole number from {low} to {high}")
    return raw


def text(raw: Mapping[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise fail(where, f"needs a text {key}")
    return value


def ident(raw: Mapping[str, Any], where: str) -> str:
    """The id an entry gives itself: a text holding none of the characters ids are joined
    with (pack.IDS)."""
    return IDS.checked(text(raw, "id", where), at_key(where, "id"))


def table(raw: object, key: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise fail(key, "must be a table")
    return raw


def entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    """The entries of a `[[key]]` list, each with its source."""
    entries = data.get(key)
    if not isinstance(entries, list):
        raise fail(key, f"must be a list of [[{key}]] tables")
    for i, entry in enumerate(entries):
        source(entry, at_index(key, i))
    return entries


def as_list(raw: object, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise fail(where, "must be a list")
    return raw


def steps(raw: object, where: str, registry: EffectRegistry, refs: Refs) -> tuple[Effect, ...]:
    """An effect's steps, at least one and at most MOST_STEPS (README: each choosing step is a
    decision of its own, and all of them are checked when the effect is offered)."""
    steps = as_list(raw, where)
    if not steps:
        raise fail(where, "needs at least one step")
    if len(steps) > v.MOST_STEPS:
        raise fail(
            where,
            f"an effect has at most {v.MOST_STEPS} steps (twice the reference pack's most),"
            f" and this one has {len(steps)}",
        )
    return tuple(registry.compile(s, at_index(where, i), refs) for i, s in enumerate(steps))


def ability(raw: object, where: str, registry: EffectRegistry, refs: Refs) -> Ability:
    source(raw, where)
    assert isinstance(raw, dict)
    if_able = raw.get("if_able", False)
    if not isinstance(if_able, bool):
        raise fail(at_key(where, "if_able"), "must be true or false")
    return Ability(steps(raw.get("steps"), at_key(where, "steps"), registry, refs), if_able)


def costs(raw: object, where: str) -> tuple[tuple[str, int], ...]:
    costs = []
    for i, item in enumerate(as_list(raw, where)):
        at = at_index(where, i)
        if not isinstance(item, dict) or item.get("resource") not in v.RESOURCES:
            raise fail(at, f"needs a resource of {v.RESOURCES}")
        costs.append((item["resource"], whole(item.get("amount"), at_key(at, "amount"), 1, 15)))
    return tuple(costs)
