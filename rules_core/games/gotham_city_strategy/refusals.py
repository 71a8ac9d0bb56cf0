"""Gotham City Strategy's refusals: each code with the rulebook sections it cites and its words
(what is refused, and when), and `reject`, which makes one citing the rule that refuses the move."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection
from rules_core.games.gotham_city_strategy.citations import VARIANT, cite

# the rules that ask a seat for a decision (choices.asked_by): a move made while one waits, or
# a stop short of it, cites the one that asked
ASKED = (
    "turn.plot.effect.carry-out",
    "turn.plot.effect",
    "turn.plot.effect.resources",
    "turn.plot.bat-signal",
    "turn.fight-villains",
    "turn.fight-batman",
    VARIANT,
)

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("overview", "two-player"),
    "bad_options": cite("setup", VARIANT),
    "game_over": cite("end"),
    "older_log": cite("turn"),
    "not_your_turn": cite("turn", *ASKED, "setup"),
    "unknown_move": cite("turn"),
    "decision_pending": cite(*ASKED, "setup"),
    "wrong_step": cite("turn"),
    "requirement_not_met": cite(
        "turn.level.verify", "glossary.level", "glossary.ruling", "two-player"
    ),
    "no_ability_due": cite("turn.level.ability"),
    "card_not_in_hand": cite("turn.plot", VARIANT),
    "card_requirement_not_met": cite("turn.plot.effect", VARIANT),
    "cannot_place_threat": cite(
        "glossary.threats",
        "turn.plot.effect.placing",
        "turn.plot.batman-blocks",
        "glossary.block",
        "turn.plot.effect.carry-out",
    ),
    "cannot_remove_threat": cite(
        "glossary.order-value",
        "turn.plot.bat-signal",
        "turn.fight-batman",
        "turn.plot.effect.carry-out",
    ),
    "cannot_recruit": cite("turn.recruit", "turn", "glossary.henchmen"),
    # the reserves hold the box's tokens (components) less what the screens hold
    "reserves_empty": cite("turn.plot.effect.resources", "glossary.reserves", "components"),
    "cannot_move": cite("turn.move", "turn.plot.batman-blocks", "turn"),
    "bad_choice": cite(
        "turn.plot.effect.carry-out",
        "turn.plot.effect.placing",
        "turn.plot.effect.resources",
        "turn.plot.bat-signal",
        "turn.plot.batman-blocks",
        "glossary.ability",
        "glossary.block",
    ),
    "must_continue": cite(*ASKED, "setup"),
}

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": "Starting a game with fewer than two or more than four villains.",
    "bad_options": (
        "Starting a game with an option it does not know, the same villain twice, or a card set it "
        "cannot use."
    ),
    "game_over": "Making any move once the game is over.",
    "older_log": (
        "Playing on in a game recorded in the first, older way, which can be replayed but not "
        "continued."
    ),
    "not_your_turn": "Making a move while the game is waiting for another villain.",
    "unknown_move": (
        "Making a move the game does not have, giving a move a detail it does not take, or"
        " leaving out or blanking one the legal moves give it."
    ),
    "decision_pending": (
        "Making any other move while a card, a fight or Batman still waits for a villain's answer."
    ),
    "wrong_step": (
        "Making a move that belongs to another step of the turn, such as advancing a level after "
        "the card is played."
    ),
    "requirement_not_met": (
        "Advancing a level without meeting what the dial asks, or beyond the top level."
    ),
    "no_ability_due": (
        "Taking an ability card without having reached an ability icon this turn, or taking a "
        "second one."
    ),
    "card_not_in_hand": "Playing, revealing or putting face down a card the villain does not hold.",
    "card_requirement_not_met": (
        "Carrying out a played card whose requirement the villain does not meet."
    ),
    "cannot_place_threat": (
        "Placing a threat where it may not go, such as Batman's block or a block holding as many "
        "of the villain's threats as it may."
    ),
    "cannot_remove_threat": (
        "Removing a threat that the card or Batman does not allow to be removed."
    ),
    "cannot_recruit": (
        "Recruiting a henchman after moving, without the money, or with every henchman already "
        "recruited."
    ),
    "reserves_empty": (
        "Taking money or information the reserves no longer hold, all the box's tokens of it "
        "being behind the villains' screens."
    ),
    "cannot_move": (
        "Moving figures a second time in a turn, without information to pay, or where they may not "
        "go."
    ),
    "bad_choice": (
        "Answering a card or a theft with something it does not offer, such as stealing anything "
        "but money or information."
    ),
    "must_continue": (
        "Stopping short of something the set-up, a card, Batman or a fight requires in full."
    ),
}


def reject(code: str, message: str, *sections: str) -> Rejection:
    """A refusal citing the sections of its code, or, where one code serves several rules
    (a threat's removal after Batman's arrival, a fight or a card), the section of the rule
    that refuses this move (always some of its code's)."""
    return Rejection(code, message, cite(*sections) if sections else REJECTIONS[code])
