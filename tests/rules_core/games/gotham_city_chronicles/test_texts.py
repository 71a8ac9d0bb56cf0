"""What each thing in play does, in the game's words (texts.py), as the view carries it to every
seat alike: the mission's objective, hero boards, item cards, tiles, the event tile and the
mission's tokens and special rules, derived from the pack."""

from __future__ import annotations

import random
from typing import Any

from rules_core.engine import fold
from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.figures import Bonus
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.texts import item_text


def test_the_view_says_what_each_hero_card_tile_and_rule_does_in_words() -> None:
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    seen: Any = GAME.view(state, None)
    texts = {t["id"]: t for t in seen["texts"]}
    assert texts["warehouse-job"]["text"] == (
        "the heroes win once a hero carries Falcone's Ledger into the Street; the villain wins "
        "once the Bomb explodes, every hero is neutralized or turn 4 ends; at most 4 turns, "
        "the heroes acting first"
    )
    assert texts["batman"]["text"] == (
        "energy 12, size 2, menace 3, trait Moral Code, utility belt 3; "
        "melee: one orange die a cube, up to 4 cubes; ranged: one white die a cube, up to 3 cubes; "
        "manipulation: one orange die a cube, up to 3 cubes; "
        "thought: one red die a cube, up to 3 cubes; "
        "defense: one orange die a cube, up to 3 cubes, and one orange die always; "
        "movement: 2 move points a cube, up to 2 cubes; rerolls: up to 2 cubes; "
        "first movement bonus: 2 up to encumbrance 2, 1 up to encumbrance 4, "
        "0 up to encumbrance 6; "
        "recovers 4 cubes active, 6 resting; skills: Ambidexterity 1"
    )
    assert "skills: Retaliation 1 (below encumbrance 5)" in texts["commissioner-gordon"]["text"]
    assert texts["batarangs"] == {
        "kind": "item",
        "id": "batarangs",
        "name": "Batarangs",
        "text": "bat-gadget, ranged weapon, size 1, Batman only; "
        "ranged attack: +one yellow die with a reroll icon",
    }
    assert texts["grapnel-gun"]["text"].endswith("permanent: +Attraction 2")
    assert texts["submachine-gun"]["text"] == (  # in the safe: a hero may find it
        "equipment, ranged weapon, encumbrance 3, not for a hero with the Moral Code trait; "
        "ranged attack: +two orange dice"
    )
    assert texts["killer-croc"]["text"] == (
        "lieutenant, 1 miniature; each: life 6, size 3, menace 3, 2 automatic defense successes, "
        "first movement bonus 2; melee: one yellow die with a reroll icon and one yellow die, "
        "up to four times; never brought back as a reinforcement"
    )
    assert texts["thugs-with-crowbar"]["text"].endswith(
        "melee: two white dice; manipulation: one white die; reinforcement: 1 point a miniature"
    )
    assert texts["event"]["text"] == (
        "the villain plays one event whose condition holds, then gains 3 reinforcement points: "
        "Shorten the Fuse (while the Bomb is armed and its countdown runs: the Bomb's countdown "
        "goes down by one); Gas Leak (a gas token in the Warehouse Floor); "
        "Call the Crew (gain 1 reinforcement point)"
    )
    assert texts["bomb"]["text"] == (
        "in the Boiler Room, unarmed at the start, may become armed, defused or exploded"
    )
    assert texts["safe"]["text"] == (  # each item as a sentence names it (the pack's article)
        "in the Foreman's Office, closed at the start, may become open; "
        "holds Falcone's Ledger and the Submachine Gun"
    )
    assert texts["arm-bomb"]["text"] == (
        "the villain's automatic manipulation in the Bomb's area while the Bomb is unarmed: "
        "the Bomb is armed; the Bomb's countdown starts at 2"
    )
    assert texts["gas-token"]["text"] == "adds dangerous terrain 1 to its area while it lasts"
    assert "tonfa" not in texts  # no hero carries it and no token holds it: not in play
    assert all(GAME.view(state, seat)["texts"] == seen["texts"] for seat in (0, 1))
    words = " ".join(t["text"] for t in seen["texts"])
    assert "{" not in words and "yellow+reroll" not in words and "count_down" not in words


def test_a_cards_lines_of_one_icon_read_as_a_choice() -> None:
    """V D 6: two melee lines on one card are offered as one or the other."""
    from dataclasses import replace

    pack = load_pack()
    tonfa = replace(
        pack.item("tonfa"),
        single_use=True,
        bonuses=(Bonus("melee", ("yellow",)), Bonus("melee", (), successes=2)),
    )
    assert item_text(pack, tonfa) == (
        "equipment, melee weapon, encumbrance 2, Commissioner Gordon only, used up once a bonus "
        "is used; melee attack: +one yellow die or +two automatic successes"
    )
