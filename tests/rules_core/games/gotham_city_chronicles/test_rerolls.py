"""The reroll step (VIII) through the move book: the free rerolls are one step, taken once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles.energy import SPACES
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


def test_a_reroll_is_told_by_the_dice_it_names_and_what_they_show_now() -> None:
    """VIII E: the story of a reroll names the dice as its move did (place, colour, what each
    showed) and tells what they show now, with the cubes spent in words as the label's; it said
    only "Batman rerolls 1 die for 1 cube.", neither which die nor what came of it."""
    state = _two_free_rerolls()
    state, _ = play(state, 1, Move.of("pick_reroll", die=1))
    state, _ = play(state, 1, Move.of("pick_reroll", die=2))
    free = DiceRerolled(seat=1, figure="batman", dice=(1, 2), faces=(5, 0), cubes=0)
    assert GAME.narrate(state, free, None, False) == (
        "Batman rerolls the second die (yellow with a reroll icon: one success) and the third die "
        "(yellow with a reroll icon: one success) for free: they now show two successes and no "
        "success."
    )
    paid = DiceRerolled(seat=1, figure="batman", dice=(0,), faces=(5,), cubes=1)
    assert GAME.narrate(state, paid, None, False) == (
        "Batman rerolls the first die (white: no success) for one cube: it now shows one success."
    )


def test_a_paid_reroll_refused_says_whether_the_space_or_the_reserve_is_short() -> None:
    """VIII D: a cube from the reserve onto the reroll space for each die, within the space's
    exertion limit (IX I); with cubes in reserve (IX C) fewer than the dice, the reserve is what
    refuses. The refusal said "within its limit" either way, and asked for "paid (true) or free
    (false)", a client's values, where the game's words say cubes or free."""
    state = _two_free_rerolls()
    state, _ = play(state, 1, Move.of("reroll", dice="1", paid=False))
    batman = state.hero("batman")
    poor = state.with_hero(replace(batman, zones=replace(batman.zones, reserve=1)))
    short = refused(poor, 1, Move.of("reroll", dice="0,2", paid=True))
    assert (short.code, short.message) == (
        "reroll_limit",
        "Rerolling two dice costs two cubes; Batman has one cube in reserve.",
    )
    assert [c.section for c in short.citations] == ["viii-d", "ix-c"]
    spaces = tuple(int(s == "reroll") for s in SPACES)  # one cube on the reroll space
    full = state.with_hero(replace(batman, zones=replace(batman.zones, spaces=spaces)))
    space = refused(full, 1, Move.of("reroll", dice="0,2", paid=True))
    assert (space.code, space.message) == (
        "reroll_limit",
        "Rerolling two dice costs two cubes; Batman's reroll space takes one more "
        "(exertion limit two).",
    )
    assert [c.section for c in space.citations] == ["viii-d", "ix-i"]
    unsaid = refused(state, 1, Move.of("reroll", dice="0", paid="yes"))
    assert unsaid.message == "Say whether the dice are rerolled for cubes or for free."
