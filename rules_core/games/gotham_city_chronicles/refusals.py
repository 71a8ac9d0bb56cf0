"""Every refusal of the game: its code, the sections that forbid the move, and its message."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection
from rules_core.games.gotham_city_chronicles.citations import cite
from rules_core.games.gotham_city_chronicles.state import GccState, HeroState

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("v", "vi"),
    "bad_options": cite("iii", "v"),
    "bad_gadgets": cite("v-d-2"),
    "game_over": cite("iv-c", "iv-e"),
    "not_your_turn": cite("iv", "iv-b", "iv-d", "v-b", "vi-b"),
    "seat_finished": cite("v-b-4", "v-b"),
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


def not_carried(
    hero: HeroState, item: object, *sections: str, who: str = "The hero"
) -> Rejection | None:
    """None when `hero` carries `item` as equipment it may let go of. A bat-gadget is never
    dropped, given, taken or thrown (V·D·2); anything else is not carried (`sections`: the
    action's own, where it has them)."""
    if item in hero.items:
        return None
    if item in hero.gadgets:
        return reject("gadget_stays", "A bat-gadget never leaves its hero.")
    return reject("no_such_item", f"{who} carries no such equipment.", *sections)


def pending(state: GccState) -> Rejection | None:
    """A roll waiting for its rerolls or an attack waiting for its defense comes first."""
    if state.roll is not None:
        return reject("roll_pending", "First reroll the dice rolled, or keep them.")
    if state.fight is not None:
        return reject("fight_pending", "First the attack's defense and wounds.")
    if state.offer is not None:
        return reject("offer_pending", "First the other hero agrees to the exchange or not.")
    return None


def reject(code: str, message: str, *sections: str) -> Rejection:
    """A refusal with the citations its code carries, or, where one code serves several actions
    (cubes spent, a target out of reach), the sections of the action refused."""
    return Rejection(code, message, cite(*sections) if sections else REJECTIONS[code])


REJECTIONS.update(
    {
        "tile_limit": cite("vi-b", "vi-b-4"),
        "no_such_tile": cite("vi-a-1", "vi-b-3-a"),
        "tile_neutralized": cite("ix-b", "vi-b-3-a"),
        "cannot_afford": cite("vi-b-3-a", "vi-b-3-b", "vi-a-1"),
        "activation_under_way": cite("vi-b-3", "vi-b-3-e", "vi-c-7"),
        "no_activation": cite("vi-b-3-d", "vi-c"),
        "choose_event": cite("vi-b-3-d", "vi-a-2-c"),
        "no_such_event": cite("vi-b-3-d", "i"),
        "spend_reinforcement": cite("vi-e"),
        "no_reinforcement": cite("vi-e", "vi-e.character-pool", "ix-h"),
        "not_this_character": cite("vi-c-1", "vi-b-3-d"),
        "character_step": cite("vi-c", "vi-c-2", "vi-c-3", "vi-c-5", "vi-c-6"),
        "no_such_action": cite("i", "vi-d-3-b-i", "vi-d-3-a-i", "ix-e"),
        "multiplier_reached": cite("vi-c-5", "ix-e"),
    }
)

REJECTIONS.update(
    {
        "roll_pending": cite("viii", "viii-a", "viii-f"),
        "no_roll": cite("viii"),
        "bad_reroll": cite("viii-b", "viii-c"),
        "reroll_limit": cite("viii-d", "ix-i"),
        "no_mission_action": cite("i", "v-c-3-a-i", "v-c-4"),
        "bad_cubes": cite("v-c-3-a-ii", "ix-c"),
        "exertion_limit": cite("ix-i", "v-c-3-a-ii", "v-c-3-b-ii"),
        "cannot_act": cite("ix-e"),
        "no_such_item": cite("v-d-1-b", "v-d-1-f"),
        "gadget_stays": cite("v-d-2"),
        "too_encumbered": cite("v-d-1-a", "v-d-1-b"),
    }
)

REJECTIONS.update(
    {
        "no_weapon": cite("v-c-2-a", "v-d", "v-d.item-types", "v-d.use-restriction"),
        "bad_target": cite("v-c-1-b", "v-c-2-b", "vi-d-1-b", "vi-d-2-b", "ix-m", "ix-l", "ix-h"),
        "no_defense_due": cite("vii", "vii-a"),
        "fight_pending": cite("v-c-1-i", "v-c-2-i", "vii"),
    }
)

REJECTIONS.update(
    {
        "not_neutralized": cite("vi-f", "ix-b"),
        "not_enough_cubes": cite("vi-f"),
        "demobilized_already": cite("vi-g"),
        "cannot_demobilize": cite("vi-g", "vi-a-2-a"),
    }
)

REJECTIONS.update(
    {
        "offer_pending": cite("v-d-1-c", "v-d-1-d"),
        "no_exchange": cite("v-d-1-c", "v-d-1-d", "v-c-3-b-i"),
        "no_offer": cite("v-d-1-c", "v-d-1-d"),
    }
)

REJECTIONS.update(
    {
        "no_skill": cite("x", "v-a.skills", "ix-b"),
        "skill_used": cite("x.blast"),
    }
)
