"""No Man's Land's refusals: each code with the rulebook sections it cites and its words (what
is refused, and when), and `reject`, which makes one citing the phase of the move refused."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection
from rules_core.games.no_mans_land.citations import cite

F_MOVE = "sequence-of-play.falcones-turn.movement"
G_MOVE = "sequence-of-play.gordons-turn.movement"
G_START = "sequence-of-play.gordons-turn.start-of-turn"
G_FIGHT = "sequence-of-play.gordons-turn.crimefighting"
G_DRAW = "sequence-of-play.gordons-turn.draw"

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("sequence-of-play"),
    "bad_options": cite("sequence-of-play"),
    # each refusal cites the ending the game met (moves._precheck)
    "game_over": cite(
        "ending-the-game",
        "ending-the-game.city-overrun",
        "ending-the-game.batsignal-deck-empty",
        "ending-the-game.counters-exhausted",
    ),
    "not_your_turn": cite("sequence-of-play"),
    "unknown_move": cite("sequence-of-play"),
    "unexpected_parameter": cite("sequence-of-play"),
    # each refusal cites the sequence of play, the turn of the side whose move it is and the
    # phase the move belongs to (moves._phase)
    "wrong_phase": cite(
        "sequence-of-play",
        "sequence-of-play.falcones-turn",
        "sequence-of-play.falcones-turn.income",
        F_MOVE,
        "sequence-of-play.gordons-turn",
        G_START,
        G_MOVE,
        G_FIGHT,
        G_DRAW,
    ),
    # a card played from Falcone's hand, or Gordon's at his start of turn or with a fight (each
    # refusal cites the phase of the card refused)
    "card_not_in_hand": cite(F_MOVE, G_START, "start-of-turn-phase", G_FIGHT),
    "not_a_character": cite(F_MOVE, "corruption-counters"),
    "not_a_crime": cite(F_MOVE, "corruption-counters"),
    "not_enough_counters": cite("corruption-counters", F_MOVE),
    # a district named by Falcone's cards, a piece moved (by either side), Gordon's start of
    # turn card or his fight
    "no_such_district": cite(F_MOVE, G_MOVE, G_START, "start-of-turn-phase", G_FIGHT),
    "district_destroyed": cite(
        "ending-the-game.city-overrun", F_MOVE, G_MOVE, G_START, "start-of-turn-phase", G_FIGHT
    ),
    "hero_there": cite(F_MOVE),
    "crime_already_there": cite(F_MOVE, "ending-the-game.city-overrun"),
    "bad_face_down": cite(F_MOVE, "corruption-counters"),
    "not_your_piece": cite(F_MOVE, G_MOVE),  # each refusal cites the mover's phase alone
    "cannot_move_there": cite(F_MOVE, G_MOVE),
    "not_a_start_card": cite("start-of-turn-phase", G_START),
    "nothing_to_reveal": cite("start-of-turn-phase", G_START),
    "bad_district": cite("start-of-turn-phase", G_START),
    "nothing_to_fight": cite(G_FIGHT),
    "not_a_fight_card": cite(G_FIGHT),
    "cannot_draw": cite(G_DRAW),
    "bad_extra": cite("income-phase", "sequence-of-play.falcones-turn.income"),
    "no_extra_on_offer": cite("income-phase", "sequence-of-play.falcones-turn.income"),
    "nothing_to_end": cite("sequence-of-play", "sequence-of-play.gordons-turn"),
    "gain_pending": cite("corruption-counters", F_MOVE, "ending-the-game.counters-exhausted"),
    "reveal_pending": cite("start-of-turn-phase", G_START),
}

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": "Starting a game with other than two players.",
    "bad_options": (
        "Starting a game with an option it does not know, or with a card set it cannot use."
    ),
    "game_over": "Making any move once the game is over.",
    "not_your_turn": "Making a move during the other side's turn.",
    "unknown_move": "Making a move the game does not have.",
    "unexpected_parameter": (
        "Giving a move a detail it does not take, or leaving out or blanking one the legal moves"
        " give it."
    ),
    "wrong_phase": (
        "Making a move outside the phase of the turn it belongs to, or one only the other side "
        "makes."
    ),
    "card_not_in_hand": "Playing a card that is not in the player's hand.",
    "not_a_character": "Recruiting a card that is not a character.",
    "not_a_crime": "Playing a card as a crime when it is not one.",
    "not_enough_counters": (
        "Playing a character or a crime that costs more counters than Falcone holds."
    ),
    "no_such_district": "Naming a district Gotham does not have, or none where one is needed.",
    "district_destroyed": "Playing in or moving into a district that has been destroyed.",
    "hero_there": "Playing a character or a crime at a district where a hero stands.",
    "crime_already_there": "Playing a crime at a district that already holds one.",
    "bad_face_down": "Playing a crime without saying whether it goes face up or face down.",
    "not_your_piece": (
        "Moving a piece the player does not have in play, or not saying which piece moves."
    ),
    "cannot_move_there": (
        "Moving a piece to a district not next to its own, or more often than it may this phase."
    ),
    "not_a_start_card": "Playing a crimefighting Batsignal card at the start of Gordon's turn.",
    "nothing_to_reveal": (
        "Playing a Batsignal card to turn up a crime at a district that holds no face-down crime."
    ),
    "bad_district": "Naming a district for a Batsignal card that names none.",
    "nothing_to_fight": (
        "Fighting at a district without a hero there, without a crime or character of Falcone's, "
        "or where a fight was held this turn."
    ),
    "not_a_fight_card": "Playing a start-of-turn Batsignal card with a fight.",
    "cannot_draw": (
        "Drawing a Batsignal card while Gordon already holds as many as he may, or a second time "
        "in one draw phase."
    ),
    "bad_extra": (
        "Taking more extra counters than Falcone has crimes in C+1 districts, or fewer than none."
    ),
    "no_extra_on_offer": (
        "Choosing extra counters for crimes in C+1 districts before Falcone has taken his income, "
        "twice in one income phase, or when none is on offer."
    ),
    "nothing_to_end": (
        "Ending a phase of Gordon's turn that asks nothing of him: the game passes it by itself."
    ),
    "gain_pending": (
        "Making any move while Falcone is still taking the counters a crime he has just played "
        "face up gives, or once the supply could not give them."
    ),
    "reveal_pending": (
        "Making any move while the Batsignal card Gordon has just played is still turning a "
        "face-down crime face up."
    ),
}


def reject(code: str, message: str, *sections: str) -> Rejection:
    """A refusal with the citations its code carries, or, where one code serves several phases
    (a card not held, a district unknown), the sections of the move refused."""
    return Rejection(code, message, cite(*sections) if sections else REJECTIONS[code])
