"""Every refusal of the game: its code, the sections that forbid the move, and its message."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection
from rules_core.games.gotham_city_chronicles.citations import cite

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("v", "vi"),
    "bad_options": cite("iii", "v"),
    "game_over": cite("iv-c", "iv-e"),
    "not_your_turn": cite("iv", "iv-b", "iv-d", "v-b", "vi-b"),
    "unknown_move": cite("iv"),
    "unexpected_parameter": cite("iv"),
    "not_your_hero": cite("v", "ii.miniatures"),
    "stance_step": cite("v-b-3", "v-b-4"),
    "stance_taken": cite("v-b-3"),
    "neutralized_must_rest": cite("v-b-3", "ix-b"),
    "not_active": cite("v-b-3-b", "v-b-4"),
    "neutralized": cite("ix-b"),
    "no_such_area": cite("iii-a"),
    "no_move_there": cite("v-c-5-d", "iii-b", "iii-c", "iii-g"),
    "over_occupied": cite("v-c-5-d", "iii-d", "ix-h"),
    "cannot_buy_move_points": cite("v-c-5-f", "ix-i", "ix-c"),
    "not_moving": cite("v-c-5-j", "v-c-5-k"),
}


def reject(code: str, message: str) -> Rejection:
    """A refusal with the citations its code carries."""
    return Rejection(code, message, REJECTIONS[code])
