"""Hero boards (V A), character tiles (VI·A·2), the command post (VI·A·1) and item cards (V D)
as the content pack gives them, checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_core.engine.content_limits import at_index, at_key, fail
from rules_core.games.gotham_city_chronicles import reading as read

SIDES = ("heroes", "villain", "neutral")  # II miniatures, VI·A·2 [a]
TILE_LEVELS = ("leader", "lieutenant", "elite", "henchman")  # VI·A·2 [a]
TILE_KINDS = ("simple", "double")  # VI·A·2, VI·A·2 [b]
ITEM_KINDS = ("equipment", "gadget")  # V D
ITEM_TYPES = ("object", "tool", "melee", "ranged")  # V D type of item
# how a sentence names an item: "the Tonfa"; "none" for a possessive or a proper name
ITEM_ARTICLES = ("the", "none")
BONUS_WHEN = ("melee", "ranged", "manipulation", "thought", "movement", "defense", "permanent")
ACTIONS = ("melee", "ranged", "manipulation", "thought")  # the four actions with dice
NO_DICE = "none"  # IX E 3: no dice, bonuses still apply
UNABLE = "unable"  # IX E 4: the action (or defense) is not possible
# Skills the book names: the three of its list (X) and those its examples mention.
SKILLS = ("ambidexterity", "attraction", "blast", "retaliation")
STAT_RANGE = (0, 10)  # size, menace, automatic defense, bonuses, levels
SKILL_LEVELS = (1, STAT_RANGE[1])  # a board's or a tile's skill (0 is not having it)
ENERGY_RANGE = (1, 30)
LIMIT_RANGE = (0, 10)  # an exertion limit
MULTIPLIER_RANGE = (1, 10)
FIGURES_RANGE = (1, 10)
LIFE_RANGE = (1, 30)
WEIGHT_RANGE = (0, 10)  # encumbrance or bat-gadget size
COST_RANGE = (0, 20)


@dataclass(frozen=True, slots=True)
class Space:
    """An action, defense or reroll space of a hero board or the command post (V A, VI·A·1):
    its characteristic (a die type per cube, none or unable; or a move point multiplier) and
    its exertion limit."""

    die: str  # a die type, NO_DICE or UNABLE ("" for movement and reroll spaces)
    limit: int
    multiplier: int = 0  # movement: move points per cube


@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    level: int
    encumbrance_limit: int = 0  # 0: none; else works only below it (V·D·1 [a])

    def usable(self, encumbrance: int) -> bool:
        """V·D·1 [a], V A 13: a skill with an encumbrance limit works only below it."""
        return not self.encumbrance_limit or encumbrance < self.encumbrance_limit


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    energy: int
    size: int
    menace: int
    automatic_defense: tuple[str, ...]  # dice added to every defense (VII D)
    trait: str
    utility_belt: int
    melee: Space
    ranged: Space
    manipulation: Space
    thought: Space
    movement: Space
    defense: Space
    reroll: Space
    encumbrance: tuple[tuple[int, int], ...]  # (highest total, first-movement bonus), rising
    recovery_active: int
    recovery_resting: int
    skills: tuple[Skill, ...]
    gadgets: tuple[str, ...]  # bat-gadgets chosen at set-up (V·D·2)

    @property
    def max_encumbrance(self) -> int:
        """The far right value of the encumbrance table (V A 11)."""
        return self.encumbrance[-1][0]

    def space(self, action: str) -> Space:
        return getattr(self, action)  # type: ignore[no-any-return]

    def carries(self, encumbrance: int) -> bool:
        """V·D·1 [a]: the encumbrance total never exceeds the maximum."""
        return encumbrance <= self.max_encumbrance

    def move_bonus(self, encumbrance: int) -> int:
        """V A 11, V·C·5 [c]: the first movement's bonus for an encumbrance total (the first
        column of the table that holds it)."""
        return next((bonus for up_to, bonus in self.encumbrance if encumbrance <= up_to), 0)


@dataclass(frozen=True, slots=True)
class Characteristic:
    """One characteristic of a tile's action (VI·A·2 [a], IX E): its dice and multiplier."""

    dice: tuple[str, ...]
    multiplier: int


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    side: str
    kind: str  # simple | double
    cost_at: int  # a double tile: which of its two positions sets its cost (0 or 1)
    level: str
    figures: int  # miniatures the tile controls
    life: int
    automatic_defense: int  # automatic successes in every defense (VII D, VII G)
    move_bonus: int
    size: int
    menace: int
    trait: str
    melee: tuple[Characteristic, ...]
    ranged: tuple[Characteristic, ...]
    manipulation: tuple[Characteristic, ...]
    thought: tuple[Characteristic, ...]
    skills: tuple[Skill, ...]
    reinforcement: int  # 0: its characters cannot be brought back (VI·A·2 [a] 15)

    def characteristics(self, action: str) -> tuple[Characteristic, ...]:
        return getattr(self, action)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class CommandPost:
    movement: Space
    defense: Space
    reroll: Space
    river_costs: tuple[int, ...]  # activation cost by river position, left to right (VI·A·1 9)


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus line of an item card (V D 6): when it applies and what it adds."""

    when: str
    dice: tuple[str, ...] = ()
    successes: int = 0
    skill: str = ""
    level: int = 0


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    kind: str  # equipment | gadget
    type: str  # object | tool | melee | ranged
    weight: int  # encumbrance (equipment) or size (bat-gadget)
    user: str  # the only hero who benefits ("" for any)
    moral_code: bool  # heroes with the Moral Code trait cannot benefit
    single_use: bool  # removed from the game once a bonus has been used
    bonuses: tuple[Bonus, ...]
    article: str = "the"  # one of ITEM_ARTICLES

    @property
    def called(self) -> str:
        """The item as a sentence names it: "the Tonfa", "Falcone's Ledger" (its `article`)."""
        return self.name if self.article == "none" else f"the {self.name}"


def _space(raw: Mapping[str, Any], key: str, where: str, kind: str) -> Space:
    at = at_key(where, key)
    entry = read.table(read.value(raw.get(key), at), at)
    limit = read.whole(entry, "limit", at, *LIMIT_RANGE)
    if kind == "movement":
        return Space("", limit, read.whole(entry, "multiplier", at, *MULTIPLIER_RANGE))
    if kind == "reroll":
        return Space("", limit)
    die = read.value(entry.get("die"), at_key(at, "die"))
    if die not in (NO_DICE, UNABLE):
        die = read.die_type(die, at_key(at, "die"))
    assert isinstance(die, str)
    return Space(die, limit)


def _skills(raw: Mapping[str, Any], where: str) -> tuple[Skill, ...]:
    """A hero board's or a tile's skills, each of a level from 1: a skill of level 0 would be
    shown and do nothing (a miniature without the skill has level 0, V·D·1 [a])."""
    found: list[Skill] = []
    for i, s in enumerate(read.items(raw, "skills", where)):
        at = at_index(at_key(where, "skills"), i)
        entry = read.table(s, at)
        skill = read.choice(entry, "skill", at, SKILLS)
        if any(f.name == skill for f in found):
            raise fail(
                at_key(at, "skill"),
                f"{skill.capitalize()} is named twice: a skill has one level (V A 13, VI·A·2 [a]"
                " 14)",
            )
        found.append(
            Skill(
                skill,
                read.whole(entry, "level", at, *SKILL_LEVELS),
                read.optional_whole(entry, "encumbrance_limit", at, *WEIGHT_RANGE),
            )
        )
    return tuple(found)


# The skills a character can use (README, readings: a tile's skills): Attraction and Blast,
# each an automatic manipulation (X, VI·D·3 [b]). The others would never act for a character,
# so a tile giving them is refused where the pack is read rather than shown and ignored.
TILE_SKILLS = ("attraction", "blast")
_NOT_ON_A_TILE = {
    "ambidexterity": "Ambidexterity is not read on a tile: it acts in the Add the Weapon Bonuses"
    " step of a hero's attack with two weapon cards (X Ambidexterity), and a character's attack"
    " takes its characteristic's dice and carries no card (VI·D·1, VI·D·2)",
    "retaliation": "Retaliation is not read on a tile: the book's list of skills (X) gives it no"
    " effect, so a character's Retaliation would do nothing",
}


def _tile_skills(
    raw: Mapping[str, Any], where: str, manipulation: tuple[Characteristic, ...]
) -> tuple[Skill, ...]:
    """A tile's skills (VI·A·2 [a] 14), each of a level from 1, one a character can use."""
    skills = _skills(raw, where)
    for i, skill in enumerate(skills):
        at = at_index(at_key(where, "skills"), i)
        if skill.name in _NOT_ON_A_TILE:
            raise fail(at_key(at, "skill"), _NOT_ON_A_TILE[skill.name])
        if skill.encumbrance_limit:
            raise fail(
                at_key(at, "encumbrance_limit"),
                "a character carries no equipment, so a tile's skill has no encumbrance limit"
                " (VI·A·2 [a] 14)",
            )
        if not manipulation:
            raise fail(
                at_key(at, "skill"),
                f"{skill.name.capitalize()} costs a character an automatic manipulation"
                " (X, VI·D·3 [b]), and the tile has no manipulation characteristic to take it"
                " with (VI·C·3)",
            )
    return skills


def _encumbrance(raw: Mapping[str, Any], where: str) -> tuple[tuple[int, int], ...]:
    rows: list[tuple[int, int]] = []
    at = at_key(where, "encumbrance")
    for i, r in enumerate(read.items(raw, "encumbrance", where, required=True)):
        row_at = at_index(at, i)
        row = read.table(r, row_at)
        up_to = read.whole(row, "up_to", row_at, 0, 30)
        if rows and up_to <= rows[-1][0]:
            raise fail(at_key(row_at, "up_to"), "the table's totals rise from left to right")
        rows.append((up_to, read.whole(row, "bonus", row_at, *STAT_RANGE)))
    return tuple(rows)


def parse_hero(raw: object, where: str, gadgets: frozenset[str]) -> Hero:
    entry = read.sourced(raw, where)
    recovery_at = at_key(where, "recovery")
    recovery = read.table(read.value(entry.get("recovery"), recovery_at), recovery_at)
    energy = read.whole(entry, "energy", where, *ENERGY_RANGE)
    return Hero(
        id=read.own_id(entry, where),
        name=read.text(entry, "name", where),
        energy=energy,
        size=read.whole(entry, "size", where, *STAT_RANGE),
        menace=read.whole(entry, "menace", where, *STAT_RANGE),
        automatic_defense=read.die_types(entry, "automatic_defense", where),
        trait=read.text(entry, "trait", where, required=False),
        utility_belt=read.optional_whole(entry, "utility_belt", where, *WEIGHT_RANGE),
        melee=_space(entry, "melee", where, "dice"),
        ranged=_space(entry, "ranged", where, "dice"),
        manipulation=_space(entry, "manipulation", where, "dice"),
        thought=_space(entry, "thought", where, "dice"),
        movement=_space(entry, "movement", where, "movement"),
        defense=_space(entry, "defense", where, "dice"),
        reroll=_space(entry, "reroll", where, "reroll"),
        encumbrance=_encumbrance(entry, where),
        recovery_active=read.whole(recovery, "active", recovery_at, 0, energy),
        recovery_resting=read.whole(recovery, "resting", recovery_at, 0, energy),
        skills=_skills(entry, where),
        gadgets=read.ids(entry, "gadgets", where, gadgets),
    )


def _characteristics(raw: Mapping[str, Any], key: str, where: str) -> tuple[Characteristic, ...]:
    found: list[Characteristic] = []
    for i, c in enumerate(read.items(raw, key, where)):
        at = at_index(at_key(where, key), i)
        entry = read.table(c, at)
        dice = read.die_types(entry, "dice", at)
        if not dice:
            raise fail(at_key(at, "dice"), "a tile's characteristic has at least one die")
        characteristic = Characteristic(
            dice, read.whole(entry, "multiplier", at, *MULTIPLIER_RANGE)
        )
        if any(_alike(characteristic, f) for f in found):
            raise fail(
                at,
                f"the same {key} characteristic is given twice: a character declares its action"
                " with one of them (VI·A·2 [a], VI·C·3), and two alike would be one choice",
            )
        found.append(characteristic)
    return tuple(found)


def _alike(one: Characteristic, other: Characteristic) -> bool:
    """The same dice (in any order) and the same multiplier: one characteristic."""
    return sorted(one.dice) == sorted(other.dice) and one.multiplier == other.multiplier


def parse_tile(raw: object, where: str) -> Tile:
    entry = read.sourced(raw, where)
    kind = read.choice(entry, "kind", where, TILE_KINDS)
    cost_at = read.optional_whole(entry, "cost_at", where, 0, 1 if kind == "double" else 0)
    manipulation = _characteristics(entry, "manipulation", where)
    return Tile(
        id=read.own_id(entry, where),
        name=read.text(entry, "name", where),
        side=read.choice(entry, "side", where, SIDES),
        kind=kind,
        cost_at=cost_at,
        level=read.choice(entry, "level", where, TILE_LEVELS),
        figures=read.whole(entry, "figures", where, *FIGURES_RANGE),
        life=read.whole(entry, "life", where, *LIFE_RANGE),
        automatic_defense=read.whole(entry, "automatic_defense", where, *STAT_RANGE),
        move_bonus=read.whole(entry, "move_bonus", where, *STAT_RANGE),
        size=read.whole(entry, "size", where, *STAT_RANGE),
        menace=read.whole(entry, "menace", where, *STAT_RANGE),
        trait=read.text(entry, "trait", where, required=False),
        melee=_characteristics(entry, "melee", where),
        ranged=_characteristics(entry, "ranged", where),
        manipulation=manipulation,
        thought=_characteristics(entry, "thought", where),
        skills=_tile_skills(entry, where, manipulation),
        reinforcement=read.optional_whole(entry, "reinforcement", where, *COST_RANGE),
    )


def parse_command_post(raw: object, where: str) -> CommandPost:
    entry = read.sourced(raw, where)
    costs = []
    costs_at = at_key(where, "river_costs")
    for i, c in enumerate(read.items(entry, "river_costs", where, required=True)):
        if not isinstance(c, int) or isinstance(c, bool) or not COST_RANGE[0] <= c <= COST_RANGE[1]:
            raise fail(at_index(costs_at, i), f"must be a whole number from 0 to {COST_RANGE[1]}")
        costs.append(c)
    return CommandPost(
        movement=_space(entry, "movement", where, "movement"),
        defense=_space(entry, "defense", where, "dice"),
        reroll=_space(entry, "reroll", where, "reroll"),
        river_costs=tuple(costs),
    )


def _bonus(raw: object, where: str) -> Bonus:
    entry = read.table(raw, where)
    skill = read.text(entry, "skill", where, required=False)
    if skill and skill not in SKILLS:
        raise fail(at_key(where, "skill"), f"must be one of {', '.join(SKILLS)}")
    bonus = Bonus(
        when=read.choice(entry, "when", where, BONUS_WHEN),
        dice=read.die_types(entry, "dice", where),
        successes=read.optional_whole(entry, "successes", where, *STAT_RANGE),
        skill=skill,
        level=read.optional_whole(entry, "level", where, *STAT_RANGE),
    )
    if bonus.when == "movement":  # refused, not stored and ignored (README, Bonus lines)
        raise fail(
            at_key(where, "when"),
            "a movement line is not read: a movement rolls no dice, and no skill this pack can"
            f" give ({', '.join(SKILLS)}) acts during one",
        )
    if not (bonus.dice or bonus.successes or bonus.skill):
        raise fail(where, "a bonus line adds dice, automatic successes or a skill")
    if bool(bonus.skill) != bool(bonus.level):
        raise fail(where, "a skill bonus gives a skill and its level")
    if bonus.when == "permanent" and (bonus.dice or bonus.successes or not bonus.skill):
        raise fail(where, "a permanent line gives a skill and nothing else (V D 6.4)")
    return bonus


# Which cards a step takes the lines of (README, Bonus lines): an attack its weapon cards, a
# manipulation or a thought the tool cards; a defense and a permanent line any card.
_WEAPON_STEPS = "an attack takes the bonuses of its weapon cards, V·C·1 [e], V·C·2 [e]"
_TOOL_STEPS = "a manipulation or a thought takes the bonuses of the tool cards, V·C·3 [a] iv, V·C·4"
_LINE_CARDS = {
    "melee": ("melee", f"on a melee weapon only ({_WEAPON_STEPS})"),
    "ranged": ("ranged", f"on a ranged weapon only ({_WEAPON_STEPS})"),
    "manipulation": ("tool", f"on a tool only ({_TOOL_STEPS})"),
    "thought": ("tool", f"on a tool only ({_TOOL_STEPS})"),
}


def _line_read(item_type: str, bonus: Bonus, where: str) -> Bonus:
    """A line the steps read on a card of this type, or the pack's refusal."""
    card = _LINE_CARDS.get(bonus.when)
    if card is not None and card[0] != item_type:
        raise fail(at_key(where, "when"), f"a {bonus.when} line is read {card[1]}")
    return bonus


def parse_item(raw: object, where: str) -> Item:
    """An item card (its `user`, a hero id, is checked once the heroes are read)."""
    entry = read.sourced(raw, where)
    user = read.text(entry, "user", where, required=False)
    kind = read.choice(entry, "kind", where, ITEM_KINDS)
    item_type = read.choice(entry, "type", where, ITEM_TYPES)
    return Item(
        id=read.own_id(entry, where),
        name=read.text(entry, "name", where),
        kind=kind,
        type=item_type,
        weight=read.whole(
            entry, "encumbrance" if kind == "equipment" else "size", where, *WEIGHT_RANGE
        ),
        user=user,
        moral_code=read.flag(entry, "moral_code", where),
        single_use=read.flag(entry, "single_use", where),
        bonuses=tuple(
            _line_read(item_type, _bonus(b, at), at)
            for i, b in enumerate(read.items(entry, "bonuses", where))
            for at in (at_index(at_key(where, "bonuses"), i),)
        ),
        article=(
            read.choice(entry, "article", where, ITEM_ARTICLES) if "article" in entry else "the"
        ),
    )
