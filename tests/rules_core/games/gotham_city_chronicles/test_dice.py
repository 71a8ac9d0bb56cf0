"""Dice pools, successes, defense and rerolls: the book's attack and manipulation examples."""

from __future__ import annotations

import random

from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.dice import (
    bonus_lines,
    characteristic_pool,
    check_free_rerolls,
    complex_succeeds,
    free_rerolls,
    net_successes,
    rerolled,
    roll,
    room,
    saturated,
    successes_shown,
    wounds,
)
from rules_core.games.gotham_city_chronicles.figures import NO_DICE, UNABLE
from rules_core.games.gotham_city_chronicles.geometry import Occupant, action_hindering

PACK = load_pack()
FACES = dict(PACK.dice)
BATMAN = PACK.hero("batman")
GORDON = PACK.hero("commissioner-gordon")
POST = PACK.command_post


def test_gordons_melee_attack_on_a_thug_with_crowbar() -> None:
    """V·C·1 example: 2 cubes of Gordon's melee characteristic and the tonfa's bonus; 3
    successes, not hindered; the villain spends no cube on defense, the thug's 1 automatic
    defense success leaves 2 wounds, and one life point: neutralized."""
    pool = characteristic_pool(GORDON.melee.die, 2)
    assert pool == ("orange", "orange")
    tonfa = bonus_lines(PACK.item("tonfa"), "melee")
    pool = (*pool, *tonfa[0].dice)
    rolled = (5, 2, 0)  # orange 2, orange 1, yellow 0
    assert successes_shown(FACES, pool, rolled) == 3
    attack = net_successes(3)  # melee: no hindering (V·C·1 [h])
    thug = PACK.tile("thugs-with-crowbar")
    defense_pool = characteristic_pool(POST.defense.die, 0)
    assert defense_pool == ()
    defense = net_successes(successes_shown(FACES, defense_pool, ()), thug.automatic_defense)
    assert defense == 1
    assert wounds(attack, defense) == 2
    assert wounds(attack, defense) >= thug.life  # neutralized (IX A)


def test_batmans_batarang_with_its_free_reroll_on_the_brute_with_chains() -> None:
    """V·C·2 example: 2 cubes of ranged and the batarangs' yellow die with a reroll; the free
    reroll on the yellow die gives a success; 3 successes, hindering 0 beside Gordon; the
    brute's 2 automatic defense successes leave 1 wound: neutralized."""
    batarangs = bonus_lines(PACK.item("batarangs"), "ranged")[0]
    pool = (*(characteristic_pool(BATMAN.ranged.die, 2) or ()), *batarangs.dice)
    assert pool == ("white", "white", "yellow+reroll")
    first = (4, 5, 0)
    assert successes_shown(FACES, pool, first) == 2
    assert free_rerolls(pool) == {"yellow": 1}
    assert check_free_rerolls(pool, [0]) is not None  # no free reroll of a white die
    assert check_free_rerolls(pool, [2]) is None
    after = rerolled(first, [2], [3])
    assert successes_shown(FACES, pool, after) == 3
    brute = PACK.tile("brutes-with-chains")
    hindering = action_hindering(
        "heroes",
        [Occupant("villain", brute.size, brute.menace), Occupant("heroes", 2, GORDON.menace)],
    )
    attack = net_successes(3, hindering=hindering)
    assert attack == 3
    assert wounds(attack, net_successes(0, brute.automatic_defense)) == 1 == brute.life


def test_batman_opens_the_safe() -> None:
    """V·C·3 [a] example: 3 cubes of manipulation, no free reroll, no enemy left in the area:
    3 successes reach the difficulty of 3."""
    pool = characteristic_pool(BATMAN.manipulation.die, 3)
    assert pool == ("orange",) * 3
    assert free_rerolls(pool) == {}
    assert check_free_rerolls(pool, [1]) is not None
    shown = successes_shown(FACES, pool, (2, 3, 4))
    net = net_successes(shown, hindering=action_hindering("heroes", []))
    safe = next(a for a in PACK.mission.actions if a.id == "open-safe")
    assert complex_succeeds(net, safe.difficulty)
    assert not complex_succeeds(net_successes(shown, hindering=1), safe.difficulty)


def test_killer_crocs_attack_dice() -> None:
    """VI·D·5 example: each attack rolls a yellow die with a reroll and a yellow die, and may
    reroll the first for free."""
    croc = PACK.tile("killer-croc")
    pool = croc.melee[0].dice
    assert free_rerolls(pool) == {"yellow": 1}
    assert check_free_rerolls(pool, [0]) is None
    assert check_free_rerolls(pool, [1]) is None  # any yellow die: the icon's colour counts
    assert check_free_rerolls(pool, [0, 1]) is not None  # one icon, one die


def test_a_die_is_rerolled_for_free_only_once() -> None:
    """VIII B: and paid rerolls may then take it again (VIII C)."""
    pool = ("yellow+reroll", "yellow+reroll")
    assert check_free_rerolls(pool, [0, 1]) is None
    assert check_free_rerolls(pool, [0], done=[0]) is not None
    assert check_free_rerolls(pool, [0, 0]) is not None
    assert check_free_rerolls(pool, [5]) is not None


def test_paid_rerolls_stay_within_the_reroll_space() -> None:
    """VIII D, IX I: one cube per die, never beyond the exertion limit."""
    assert room(0, BATMAN.reroll.limit) == 2
    assert room(2, BATMAN.reroll.limit) == 0
    assert saturated(2, BATMAN.reroll.limit)
    assert not saturated(1, BATMAN.reroll.limit)


def test_characteristics_without_dice_or_without_the_action() -> None:
    """IX E 3 and 4."""
    assert characteristic_pool(NO_DICE, 3) == ()
    assert characteristic_pool(UNABLE, 3) is None


def test_no_result_is_negative() -> None:
    """IX K."""
    assert net_successes(1, hindering=4) == 0
    assert wounds(1, 3) == 0


def test_rolls_are_face_indexes_from_the_given_randomness() -> None:
    pool = ("white", "black", "red")
    first = roll(pool, random.Random(7))
    assert first == roll(pool, random.Random(7))
    assert len(first) == 3 and all(0 <= f < 6 for f in first)
