"""Duel's events: what happens at the table, each citing the section it follows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.visibility import ACTOR, NOBODY_COUNT

BOOK = "duel"


def cite(*sections: str) -> tuple[Citation, ...]:
    return tuple(Citation(BOOK, s) for s in sections)


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    """The deck shuffled (its order seen by nobody)."""

    type: ClassVar[str] = "game_started"
    secret: ClassVar[Mapping[str, Hidden]] = {"deck": NOBODY_COUNT}
    citations: ClassVar[tuple[Citation, ...]] = cite("setup")
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDealt(GameEvent):
    """A seat's starting hand (seen by that seat)."""

    type: ClassVar[str] = "cards_dealt"
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("setup")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardDrawn(GameEvent):
    """The top card of the deck into a hand (seen by its holder)."""

    type: ClassVar[str] = "card_drawn"
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("turn")
    card: str


@dataclass(frozen=True, slots=True)
class CardPlayed(GameEvent):
    """A card played face up; the other seat is asked to respond."""

    type: ClassVar[str] = "card_played"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn", "turn.respond")
    card: str


@dataclass(frozen=True, slots=True)
class Blocked(GameEvent):
    """The responder discards a card of the same suit, face up: the played card does nothing."""

    type: ClassVar[str] = "blocked"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.respond")
    card: str


@dataclass(frozen=True, slots=True)
class Allowed(GameEvent):
    """The responder lets the played card through."""

    type: ClassVar[str] = "allowed"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.respond")


@dataclass(frozen=True, slots=True)
class GoldGained(GameEvent):
    """A seat takes gold from the bank."""

    type: ClassVar[str] = "gold_gained"
    citations: ClassVar[tuple[Citation, ...]] = cite("cards")
    owner: int
    amount: int


@dataclass(frozen=True, slots=True)
class GoldStolen(GameEvent):
    """A seat takes gold from the other (what they have)."""

    type: ClassVar[str] = "gold_stolen"
    citations: ClassVar[tuple[Citation, ...]] = cite("cards")
    thief: int
    victim: int
    amount: int


@dataclass(frozen=True, slots=True)
class Passed(GameEvent):
    """A seat with no card to play or draw passes."""

    type: ClassVar[str] = "passed"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn")


@dataclass(frozen=True, slots=True)
class TurnBegan(GameEvent):
    """A seat's turn begins."""

    type: ClassVar[str] = "turn_began"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn", "overview")
    player: int


@dataclass(frozen=True, slots=True)
class GameFinished(GameEvent):
    """The winners: 5 gold at once, or the most gold once every card is played."""

    type: ClassVar[str] = "game_finished"
    citations: ClassVar[tuple[Citation, ...]] = cite("end")
    winners: tuple[int, ...]


EVENT_TYPES: dict[str, type[GameEvent]] = {
    cls.type: cls
    for cls in (
        GameStarted,
        CardsDealt,
        CardDrawn,
        CardPlayed,
        Blocked,
        Allowed,
        GoldGained,
        GoldStolen,
        Passed,
        TurnBegan,
        GameFinished,
    )
}
