"""The Gotham Race rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "gotham-race"


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Gotham Race rulebook."""
    return tuple(Citation(BOOK, s) for s in sections)


CARD_SECTIONS = {1: "cards.first", 2: "cards.second", 3: "cards.third", 4: "cards.fourth"}
