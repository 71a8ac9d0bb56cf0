"""Every refusal of a Black Metro move: its code, what it cites, and its message built where the
check finds the reason."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection
from rules_core.games.black_metro.citations import cite

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("requirements", "solo"),
    "bad_options": cite("starting.candidates", "using-booklet"),
    "game_over": cite("how-to-win"),
    "not_your_turn": cite("phases", "advanced.golden.timing"),
    "unknown_move": cite("phases"),
    "unexpected_parameter": cite("phases"),
    "not_now": cite("phases", "quick-reference"),
    "mission_not_held": cite("starting.missions", "troubleshooting.cards"),
    "candidate_taken": cite("starting.candidates", "appendix.candidates"),
    "no_such_technology": cite("appendix.science", "troubleshooting.gain"),
    "no_such_district": cite("districts"),
    "no_personnel_chosen": cite("phases.assignment", "quick-reference.assignment"),
    "not_in_hideout": cite("phases.assignment", "setup.hideout"),
    "already_there": cite("phases.assignment"),
    "district_closed": cite("appendix.tiles", "appendix.dice.event"),
    "fortune_not_in_hand": cite("appendix.fortunes", "troubleshooting.cards"),
    "not_an_assignment_fortune": cite("appendix.fortunes", "appendix.fortunes.assignment"),
    "wrong_facility": cite("appendix.fortunes.assignment"),
    "one_fortune_a_turn": cite("troubleshooting.cards.fortunes.assignment"),
    "blockade_discards": cite("appendix.fortifications.blockades"),
    "cannot_resolve": cite("advanced.golden.abilities", "advanced.golden.exceptions"),
    "no_one_to_attack": cite("appendix.fortunes.assignment"),
    "not_a_dominance_fortune": cite("appendix.fortunes.dominance", "district-dominance.fortune"),
    "relic_to_a_tied_player": cite("appendix.relic", "phases.dominance"),
    "mission_not_met": cite("appendix.missions", "troubleshooting.cards.missions"),
    "no_backing": cite("appendix.syndicates", "troubleshooting.cards.syndicates"),
    "counter_too_low": cite("appendix.fortunes.assignment", "appendix.fortunes.dominance"),
}


def reject(code: str, message: str) -> Rejection:
    return Rejection(code, message, REJECTIONS[code])
