"""Gotham City Strategy's events of the villains' and henchmen's figures: henchmen recruited,
placed, lost and sent home, a move planned step by step and its figures moving (each folded by
one handler in evolve.py, listed in events.TABLE_EVENTS)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

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
    """A henchman from the seat's hideout onto a block, as a card allows (`seat` None: the one
    block left, the game's own step for the card's player, the player on turn)."""

    type: ClassVar[str] = "henchman_placed"
    in_words: ClassVar[str] = (
        "A villain places a henchman from their hideout onto a block, as a card allows."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.effect.carry-out", "glossary.hideout"
    )
    block: int


SENT_BY = ("batman", "move", "card")  # HenchmenSentHome.by, in the order of its may_cite


@dataclass(frozen=True, slots=True)
class HenchmenSentHome(GameEvent):
    """Every henchman on `block` goes back to its owner's hideout, but `spare`'s (-1: none);
    `by` Batman's arrival, the figures of a move arriving, or a card ("": a version 1 event,
    told apart by `spare` and `seat`); a card's with `seat` None is the game's own step (the
    one block the card can name, turns.answer_unasked)."""

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
    by: str = ""

    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        lambda d: {**d, "by": ""},
    )

    def cited(self) -> tuple[Citation, ...]:
        if self.by:
            return (*self.citations, self.may_cite[SENT_BY.index(self.by)])
        why = 0 if self.spare < 0 else 1 if self.seat is None else 2  # as version 1 cited
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
