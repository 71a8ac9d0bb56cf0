"""The events of rolling actions: complex manipulations and thoughts, rerolls, attacks and
defense, and the automatic manipulations of item management (V·C, VI·D, VII, VIII)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_chronicles.citations import cite, lettered, roman


@dataclass(frozen=True, slots=True)
class ComplexActionRolled(GameEvent):
    """A hero declares a complex manipulation or thought the mission allows, spends cubes on
    its space and rolls the characteristic's dice with the tool bonuses."""

    type: ClassVar[str] = "complex_action_rolled"
    in_words: ClassVar[str] = (
        "A hero or character attempts a complex manipulation or thought the mission allows and "
        "rolls its dice."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-b-5",
        "ii.dice",
        "v-a.action-spaces",
        "v-c-3",
        *roman("v-c-3-a", 5),
        "i",
        "ix-c",
        "ix-i",
        "ix-e",
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "v-c-4",
        "v-c-4.complex-thought",
        "vi-d-3",
        *roman("vi-d-3-a", 4),
        "vi-d-4",
        "vi-d-4.complex-thought",
        "vi-c-3",
        "vi-c-4",
    )
    figure: str
    action: str
    space: str
    cubes: int
    pool: tuple[str, ...]
    faces: tuple[int, ...]
    characteristic: int = -1  # a character's characteristic (VI·C·3; -1 for a hero)
    lines: tuple[int, ...] = ()  # the tools' bonus lines chosen (V D 6, bonus_choice.py)

    def cited(self) -> tuple[Citation, ...]:
        steps: tuple[str, ...]
        if self.cubes:  # a hero's (V·C·3 [a], V·C·4)
            steps = ("v-c-4", "v-c-4.complex-thought") if self.space == "thought" else ()
            return (*self.citations, *cite(*steps))
        steps = ("i", "ii.dice", "ix-e", "vi-c-3", "vi-c-4", "vi-d-3", "vi-d-3-a", "vi-d-3-a-i")
        steps += ("vi-d-3-a-ii", "vi-d-3-a-iii")
        if self.space == "thought":
            steps += ("vi-d-4", "vi-d-4.complex-thought")
        return cite(*steps)


@dataclass(frozen=True, slots=True)
class DiceRerolled(GameEvent):
    """Dice of a roll rolled again: for free (a reroll icon each) or for a cube each."""

    type: ClassVar[str] = "dice_rerolled"
    in_words: ClassVar[str] = (
        "Dice of a roll are rolled again, free with a reroll icon or for a cube each."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "viii", "viii-a", "viii-e", "v-c-3-a-vi", "v-a.defense-and-reroll-spaces"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite("viii-b", "viii-c", "viii-d", "ix-i")
    figure: str
    dice: tuple[int, ...]  # indexes in the pool
    faces: tuple[int, ...]  # their new faces
    cubes: int  # 0: free rerolls

    def cited(self) -> tuple[Citation, ...]:
        extra = ("viii-c", "viii-d", "ix-i") if self.cubes else ("viii-b",)
        return (*self.citations, *cite(*extra))


@dataclass(frozen=True, slots=True)
class FreeRerollPicked(GameEvent):
    """A die of a roll chosen for its free reroll, one at a time (rules version 25: before,
    every set of dice was one move, which a large pool made millions of); the dice chosen are
    rerolled together, in one go (VIII B), by the `dice_rerolled` that follows."""

    type: ClassVar[str] = "free_reroll_picked"
    in_words: ClassVar[str] = "A die of a roll is chosen for its free reroll."
    citations: ClassVar[tuple[Citation, ...]] = cite("viii", "viii-b")
    figure: str
    die: int  # its index in the pool


@dataclass(frozen=True, slots=True)
class ComplexActionResolved(GameEvent):
    """The rerolls are over: successes less hindering against the difficulty; on success the
    mission's effects follow."""

    type: ClassVar[str] = "complex_action_resolved"
    in_words: ClassVar[str] = (
        "The rerolls are over, and the successes, less hindering, are held against the difficulty."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "viii-f", "v-c-3-a-vii", "v-c-3-a-viii", "v-c-3-a-ix", "ix-n", "ix-k", "ix-f"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "vi-d-3-a-iv", "vi-d-3-a-v", "vi-d-3-a-vi", "vi-d-3-a-vii"
    )
    figure: str
    action: str
    successes: int
    hindering: int
    difficulty: int
    succeeded: bool
    hero: bool  # a hero's action (V·C·3 [a]) or a character's (VI·D·3 [a])

    def cited(self) -> tuple[Citation, ...]:
        if self.hero:
            return self.citations
        steps = ("viii-f", "ix-n", "ix-k", "vi-d-3-a-iv", "vi-d-3-a-v", "vi-d-3-a-vi")
        return cite(*steps, "vi-d-3-a-vii")


@dataclass(frozen=True, slots=True)
class ItemPickedUp(GameEvent):
    """An automatic manipulation: one cube, and equipment from the hero's area to their board."""

    type: ClassVar[str] = "item_picked_up"
    in_words: ClassVar[str] = "A hero spends a cube to pick up equipment lying in their area."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-d-1",
        "v-d-1-b",
        "v-d-1-a",
        *roman("v-c-3-b", 4),
    )
    hero: str
    item: str


@dataclass(frozen=True, slots=True)
class ItemDropped(GameEvent):
    """Not an action: the equipment is laid in the hero's area."""

    type: ClassVar[str] = "item_dropped"
    in_words: ClassVar[str] = "A hero drops equipment in their area, which costs no action."
    citations: ClassVar[tuple[Citation, ...]] = cite("v-d-1", "v-d-1-f")
    hero: str
    item: str


@dataclass(frozen=True, slots=True)
class AttackRolled(GameEvent):
    """An attack declared on a target, its cubes spent (a hero's), its dice pool rolled."""

    type: ClassVar[str] = "attack_rolled"
    in_words: ClassVar[str] = (
        "A hero or character declares a melee or ranged attack on a target and rolls the dice."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-m", "ii.dice")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "iii-e",
        "iii-f",
        "vi-d",
        "x.ambidexterity",
        "v-a.action-spaces",
        *lettered("v-c-1", "f"),
        *lettered("v-c-2", "f"),
        *lettered("vi-d-1", "d"),
        *lettered("vi-d-2", "d"),
        "vi-c-3",
        "vi-c-4",
        "vi-c-5",
        "v-d.item-types",
        "v-d.bonus-lines",
        "ix-l",
    )
    attacker: str
    target: str
    kind: str
    cubes: int  # a hero's cubes on the attack space; a character spends none
    weapon: str  # a hero's weapon card ("" for none)
    second: str  # a second weapon card with Ambidexterity ("" for none)
    characteristic: int  # a character's characteristic (-1 for a hero)
    pool: tuple[str, ...]
    faces: tuple[int, ...]
    lines: tuple[int, ...] = ()  # the weapons' bonus lines chosen (V D 6, bonus_choice.py)

    def cited(self) -> tuple[Citation, ...]:
        hero = self.characteristic < 0
        steps: tuple[str, ...]
        extra: tuple[str, ...] = ("v-a.action-spaces",) if hero else ("vi-d",)
        if self.kind == "ranged":
            extra += ("ix-l", "iii-e", "iii-f")
        if self.kind == "melee":
            steps = lettered("v-c-1", "f")
            if not hero:
                steps = (*lettered("vi-d-1", "d"), "vi-c-4")
        else:
            steps = lettered("v-c-2", "f")
            if not hero:
                steps = (*lettered("vi-d-2", "d"), "vi-c-4")
        if self.second:
            extra += ("x", "x.ambidexterity")
        return (*self.citations, *cite(*steps, *extra))


@dataclass(frozen=True, slots=True)
class AttackCounted(GameEvent):
    """The attack's successes: shown, plus automatic ones, less hindering for a ranged attack."""

    type: ClassVar[str] = "attack_counted"
    in_words: ClassVar[str] = (
        "An attack's successes are counted, less hindering for a ranged attack."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-k", "ix-f", "viii-f")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "v-c-1-g",
        "v-c-1-h",
        "v-c-2-g",
        "v-c-2-h",
        "vi-d-1-e",
        "vi-d-1-f",
        "vi-d-2-e",
        "vi-d-2-f",
        "ix-n",
    )
    attacker: str
    successes: int
    hindering: int

    def cited(self) -> tuple[Citation, ...]:
        hindered = ("ix-n",) if self.hindering else ()
        return (*self.citations, *cite("v-c-1-h", "v-c-2-h", "vi-d-1-f", "vi-d-2-f", *hindered))


@dataclass(frozen=True, slots=True)
class DefenseRolled(GameEvent):
    """The defender's cubes on the defense space, their dice and the automatic defense dice."""

    type: ClassVar[str] = "defense_rolled"
    in_words: ClassVar[str] = (
        "The target defends, putting cubes on its defense space and rolling its dice."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        *lettered("vii", "e"),
        "v-c-1-i",
        "v-c-2-i",
        "vi-d-1-g",
        "vi-d-2-g",
        "ix-i",
    )
    defender: str
    cubes: int
    pool: tuple[str, ...]
    faces: tuple[int, ...]
    lines: tuple[int, ...] = ()  # the defense bonus lines chosen (V D 6, bonus_choice.py)
    # the weapon cards chosen, one of each type where two could serve (V D item types,
    # weapon_choice.py; rules version 23: an event without them took the first of each type)
    weapons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DefenseCounted(GameEvent):
    """The defense's successes (with automatic ones) and the wounds left over."""

    type: ClassVar[str] = "defense_counted"
    in_words: ClassVar[str] = (
        "The defense's successes are counted, and the wounds left over get through."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "vii-f", "vii-g", "vii-h", "vii-i", "v-c-1-j", "v-c-2-j", "vi-d-1-h", "vi-d-2-h", "ix-k"
    )
    defender: str
    successes: int
    wounds: int


@dataclass(frozen=True, slots=True)
class DefenseImpossible(GameEvent):
    """The defender's defense characteristic makes defending impossible (IX E 4): no defense at
    all, not even the automatic dice or successes, so every success of the attack is a wound."""

    type: ClassVar[str] = "defense_impossible"
    in_words: ClassVar[str] = (
        "The target cannot defend itself, so every success of the attack gets through."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "ix-e", "vii", "v-c-1-j", "v-c-2-j", "vi-d-1-h", "vi-d-2-h"
    )
    defender: str
    wounds: int


@dataclass(frozen=True, slots=True)
class NothingToDefend(GameEvent):
    """The attack scored no success, so its defense has nothing to cancel (VII, VII H: the
    wounds are the attack's successes less the defense's, never below zero, IX K): the defender
    is not asked, spends no cube and rolls no die, and takes no wound (rules version 16)."""

    type: ClassVar[str] = "nothing_to_defend"
    in_words: ClassVar[str] = (
        "The attack scored no success, so the target has nothing to defend against: no cube is "
        "spent, no die is rolled and no wound gets through."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "vii", "vii-h", "ix-k", "v-c-1-i", "v-c-2-i", "vi-d-1-g", "vi-d-2-g"
    )
    defender: str


@dataclass(frozen=True, slots=True)
class ThrowRolled(GameEvent):
    """A hero throws carried equipment at an area in sight: a complex manipulation whose
    difficulty is the distance; cubes spent, dice rolled."""

    type: ClassVar[str] = "throw_rolled"
    in_words: ClassVar[str] = (
        "A hero throws carried equipment toward an area in sight, spending cubes and rolling the "
        "dice."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-d-1-e",
        *roman("v-c-3-a", 5),
        "ix-j",
        "ix-l",
        "ii.dice",
    )
    hero: str
    item: str
    target: str
    difficulty: int
    cubes: int
    pool: tuple[str, ...]
    faces: tuple[int, ...]
    lines: tuple[int, ...] = ()  # the tools' bonus lines chosen (V D 6, bonus_choice.py)


@dataclass(frozen=True, slots=True)
class ItemThrown(GameEvent):
    """The throw's successes, less the item's encumbrance and hindering: the target area when
    they reach the distance, else that many moves along the line toward it."""

    type: ClassVar[str] = "item_thrown"
    in_words: ClassVar[str] = (
        "Thrown equipment lands in the target area, or short of it along the line."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-d-1-e", "v-c-3-a-vii", "v-c-3-a-viii", "v-c-3-a-ix", "viii-f", "ix-n", "ix-k"
    )
    hero: str
    item: str
    successes: int
    landed: str


@dataclass(frozen=True, slots=True)
class EquipmentOffered(GameEvent):
    """A hero of another seat is asked to agree to equipment given to them or taken from them."""

    type: ClassVar[str] = "equipment_offered"
    in_words: ClassVar[str] = (
        "A hero asks a hero played by another player to agree to equipment changing hands."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-d-1-c", "v-d-1-d", "v-c-3-b-i")
    giver: str
    receiver: str
    item: str
    payer: str


@dataclass(frozen=True, slots=True)
class EquipmentHandedOver(GameEvent):
    """An automatic manipulation: the acting hero's cube, the equipment to the receiver."""

    type: ClassVar[str] = "equipment_handed_over"
    in_words: ClassVar[str] = "A hero spends a cube, and equipment passes from one hero to another."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "v-d-1-c", "v-d-1-d", "v-d-1-a", "v-c-3-b", "v-c-3-b-ii", "v-c-3-b-iii", "v-c-3-b-iv"
    )
    giver: str
    receiver: str
    item: str
    payer: str


@dataclass(frozen=True, slots=True)
class OfferDeclined(GameEvent):
    """The other hero does not agree: nothing changes hands and no cube is spent."""

    type: ClassVar[str] = "offer_declined"
    in_words: ClassVar[str] = (
        "The other hero does not agree, so nothing changes hands and no cube is spent."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-d-1-c", "v-d-1-d")


def _possessor(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 named the skill's possessor `hero`: only a hero used the skill then."""
    rest = {k: v for k, v in data.items() if k != "hero"}
    return {**rest, "figure": data["hero"]}


# the automatic manipulation a skill is spent as, a hero's cube (V·C·3 [b]) or a character's
# action of its tile (VI·C·3, VI·C·5, VI·D·3 [b]), and where the possessor's skills are printed
# (V A 13, VI·A·2 [a] 14); a hero's event cites them in the order it always has (stored logs)
_BY_A_HERO = ("v-c-3-b", "v-c-3-b-ii", "v-c-3-b-iii")
_BY_A_CHARACTER = ("vi-c-3", "vi-c-5", "vi-d-3-b", "vi-d-3-b-ii")
_BOARD, _TILE = "v-a.skills", "vi-a-2-a"


def _skill_cited(skill: str, then: tuple[str, ...], character: bool) -> tuple[Citation, ...]:
    """X and the skill's entry, how its automatic manipulation was spent, the sections of the
    skill's requirements (`then`), and where the possessor's skills are printed."""
    if character:
        return cite("x", skill, *_BY_A_CHARACTER, *then, _TILE)
    return cite("x", skill, *_BY_A_HERO, *then, _BOARD)


@dataclass(frozen=True, slots=True)
class Attracted(GameEvent):
    """The Attraction skill: an automatic manipulation, a hero's or a character's, draws a
    miniature in sight, near enough and no bigger, into the possessor's area."""

    type: ClassVar[str] = "attracted"
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_possessor,)
    in_words: ClassVar[str] = (
        "A hero's or character's Attraction skill draws a miniature in sight into their area."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("x", "x.attraction", "ix-j", "ix-l", "ix-h")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(*_BY_A_HERO, _BOARD, *_BY_A_CHARACTER, _TILE)
    figure: str  # the possessor
    target: str
    area: str
    characteristic: int = -1  # a character's manipulation characteristic (VI·C·3; -1: a hero)

    def cited(self) -> tuple[Citation, ...]:
        return _skill_cited("x.attraction", ("ix-j", "ix-l", "ix-h"), self.characteristic >= 0)


@dataclass(frozen=True, slots=True)
class Blasted(GameEvent):
    """The Blast skill: an automatic manipulation, a hero's or a character's, once a turn, sets
    off explosions of its level in the possessor's area and in an adjacent area in sight (the
    explosions follow)."""

    type: ClassVar[str] = "blasted"
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_possessor,)
    in_words: ClassVar[str] = (
        "A hero's or character's Blast skill sets off explosions in their area and in a "
        "neighbouring area in sight."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("x", "x.blast", "ix-r")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(*_BY_A_HERO, _BOARD, *_BY_A_CHARACTER, _TILE)
    figure: str  # the possessor
    area: str
    level: int
    characteristic: int = -1  # a character's manipulation characteristic (VI·C·3; -1: a hero)

    def cited(self) -> tuple[Citation, ...]:
        return _skill_cited("x.blast", ("ix-r",), self.characteristic >= 0)


@dataclass(frozen=True, slots=True)
class ItemUsedUp(GameEvent):
    """A card with the single-use icon leaves the game once one of its bonuses has served."""

    type: ClassVar[str] = "item_used_up"
    in_words: ClassVar[str] = "A single-use card leaves the game once its bonus has served."
    citations: ClassVar[tuple[Citation, ...]] = cite("v-d.use-restriction", "v-d.bonus-lines")
    hero: str
    item: str
