"""The Gotham City Strategy rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "gotham-city-strategy"
VARIANT = "variant"  # the section of the increased-interaction variant (the face-down card)


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Gotham City Strategy rulebook."""
    return tuple(Citation(BOOK, s) for s in sections)


# why threats are removed (choices.removal_cause), and the sections that say so: Batman arriving
# on a block (up to his order value), Batman winning a fight (his controller must), or a card
REMOVALS: dict[str, tuple[str, ...]] = {
    "batman": ("glossary.order-value", "turn.plot.bat-signal"),
    "fight": ("glossary.order-value", "turn.fight-batman"),
    "card": ("turn.plot.effect.carry-out",),
}
