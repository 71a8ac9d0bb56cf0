"""What the table sees of a chosen way to resolve an effect or a die face.

A choice is the ways of its choosing steps joined by "|" (facilities.choices). Most of it is done
in the open: a fortification built, a syndicate turned, personnel promoted, and the events that
follow say so to everybody. Two kinds of part are the chooser's alone: one that names cards from
their hand (missions returned or revealed, fortunes discarded), until the events that follow show
what the table sees of them; and the technology researched, which is downed face down and hidden
from the others until charged (appendix.science): they see that a technology was researched and
paid for, not which. So an event keeps its choice public with such parts as HIDDEN_PART, and
those parts, in order, beside it for the chooser alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

# the choosing steps whose way names cards from the chooser's hand, or a technology researched
CHOOSER_ONLY = frozenset(
    {"return_missions", "return_mission", "reveal_mission", "discard_fortunes", "research"}
)
RESEARCH = "research:"  # advance_or_research's way that researches (advancing is in the open)
HIDDEN_PART = "?"
_CARD = re.compile(r"^(?:[^,#]+#\d+|(?:[2-9]|10|[JQKA])-[a-z]+|Joker-\d+)$")


def split_choice(choice: str, ops: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """The choice as everybody sees it (each part the chooser's alone `HIDDEN_PART`) and those
    parts, in order; `ops` are the ops of its choosing steps (facilities.choosing_ops). A part
    whose step is not known is hidden when it is made only of card ids."""
    parts = choice.split("|") if choice else []
    steps = (*ops, *("",) * (len(parts) - len(ops)))
    shown: list[str] = []
    cards: list[str] = []
    for part, op in zip(parts, steps, strict=False):
        if part and (
            op in CHOOSER_ONLY
            or (op == "advance_or_research" and part.startswith(RESEARCH))
            or (not op and names_cards(part))
        ):
            shown.append(HIDDEN_PART)
            cards.append(part)
        else:
            shown.append(part)
    return "|".join(shown), tuple(cards)


def whole_choice(shown: str, cards: Sequence[str | None]) -> str:
    """The choice with its card parts back in their places (as `HIDDEN_PART` where the viewer
    was not shown them)."""
    remaining = iter(cards)
    parts = shown.split("|") if shown else []
    return "|".join(
        (next(remaining, None) or HIDDEN_PART) if p == HIDDEN_PART else p for p in parts
    )


def names_cards(part: str) -> bool:
    """A part made only of card ids (missions "name#n", fortunes "7-spades", "Joker-2")."""
    return bool(part) and all(_CARD.match(item) for item in part.split(","))


def split_recorded(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 of an event with a choice kept it whole and hidden from the other seats; read
    as version 2, every part made only of card ids stays hidden (the ops that chose it are not
    recorded) and the rest is shown."""
    parts = str(data.get("choice", "")).split("|") if data.get("choice") else []
    shown = [HIDDEN_PART if names_cards(p) else p for p in parts]
    return {**data, "choice": "|".join(shown), "cards": [p for p in parts if names_cards(p)]}
