"""The Gotham City Strategy rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "gotham-city-strategy"


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Gotham City Strategy rulebook."""
    return tuple(Citation(BOOK, s) for s in sections)
