"""Every refusal of a Black Metro move: its code, what it cites, and its message built where the
check finds the reason."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection, Scalar
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
    "out_of_order": cite("quick-reference.assignment", "phases.assignment"),
    "sent_by_attack": cite(
        "troubleshooting.cards.fortunes.assignment", "appendix.fortunes.assignment"
    ),
    "not_overwhelmed": cite("phases.standby.recall", "setup.overwhelmed"),
    "district_closed": cite(
        "appendix.tiles", "appendix.dice.event", "troubleshooting.cards.fortunes.assignment"
    ),
    "fortune_not_in_hand": cite("appendix.fortunes", "troubleshooting.cards"),
    "not_an_assignment_fortune": cite("appendix.fortunes", "appendix.fortunes.assignment"),
    "wrong_facility": cite("appendix.fortunes.assignment"),
    "one_fortune_a_turn": cite("troubleshooting.cards.fortunes.assignment"),
    "blockade_discards": cite("appendix.fortifications.blockades"),
    "cannot_resolve": cite("advanced.golden.abilities", "advanced.golden.exceptions"),
    "no_one_to_attack": cite("appendix.fortunes.assignment", "appendix.fortunes.dominance"),
    "empty_hideout": cite(
        "appendix.fortunes.assignment",
        "troubleshooting.cards.fortunes.assignment",
        "advanced.golden.exceptions",
    ),
    "no_such_benefit": cite("appendix.fortunes"),
    "not_a_dominance_fortune": cite("appendix.fortunes.dominance", "district-dominance.fortune"),
    "relic_to_a_tied_player": cite("appendix.relic", "phases.dominance"),
    "mission_not_met": cite("appendix.missions", "troubleshooting.cards.missions"),
    "no_backing": cite("appendix.syndicates", "troubleshooting.cards.syndicates"),
    "counter_too_low": cite("appendix.fortunes.assignment", "appendix.fortunes.dominance"),
    "not_named_district": cite("appendix.dice.event", "phases.standby.dice"),
    "no_jam_target": cite("troubleshooting.cards.candidates.technologist", "appendix.candidates"),
}

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": "Starting a game with no players or with more than four.",
    "bad_options": (
        "Starting a game with an option it does not know, or with a card set it cannot use."
    ),
    "game_over": "Making any move once the game is over.",
    "not_your_turn": "Making a move while the game is waiting for another player.",
    "unknown_move": "Making a move the game does not have.",
    "unexpected_parameter": (
        "Giving a move a detail it does not take, or leaving out or blanking one the legal moves"
        " give it."
    ),
    "not_now": (
        "Making a move the game is not asking for at this point, such as recovering personnel "
        "outside the standby phase."
    ),
    "mission_not_held": "Returning or fulfilling a mission the player does not hold.",
    "candidate_taken": "Choosing a candidate that is not among those left.",
    "no_such_technology": (
        "Gaining a technology of a type the game does not have, or of a type the player holds "
        "every level of."
    ),
    "no_such_district": "Naming a district that is not one of the twelve, numbered 01 to 12.",
    "no_personnel_chosen": "Assigning to a district without choosing which personnel go there.",
    "not_in_hideout": "Assigning personnel that are not in the player's hideout.",
    "not_overwhelmed": (
        "Recovering, in the standby phase, personnel that are not in the player's overwhelmed bag."
    ),
    "already_there": (
        "Assigning to a district where the player already has personnel, or to another district "
        "than the one the turn began with."
    ),
    "out_of_order": (
        "Taking a turn's steps out of order: an assignment fortune played or the turn ended "
        "before assigning, or assigning after the turn's assignment is done."
    ),
    "sent_by_attack": (
        "Sending the personnel a lost assignment fortune attack requires anywhere but the "
        "attacked facility."
    ),
    "district_closed": (
        "Assigning to a district that a tile closes this round, or attacking there with an "
        "assignment fortune, whose loser would have to be sent there."
    ),
    "fortune_not_in_hand": "Playing or discarding a fortune the player does not hold.",
    "not_an_assignment_fortune": (
        "Playing a jack, queen, king or joker as an assignment fortune, when only ace to 10 are."
    ),
    "wrong_facility": (
        "Playing an assignment fortune for a facility other than the one the card stands for."
    ),
    "one_fortune_a_turn": "Playing a second assignment fortune in the same turn.",
    "blockade_discards": (
        "Playing an assignment fortune without discarding one more fortune for each other player's "
        "blockade there."
    ),
    "cannot_resolve": (
        "Resolving an effect or a die result in a way it cannot be resolved, or out of the "
        "district's list order."
    ),
    "no_one_to_attack": "Attacking oneself, or a player who has no personnel at the district.",
    "empty_hideout": (
        "Attacking with an assignment fortune a player whose hideout is empty, who would have no"
        " personnel to send to the facility should the attack stand."
    ),
    "not_a_dominance_fortune": (
        "Attacking after asserting dominance with a fortune lower than a jack."
    ),
    "relic_to_a_tied_player": (
        "Giving the relic after a tie to someone who is not another of the tied players."
    ),
    "mission_not_met": "Fulfilling a mission by an option whose conditions are not met.",
    "no_backing": (
        "Taking a syndicate's backing from a turned syndicate, or without alone leading its "
        "criterion."
    ),
    "counter_too_low": "Countering a fortune with a card of another kind or a lower one.",
    "no_such_benefit": "Choosing for a joker the benefit of a suit the fortunes do not have.",
    "not_named_district": (
        "Choosing for an explosion a district other than those the turned-up fortune names."
    ),
    "no_jam_target": (
        "Downing with the Technologist's frequency jammer a technology that is not another "
        "player's charged one of the researched level, or lower when none is."
    ),
}


def reject(code: str, message: str) -> Rejection:
    return Rejection(code, message, REJECTIONS[code])


def unheld_fortune(named: Scalar) -> Rejection:
    """The refusal of a fortune not in the player's hand: one left out is asked for."""
    words = "You hold no such fortune." if named else "Name a fortune from your hand."
    return reject("fortune_not_in_hand", words)
