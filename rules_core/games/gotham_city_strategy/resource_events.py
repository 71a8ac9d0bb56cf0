"""Gotham City Strategy's events of money and information: resources changing hands in the open,
taken instead of a card's effect or stolen after a fight, and a screen lifted (each folded by one
handler in evolve.py, listed in events.TABLE_EVENTS)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_strategy.citations import cite

# why money or information changes hands (ResourcesChanged.reason), and the rule that says so
_BECAUSE: dict[str, tuple[str, ...]] = {
    "income": ("turn.plot.income", "glossary.income", "glossary.ruling", "two-player"),
    "card": ("turn.plot.effect.carry-out", "glossary.resource"),
    "level": ("turn.level.verify",),
    "move": ("turn.move",),
    "ability": ("glossary.ability",),
}


@dataclass(frozen=True, slots=True)
class ResourcesChanged(GameEvent):
    """Money and information taken from or paid to the reserves or another player, in the open
    (gains, payments, incomes, costs): only the totals behind the screen are hidden."""

    type: ClassVar[str] = "resources_changed"
    in_words: ClassVar[str] = (
        "A villain gains or pays money and information in the open, from or to the reserves or "
        "another villain."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "glossary.money", "glossary.information", "glossary.reserves"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *sorted({s for r in _BECAUSE.values() for s in r})
    )
    owner: int
    money: int
    information: int
    reason: str  # a key of _BECAUSE

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite(*_BECAUSE.get(self.reason, ())))


@dataclass(frozen=True, slots=True)
class ResourcesTaken(GameEvent):
    """Instead of the card's effect, two tokens from the reserves (in the open)."""

    type: ClassVar[str] = "resources_taken"
    in_words: ClassVar[str] = (
        "Instead of carrying out the played card, a villain takes two of money, information or "
        "threats from the reserves."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.effect", "turn.plot.effect.resources"
    )
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Stolen(GameEvent):
    """The winner of a fight takes a token of `resource` from `victim` (`amount` 0: the victim
    had neither money nor information left, and the theft ends)."""

    type: ClassVar[str] = "stolen"
    in_words: ClassVar[str] = (
        "With a stealing ability, the winner of a fight takes money or information from the "
        "villain they beat."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.fight-villains", "glossary.resource")
    victim: int
    resource: str
    amount: int


@dataclass(frozen=True, slots=True)
class ScreenShown(GameEvent):
    """A player who cannot give or lose all a card or a theft asks lifts the screen and shows
    the money and information behind it to the table (turn.plot.effect.carry-out)."""

    type: ClassVar[str] = "screen_shown"
    in_words: ClassVar[str] = (
        "A villain who cannot give or lose all that is asked lifts their screen to show their "
        "money and information."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.effect.carry-out", "glossary.hideout"
    )
    owner: int
    money: int
    information: int
