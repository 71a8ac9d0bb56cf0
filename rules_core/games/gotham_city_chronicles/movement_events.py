"""The events of a movement (V·C·5, VI·C·2, VI·C·6): its declaration, move points bought, each
move, the yellow dice of a fall or of dangerous terrain (IX Q) and the movement's end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_chronicles.citations import cite, lettered


@dataclass(frozen=True, slots=True)
class MovementDeclared(GameEvent):
    """A hero (or character) declares a movement: the move point pool, with the first
    movement's bonus."""

    type: ClassVar[str] = "movement_declared"
    in_words: ClassVar[str] = (
        "A hero or character declares a movement and gets its pool of move points."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-b-4", "v-b-5", "v-c", *lettered("v-c-5", "c"), "v-a.encumbrance-table"
    )
    mover: str
    points: int
    first: bool


@dataclass(frozen=True, slots=True)
class MovePointsBought(GameEvent):
    """Cubes spent on the movement space for the missing move points."""

    type: ClassVar[str] = "move_points_bought"
    in_words: ClassVar[str] = (
        "A hero spends cubes on the movement space to buy the move points they lack."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-c-5-f", "ix-c", "ix-i", "v-a.action-spaces")
    mover: str
    cubes: int
    points: int


@dataclass(frozen=True, slots=True)
class Moved(GameEvent):
    """One move: its type, level and cost, paid from the pool."""

    type: ClassVar[str] = "moved"
    in_words: ClassVar[str] = (
        "A hero or character makes one move, whether a step, jump, climb or fall, paying its cost "
        "from the move point pool."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-c-5-d", "v-c-5-e", "v-c-5-g", "v-c-5-h", "v-c-5-j", "iii-b", "iii-c", "iii-d", "ix-h"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite("ix-n", "ix-p", "iii-h", "iii-g")
    mover: str
    source: str
    target: str
    kind: str  # simple | fall | jump | climb
    level: int
    cost: int
    hindering: int
    difficult: int

    def cited(self) -> tuple[Citation, ...]:
        extra = [
            *(("ix-n",) if self.hindering else ()),
            *(("ix-p", "iii-h") if self.difficult else ()),
        ]
        return (*self.citations, *cite(*extra))


@dataclass(frozen=True, slots=True)
class YellowDice(GameEvent):
    """Yellow dice rolled at one miniature for its terrain: a fall, dangerous terrain entered or
    made so by a token, an explosion (V·C·5 [i], IX Q-R); the events below share its fields."""

    figure: str
    reason: str  # fall | dangerous | explosion
    dice: tuple[str, ...]
    faces: tuple[int, ...]

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *(cite("ix-q", "iii-h") if self.reason == "dangerous" else ()))


@dataclass(frozen=True, slots=True)
class TerrainDiceRolled(YellowDice):
    """Yellow dice rolled for a fall or for entering dangerous terrain, before the reroll step
    (VIII: the players may always reroll after a roll); their wounds follow as TerrainRolled."""

    type: ClassVar[str] = "terrain_dice_rolled"
    in_words: ClassVar[str] = (
        "A figure that falls or enters dangerous terrain rolls yellow dice, which may still be "
        "rerolled."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-c-5-i", "viii", "ix-d")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("ix-q", "iii-h")


@dataclass(frozen=True, slots=True)
class TerrainRolled(YellowDice):
    """Yellow dice for a fall, dangerous terrain, or an explosion or a token in the miniature's
    area (as kept after the reroll step), and the wounds they deal. `by_area` marks an area's
    roll (IX Q-R), which cites the explosion's or the token's section instead of the movement's
    (rules version 10; older events lack it and keep the citations they were stored with)."""

    type: ClassVar[str] = "terrain_rolled"
    in_words: ClassVar[str] = (
        "The yellow dice for a fall, dangerous terrain or an explosion are kept, and the wounds "
        "they deal are counted."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-d", "ii.dice")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("v-c-5-i", "ix-q", "iii-h", "ix-r", "ix-o")
    wounds: int
    by_area: bool = False

    def cited(self) -> tuple[Citation, ...]:
        if not self.by_area:  # a movement's roll (V·C·5 [i]), and every roll before version 10
            return (*cite("v-c-5-i"), *YellowDice.cited(self))
        if self.reason == "explosion":
            return (*cite("ix-r", "ix-q"), *self.citations)
        return (*cite("ix-o", "ix-q", "iii-h"), *self.citations)


@dataclass(frozen=True, slots=True)
class MovementEnded(GameEvent):
    """The movement ends; unspent move points are lost."""

    type: ClassVar[str] = "movement_ended"
    in_words: ClassVar[str] = "A figure's movement ends, and its unspent move points are lost."
    citations: ClassVar[tuple[Citation, ...]] = cite("v-c-5-k")
    mover: str
    lost: int
