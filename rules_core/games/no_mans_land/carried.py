"""How each No Man's Land move's parameters name things (`Carries`,
rules_core/engine/moves.py): each one id (a card, a district, a piece) or number, or yes or no.
A crime committed face down is carried by `crime_hidden.card`, hidden from the heroes; a card
drawn in the same move is another card, named only where its id is the crime's whole id (a
`fire-1` drawn names no `bushfire-1` or `fire-10` committed face up)."""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine.moves import Carries, carried_in, ones

CARRIES: Mapping[str, Mapping[str, Carries]] = {
    "recruit": ones("card", "district"),
    "crime": {"card": carried_in("crime_hidden.card"), **ones("district", "face_down")},
    "signal": ones("card", "district"),
    "extra": ones("counters"),
    "move": ones("piece", "to"),
    "fight": ones("district", "card"),
    "draw": {},
    "end": {},
}
