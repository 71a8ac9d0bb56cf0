"""What the reroll step (VIII) allows on the roll waiting: free rerolls left, and the cubes the
roller may still put on its reroll space (a hero's board, or the command post's)."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles import dice
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState


def reroll_room(state: GccState) -> int:
    """VIII D, IX I: the dice that can still be paid for (cubes in reserve, room on the space)."""
    roll = state.roll
    assert roll is not None
    if roll.seat == VILLAIN_SEAT:
        zones, limit = state.villain, state.board_pack.command_post.reroll.limit
    else:
        zones, limit = (
            state.hero(roll.figure).zones,
            state.board_pack.hero(roll.figure).reroll.limit,
        )
    return min(dice.room(zones.on("reroll"), limit), zones.reserve)


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
