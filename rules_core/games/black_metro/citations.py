"""The Black Metro rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "black-metro"


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Black Metro starter guide."""
    return tuple(Citation(BOOK, s) for s in sections)
