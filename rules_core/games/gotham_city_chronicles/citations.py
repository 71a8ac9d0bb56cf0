"""The Gotham City Chronicles rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "gotham-city-chronicles"


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Gotham City Chronicles rulebook."""
    return tuple(Citation(BOOK, s) for s in sections)
