"""How each Gotham City Chronicles move's parameters name things (`Carries`,
rules_core/engine/moves.py): each one id (a hero, a character, an area, an item) or number,
but the bonus lines chosen and the dice rerolled, numbers joined by ",". Nothing of this game is
hidden from anybody, so no event field is named."""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine.moves import LISTED, Carries, ones

CARRIES: Mapping[str, Mapping[str, Carries]] = {
    "activate": ones("tile"),
    "activate_character": ones("character"),
    "agree": {},
    "attack": {**ones("hero", "kind", "weapon", "second", "target", "cubes"), "lines": LISTED},
    "attract": ones("hero", "target", "melee", "ranged"),
    "blast": {**ones("hero", "area", "melee", "ranged"), "lines": LISTED},
    "character_action": ones("action", "characteristic"),
    "character_attack": ones("kind", "characteristic", "target"),
    "character_attract": ones("characteristic", "target"),
    "character_blast": ones("characteristic", "area"),
    "choose_event": ones("event"),
    "complex_action": {**ones("hero", "action", "cubes"), "lines": LISTED},
    "decline": {},
    "defend": {**ones("cubes", "melee", "ranged"), "lines": LISTED},
    "demobilize": ones("tile"),
    "dredge": ones("tile"),
    "drop": ones("hero", "item"),
    "end_activation": {},
    "end_character": {},
    "end_movement": {},
    "end_villain_turn": {},
    "finish": {},
    "give": ones("hero", "item", "to"),
    "give_up_reinforcement": {},
    "keep": {},
    "mission_action": ones("hero", "action"),
    "move": ones("hero", "to"),
    "move_character": ones("character", "to"),
    "pick_reroll": ones("die"),
    "pick_up": ones("hero", "item"),
    "reinforce": ones("tile", "area"),
    "reroll": {**ones("paid"), "dice": LISTED},
    "resolve_first": ones("effect"),
    "stance": ones("hero", "stance"),
    "take": ones("hero", "item", "from"),
    "throw": {**ones("hero", "item", "to", "cubes"), "lines": LISTED},
}
