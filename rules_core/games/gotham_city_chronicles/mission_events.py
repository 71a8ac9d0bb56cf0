"""The events of a mission's own objects: its actions, tokens, contents laid and taken,
explosions, the river dredged and characters demobilized (the mission sheet's special rules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_chronicles.citations import cite, roman
from rules_core.games.gotham_city_chronicles.movement_events import YellowDice
from rules_core.games.gotham_city_chronicles.state import Sequel


@dataclass(frozen=True, slots=True)
class MissionActionDone(GameEvent):
    """A manipulation or thought the mission allows, carried out; its effects follow."""

    type: ClassVar[str] = "mission_action_done"
    in_words: ClassVar[str] = (
        "A hero or character carries out a manipulation or thought the mission allows, and its "
        "effects follow."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("i")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *roman("v-c-3-b", 4),
        "v-c-4.automatic-thought",
        "vi-c-3",
        "vi-c-4",
        "vi-c-5",
        *roman("vi-d-3-b", 3),
        "vi-d-4.automatic-thought",
        "vi-d-3",
    )
    figure: str
    action: str
    cubes: int  # a hero's cube on the action space (characters spend none)
    characteristic: int = -1  # a character's characteristic (VI·C·3; -1 for a hero)

    def cited(self) -> tuple[Citation, ...]:
        if self.cubes:
            return (*self.citations, *cite(*roman("v-c-3-b", 3)))
        return (*self.citations, *cite("vi-c-3", "vi-c-4", "vi-d-3", "vi-d-3-b", "vi-d-3-b-ii"))


@dataclass(frozen=True, slots=True)
class TokenChanged(GameEvent):
    """A mission token turns to another state, or its countdown changes."""

    type: ClassVar[str] = "token_changed"
    in_words: ClassVar[str] = "A mission token turns to another state, or its countdown moves."
    citations: ClassVar[tuple[Citation, ...]] = cite("i", "iv-a-2")
    token: str
    state: str
    countdown: int


@dataclass(frozen=True, slots=True)
class ContentsLaid(GameEvent):
    """An opened token's contents are laid in its area, to be picked up (V·D·1 [b])."""

    type: ClassVar[str] = "contents_laid"
    in_words: ClassVar[str] = (
        "An opened token's contents are laid in its area, ready to be picked up."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("i", "v-d-1-b")
    token: str
    items: tuple[str, ...]
    area: str


@dataclass(frozen=True, slots=True)
class ContentsTaken(GameEvent):
    """The hero who opened a token adds to the items they carry what they are able to carry."""

    type: ClassVar[str] = "contents_taken"
    in_words: ClassVar[str] = (
        "The hero who opened a token takes as much of its contents as they can carry."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("i", "v-d-1-a", "v-d")
    token: str
    hero: str
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Exploded(GameEvent):
    """An explosion: the area's dangerous level raised for a moment (each miniature there rolls
    yellow dice for the increase), then back to what it was."""

    type: ClassVar[str] = "exploded"
    in_words: ClassVar[str] = (
        "An explosion makes an area more dangerous for a moment, and every miniature there rolls "
        "yellow dice."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-r", "ix-r-1", "ix-r-2", "ix-q")
    area: str
    level: int


@dataclass(frozen=True, slots=True)
class AreaDiceRolled(YellowDice):
    """One miniature's yellow dice for an explosion or a token placed in its area, before its
    reroll step (VIII: after any roll); the wounds follow as TerrainRolled, then `sequel`: the
    other miniatures' rolls and the rest of the effect (area_rolls.py)."""

    type: ClassVar[str] = "area_dice_rolled"
    in_words: ClassVar[str] = (
        "A miniature caught by an explosion or by a token made dangerous rolls yellow dice, which "
        "its player may still reroll."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-q", "viii", "ix-d")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("ix-r", "ix-o")
    sequel: Sequel  # what follows once the roll is counted (reason: explosion | dangerous)

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite("ix-r" if self.reason == "explosion" else "ix-o"))


@dataclass(frozen=True, slots=True)
class RiverDredged(GameEvent):
    """A neutralized tile leaves the river for the box; its cubes leave the game."""

    type: ClassVar[str] = "river_dredged"
    in_words: ClassVar[str] = (
        "The villain dredges a neutralized tile out of the river, and the cubes paid for it leave "
        "the game."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-f", "ix-b")
    tile: str
    cubes: int


@dataclass(frozen=True, slots=True)
class Demobilized(GameEvent):
    """Once a game: an elite or henchman tile dredged as if neutralized, its miniatures off the
    board."""

    type: ClassVar[str] = "demobilized"
    in_words: ClassVar[str] = (
        "Once a game, the villain demobilizes an elite or henchman tile, taking its miniatures off "
        "the board."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("vi-g", "vi-f", "vi-a-2-a")
    tile: str
    cubes: int


_ORDER_SECTIONS = {
    "upkeep": "iv-a-2",
    "heroes_start": "v-b-2",
    "heroes_end": "v-b-6",
    "villain_start": "vi-b-2",
    "villain_end": "vi-b-5",
}


@dataclass(frozen=True, slots=True)
class EffectOrderAsked(GameEvent):
    """Effects that trigger together, whose order can change what happens: the side concerned
    chooses which comes first (effect_order.py)."""

    type: ClassVar[str] = "effect_order_asked"
    in_words: ClassVar[str] = (
        "Several of the mission's effects trigger at the same time, and the side concerned "
        "chooses the order they take place in."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("i")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(*_ORDER_SECTIONS.values())
    step: str  # upkeep | heroes_start | heroes_end | villain_start | villain_end
    effects: tuple[str, ...]  # the effects due, in the mission's order

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite(_ORDER_SECTIONS[self.step]))


@dataclass(frozen=True, slots=True)
class EffectOrderChosen(GameEvent):
    """The side concerned chose the effect that takes place first; the others wait."""

    type: ClassVar[str] = "effect_order_chosen"
    in_words: ClassVar[str] = (
        "The side concerned chooses which of the effects triggering together takes place first."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("i")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(*_ORDER_SECTIONS.values())
    step: str
    effect: str

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite(_ORDER_SECTIONS[self.step]))
