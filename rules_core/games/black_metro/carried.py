"""How each Black Metro move's parameters name things (`Carries`, rules_core/engine/moves.py).

A card is one id: a fortune (`7-spades`, `Joker-2`: the "-" is the id's own), a mission card
(`war-chest#1`), a technology. A way chosen for an effect or a die face is its steps' ways
joined by "|" (facilities.choices), each made of ids joined by "," (fortunes discarded, a troop
recalled), ":" (a district and what is built there, `research:<technology>`) or ">" (where a
fortification moves). A technology gained by its type is carried by `technology_gained.kind`, a
mission returned by `mission_returned.card`: both hidden from the others.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine.moves import LISTED, Carries, carried_in, ones

WAY = Carries("|,:>")  # a chosen way: steps' ways joined by "|", their parts by "," ":" ">"

CARRIES: Mapping[str, Mapping[str, Carries]] = {
    "allow_roll": {},
    "assign": ones("district", "unit"),
    "attack": ones("card", "target"),
    "choose_benefit": ones("suit"),
    "choose_candidate": ones("candidate"),
    "choose_step": {"choice": WAY},
    "counter": ones("card"),
    "decline": {},
    "discard_excess": ones("card"),
    "discard_fortune": ones("card"),
    "discard_one": ones("card"),
    "done_resolving": {},
    "end_turn": {},
    "explode_at": ones("district"),
    "fulfil_mission": {**ones("card", "option"), "discard": LISTED},
    "gain_technology": {"kind": carried_in("technology_gained.kind")},
    "give_relic": ones("to"),
    "hold": {},
    "jam": ones("card"),
    "keep_overwhelmed": {},
    "keep_roll": {},
    "no_jam": {},
    "pass_backing": {},
    "pass_mission": {},
    "play_fortune": {**ones("card", "district", "target"), "choice": WAY},
    "receive_backing": ones("syndicate"),
    "recover": {"troop": LISTED},
    "reroll": ones("card"),
    "resolve_roll": {"choice": WAY},
    "return_mission": {"card": carried_in("mission_returned.card")},
    "sabotage": ones("card"),
    "use_effect": {**ones("effect"), "choice": WAY},
}
