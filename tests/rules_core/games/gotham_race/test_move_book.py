"""Gotham Race's move declarations, checked on a game object built in the test.

`GAME` is built once at import; these tests build their own `GothamRace()` so that what its
constructor declares (the two move types 'game-play.following-rounds' allows, their parameters,
checks, effects and words, and the refusals of anything else) is exercised where it is made.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from rules_core.engine import Move, Rejection, fold
from rules_core.engine.content_limits import limits_json
from rules_core.engine.types import Citation
from rules_core.games.gotham_race.content import EFFECTS, IDS, NUMBER_RANGES
from rules_core.games.gotham_race.events import CardPlaced
from rules_core.games.gotham_race.rules import GothamRace
from rules_core.games.gotham_race.state import RaceState


def started(game: GothamRace, players: int = 2) -> RaceState:
    return fold(game, game.setup(players, {}, random.Random(1)))


def played(game: GothamRace, state: RaceState, seat: int, move: Move) -> RaceState:
    """The state after the move, which the game must accept."""
    events = game.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return fold(game, events, state)


def refusal(game: GothamRace, state: RaceState, seat: int, move: Move) -> Rejection:
    result = game.decide(state, seat, move, random.Random(0))
    assert isinstance(result, Rejection), result
    return result


def test_a_turn_offers_a_draw_from_each_deck_then_the_cards_of_the_hand() -> None:
    """'game-play.following-rounds': draw one card from a deck of your choice, then place one."""
    game = GothamRace()
    state = started(game)
    assert game.legal_moves(state, 0) == [Move.of("draw", deck=d) for d in (1, 2, 3, 4)]
    events = game.decide(state, 0, Move.of("draw", deck=2), random.Random(0))
    assert not isinstance(events, Rejection)
    state = fold(game, events, state)
    assert game.legal_moves(state, 0) == [
        Move.of("place", card=c) for c in sorted(set(state.hands[0]))
    ]
    card = state.hands[0][0]
    events = game.decide(state, 0, Move.of("place", card=card), random.Random(0))
    assert not isinstance(events, Rejection)
    assert fold(game, events, state).deposit[0].card == card


def test_two_copies_of_a_card_in_hand_are_one_move_and_either_copy_is_placed() -> None:
    """The book's decks hold cards twice (deck 1: two "Leader: 2 forward"): a hand holding both
    was offered "Place “Leader: 2 forward” (deck 1) face down" twice. One move stands for them
    (the first copy's id), and a move naming either copy, as a client posted it before, is
    accepted with the very events it had: the copy named is the copy placed."""
    game = GothamRace()
    drawn = played(game, started(game), 0, Move.of("draw", deck=1))
    state = replace(drawn, hands=(("1-03", "2-04", "3-01", "4-05", "1-02"), drawn.hands[1]))
    offered = game.legal_moves(state, 0)
    assert offered == [Move.of("place", card=c) for c in ("1-02", "2-04", "3-01", "4-05")]
    labels = [game.describe_move(state, 0, m) for m in offered]
    assert len(set(labels)) == len(labels)
    assert labels[0] == "Place \u201cLeader: 2 forward\u201d (deck 1) face down"
    for copy in ("1-02", "1-03"):
        events = game.decide(state, 0, Move.of("place", card=copy), random.Random(0))
        assert not isinstance(events, Rejection), events
        assert events[0] == CardPlaced(seat=0, figure=0, deck=1, card=copy)
        kept = {"1-02", "1-03"} - {copy}
        assert sorted(fold(game, events, state).hands[0]) == sorted(kept | {"2-04", "3-01", "4-05"})


def test_moves_are_told_in_the_games_words() -> None:
    """A placed card is named by its text and the deck on its back, not by its id."""
    game = GothamRace()
    state = started(game)
    assert game.describe_move(state, 0, Move.of("draw", deck=2)) == "Draw a card from deck 2"
    drawn = played(game, state, 0, Move.of("draw", deck=2))
    assert drawn.hands[0][0] == "1-15"  # seed 1 deals it
    assert game.describe_move(drawn, 0, Move.of("place", card="1-15")) == (
        "Place \u201cFinish sign moves to the hedgehog\u201d (deck 1) face down"
    )


def test_a_move_the_game_does_not_have_is_refused_without_repeating_it() -> None:
    game = GothamRace()
    refused = refusal(game, started(game), 0, Move.of("fly\u202e"))
    assert refused.code == "unknown_move"
    assert refused.message == (
        "Gotham Race has no move of that kind: ask for the legal moves to see what you may do now."
    )


def test_a_parameter_a_move_does_not_take_is_refused_naming_the_one_it_takes() -> None:
    game = GothamRace()
    state = started(game)
    draw = refusal(game, state, 0, Move.of("draw", deck=1, extra=2))
    assert (draw.code, draw.message) == (
        "unexpected_parameter",
        "The “draw” move takes only “deck”.",
    )
    place = refusal(game, state, 0, Move.of("place", card="1-01", x=1))
    assert (place.code, place.message) == (
        "unexpected_parameter",
        "The “place” move takes only “card”.",
    )
    several = refusal(game, state, 0, Move.of("draw", deck=1, x=1, y=2))
    assert several.message == "The “draw” move takes only “deck”."


def test_placing_before_drawing_and_drawing_twice_are_refused_with_what_to_do() -> None:
    """'game-play.first-round': first draw, then place."""
    game = GothamRace()
    state = started(game)
    first = refusal(game, state, 0, Move.of("place", card=state.hands[0][0]))
    assert first.message == "Draw a card from one of the decks before placing."
    drawn = played(game, state, 0, Move.of("draw", deck=1))
    again = refusal(game, drawn, 0, Move.of("draw", deck=2))
    assert again.message == "You have drawn this round: now place a card."
    # out of turn: the turn as it stands (it said "to place a card" before Figure A had drawn)
    assert refusal(game, state, 1, Move.of("draw", deck=1)).message == (
        "It is Figure A's turn to draw and place a card, not yours."
    )
    assert refusal(game, drawn, 1, Move.of("draw", deck=1)).message == (
        "It is Figure A's turn to place a card, not yours."
    )


def test_the_one_option_is_a_content_pack_described_with_its_limits_ranges_and_effects() -> None:
    """The options schema a client reads: 'content' replaces the reference pack (an object, none
    by default), with the size limits, the number ranges and the card operations it may use."""
    schema = GothamRace().options_schema()
    assert list(schema) == ["content"]
    content = schema["content"]
    assert isinstance(content, dict)
    assert (content["type"], content["default"]) == ("object", None)
    assert (content["limits"], content["ranges"]) == (limits_json(ids=IDS), NUMBER_RANGES)
    assert content["effects"] == EFFECTS.schema()
    description = str(content["description"])
    assert description.startswith("a content pack replacing the reference pack")
    named = re.search(r"rules_core/\S+\.toml", description)
    assert (
        named is not None and (Path(__file__).parents[4] / named.group()).is_file()
    )  # the schema it names exists
    assert "as JSON)" in description  # the TOML file's schema, sent as JSON
    assert description.endswith("or with a number outside its range in `ranges`")
    assert "refused above `limits`" in description


def test_one_to_four_players_without_options_are_accepted() -> None:
    """'the-game': one to four players; the figures without a player race on their own."""
    game = GothamRace()
    assert [game.validate_options(n, {}) for n in (1, 2, 3, 4)] == [None] * 4
    assert game.validate_options(2, {"content": None}) is None  # none: the reference pack
    too_many = game.validate_options(5, {})
    assert too_many is not None and too_many.message == "Gotham Race is for 1 to 4 players."


def test_unknown_options_and_a_content_that_is_not_an_object_are_refused_by_name() -> None:
    game = GothamRace()
    unknown = game.validate_options(2, {"speed": 3, "colour": "red"})
    assert unknown is not None
    assert (unknown.code, unknown.message) == (
        "bad_options",
        "Gotham Race has no option “colour” or “speed”; its only option is content.",
    )
    not_object = game.validate_options(2, {"content": [1, 2]})
    assert not_object is not None
    assert (not_object.code, not_object.message) == (
        "bad_options",
        "The option “content” is a content pack (a JSON object) or null.",
    )


def test_each_seat_is_named_after_the_figure_it_races() -> None:
    game = GothamRace()
    assert game.seat_names(started(game, 1)) == ("Figure A",)
    assert game.seat_names(started(game, 3)) == ("Figure A", "Figure B", "Figure C")


def test_a_drawn_card_is_told_to_its_drawer_and_to_a_finished_games_readers_only() -> None:
    """'game-play.first-round': the drawn card goes to the hand, which the others do not see."""
    game = GothamRace()
    state = started(game)
    events = game.decide(state, 0, Move.of("draw", deck=2), random.Random(0))
    assert not isinstance(events, Rejection)
    drawn = events[0]
    card = "\u201cRunner in 2nd: to 1 behind the leader\u201d"  # its deck is told once
    shown = f"Figure A's player draws {card} from deck 2."
    hidden = "Figure A's player draws a card from deck 2."
    assert game.narrate(state, drawn, 0, False) == shown
    assert game.narrate(state, drawn, 1, False) == hidden
    assert game.narrate(state, drawn, None, False) == hidden
    assert game.narrate(state, drawn, 1, True) == shown


def test_only_decks_with_cards_are_offered_to_draw_from() -> None:
    """'questions.decks-exhausted': an empty deck cannot be drawn from."""
    game = GothamRace()
    state = started(game)
    for empty in (1, 2, 3, 4):
        decks = tuple(() if d == empty else cards for d, cards in enumerate(state.decks, 1))
        offered = game.legal_moves(replace(state, decks=decks), 0)
        assert offered == [Move.of("draw", deck=d) for d in (1, 2, 3, 4) if d != empty]


def test_a_card_not_in_the_hand_is_refused_in_words_without_echoing_what_was_posted() -> None:
    """'game-play.first-round': a player places a card of their own hand. Another seat's card,
    a deck's and a made-up id are refused alike (no word of where a card is)."""
    game = GothamRace()
    state = started(game)
    drawn = played(game, state, 0, Move.of("draw", deck=1))
    for card in ("9-99", "x" * 50, drawn.hands[1][0], drawn.decks[0][0]):
        stranger = refusal(game, drawn, 0, Move.of("place", card=card))
        assert (stranger.code, stranger.message) == (
            "card_not_in_hand",
            "That card is not in your hand.",
        )
    for not_a_card in (None, True, 7):
        unnamed = refusal(game, drawn, 0, Move.of("place", card=not_a_card))
        assert unnamed.message == "Name the card from your hand to place."


def test_drawing_from_no_deck_an_empty_deck_or_a_finished_race_says_what_to_do() -> None:
    """'board' and 'questions.card-backs': four decks, numbered on their backs;
    'questions.decks-exhausted': an empty deck is not drawn from; 'finish': the race ends."""
    game = GothamRace()
    state = started(game)
    no_deck = refusal(game, state, 0, Move.of("draw", deck=5))
    assert no_deck.message == "Draw from deck 1, 2, 3 or 4 (the number on the back)."
    empty = refusal(
        game,
        replace(state, decks=(*state.decks[:2], (), state.decks[3])),
        0,
        Move.of("draw", deck=3),
    )
    assert (empty.code, empty.message) == (
        "deck_empty",
        "Deck 3 has run out, and there are no played cards to refill it until this round's cards"
        " are discarded: draw from another deck.",
    )
    over = refusal(game, replace(state, phase="over"), 0, Move.of("draw", deck=1))
    assert (over.code, over.message) == ("game_over", "The race is over.")


def test_a_refused_draw_cites_the_first_round_and_a_finished_race_names_its_winner() -> None:
    """'game-play.first-round': a player takes a card from one of the four decks (the refusal
    of a fifth deck cited only what the backs mean); once the race is over, the refusal says
    who won it."""
    game = GothamRace()
    state = started(game)
    no_deck = refusal(game, state, 0, Move.of("draw", deck=5))
    assert Citation("gotham-race", "game-play.first-round") in no_deck.citations
    won = replace(state, phase="over", winner=1, beyond=(0, 2, 0, 0))
    over = refusal(game, won, 0, Move.of("draw", deck=1))
    assert over.message.partition(" The others: ")[0] == (
        "The race is over. Figure B's player wins the race: Figure B ends 2 squares beyond the"
        " finish."
    )


def test_before_the_set_up_no_figure_is_to_place_and_every_move_is_refused() -> None:
    game = GothamRace()
    state = game.initial_state()
    assert game.legal_moves(state, 0) == []
    for move in (Move.of("draw", deck=1), Move.of("place", card="1-01")):
        refused = refusal(game, state, 0, move)
        assert (refused.code, refused.message) == (
            "not_your_turn",
            "No figure is to place a card now.",
        )
