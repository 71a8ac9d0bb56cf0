"""Enemies and allies (IX M) as attack targets: a villain's character attacks any enemy
miniature, a hero or a character of the heroes' side, and defends it as a character defends
against a hero (VII); a neutral miniature and an ally are refused, to heroes and characters
alike. The river holds the villain's tiles alone (VI·A·1 8), and only its tiles go face down
among the neutralized tiles the villain dredges (IX B, VI F). Played on a test-only variant of
the reference pack, which has no heroes' or neutral tile."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine.types import GameEvent, Move
from rules_core.games.gotham_city_chronicles.content import (
    REFERENCE_PACK,
    ContentError,
    parse_pack,
)
from rules_core.games.gotham_city_chronicles.events import (
    AttackCounted,
    CharacterWounded,
    DefenseCounted,
    DefenseRolled,
)
from rules_core.games.gotham_city_chronicles.language import narrate
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.setup import opening
from rules_core.games.gotham_city_chronicles.state import INITIAL, VILLAIN_SEAT, GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    fold,
    play,
    refused,
)
from tests.rules_core.games.gotham_city_chronicles.test_offers import accepted, ranges

CROC, OFFICER, BYSTANDER = "killer-croc-1", "gcpd-officers-1", "bystanders-1"


def _tile(tile_id: str, name: str, side: str, automatic_defense: int) -> dict[str, Any]:
    return {
        "id": tile_id,
        "name": name,
        "side": side,
        "kind": "simple",
        "level": "henchman",
        "figures": 1,
        "life": 2,
        "automatic_defense": automatic_defense,
        "move_bonus": 1,
        "size": 1,
        "menace": 1,
        "melee": [{"dice": ["white"], "multiplier": 1}],
        "source": "reference",
    }


def with_sides() -> dict[str, Any]:
    """The reference pack's data with a heroes' tile (GCPD Officers, automatic defense 1) and a
    neutral one (Bystanders), one character of each beside Killer Croc on the walkway, neither in
    the river."""
    raw: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
    raw["tile"] += [
        _tile("gcpd-officers", "GCPD Officers", "heroes", 1),
        _tile("bystanders", "Bystanders", "neutral", 0),
    ]
    raw["mission"]["place"] += [
        {"tile": "gcpd-officers", "area": "walkway"},
        {"tile": "bystanders", "area": "walkway"},
    ]
    return raw


def _heroes_turn(raw: dict[str, Any] | None = None) -> GccState:
    """The heroes' first turn (2 seats) of `with_sides`' pack, every hero active."""
    return all_active(fold(INITIAL, opening(parse_pack(raw or with_sides()), 2)))


def _crocs_turn(raw: dict[str, Any] | None = None) -> GccState:
    """The villain's first turn of `_heroes_turn`'s game, Killer Croc activated."""
    state, _ = play(_heroes_turn(raw), 1, Move.of("finish"))
    state, _ = play(state, VILLAIN_SEAT, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN_SEAT, Move.of("activate_character", character=CROC))
    return state


def _croc_attacks(target: str) -> Move:
    return Move.of("character_attack", kind="melee", characteristic=0, target=target)


def test_a_villains_character_attacks_a_heroes_side_character() -> None:
    """IX M: a character of the heroes' side is the villain's characters' enemy. It defends as
    a character defends against a hero (VII): the villain declares it with the command post's
    cubes and die, and the tile's automatic successes count."""
    state = _crocs_turn()
    for seed in range(200):
        after, events = play(state, VILLAIN_SEAT, _croc_attacks(OFFICER), seed=seed)
        while after.roll is not None and after.roll.purpose == "attack":
            after, kept = play(after, VILLAIN_SEAT, Move.of("keep"))
            events += kept
        counted = next(e for e in events if isinstance(e, AttackCounted))
        if counted.successes >= 2:  # more than the officers' automatic defense cancels
            break
    assert after.fight is not None and after.fight.target == OFFICER
    assert to_act(after) == {VILLAIN_SEAT}
    defend = Move.of("defend", cubes=1)
    assert defend in MOVES.legal_moves(after, VILLAIN_SEAT)
    reserve = after.villain.reserve
    after, events = play(after, VILLAIN_SEAT, defend)
    rolled = events[0]
    assert isinstance(rolled, DefenseRolled) and rolled.pool == ("white",)  # the command post's
    assert after.villain.reserve == reserve - 1
    while after.roll is not None:
        after, kept = play(after, VILLAIN_SEAT, Move.of("keep"))
        events += kept
    defense = next(e for e in events if isinstance(e, DefenseCounted))
    shown = sum(after.board_pack.faces("white")[face] for face in rolled.faces)
    assert defense.successes == shown + 1  # the die and the tile's automatic success
    assert defense.wounds == max(counted.successes - defense.successes, 0)
    wounded = [e for e in events if isinstance(e, CharacterWounded)]
    assert [(e.character, e.wounds) for e in wounded] == (
        [(OFFICER, defense.wounds)] if defense.wounds else []
    )
    assert narrate(state, rolled, VILLAIN_SEAT, True) == (
        "GCPD Officers defends with 1 cube, rolling 1 die."
    )


def test_a_neutral_miniature_or_an_ally_is_refused_citing_enemies() -> None:
    """IX M: only a miniature of the opposite side is an enemy; a neutral one is nobody's
    (README), and an ally is not attacked, by a character nor by a hero."""
    state = _crocs_turn()
    thug = replace(state.character("thugs-with-crowbar-1"), area="walkway")
    state = state.with_character(thug)
    expected = {
        BYSTANDER: "Bystanders is not an enemy of Killer Croc: a neutral miniature is nobody's"
        " enemy.",
        thug.id: "Thugs with Crowbar #1 is on the same side as Killer Croc: an ally, not an enemy.",
        CROC: "Killer Croc does not attack itself.",
    }
    for target, message in expected.items():
        refusal = refused(state, VILLAIN_SEAT, _croc_attacks(target))
        assert (refusal.code, refusal.message) == ("bad_target", message)
        assert "ix-m" in [c.section for c in refusal.citations]
    heroes = _heroes_turn()
    heroes = heroes.with_hero(replace(heroes.hero("batman"), area="walkway"))
    for target, message in {
        OFFICER: "GCPD Officers is on the same side as Batman: an ally, not an enemy.",
        BYSTANDER: "Bystanders is not an enemy of Batman: a neutral miniature is nobody's enemy.",
    }.items():
        move = Move.of("attack", hero="batman", kind="melee", weapon="", target=target, cubes=1)
        refusal = refused(heroes, 1, move)
        assert (refusal.code, refusal.message) == ("bad_target", message)


def test_the_offers_include_an_attack_on_a_heroes_side_character() -> None:
    """The villain's legal moves (the bots' and the API's) offer the attack on the officers and
    none on the bystanders, and are the attacks plain enumeration finds (test_offers.py)."""
    state = _crocs_turn()
    offered = [m for m in MOVES.legal_moves(state, VILLAIN_SEAT) if m.type == "character_attack"]
    assert _croc_attacks(OFFICER) in offered
    assert _croc_attacks(BYSTANDER) not in offered
    rule = MOVES.rule("character_attack")
    assert rule is not None
    assert set(offered) == accepted(state, VILLAIN_SEAT, rule, ranges(state))
    assert MOVES.describe(state, VILLAIN_SEAT, _croc_attacks(OFFICER)) == (
        "Melee attack on GCPD Officers"
    )


@pytest.mark.parametrize(
    ("tile", "words"), [("gcpd-officers", "a heroes' tile"), ("bystanders", "a neutral tile")]
)
def test_a_pack_putting_a_heroes_or_neutral_tile_in_the_river_is_refused(
    tile: str, words: str
) -> None:
    """VI·A·1 8: the river holds the villain's character tiles and the event tile, the tiles it
    activates (rules version 31); before, the villain played a heroes' tile's characters."""
    raw = with_sides()
    raw["mission"]["river"] = [*raw["mission"]["river"][:4], tile]
    named = next(t["name"] for t in raw["tile"] if t["id"] == tile)
    with pytest.raises(ContentError) as refused_pack:
        parse_pack(raw)
    assert str(refused_pack.value) == (
        f'mission.river[4]: "{named}" is {words}, and the river holds only the villain\'s tiles'
        " and the event tile, the ones the villain activates (VI·A·1 8)"
    )


def test_a_heroes_tile_whose_characters_are_all_neutralized_is_not_the_villains_to_dredge() -> None:
    """IX B puts a neutralized tile face down at the river's end and VI F dredges it from there:
    a heroes' tile outside the river never joins them, so the villain is offered no dredge of it,
    is refused one, and brings none of its characters back (VI E) even at a reinforcement cost
    (rules version 31; before, `tile_neutralized` put it among the neutralized tiles and the
    villain could dredge it: tests/fixtures/logs/gotham-city-chronicles-2p-rules30.json)."""
    raw = with_sides()
    officers = next(t for t in raw["tile"] if t["id"] == "gcpd-officers")
    officers.update(life=1, automatic_defense=0, reinforcement=1)
    state = _crocs_turn(raw)
    events: list[GameEvent] = []
    for seed in range(50):
        after, events = play(state, VILLAIN_SEAT, _croc_attacks(OFFICER), seed=seed)
        while after.roll is not None or after.fight is not None:
            move = Move.of("keep") if after.roll is not None else Move.of("defend", cubes=0)
            after, more = play(after, VILLAIN_SEAT, move, seed=seed)
            events += more
        if not after.character(OFFICER).area:
            break
    assert [e.type for e in events][-2:] == ["character_wounded", "character_neutralized"]
    assert after.face_down == () and to_act(after) == {VILLAIN_SEAT}
    assert not [m for m in MOVES.legal_moves(after, VILLAIN_SEAT) if m.type == "dredge"]
    refusal = refused(after, VILLAIN_SEAT, Move.of("dredge", tile="gcpd-officers"))
    assert (refusal.code, refusal.message) == (
        "not_neutralized",
        "Only a neutralized tile is dredged from the river.",
    )
    with_points = replace(after, reinforcement=5)
    offered = MOVES.legal_moves(with_points, VILLAIN_SEAT)
    assert [m for m in offered if m.type == "reinforce"]  # the thugs of the pool, not these
    assert not [m for m in offered if m.get("tile") == "gcpd-officers"]
