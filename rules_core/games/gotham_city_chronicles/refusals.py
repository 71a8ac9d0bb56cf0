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
    "step_pending": cite("iv", "iv-c", "v-c-5", "vii-h", "viii-f", "ix-a", "ix-b"),
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


def not_carried(hero: HeroState, item: object, who: str, *sections: str) -> Rejection | None:
    """None when `hero` (named `who`) carries `item` as equipment it may let go of. A bat-gadget
    is never dropped, given, taken or thrown (V·D·2); anything else is not carried (`sections`:
    the action's own, where it has them)."""
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


def unknown_hero(named: object) -> Rejection:
    """The refusal of a move naming no hero of the mission: a hero left out is asked for."""
    words = "That hero is not in this mission." if named else "Name one of your heroes."
    return reject("not_your_hero", words)


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
        "bad_bonus_line": cite("v-d.bonus-lines"),
        "bad_weapon_choice": cite("v-d.item-types"),
        "reroll_limit": cite("viii-d", "ix-i", "ix-c"),
        "no_mission_action": cite(
            "i",
            "v-c-3-a-i",
            "v-c-3-b-i",
            "v-c-4",
            "v-c-4.complex-thought",
            "v-c-4.automatic-thought",
        ),
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
        "order_pending": cite("iv-a-2", "v-b-2", "v-b-6", "vi-b-2", "vi-b-5"),
        "no_order_to_choose": cite("iv-a-2", "v-b-2", "v-b-6", "vi-b-2", "vi-b-5"),
    }
)

REJECTIONS.update(
    {
        "no_skill": cite("x", "v-a.skills", "ix-b"),
        "skill_used": cite("x.blast"),
    }
)

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": (
        "Starting a game without exactly one villain and one to three heroes' players."
    ),
    "bad_options": (
        "Starting a game with an option it does not know, or with a mission set it cannot use."
    ),
    "bad_gadgets": (
        "Choosing bat-gadgets that a hero's utility belt cannot hold, or one gadget for two belts."
    ),
    "game_over": "Making any move once the mission is over.",
    "not_your_turn": "Making a move during the other side's turn.",
    "step_pending": (
        "Making a move part-way through another, while the game carries out a step of its own."
    ),
    "order_pending": (
        "Making any other move while the side concerned chooses the order of the mission's "
        "effects that trigger together."
    ),
    "no_order_to_choose": (
        "Choosing an effect to resolve first when no effects wait for their order, or one "
        "that is not among them."
    ),
    "seat_finished": (
        "Acting for heroes after their player has finished their actions, before another hero "
        "has acted."
    ),
    "unknown_move": "Making a move the game does not have.",
    "unexpected_parameter": (
        "Giving a move a detail it does not take, or leaving out or blanking one the legal moves"
        " give it."
    ),
    "not_your_hero": "Acting with a hero who is not in the mission or is played by another player.",
    "stance_step": "Acting with a hero before every hero has declared a stance.",
    "stance_taken": (
        "Declaring a stance after the start of the heroes' turn, or a second one for the same hero."
    ),
    "neutralized_must_rest": "Taking the active stance with a neutralized hero, who must rest.",
    "not_active": "Taking an action with a hero in the resting stance.",
    "neutralized": "Taking an action with a neutralized hero.",
    "no_such_area": "Naming an area the board does not have, or throwing into the hero's own area.",
    "no_move_there": "Moving to an area that no simple or special move reaches.",
    "over_occupied": "Moving into an area that would then be over-occupied.",
    "cannot_buy_move_points": (
        "Making a move whose missing move points need more cubes than the movement space or the "
        "reserve can give."
    ),
    "not_moving": "Going on with or ending a movement when none of the player's heroes is moving.",
    "tile_limit": "Activating a third tile in one villain's turn.",
    "no_such_tile": "Activating a tile that is not in the river.",
    "tile_neutralized": "Activating a tile that has been neutralized.",
    "cannot_afford": "Activating a tile without the cubes its place in the river costs.",
    "activation_under_way": "Starting another activation before the one under way has ended.",
    "no_activation": "Acting for a tile or the event tile when none is being activated.",
    "choose_event": "Doing anything else before choosing the event the event tile sets off.",
    "no_such_event": (
        "Choosing an event the mission does not have, or one whose conditions do not hold."
    ),
    "spend_reinforcement": "Going on before the reinforcement points are spent or given up.",
    "no_reinforcement": (
        "Bringing a character back without reinforcement points, or where it cannot come back."
    ),
    "not_this_character": "Moving or acting with a character other than the one being activated.",
    "character_step": (
        "Taking a character's steps out of order: one action, repeated, between its two movements."
    ),
    "no_such_action": (
        "Having a character take an action that neither the mission nor its tile gives it."
    ),
    "multiplier_reached": "Repeating a character's action more times than its multiplier allows.",
    "roll_pending": "Doing anything else while a roll waits to be rerolled or kept.",
    "no_roll": "Rerolling or keeping dice when no roll of the player's is waiting.",
    "bad_reroll": (
        "Rerolling dice that are not in the roll, more free rerolls than the roll's icons give, or "
        "free rerolls after the free ones were rolled or the paid ones began."
    ),
    "bad_bonus_line": (
        "Using an item card without choosing which of its bonus lines of one icon applies, or "
        "naming a line where there is no choice."
    ),
    "bad_weapon_choice": (
        "Using two weapons of one type outside an attack without choosing the one whose bonus "
        "serves, or naming a weapon where there is no choice."
    ),
    "reroll_limit": (
        "Paying for more rerolls than the reroll space has room for, or than the cubes in reserve."
    ),
    "no_mission_action": (
        "Attempting a manipulation or thought the mission does not give the heroes, or one not "
        "possible here and now."
    ),
    "bad_cubes": (
        "Spending no cube on an action that needs one, or more cubes than the reserve holds."
    ),
    "exertion_limit": "Putting more cubes on an action space than its limit allows.",
    "cannot_act": (
        "Taking an action the hero's characteristic makes impossible, such as a manipulation by "
        "a hero who cannot manipulate."
    ),
    "no_such_item": (
        "Using, dropping or picking up equipment the hero does not carry or that is not in their "
        "area."
    ),
    "gadget_stays": "Dropping, giving or throwing a bat-gadget, which never leaves its hero.",
    "too_encumbered": "Taking equipment that would carry a hero beyond their maximum encumbrance.",
    "no_weapon": (
        "Attacking without a usable weapon of that kind, or adding a second weapon without "
        "Ambidexterity."
    ),
    "bad_target": (
        "Attacking, throwing at or attracting a target that is not there or is out of reach."
    ),
    "no_defense_due": "Defending when no attack waits for the player's defense.",
    "fight_pending": "Doing anything else while an attack waits for its defense and wounds.",
    "not_neutralized": "Dredging a tile out of the river that has not been neutralized.",
    "not_enough_cubes": "Dredging or demobilizing without the two cubes it takes out of the game.",
    "demobilized_already": "Demobilizing a second time in one game.",
    "cannot_demobilize": (
        "Demobilizing a tile that is not an elite or henchman tile in the river, or the tile being "
        "activated."
    ),
    "offer_pending": (
        "Doing anything else while another hero's agreement to an exchange is awaited."
    ),
    "no_exchange": "Handing equipment to anyone but another hero in the same area.",
    "no_offer": "Agreeing to or refusing an exchange when none waits for the player.",
    "no_skill": "Using a skill the hero or character does not have.",
    "skill_used": "Using Blast a second time in one turn.",
}
