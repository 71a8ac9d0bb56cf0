"""How much of a stored move a viewer may see in a replay: no more than the move's events show.

A move's parameters say what its events say: the choice a die's event hides from the other
seats is the move's `choice`, the cards a discard hides were named in it. So a parameter is
withheld when an event of the move hides a field of the same name from the viewer, or when its
value names something such an event hides (a hidden card id in "2-hearts,2-spades"); and a move
with any parameter withheld is not put into words either (its label would name what is hidden).
What the events show stays shown: a draw's deck, while the drawn card is hidden; a card another
event of the move shows the viewer (the Gotham Race pile turned, then shuffled back under the
decks in the order nobody sees), or shows in a field of the parameter's name (a seat's own card
placed, while the cards placed after it for figures nobody races are hidden); a card played face
up and later shuffled back into a deck.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.hiding import json_strings
from rules_core.engine.types import JSON

ALWAYS_SHOWN = frozenset({"seat", "type"})  # who moved and what kind of move
SHORTEST_NAME = 3  # a hidden value this long or longer is looked for inside a parameter


@dataclass(frozen=True, slots=True)
class Hidden:
    """What a move's events hide from a viewer: their fields and the values in them; and the
    values they show it (a value one event hides and another shows is not hidden)."""

    fields: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()
    shown: frozenset[str] = frozenset()
    # the fields shown with a text value: a field one event hides and another shows the viewer
    # with that value (a seat's own card placed, beside a card placed for a figure nobody races)
    named: frozenset[tuple[str, str]] = frozenset()

    @staticmethod
    def between(full: JSON, shown: JSON) -> Hidden:
        """What an event's data `shown` to a viewer hides of its `full` data."""
        if not isinstance(full, dict) or not isinstance(shown, dict):
            return Hidden()
        leaves = frozenset(json_strings(shown, keys=False))  # a field's name is no value shown
        named = frozenset((k, v) for k, v in shown.items() if isinstance(v, str))
        if full == shown:
            return Hidden(shown=leaves, named=named)
        fields = frozenset(k for k, v in full.items() if shown.get(k) != v)
        seen = set(json_strings(shown))
        values = frozenset(
            v for k in fields for v in json_strings(full[k]) if v not in seen and v not in fields
        )
        return Hidden(fields, values, leaves, named)

    def __or__(self, other: Hidden) -> Hidden:
        return Hidden(
            self.fields | other.fields,
            self.values | other.values,
            self.shown | other.shown,
            self.named | other.named,
        )

    def names(self, name: str, value: JSON) -> bool:
        """Whether a move parameter would tell the viewer something hidden."""
        if name in self.fields:
            return not (isinstance(value, str) and (name, value) in self.named)
        return any(
            hidden in text
            for text in json_strings(value)
            for hidden in self.values - self.shown
            if len(hidden) >= SHORTEST_NAME
        )


def move_shown(move: dict[str, JSON], hidden: Hidden) -> dict[str, JSON]:
    """The move with each parameter that would tell something hidden set to None."""
    return {
        name: value if name in ALWAYS_SHOWN or not hidden.names(name, value) else None
        for name, value in move.items()
    }
