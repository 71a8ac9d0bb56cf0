"""Gotham Race's refusals: each code with the rulebook sections it cites and its words (what is
refused, and when), and `reject`, which makes one."""

from __future__ import annotations

from rules_core.engine.types import Citation, Rejection
from rules_core.games.gotham_race.citations import cite

REJECTIONS: dict[str, tuple[Citation, ...]] = {
    "bad_player_count": cite("the-game", "fewer-players"),
    # the set-up sorts the cards by their four backs and deals one of each to every player, from
    # the box's 60 action cards and its board ('preparation' is a heading: it states no rule)
    "bad_options": cite("preparation.four-players", "the-game", "board"),
    "game_over": cite("finish"),
    "not_your_turn": cite(
        "game-play.following-rounds", "game-play.example-2", "game-play.first-round"
    ),
    "unknown_move": cite("game-play.first-round", "game-play.following-rounds"),
    "unexpected_parameter": cite("game-play.first-round", "game-play.following-rounds"),
    "already_drawn": cite("game-play.first-round", "game-play.following-rounds"),
    "must_draw_first": cite("game-play.first-round", "game-play.following-rounds"),
    "bad_deck": cite("game-play.first-round", "questions.card-backs", "board"),
    "deck_empty": cite("questions.decks-exhausted"),
    "card_not_in_hand": cite("game-play.first-round", "preparation.four-players"),
}

# each code in words: the move refused, and when (a rulebook section lists it where the game
# applies the section; tests/rules_core/engine/test_citations.py checks every code has one)
REFUSAL_WORDS: dict[str, str] = {
    "bad_player_count": "Starting a race with no players or with more than four.",
    "bad_options": (
        "Starting a race with an option it does not know, or with a card set it cannot use."
    ),
    "game_over": "Making any move once the race is over.",
    "not_your_turn": "Drawing or placing a card when it is another figure's turn to place.",
    "unknown_move": (
        "Making a move the race does not have, when a player only draws and places cards."
    ),
    "unexpected_parameter": (
        "Giving a move a detail it does not take, such as naming a card while drawing, or leaving"
        " out or blanking one the legal moves give it."
    ),
    "already_drawn": "Drawing a second card in the same round instead of placing one.",
    "must_draw_first": "Placing a card before drawing one this round.",
    "bad_deck": "Drawing from anything but one of the four numbered decks.",
    "deck_empty": "Drawing from a deck that has no cards left.",
    "card_not_in_hand": "Placing a card that is not in your hand.",
}


def reject(code: str, message: str) -> Rejection:
    return Rejection(code, message, REJECTIONS[code])
