"""How each Gotham City Strategy move's parameters name things (`Carries`,
rules_core/engine/moves.py): each one id (a card, a resource) or number (a block, an owner, a
count). In the variant the card put face down, at a turn's end or in answer, is carried by
`card_face_down.card`, hidden from the others."""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine.moves import Carries, carried_in, ones

FACE_DOWN = carried_in("card_face_down.card")

CARRIES: Mapping[str, Mapping[str, Carries]] = {
    "advance": {},
    "batman_to": ones("block"),
    "carry_out": {},
    "choose_ability": ones("card"),
    "done_moving": {},
    "end_turn": {"card": FACE_DOWN},
    "face_down": {"card": FACE_DOWN},
    "lose_henchman": ones("source"),
    "lose_threat": ones("block", "owner"),
    "move": {},
    "move_henchmen": ones("source", "target", "count"),
    "move_villain": ones("to"),
    "place_henchman": ones("block"),
    "place_threat": ones("block", "source"),
    "play": ones("card"),
    "recruit": {},
    "remove_threat": ones("block", "owner"),
    "reveal": {},
    "send_home": ones("block"),
    "steal": ones("resource"),
    "stop": {},
    "take": ones("first", "second"),
}
