"""The Gotham City Chronicles rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "gotham-city-chronicles"


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Gotham City Chronicles rulebook."""
    return tuple(Citation(BOOK, s) for s in sections)


ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def roman(parent: str, last: int) -> tuple[str, ...]:
    """A section and its steps numbered i to `last` in roman: ("v-c-3-a", "v-c-3-a-i", …)."""
    return (parent, *(f"{parent}-{n}" for n in ROMAN[:last]))


def lettered(parent: str, last: str) -> tuple[str, ...]:
    """A section and its steps lettered a to `last`: ("v-c-1", "v-c-1-a", …, "v-c-1-f")."""
    return (parent, *(f"{parent}-{chr(c)}" for c in range(ord("a"), ord(last) + 1)))
