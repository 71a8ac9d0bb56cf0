"""Dice pools, rolls, success counting and rerolls (IX D-F, IX K, VII, VIII), pure.

A rolled die is recorded by the index of its face (0-5); the pack's dice table says how many
successes each face shows, so replaying never rolls again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules_core.engine.wording import counted, in_words, listed
from rules_core.games.gotham_city_chronicles.figures import NO_DICE, SKILLS, UNABLE, Bonus, Item
from rules_core.games.gotham_city_chronicles.reading import REROLL_MARK

FACES = 6
Faces = Mapping[str, Sequence[int]]  # colour -> successes per face


def colour(die: str) -> str:
    """IX D: a die type's colour."""
    return die.removesuffix(REROLL_MARK)


def has_reroll(die: str) -> bool:
    """IX D, VIII B: whether a die type carries the free reroll icon."""
    return die.endswith(REROLL_MARK)


def dice_words(pool: Sequence[str]) -> str:
    """Dice in words, alike ones counted together: "one yellow die with a reroll icon and two
    white dice" ("" for none)."""
    parts = []
    for die in dict.fromkeys(pool):
        many = list(pool).count(die)
        icon = " with a reroll icon" if has_reroll(die) else ""
        parts.append(f"{in_words(many)} {colour(die)} di{'e' if many == 1 else 'ce'}{icon}")
    return listed(parts)


def characteristic_pool(die: str, cubes: int) -> tuple[str, ...] | None:
    """V·C·1 [d] and the like: one die of the characteristic per cube spent; none for a
    characteristic without dice (IX E 3); None when the miniature cannot act (IX E 4)."""
    if die == UNABLE:
        return None
    if die == NO_DICE:
        return ()
    return (die,) * cubes


def bonus_lines(item: Item, when: str) -> tuple[Bonus, ...]:
    """V D 6: the bonus lines of a card that apply at this moment (the hero picks one when
    several begin with the same icon); `when` a skill's name: the card's permanent lines giving
    that skill (V D 6.4), among which the hero picks the one applied when the skill is used."""
    if when in SKILLS:
        return tuple(b for b in item.bonuses if b.when == "permanent" and b.skill == when)
    return tuple(b for b in item.bonuses if b.when == when)


def roll(pool: Sequence[str], rng: random.Random) -> tuple[int, ...]:
    """Roll every die of a pool: the index of each face shown."""
    return tuple(rng.randrange(FACES) for _ in pool)


def successes_shown(faces: Faces, pool: Sequence[str], rolled: Sequence[int]) -> int:
    """The successes the dice show (II dice: each symbol is one success)."""
    return sum(faces[colour(die)][face] for die, face in zip(pool, rolled, strict=True))


def net_successes(shown: int, automatic: int = 0, hindering: int = 0) -> int:
    """IX F and IX N: automatic successes added, the hindering index taken away; never below
    zero (IX K)."""
    return max(shown + automatic - hindering, 0)


def complex_succeeds(net: int, difficulty: int) -> bool:
    """V·C·3 [a] vii: a complex action succeeds when its successes reach its difficulty."""
    return net >= difficulty


def wounds(attack: int, defense: int) -> int:
    """VII H: the attack's successes minus the defense's (never below zero, IX K)."""
    return max(attack - defense, 0)


def free_rerolls(pool: Sequence[str]) -> Counter[str]:
    """VIII B: one free reroll of a colour per reroll icon of that colour in the pool."""
    return Counter(colour(die) for die in pool if has_reroll(die))


@dataclass(frozen=True, slots=True)
class RerollRefusal:
    """Why a choice of dice to reroll is not allowed, and the section that says so."""

    reason: str
    section: str


def check_free_rerolls(
    pool: Sequence[str], chosen: Iterable[int], done: Iterable[int] = ()
) -> RerollRefusal | None:
    """VIII B: the chosen dice (indexes in the pool) may be rerolled for free: each at most
    once, and no more of a colour than the pool's reroll icons of that colour."""
    picked = list(chosen)
    earlier = set(done)
    if any(not 0 <= i < len(pool) for i in picked):
        return RerollRefusal("There is no such die in the roll.", "viii-b")
    if len(set(picked)) != len(picked) or earlier & set(picked):
        return RerollRefusal("A die is rerolled for free only once.", "viii-b")
    allowed = free_rerolls(pool)
    used = Counter(colour(pool[i]) for i in (*earlier, *picked))
    for name, count in used.items():
        if count > allowed[name]:
            return RerollRefusal(
                f"Only {counted(allowed[name], 'free reroll')} of a {name} die in this roll.",
                "viii-b",
            )
    return None


def room(spent: int, limit: int) -> int:
    """IX I: how many more cubes a space takes before it is saturated."""
    return max(limit - spent, 0)


def saturated(spent: int, limit: int) -> bool:
    """IX I: a space holding as many cubes as its exertion limit takes no more."""
    return spent >= limit


def rerolled(rolled: Sequence[int], chosen: Sequence[int], new: Sequence[int]) -> tuple[int, ...]:
    """VIII E: the roll with the chosen dice showing their new faces."""
    faces = list(rolled)
    for index, face in zip(chosen, new, strict=True):
        faces[index] = face
    return tuple(faces)
