"""The checks every game makes of its options alike, in one place and in the same words: an
option its options schema does not declare, a switch (a `"boolean"` option) that is not true or
false, a content pack (the `content` option) that is not an object, that holds a text showing
nothing (`content_limits.blank_text`, a new game's pack only) or that the game's parser
refuses. What an option of a game's own means (Chronicles' bat-gadgets, City Strategy's
villains) the game checks itself, after these."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from rules_core.engine.content_limits import ContentError, blank_text
from rules_core.engine.types import JSON
from rules_core.engine.wording import listed

P = TypeVar("P")

NAMES_SHOWN = 5  # of the options a caller sent that the game lacks, named in the refusal
NAME_CHARS = 40  # of each such name


def options_problem(
    title: str, schema: Mapping[str, JSON], options: Mapping[str, JSON]
) -> str | None:
    """Why `options` do not fit the game's `schema` (its `options_schema`), or None: a name it
    does not declare, a switch that is not true or false, a content pack that is not an object
    (null asks for the reference pack)."""
    unknown = sorted(set(options) - set(schema))
    if unknown:
        named = [f"“{_shown(name)}”" for name in unknown[:NAMES_SHOWN]]
        more = len(unknown) - len(named)
        also = f" and {more} more" if more else ""
        takes = sorted(schema)
        its = (
            f"its options are {listed(takes)}"
            if len(takes) > 1
            else f"its only option is {takes[0]}"
        )
        return f"{title} has no option {' or '.join(named)}{also}; {its}."
    for name, value in options.items():
        entry = schema[name]
        kind = entry.get("type") if isinstance(entry, dict) else None
        if kind == "boolean" and not isinstance(value, bool):
            return f"The option “{name}” is true or false."
        if name == "content" and value is not None and not isinstance(value, dict):
            return "The option “content” is a content pack (a JSON object) or null."
        blank = blank_text(value) if name == "content" else None
        if blank is not None:
            return pack_refusal(blank)
    return None


def read_pack(read: Callable[[], P]) -> P | str:
    """The pack `read` gives, or why the caller's pack is refused (`content pack: <path>:
    <rule>`, as the game's parser or the pack limits say)."""
    try:
        return read()
    except ContentError as error:
        return pack_refusal(error)


def pack_refusal(error: ContentError) -> str:
    """A refusal of a caller's content pack, as every game and the service word it."""
    return f"content pack: {error}"


def _shown(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"
