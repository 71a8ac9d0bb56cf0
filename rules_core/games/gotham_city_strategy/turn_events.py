"""Gotham City Strategy's events of a turn's frame and the game's end: the turn begun, levels
advanced and an ability chosen, the card drawn at the end, the final turns and the game finished
(each folded by one handler in evolve.py, listed in events.TABLE_EVENTS)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.upcasting import cited_as_stored
from rules_core.engine.visibility import ACTOR
from rules_core.games.gotham_city_strategy.citations import cite


@dataclass(frozen=True, slots=True)
class TurnStarted(GameEvent):
    type: ClassVar[str] = "turn_started"
    in_words: ClassVar[str] = "A villain's turn begins."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn")


@dataclass(frozen=True, slots=True)
class LevelAdvanced(GameEvent):
    type: ClassVar[str] = "level_advanced"
    in_words: ClassVar[str] = "A villain meets what their dial asks and advances a level."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.level.verify", "turn.level.verify.example", "glossary.level"
    )
    level: int
    old_citations: bool = False  # a version 1 event: led with the heading 'turn.level'

    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (cited_as_stored,)

    def cited(self) -> tuple[Citation, ...]:
        return (*cite("turn.level"), *self.citations) if self.old_citations else self.citations


@dataclass(frozen=True, slots=True)
class AbilityChosen(GameEvent):
    type: ClassVar[str] = "ability_chosen"
    in_words: ClassVar[str] = (
        "A villain who reached an ability icon this turn takes one of their ability cards."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.level.ability", "turn.level.ability.example", "glossary.ability"
    )
    card: str


@dataclass(frozen=True, slots=True)
class CardDrawn(GameEvent):
    type: ClassVar[str] = "card_drawn"
    in_words: ClassVar[str] = "At the end of their turn a villain draws a Criminal Plot card."
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.draw")
    card: str


@dataclass(frozen=True, slots=True)
class FinalTurnsBegan(GameEvent):
    type: ClassVar[str] = "final_turns_began"
    in_words: ClassVar[str] = (
        "The plot deck has run out, and the final turns, one for each villain, are counted down."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("end", "turn.draw")
    turns: int


@dataclass(frozen=True, slots=True)
class GameFinished(GameEvent):
    type: ClassVar[str] = "game_finished"
    in_words: ClassVar[str] = (
        "A villain reaches the top of their dial and rules Gotham, or the final turns are over and "
        "the villains highest on their dials win."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("end", "glossary.level")
    winners: tuple[int, ...]
    reason: str
