"""How much of a stored move a viewer may see in a replay: no more than the move's events show.

A move's parameters say what its events say, and each game declares how (`Carries`, in its
`MoveBook`): the ids in a parameter and how they are joined, and the event fields that carry it
(a Black Metro technology gained by its type is `technology_gained.kind`). So a parameter is
withheld when an event of the move hides from the viewer a field that carries it (unless an
event of the move shows the viewer its value in a field of that name: a Gotham Race card placed
face down, then resolved in the open in the same move), or when it names something such an
event hides: a hidden value whose parts are all parts of the parameter, split as declared (a
fortune in "2-hearts,2-spades", the rest of a chosen way "research:voltaic-edge|full-ranks#1"
in a die face's whole way); and a move with any parameter withheld is not put into words
either (its label would name what is hidden). A hidden field of another event, and a hidden id
that is only part of a parameter's id (a No Man's Land `fire-1` drawn beside a `bushfire-1`
committed face up), withhold nothing. A parameter no declaration covers is read
as before they existed: withheld when any event of the move hides a field of its name, or a
hidden value (of SHORTEST_NAME characters or more) lies anywhere in it.

What the events show stays shown: a draw's deck, while the drawn card is hidden; a card another
event of the move shows the viewer (the Gotham Race pile turned, then shuffled back under the
decks in the order nobody sees), or shows in a field that carries the parameter (a seat's own
card placed, while the cards placed after it for figures nobody races are hidden); a card
played face up and later shuffled back into a deck.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from rules_core.engine.hiding import json_strings
from rules_core.engine.moves import Carries, MoveBook
from rules_core.engine.types import JSON

ALWAYS_SHOWN = frozenset({"seat", "type"})  # who moved and what kind of move
SHORTEST_NAME = 3  # a hidden value this long or longer is looked for inside undivided text


@dataclass(frozen=True, slots=True)
class Hidden:
    """What a move's events hide from a viewer: their fields (`event_type.field`) and the values
    in them; and the values they show it (a value one event hides and another shows is not
    hidden)."""

    fields: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()
    shown: frozenset[str] = frozenset()
    # the fields shown with a text value: a field one event hides and another shows the viewer
    # with that value (a seat's own card placed, beside a card placed for a figure nobody races)
    named: frozenset[tuple[str, str]] = frozenset()

    @staticmethod
    def between(kind: str, full: JSON, shown: JSON) -> Hidden:
        """What the data `shown` to a viewer of an event of type `kind` hides of its `full`
        data."""
        if not isinstance(full, dict) or not isinstance(shown, dict):
            return Hidden()
        leaves = frozenset(json_strings(shown, keys=False))  # a field's name is no value shown
        named = frozenset((f"{kind}.{k}", v) for k, v in shown.items() if isinstance(v, str))
        if full == shown:
            return Hidden(shown=leaves, named=named)
        differ = [k for k, v in full.items() if shown.get(k) != v]
        seen = set(json_strings(shown))
        values = frozenset(
            v for k in differ for v in json_strings(full[k]) if v not in seen and v not in differ
        )
        return Hidden(frozenset(f"{kind}.{k}" for k in differ), values, leaves, named)

    def __or__(self, other: Hidden) -> Hidden:
        return Hidden(
            self.fields | other.fields,
            self.values | other.values,
            self.shown | other.shown,
            self.named | other.named,
        )

    def names(self, name: str, value: JSON, carries: Carries | None = None) -> bool:
        """Whether a move parameter `name` that `carries` as declared (None: undeclared) would
        tell the viewer something hidden."""
        tied = carries.fields if carries is not None else self._named_alike({name})
        if self.fields & tied:  # unless a field of a tied one's name shows the viewer the value
            alike = self._named_alike({f.partition(".")[2] for f in tied})
            return not (isinstance(value, str) and any((f, value) in self.named for f in alike))
        hidden = self.values - self.shown
        texts = list(json_strings(value))
        if carries is None:
            return any(h in t for t in texts for h in hidden if len(h) >= SHORTEST_NAME)
        parts = {p for t in texts for p in _parts(t, carries.joins)}
        return any(named <= parts for named in (_parts(h, carries.joins) for h in hidden) if named)

    def _named_alike(self, names: set[str]) -> frozenset[str]:
        """The fields, hidden or shown, of any event that have one of these names."""
        known = self.fields | {f for f, _ in self.named}
        return frozenset(f for f in known if f.partition(".")[2] in names)


def _parts(text: str, joins: str) -> frozenset[str]:
    """The parts of `text` split at each character of `joins`, empty ones left out."""
    if not joins:
        return frozenset({text} - {""})
    return frozenset(re.split(f"[{re.escape(joins)}]", text)) - {""}


def declared(spec: object, move: Mapping[str, JSON]) -> Mapping[str, Carries] | None:
    """How the parameters of the move's type name things, as its game declares (None: its game
    has no `MoveBook`, or the book does not know the type)."""
    book = getattr(spec, "moves", None)
    return book.carries.get(str(move.get("type"))) if isinstance(book, MoveBook) else None


def move_shown(
    move: dict[str, JSON], hidden: Hidden, carries: Mapping[str, Carries] | None = None
) -> dict[str, JSON]:
    """The move with each parameter that would tell something hidden set to None (`carries`:
    how its type's parameters name things; None where its game declares none)."""
    declared = carries or {}
    return {
        name: (
            value
            if name in ALWAYS_SHOWN or not hidden.names(name, value, declared.get(name))
            else None
        )
        for name, value in move.items()
    }
