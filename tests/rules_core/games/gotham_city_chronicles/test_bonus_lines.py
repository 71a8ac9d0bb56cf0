"""V D 6 through the move book: a card with several bonus lines of one icon lets the hero choose
the line applied (weapons in an attack, tools in a complex action or a throw, cards in a
defense); a card with one line applies it, and there is nothing to choose."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from typing import Any

from rules_core.engine.types import GameEvent, Move, Rejection, Scalar
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    AttackRolled,
    ComplexActionResolved,
    ComplexActionRolled,
    DefenseCounted,
    DefenseRolled,
)
from rules_core.games.gotham_city_chronicles.moves import MOVES
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.setup import opening
from rules_core.games.gotham_city_chronicles.state import INITIAL, GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    fold,
    play,
    refused,
)
from tests.rules_core.games.gotham_city_chronicles.test_villain import VILLAIN

# two lines of one icon each: a die, or an automatic success
TWO_LINES: dict[str, list[dict[str, Any]]] = {
    "melee": [{"when": "melee", "dice": ["yellow"]}, {"when": "melee", "successes": 1}],
    "defense": [{"when": "defense", "dice": ["white"]}, {"when": "defense", "successes": 2}],
    "manipulation": [
        {"when": "manipulation", "dice": ["red"]},
        {"when": "manipulation", "successes": 1},
    ],
}


def _started(**extra: dict[str, Any]) -> GccState:
    """The reference mission with the tonfa's melee line doubled, and a vest and a lockpick of
    two lines each."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    tonfa = next(i for i in raw["item"] if i["id"] == "tonfa")
    tonfa["bonuses"] = TWO_LINES["melee"]
    for item_id, name, kind, lines in (
        ("vest", "Kevlar Vest", "object", TWO_LINES["defense"]),
        ("lockpick", "Lockpick", "tool", TWO_LINES["manipulation"]),
    ):
        raw["item"].append(equipment(item_id, name, kind, lines))
    return all_active(fold(INITIAL, opening(parse_pack(raw), 2)))


def equipment(
    item_id: str, name: str, kind: str, lines: list[dict[str, Any]], single_use: bool = False
) -> dict[str, Any]:
    """A test-only equipment card of the item type `kind`, encumbrance 1, as a pack gives it."""
    return {
        "id": item_id,
        "name": name,
        "kind": "equipment",
        "type": kind,
        "encumbrance": 1,
        "bonuses": lines,
        "single_use": single_use,
        "source": "reference",
    }


def _gordon_with(state: GccState, area: str, *items: str) -> GccState:
    gordon = replace(state.hero("commissioner-gordon"), area=area, items=items)
    return state.with_hero(gordon)


def _kept(state: GccState, events: list[GameEvent]) -> tuple[GccState, list[GameEvent]]:
    """The heroes' seat keeps its dice until the roll is counted (the events of the last move)."""
    while state.roll is not None:
        state, events = play(state, 1, Move.of("keep"))
    return state, events


def _attacked_with_no_cube_left(state: GccState) -> GccState:
    """Gordon, his cubes all spent, attacked by Killer Croc: his defense is to be decided."""
    hero = state.hero("commissioner-gordon")
    tired = replace(hero.zones, reserve=0, fatigue=hero.zones.reserve)
    state = state.with_hero(replace(hero, zones=tired))
    state, _ = play(state, 1, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    attack = Move.of(
        "character_attack", kind="melee", characteristic=0, target="commissioner-gordon"
    )
    state, _ = play(state, VILLAIN, attack)
    while state.roll is not None and state.roll.purpose == "attack":
        state, _ = play(state, VILLAIN, Move.of("keep"))
    return state


ATTACK: dict[str, Scalar] = {
    "hero": "commissioner-gordon",
    "kind": "melee",
    "weapon": "tonfa",
    "target": "thugs-with-crowbar-1",
    "cubes": 1,
}


def test_the_hero_chooses_the_weapons_melee_line() -> None:
    """V D 6: the tonfa's two melee lines are two attacks to choose from, each named in words;
    the attack that names neither is refused, citing the bonus lines."""
    state = _gordon_with(_started(), "boiler-room", "tonfa")
    offered = [m for m in MOVES.legal_moves(state, 1) if m.type == "attack"]
    tonfa = [m for m in offered if m.get("weapon") == "tonfa" and m.get("cubes") == 1]
    assert {m.get("lines") for m in tonfa} == {"0", "1"}
    labels = {GAME.describe_move(state, 1, m) for m in tonfa if m.get("target") == ATTACK["target"]}
    assert labels == {
        "Commissioner Gordon: melee attack on Thugs with Crowbar #1 with the Tonfa, 1 cube, the "
        "Tonfa's first melee line (one yellow die)",
        "Commissioner Gordon: melee attack on Thugs with Crowbar #1 with the Tonfa, 1 cube, the "
        "Tonfa's second melee line (one automatic success)",
    }
    refusal = refused(state, 1, Move.of("attack", **ATTACK))
    assert refusal.code == "bad_bonus_line"
    assert [c.section for c in refusal.citations] == ["v-d.bonus-lines"]
    assert refused(state, 1, Move.of("attack", **ATTACK, lines="2")).code == "bad_bonus_line"
    assert refused(state, 1, Move.of("attack", **ATTACK, lines="0,1")).code == "bad_bonus_line"
    assert refused(state, 1, Move.of("attack", **ATTACK, lines="01")).code == "bad_bonus_line"
    first = play(state, 1, Move.of("attack", **ATTACK, lines="0"), seed=5)[1][0]
    assert isinstance(first, AttackRolled) and first.pool == ("orange", "yellow")
    state, events = play(state, 1, Move.of("attack", **ATTACK, lines="1"), seed=5)
    rolled = events[0]
    assert isinstance(rolled, AttackRolled) and rolled.pool == ("orange",)
    assert rolled.lines == (1,)
    state, events = _kept(state, events)
    counted = next(e for e in events if isinstance(e, AttackCounted))
    shown = state.board_pack.faces("orange")[rolled.faces[0]]
    assert counted.successes == shown + 1  # the second line's automatic success


def test_a_card_with_one_line_of_the_icon_names_none() -> None:
    """V D 6: an attack with bare hands uses no card, so it names no line."""
    state = _gordon_with(_started(), "boiler-room", "tonfa")
    punch: dict[str, Scalar] = {**ATTACK, "weapon": "", "lines": "0"}
    assert refused(state, 1, Move.of("attack", **punch)).code == "bad_bonus_line"


def test_the_hero_chooses_the_defense_line_of_a_card() -> None:
    """V D 6 in a defense (VII D, VII G): the vest's second line, two automatic successes; the
    defense is asked for even with no cube to spend, since there is a line to choose."""
    state = _gordon_with(_started(), "walkway", "vest")
    state = _attacked_with_no_cube_left(state)
    offered = MOVES.legal_moves(state, 1)
    assert offered == [
        Move.of("defend", cubes=0, lines="0"),
        Move.of("defend", cubes=0, lines="1"),
    ]
    assert GAME.describe_move(state, 1, offered[1]) == (
        "Defend with no cube, the Kevlar Vest's second defense line (two automatic successes)"
    )
    assert refused(state, 1, Move.of("defend", cubes=0)).code == "bad_bonus_line"
    state, events = play(state, 1, offered[1])
    rolled = events[0]
    assert isinstance(rolled, DefenseRolled) and rolled.pool == ("white",)  # Gordon's own die
    state, events = _kept(state, events)
    counted = next(e for e in events if isinstance(e, DefenseCounted))
    shown = state.board_pack.faces("white")[rolled.faces[0]]
    assert counted.successes == shown + 2


def test_the_hero_chooses_the_tools_line_for_a_complex_manipulation() -> None:
    """V D 6 with V·C·3 [a] iv: the lockpick's second manipulation line adds an automatic
    success to opening the safe instead of a red die."""
    state = _gordon_with(_started(), "office", "lockpick")
    crack: dict[str, Scalar] = {"hero": "commissioner-gordon", "action": "open-safe", "cubes": 1}
    assert refused(state, 1, Move.of("complex_action", **crack)).code == "bad_bonus_line"
    offered = [
        m
        for m in MOVES.legal_moves(state, 1)
        if m.type == "complex_action" and m.get("hero") == "commissioner-gordon"
    ]
    assert {m.get("lines") for m in offered if m.get("cubes") == 1} == {"0", "1"}
    state, events = play(state, 1, Move.of("complex_action", **crack, lines="1"), seed=2)
    rolled = events[0]
    assert isinstance(rolled, ComplexActionRolled) and rolled.pool == ("yellow",)
    state, events = _kept(state, events)
    resolved = next(e for e in events if isinstance(e, ComplexActionResolved))
    shown = state.board_pack.faces("yellow")[rolled.faces[0]]
    assert resolved.successes == shown + 1


def test_every_offered_choice_is_accepted() -> None:
    """Each line offered is a move the rules accept."""
    state = _gordon_with(_started(), "boiler-room", "tonfa", "lockpick")
    for move in MOVES.legal_moves(state, 1):
        if move.get("lines") is not None:
            decided = MOVES.decide(state, 1, move, random.Random(0))
            assert not isinstance(decided, Rejection), move


def test_the_choices_one_move_offers_are_bounded_however_many_lines_a_pack_gives() -> None:
    """A custom pack's cards are the caller's: five cards of six defense lines each would offer
    7,776 defenses. The first MAX_CHOOSING cards offer their first MAX_LINES lines and the others
    apply their first, so 64 choices are offered, each accepted, and a line past them refused."""
    from rules_core.games.gotham_city_chronicles import bonus_choice

    raw = tomllib.loads(REFERENCE_PACK.read_text())
    six = [{"when": "defense", "successes": 1 + n % 3} for n in range(6)]
    vests = [f"vest-{n}" for n in range(5)]
    for item_id in vests:
        raw["item"].append(
            {
                "id": item_id,
                "name": f"Vest {item_id[-1]}",
                "kind": "equipment",
                "type": "object",
                "encumbrance": 0,
                "bonuses": six,
                "source": "reference",
            }
        )
    state = _gordon_with(all_active(fold(INITIAL, opening(parse_pack(raw), 2))), "walkway", *vests)
    state = _attacked_with_no_cube_left(state)
    offered = MOVES.legal_moves(state, 1)
    limit = bonus_choice.MAX_LINES**bonus_choice.MAX_CHOOSING
    assert len(offered) == limit == 64
    assert {m.get("lines") for m in offered} >= {"0,0,0", "3,3,3"}
    for move in offered:
        assert not isinstance(MOVES.decide(state, 1, move, random.Random(0)), Rejection), move
    for beyond in ("4,0,0", "0,0,0,0", "0,0,0,0,0"):
        assert refused(state, 1, Move.of("defend", cubes=0, lines=beyond)).code == "bad_bonus_line"


def _two_skill_lines() -> GccState:
    """The reference mission with the explosive gel giving Blast 1 or 2, and the grapnel gun
    Attraction 1 or 2: two permanent lines of one skill each."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    for item_id, skill in (("explosive-gel", "blast"), ("grapnel-gun", "attraction")):
        card = next(i for i in raw["item"] if i["id"] == item_id)
        card["bonuses"] = [
            {"when": "permanent", "skill": skill, "level": 1},
            {"when": "permanent", "skill": skill, "level": 2},
        ]
    return all_active(fold(INITIAL, opening(parse_pack(raw), 2)))


def test_the_hero_chooses_one_permanent_line_of_a_card_for_a_blast() -> None:
    """V D 6, V D 6.4: a card's permanent lines giving one skill are not added together; the
    hero chooses the one applied when using the skill (here, the Blast's level)."""
    from rules_core.games.gotham_city_chronicles.events import Blasted

    state = _two_skill_lines()
    offered = [m for m in MOVES.legal_moves(state, 1) if m.type == "blast"]
    assert {m.get("lines") for m in offered} == {"0", "1"}
    blast = {"hero": "batman", "area": "walkway"}
    assert refused(state, 1, Move.of("blast", **blast)).code == "bad_bonus_line"
    assert refused(state, 1, Move.of("blast", **blast, lines="2")).code == "bad_bonus_line"
    for lines, level in (("0", 1), ("1", 2)):
        _, events = play(state, 1, Move.of("blast", **blast, lines=lines))
        assert events[0] == Blasted(seat=1, figure="batman", area="walkway", level=level)
    label = GAME.describe_move(state, 1, Move.of("blast", **blast, lines="1"))
    assert label.endswith("the Explosive Gel's second blast line (Blast 2)")


def test_a_skill_whose_level_only_bounds_takes_the_cards_highest_line() -> None:
    """V D 6.4: Attraction's level is the farthest distance it reaches, so of the grapnel gun's
    two lines the higher applies (not the two added together)."""
    from rules_core.games.gotham_city_chronicles.skills import skill_level

    state = _two_skill_lines()
    assert skill_level(state, state.hero("batman"), "attraction") == 2
    assert skill_level(state, state.hero("batman"), "blast", (0,)) == 1
