"""Weapons outside an attack (V D, item types: melee and ranged weapons): a hero never combines
the bonuses of several weapons of one type, in a defense or in a skill's level; where two
weapons of a type could serve, the hero chooses which one does (rules version 23)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles.events import (
    Blasted,
    DefenseCounted,
    DefenseRolled,
    ItemUsedUp,
)
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.skills import skill_level
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_bonus_lines import equipment
from tests.rules_core.games.gotham_city_chronicles.test_combat import (
    _crocs_attack_counted,
    _shown,
)
from tests.rules_core.games.gotham_city_chronicles.test_movement import all_active, play, refused
from tests.rules_core.games.gotham_city_chronicles.test_skills import _active_with, _reference_raw
from tests.rules_core.games.gotham_city_chronicles.test_villain import VILLAIN

# test-only weapon cards: (id, name, type, bonus lines)
WEAPONS: tuple[tuple[str, str, str, list[dict[str, Any]]], ...] = (
    ("shield", "Riot Shield", "melee", [{"when": "defense", "dice": ["white"], "successes": 1}]),
    ("baton", "Shock Baton", "melee", [{"when": "defense", "dice": ["yellow"]}]),
    ("flare-gun", "Flare Gun", "ranged", [{"when": "defense", "dice": ["red"]}]),
    ("hook", "Gaff Hook", "melee", [{"when": "permanent", "skill": "attraction", "level": 1}]),
    ("chain", "Steel Chain", "melee", [{"when": "permanent", "skill": "attraction", "level": 2}]),
    ("charge", "Shaped Charge", "melee", [{"when": "permanent", "skill": "blast", "level": 1}]),
    ("mine", "Limpet Mine", "melee", [{"when": "permanent", "skill": "blast", "level": 2}]),
)


def _pack(single_use: str = "") -> dict[str, Any]:
    raw = _reference_raw()
    for item_id, name, kind, bonuses in WEAPONS:
        raw["item"].append(equipment(item_id, name, kind, bonuses, item_id == single_use))
    return raw


def _batman_carrying(state: GccState, *items: str, area: str = "") -> GccState:
    batman = state.hero("batman")
    return state.with_hero(replace(batman, items=items, gadgets=(), area=area or batman.area))


def _croc_attacks_batman_carrying(*items: str, single_use: str = "") -> GccState:
    """Killer Croc's melee attack on Batman counted with a success at least, Batman carrying
    `items` (of the test-only weapons) beside him on the walkway."""
    from rules_core.games.gotham_city_chronicles.content import parse_pack
    from rules_core.games.gotham_city_chronicles.setup import opening
    from rules_core.games.gotham_city_chronicles.state import INITIAL
    from tests.rules_core.games.gotham_city_chronicles.test_movement import fold

    state = all_active(fold(INITIAL, opening(parse_pack(_pack(single_use)), 2)))
    state = _batman_carrying(state, *items, area="walkway")
    state, _ = play(state, 1, Move.of("finish"))
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    state, _, _ = _crocs_attack_counted(state, lambda successes: successes > 0)
    return state


def _defended(state: GccState, move: Move) -> tuple[GccState, DefenseRolled, DefenseCounted]:
    state, events = play(state, 1, move)
    while state.roll is not None:
        state, kept = play(state, 1, Move.of("keep"))
        events += kept
    rolled = next(e for e in events if isinstance(e, DefenseRolled))
    counted = next(e for e in events if isinstance(e, DefenseCounted))
    return state, rolled, counted


def test_two_melee_weapons_defense_lines_are_not_combined_the_hero_chooses_one() -> None:
    """V D (item types: melee weapons): Batman carrying a Riot Shield (a white die and one
    automatic success in a defense) and a Shock Baton (a yellow die), both melee weapons,
    defends with one of them, the one his player chooses (`melee`), never both (rules version
    23; before, both lines joined the defense). A single-use weapon not chosen stays."""
    state = _croc_attacks_batman_carrying("shield", "baton", single_use="baton")
    offered = [m for m in GAME.legal_moves(state, 1) if m.type == "defend"]
    assert {m.get("melee") for m in offered} == {"shield", "baton"}
    one = Move.of("defend", cubes=1, melee="shield")
    taking = "Defend with 1 cube, taking the Riot Shield's defense bonus"
    assert GAME.describe_move(state, 1, one) == taking
    both = refused(state, 1, Move.of("defend", cubes=1))
    assert (both.code, both.message) == (
        "bad_weapon_choice",
        "The bonuses of two weapons of one type are not combined: choose one melee weapon"
        " whose defense bonus serves, among those carried.",
    )
    other = refused(state, 1, Move.of("defend", cubes=1, melee="flare-gun"))
    assert other.code == "bad_weapon_choice"
    assert "v-d.item-types" in {c.section for c in other.citations}

    after, rolled, counted = _defended(state, one)
    assert rolled.pool == ("orange", "orange", "white")  # a cube's die, Batman's, the shield's
    assert rolled.weapons == ("shield",)
    assert counted.successes == _shown(rolled.pool, rolled.faces) + 1
    assert after.hero("batman").items == ("shield", "baton")  # the baton served nothing

    after, rolled, counted = _defended(state, Move.of("defend", cubes=1, melee="baton"))
    assert rolled.pool == ("orange", "orange", "yellow")
    assert counted.successes == _shown(rolled.pool, rolled.faces)  # no shield's success
    assert after.hero("batman").items == ("shield",)  # the single-use baton served


def test_copies_of_one_weapon_count_once_and_weapons_of_two_types_both_count() -> None:
    """V D: two copies of a melee weapon are two melee weapons, so one defense line of them
    joins the defense (nothing to choose); a melee and a ranged weapon are not of one type,
    so both join it."""
    state = _croc_attacks_batman_carrying("shield", "shield")
    offered = [m for m in GAME.legal_moves(state, 1) if m.type == "defend"]
    assert offered and all(m.get("melee") is None for m in offered)
    _, rolled, counted = _defended(state, Move.of("defend", cubes=0))
    assert rolled.pool == ("orange", "white")
    assert counted.successes == _shown(rolled.pool, rolled.faces) + 1

    state = _croc_attacks_batman_carrying("shield", "flare-gun")
    _, rolled, _ = _defended(state, Move.of("defend", cubes=0))
    assert rolled.pool == ("orange", "white", "red")


def test_two_melee_weapons_skill_lines_are_not_combined() -> None:
    """V D (item types: melee weapons), V D 6.4: a Gaff Hook (Attraction 1) and a Steel Chain
    (Attraction 2), both melee weapons, give Batman Attraction 2, not 3 (with no weapon
    chosen, the higher serves: README readings). A Shaped Charge (Blast 1) and a Limpet
    Mine (Blast 2) give one Blast, at the level of the weapon the player chooses (`melee`);
    before rules version 23 their levels were added."""
    state = _active_with(_pack())
    state = _batman_carrying(state, "hook", "chain", "charge", "mine")
    batman = state.hero("batman")
    assert skill_level(state, batman, "attraction") == 2
    blasts = [m for m in GAME.legal_moves(state, 1) if m.type == "blast"]
    assert {m.get("melee") for m in blasts} == {"charge", "mine"}
    for weapon, level in (("charge", 1), ("mine", 2)):
        move = Move.of("blast", hero="batman", area="walkway", melee=weapon)
        _, events = play(state, 1, move, seed=4)
        assert events[0] == Blasted(seat=1, figure="batman", area="walkway", level=level)
    mine = Move.of("blast", hero="batman", area="walkway", melee="mine")
    assert GAME.describe_move(state, 1, mine) == (
        "Batman sets off a Blast in the Foreman's Office and in the Walkway, taking the Limpet"
        " Mine's blast bonus"
    )
    assert refused(state, 1, Move.of("blast", hero="batman", area="walkway")).code == (
        "bad_weapon_choice"
    )


def test_an_attraction_takes_the_weapon_the_player_chooses() -> None:
    """V D (item types: melee weapons) with X Attraction: with a Gaff Hook (Attraction 1) and
    a Steel Chain (Attraction 2), the player names the weapon whose line serves (`melee`), and
    the draw reaches that weapon's level only; the refusal cites the weapons' rule where the
    other weapon was left out. From the loading dock, the first thug in the boiler room is 2
    moves away."""
    state = _batman_carrying(_active_with(_pack()), "hook", "chain", area="loading-dock")
    thug = "thugs-with-crowbar-1"
    draws = [m for m in GAME.legal_moves(state, 1) if m.type == "attract"]
    assert {m.get("melee") for m in draws if m.get("target") == thug} == {"chain"}
    chain = Move.of("attract", hero="batman", target=thug, melee="chain")
    assert GAME.describe_move(state, 1, chain) == (
        "Batman draws Thugs with Crowbar #1 in with Attraction, taking the Steel Chain's"
        " attraction bonus"
    )
    short = refused(state, 1, Move.of("attract", hero="batman", target=thug, melee="hook"))
    assert short.message == "Thugs with Crowbar #1 is 2 moves away: Batman's Attraction reaches 1."
    assert {c.section for c in short.citations} == {"x.attraction", "ix-j", "v-d.item-types"}
    unnamed = refused(state, 1, Move.of("attract", hero="batman", target=thug))
    assert unnamed.code == "bad_weapon_choice"


def test_a_single_use_weapon_whose_skill_line_was_not_chosen_stays() -> None:
    """V D 5 with V D: a single-use Shaped Charge left out of a Blast set off with the Limpet
    Mine served nothing and stays; chosen, it leaves the game."""
    state = _batman_carrying(_active_with(_pack(single_use="charge")), "charge", "mine")
    blast = Move.of("blast", hero="batman", area="walkway", melee="mine")
    after, events = play(state, 1, blast, seed=4)
    assert not [e for e in events if isinstance(e, ItemUsedUp)]
    assert after.hero("batman").items == ("charge", "mine")
    after, events = play(state, 1, Move.of("blast", hero="batman", area="walkway", melee="charge"))
    assert ItemUsedUp(seat=1, hero="batman", item="charge") in events
