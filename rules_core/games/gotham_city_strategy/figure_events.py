"""Gotham City Strategy's events of the villains' and henchmen's figures: henchmen recruited,
placed, lost and sent home, a move planned step by step and its figures moving (each folded by
one handler in evolve.py, listed in events.TABLE_EVENTS)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_strategy.citations import cite
from rules_core.games.gotham_city_strategy.state import Plan


@dataclass(frozen=True, slots=True)
class HenchmenMoved(GameEvent):
    """`count` of `owner`'s henchmen go from one location to another (-1: the hideout)."""

    type: ClassVar[str] = "henchmen_moved"
    in_words: ClassVar[str] = "A villain's henchmen move from a block or the hideout to another."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move", "glossary.hideout")
    owner: int
    source: int
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class HenchmanLost(GameEvent):
    """A henchman returns to the reserves (no longer recruited)."""

    type: ClassVar[str] = "henchman_lost"
    in_words: ClassVar[str] = (
        "A villain loses a henchman, which goes back to the reserves and no longer counts as "
        "recruited."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.effect.carry-out", "glossary.henchmen"
    )
    owner: int
    source: int


@dataclass(frozen=True, slots=True)
class VillainMoved(GameEvent):
    type: ClassVar[str] = "villain_moved"
    in_words: ClassVar[str] = "A villain moves to a block or back to their hideout."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move", "glossary.hideout")
    owner: int
    target: int


@dataclass(frozen=True, slots=True)
class Recruited(GameEvent):
    type: ClassVar[str] = "recruited"
    in_words: ClassVar[str] = "A villain pays money to recruit henchmen into their hideout."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.recruit", "glossary.henchmen")
    count: int
    cost: int


@dataclass(frozen=True, slots=True)
class HenchmanPlaced(GameEvent):
    """A henchman from the seat's hideout onto a block, as a card allows."""

    type: ClassVar[str] = "henchman_placed"
    in_words: ClassVar[str] = (
        "A villain places a henchman from their hideout onto a block, as a card allows."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.effect.carry-out", "glossary.hideout"
    )
    block: int


@dataclass(frozen=True, slots=True)
class HenchmenSentHome(GameEvent):
    """Every henchman on `block` goes back to its owner's hideout, but `spare`'s (-1: none)."""

    type: ClassVar[str] = "henchmen_sent_home"
    in_words: ClassVar[str] = (
        "Every henchman on a block, except perhaps one villain's, is sent back to its hideout."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("glossary.hideout")
    # Batman's arrival (nobody spared), a villain's move (made by the table), or a card
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.bat-signal", "turn.move", "turn.plot.effect.carry-out"
    )
    block: int
    spare: int

    def cited(self) -> tuple[Citation, ...]:
        why = 0 if self.spare < 0 else 1 if self.seat is None else 2
        return (*self.citations, self.may_cite[why])


@dataclass(frozen=True, slots=True)
class MovementBegan(GameEvent):
    """The seat starts moving its figures (paid for before, unless an ability makes it free)."""

    type: ClassVar[str] = "movement_began"
    in_words: ClassVar[str] = (
        "A villain starts moving their figures, paying information for it unless an ability makes "
        "it free."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move")


@dataclass(frozen=True, slots=True)
class MovementEnded(GameEvent):
    """The planned figures have arrived; the turn's actions go on (no more recruiting)."""

    type: ClassVar[str] = "movement_ended"
    in_words: ClassVar[str] = (
        "A villain's planned moves are made and the figures arrive, after which no more henchmen "
        "may be recruited this turn."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move")


@dataclass(frozen=True, slots=True)
class MovePlanned(GameEvent):
    """The figures a player has chosen to move so far (applied when the move is done)."""

    type: ClassVar[str] = "move_planned"
    in_words: ClassVar[str] = (
        "A villain plans, step by step and in the open, where their villain and henchmen will move."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move")
    plan: Plan
