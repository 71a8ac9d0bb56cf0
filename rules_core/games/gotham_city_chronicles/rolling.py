"""What the reroll step (VIII) allows on the roll waiting: free rerolls left, and the cubes the
roller may still put on its reroll space (a hero's board, or the command post's)."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles import dice
from rules_core.games.gotham_city_chronicles.state import GccState


def paid_room(state: GccState, figure: str) -> int:
    """VIII D, IX I: the dice a roll of `figure` could still have rerolled for cubes: the cubes
    in reserve and the room on the reroll space (its hero's board, or the command post's for a
    character)."""
    if state.has_hero(figure):
        zones, limit = state.hero(figure).zones, state.board_pack.hero(figure).reroll.limit
    else:
        zones, limit = state.villain, state.board_pack.command_post.reroll.limit
    return min(dice.room(zones.on("reroll"), limit), zones.reserve)


def reroll_room(state: GccState) -> int:
    """VIII D, IX I: the dice of the roll waiting that can still be paid for."""
    roll = state.roll
    assert roll is not None
    return paid_room(state, roll.figure)


def reroll_possible(state: GccState) -> bool:
    """VIII: the free rerolls not yet taken (VIII B: one go), or a cube and room on the reroll
    space."""
    roll = state.roll
    if roll is None or not roll.pool:
        return False
    if (
        not roll.paid
        and not roll.free_done
        and any(
            dice.check_free_rerolls(roll.pool, [i], roll.free_done) is None
            for i in range(len(roll.pool))
        )
    ):
        return True
    return reroll_room(state) > 0
