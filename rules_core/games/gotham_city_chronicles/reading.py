"""Checked reads of a content pack's values: each refusal is a ContentError `<path>: <rule>`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.engine.content_limits import PackIds, at_index, at_key, fail, quote
from rules_core.engine.pack_sources import check_source

DIE_COLOURS = ("white", "yellow", "orange", "red", "black")  # II dice, IX D
REROLL_MARK = "+reroll"  # a die type with the free reroll icon (IX D, VIII B)
# What the game joins ids with, which no id a pack gives may hold: the action a character
# declares (state.Activation.action) is a mission action's id, or an attack or a skill joined
# to its characteristic by ":" ("melee:0", state.skill_action's "skill:<skill>"), so a mission
# action "melee:0" would be taken for that attack. A move or a record names a miniature, a
# tile, an item, an area, a token or a mission's effect by its id alone, and the game tells which
# by looking through them all (language.name), so they all share their ids; a character's is its
# tile's id and number (`<tile>-<n>`, Mission.characters). "event" is the river's event tile
# (mission.EVENT_TILE), which no id may be.
HERO, CHARACTER, TILE, ITEM, AREA = "a hero", "a character", "a tile", "an item", "an area"
TOKEN, ACTION, EVENT, END = "a token", "a mission action", "an event", "an end of the mission"
UPKEEP, TURN_EFFECT = "an upkeep effect", "a turn effect"
IDS = PackIds(
    (":",),
    reserved=("event",),
    shared=((HERO, CHARACTER, TILE, ITEM, AREA, TOKEN, ACTION, UPKEEP, TURN_EFFECT, EVENT, END),),
)


def table(raw: object, where: str) -> Mapping[str, Any]:
    """A TOML table (a JSON object)."""
    if not isinstance(raw, dict):
        raise fail(where, "must be a table")
    return raw


def sourced(raw: object, where: str) -> Mapping[str, Any]:
    """A table that says where its values come from."""
    entry = table(raw, where)
    check_source(entry, where)
    return entry


def value(raw: object, where: str) -> object:
    """A plain value, or the `value` of a `{ value, source }` table (its source checked)."""
    if isinstance(raw, dict) and "value" in raw:
        sourced(raw, where)
        return raw["value"]
    return raw


def whole(raw: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    """A required whole number from `low` to `high`."""
    path = at_key(where, key)
    number = value(raw.get(key), path)
    if not isinstance(number, int) or isinstance(number, bool) or not low <= number <= high:
        raise fail(path, f"must be a whole number from {low} to {high}")
    return number


def optional_whole(
    raw: Mapping[str, Any], key: str, where: str, low: int, high: int, default: int = 0
) -> int:
    """A whole number that may be left out (`default`)."""
    return whole(raw, key, where, low, high) if key in raw else default


def text(raw: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    """A text field; a required one may not be empty."""
    path = at_key(where, key)
    found = value(raw.get(key, None if required else ""), path)
    if not isinstance(found, str) or (required and not found):
        raise fail(path, "must be text" if not required else "must be a non-empty text")
    return found


def own_id(raw: Mapping[str, Any], where: str) -> str:
    """The id an entry gives itself: a non-empty text holding none of the characters ids are
    joined with (IDS)."""
    return IDS.checked(text(raw, "id", where), at_key(where, "id"))


def flag(raw: Mapping[str, Any], key: str, where: str) -> bool:
    """A true/false field (false when absent)."""
    found = value(raw.get(key, False), at_key(where, key))
    if not isinstance(found, bool):
        raise fail(at_key(where, key), "must be true or false")
    return found


def choice(raw: Mapping[str, Any], key: str, where: str, choices: tuple[str, ...]) -> str:
    """One of a fixed set of words."""
    path = at_key(where, key)
    found = value(raw.get(key), path)
    if not isinstance(found, str) or found not in choices:
        raise fail(path, f"must be one of {', '.join(choices)}")
    return found


def items(raw: Mapping[str, Any], key: str, where: str, required: bool = False) -> list[object]:
    """The entries of a list field (none when an optional one is absent)."""
    path = at_key(where, key)
    if key not in raw and not required:
        return []
    found = value(raw.get(key), path)
    if not isinstance(found, list) or (required and not found):
        raise fail(path, "must be a non-empty list" if required else "must be a list")
    return found


def ident(raw: Mapping[str, Any], key: str, where: str, known: set[str] | frozenset[str]) -> str:
    """The id of something defined elsewhere in the pack."""
    path = at_key(where, key)
    found = value(raw.get(key), path)
    if not isinstance(found, str) or found not in known:
        shown = quote(found) if isinstance(found, str) else "a text id"
        raise fail(path, f"unknown id {shown}")
    return found


def ids(
    raw: Mapping[str, Any], key: str, where: str, known: set[str] | frozenset[str]
) -> tuple[str, ...]:
    """A list of ids of things defined elsewhere in the pack."""
    found = []
    path = at_key(where, key)
    for i, entry in enumerate(items(raw, key, where)):
        if not isinstance(entry, str) or entry not in known:
            shown = quote(entry) if isinstance(entry, str) else "a text id"
            raise fail(at_index(path, i), f"unknown id {shown}")
        found.append(entry)
    return tuple(found)


def die_type(raw: object, where: str) -> str:
    """A die type: a colour, with `+reroll` when it carries the free reroll icon."""
    colour = raw.removesuffix(REROLL_MARK) if isinstance(raw, str) else None
    if colour not in DIE_COLOURS:
        raise fail(where, f"must be a die colour ({', '.join(DIE_COLOURS)}), with +reroll or not")
    assert isinstance(raw, str)
    return raw


def die_types(raw: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    """A list of die types (none when absent)."""
    path = at_key(where, key)
    return tuple(die_type(d, at_index(path, i)) for i, d in enumerate(items(raw, key, where)))
