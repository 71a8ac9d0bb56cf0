"""The reroll step (VIII) through the move book: the free rerolls are one step, taken once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles.events import (
    AttackRolled,
    DiceRerolled,
    FreeRerollPicked,
)
from rules_core.games.gotham_city_chronicles.moves import MOVES
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    play,
    refused,
    started,
)


def _two_free_rerolls() -> GccState:
    """Batman throws two batarangs at a brute (Ambidexterity 1, each of size 1): two yellow dice
    with the reroll icon, so two free rerolls of a yellow die."""
    state = all_active(started())
    batman = state.hero("batman")
    batman = replace(batman, area="warehouse-floor", gadgets=("batarangs", "batarangs"))
    state = state.with_hero(batman)
    attack = Move.of(
        "attack",
        hero="batman",
        kind="ranged",
        weapon="batarangs",
        second="batarangs",
        target="brutes-with-chains-1",
        cubes=1,
    )
    state, events = play(state, 1, attack, seed=3)
    rolled = events[0]
    assert isinstance(rolled, AttackRolled)
    assert rolled.pool == ("white", "yellow+reroll", "yellow+reroll")
    return state


def test_free_rerolls_are_taken_together_once() -> None:
    """VIII B is one step before the paid rerolls (VIII C-E loop back to C, not to B): after one
    die was rerolled for free, the other free reroll is gone; only paid rerolls are left."""
    state = _two_free_rerolls()
    state, events = play(state, 1, Move.of("reroll", dice="1", paid=False))
    assert isinstance(events[0], DiceRerolled) and events[0].cubes == 0
    refusal = refused(state, 1, Move.of("reroll", dice="2", paid=False))
    assert refusal.code == "bad_reroll" and "once" in refusal.message
    assert {c.section for c in refusal.citations} == {"viii-b", "viii-c"}
    offered = MOVES.legal_moves(state, 1)
    assert offered and all(m.get("paid") is not False for m in offered if m.type == "reroll")
    assert Move.of("reroll", dice="2", paid=True) in offered


def test_both_free_rerolls_in_one_go() -> None:
    """VIII B: the free rerolls available are rolled together, once chosen one die at a time
    (rules version 25): nothing is rolled while they are chosen, and no paid reroll comes
    before them."""
    state = _two_free_rerolls()
    offered = MOVES.legal_moves(state, 1)
    assert [m for m in offered if m.type == "pick_reroll"] == [
        Move.of("pick_reroll", die=1),
        Move.of("pick_reroll", die=2),
    ]
    assert GAME.describe_move(state, 1, Move.of("pick_reroll", die=2)).startswith(
        "Choose the third die (yellow with a reroll icon"
    )
    state, events = play(state, 1, Move.of("pick_reroll", die=2))
    assert [type(e) for e in events] == [FreeRerollPicked] and state.roll is not None
    assert state.roll.faces == _two_free_rerolls().roll.faces  # type: ignore[union-attr]
    shown: Any = GAME.view(state, 1)["roll"]
    shown = shown["shown"]
    assert shown[2].endswith(", chosen for the free reroll") and "chosen" not in shown[1]
    offered = MOVES.legal_moves(state, 1)
    assert Move.of("reroll", dice="2", paid=False) in offered
    assert Move.of("pick_reroll", die=1) in offered
    assert not any(m.get("paid") is True for m in offered)
    assert refused(state, 1, Move.of("reroll", dice="0", paid=True)).code == "bad_reroll"
    assert refused(state, 1, Move.of("pick_reroll", die=2)).code == "bad_reroll"
    assert refused(state, 1, Move.of("pick_reroll", die=0)).code == "bad_reroll"  # no icon
    state, _ = play(state, 1, Move.of("pick_reroll", die=1))
    assert [m for m in MOVES.legal_moves(state, 1) if m.type == "reroll"] == [
        Move.of("reroll", dice="1,2", paid=False)
    ]
    state, events = play(state, 1, Move.of("reroll", dice="1,2", paid=False))
    assert isinstance(events[0], DiceRerolled) and events[0].dice == (1, 2)


def test_a_roll_of_many_dice_offers_a_move_a_die() -> None:
    """A custom pack's pool may hold hundreds of dice (the book bounds none, README): a roll of
    60 dice with reroll icons offers at most a free pick and a paid reroll a die, and keeping
    (before rules version 25, every set of them: 2^61 moves)."""
    state = _two_free_rerolls()
    roll = state.roll
    assert roll is not None
    many = replace(roll, pool=("yellow+reroll",) * 60, faces=(0,) * 60)
    offered = MOVES.legal_moves(replace(state, roll=many), 1)
    assert 60 <= len(offered) <= 2 * 60 + 1


def test_dice_are_named_as_the_legal_moves_name_them() -> None:
    """A reroll's dice are named by their places, each once, in increasing order: another
    spelling of an offered move ("2,1", "01") is not offered, so it is refused."""
    state = _two_free_rerolls()
    offered = MOVES.legal_moves(state, 1)
    for dice in ("2,1", "01", "1,02"):
        for paid in (False, True):
            move = Move.of("reroll", dice=dice, paid=paid)
            assert move not in offered
            assert refused(state, 1, move).code == "bad_reroll"
