"""The events of the villain's side (VI, IX B): tiles activated, events, reinforcement, the
characters' activations and wounds, and the villain's turn's end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_chronicles.citations import cite, lettered


@dataclass(frozen=True, slots=True)
class CharacterWounded(GameEvent):
    """A character loses life points; at none left it is neutralized (IX A)."""

    type: ClassVar[str] = "character_wounded"
    in_words: ClassVar[str] = "A character of the villain's loses life points to wounds."
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-a", "vi-a-1")
    character: str
    wounds: int


@dataclass(frozen=True, slots=True)
class CharacterNeutralized(GameEvent):
    """The miniature leaves the board for the character pool."""

    type: ClassVar[str] = "character_neutralized"
    in_words: ClassVar[str] = (
        "A character is neutralized, and its miniature leaves the board for the character pool."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-b", "vi-e.character-pool")
    character: str


@dataclass(frozen=True, slots=True)
class TileNeutralized(GameEvent):
    """No character of the tile is left on the board: the tile goes face down to the river's
    right end."""

    type: ClassVar[str] = "tile_neutralized"
    in_words: ClassVar[str] = (
        "No character of a tile is left on the board, so the tile goes face down to the end of the "
        "river."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-b", "vi-a-2")
    tile: str


@dataclass(frozen=True, slots=True)
class TileActivated(GameEvent):
    """The villain pays a tile's activation cost and moves it to the river's right end."""

    type: ClassVar[str] = "tile_activated"
    in_words: ClassVar[str] = (
        "The villain pays a tile's activation cost in cubes and moves it to the end of the river."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        *lettered("vi-b-3", "c"), "vi-b-4", "ix-c", "vi-a-1"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite("vi-a-2-b", "vi-a-2-c")
    tile: str
    cost: int


@dataclass(frozen=True, slots=True)
class EventTriggered(GameEvent):
    """The event tile: one of the mission's events, then its reinforcement points."""

    type: ClassVar[str] = "event_triggered"
    in_words: ClassVar[str] = (
        "The event tile sets off one of the mission's events, and its reinforcement points follow."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-b-3-d", "vi-a-2-c")
    event: str


@dataclass(frozen=True, slots=True)
class ReinforcementPoints(GameEvent):
    """Reinforcement points gained (`points` > 0) or, unspent, lost (`points` < 0)."""

    type: ClassVar[str] = "reinforcement_points"
    in_words: ClassVar[str] = "The villain gains reinforcement points, or loses those left unspent."
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-e", "vi-b-3-d")
    points: int


@dataclass(frozen=True, slots=True)
class Reinforced(GameEvent):
    """A character comes back from the character pool into a reinforcement area."""

    type: ClassVar[str] = "reinforced"
    in_words: ClassVar[str] = (
        "A character comes back from the character pool into a reinforcement area."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-e", "vi-e.character-pool", "ix-h")
    character: str
    area: str
    cost: int


@dataclass(frozen=True, slots=True)
class CharacterActivated(GameEvent):
    """The villain designates a character of the active tile."""

    type: ClassVar[str] = "character_activated"
    in_words: ClassVar[str] = "The villain chooses a character of the active tile to activate."
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-c", "vi-c-1", "vi-b-3-d")
    character: str


def _ended_by_the_villain(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 was written only when the villain ended an activation (rules version 14 and
    older did not end it on a neutralization)."""
    return {**data, "neutralized": False}


@dataclass(frozen=True, slots=True)
class CharacterActivationEnded(GameEvent):
    """A character's activation ends: the villain ends it, or the character is neutralized while
    being activated (`neutralized`, IX B: it is off the board, so nothing of it acts on)."""

    type: ClassVar[str] = "character_activation_ended"
    in_words: ClassVar[str] = "A character's activation ends."
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _ended_by_the_villain,
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-c-7")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("ix-b")
    character: str
    neutralized: bool = False

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *(cite("ix-b") if self.neutralized else ()))


@dataclass(frozen=True, slots=True)
class TileActivationEnded(GameEvent):
    type: ClassVar[str] = "tile_activation_ended"
    in_words: ClassVar[str] = "A tile's activation ends."
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-b-3-e")
    tile: str


@dataclass(frozen=True, slots=True)
class VillainTurnEnded(GameEvent):
    type: ClassVar[str] = "villain_turn_ended"
    in_words: ClassVar[str] = "The villain's turn ends."
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-b-5", "vi-b-3")
