"""Gotham Race in words: what a card moved, an ownerless figure's card and the end of the race."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from rules_core.engine import fold
from rules_core.games.gotham_race import GAME
from rules_core.games.gotham_race.events import (
    CardPlaced,
    CardResolved,
    CardsDealt,
    DecksReplenished,
    DepositRevealed,
    GameFinished,
    RoundEnded,
    RoundStarted,
)
from rules_core.games.gotham_race.state import RaceState

A, B, C, D = 0, 1, 2, 3


def _two_players() -> RaceState:
    """Seats 0 and 1 race figures A and B; C and D are ownerless; all four stand at the start,
    A outermost (lane 4) and D inside (lane 1)."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert state.owners == (0, 1, None, None) and state.lanes == (3, 2, 1, 0)
    return state


def test_a_card_names_only_the_figures_it_moved_not_those_that_shifted_in() -> None:
    """D leaves the start square: C, B and A each shift one lane in where they stand, which is
    no move of theirs (the story listed them as moving to square 0)."""
    state = _two_players()
    played = CardResolved(
        seat=None,
        card="1-02",
        deck=1,
        subject=D,
        xs=(0, 0, 0, 2),
        lanes=(2, 1, 0, 0),
        finish=state.finish,
    )
    assert GAME.narrate(state, played, None, False) == (
        "“Leader: 2 forward” (deck 1) is played for Figure D: Figure D moves to square 2."
    )


def test_a_figure_arriving_on_an_outer_lane_is_told_its_lane() -> None:
    state = replace(_two_players(), xs=(0, 0, 0, 2), lanes=(2, 1, 0, 0))
    played = CardResolved(
        seat=None, card="1-02", deck=1, subject=C, xs=(0, 0, 2, 2), lanes=(1, 0, 1, 0), finish=24
    )
    told = GAME.narrate(state, played, None, False)
    assert told.endswith(": Figure C moves to square 2 (lane 2).")


def test_a_swap_on_one_square_names_both_figures_trading_lanes() -> None:
    state = _two_players()
    swapped = CardResolved(
        seat=None, card="1-11", deck=1, subject=D, xs=(0, 0, 0, 0), lanes=(3, 2, 0, 1), finish=24
    )
    assert GAME.narrate(state, swapped, None, False) == (
        "“Leader: trade places with the runner in 2nd” (deck 1) is played for Figure D:"
        " Figure C and Figure D trade lanes on square 0, Figure C to lane 1 and Figure D to lane 2."
    )


def test_a_rounds_placing_order_names_the_figures() -> None:
    started = RoundStarted(seat=None, round=2, order=(1, 0, 3, 2))
    assert GAME.narrate(_two_players(), started, None, False) == (
        "Round 2 begins: cards are placed in the order Figure B, Figure A, Figure D, Figure C."
    )


def test_a_swap_between_squares_says_the_two_figures_trade_places() -> None:
    state = replace(_two_players(), xs=(5, 0, 0, 2), lanes=(0, 2, 1, 0))
    swapped = CardResolved(
        seat=None, card="1-11", deck=1, subject=D, xs=(2, 0, 0, 5), lanes=(0, 2, 1, 0), finish=24
    )
    assert GAME.narrate(state, swapped, None, False) == (
        "“Leader: trade places with the runner in 2nd” (deck 1) is played for Figure D:"
        " Figure A and Figure D trade places, Figure A to square 2 and Figure D to square 5."
    )


def test_an_ownerless_figures_card_names_its_deck_once() -> None:
    state = _two_players()
    placed = CardPlaced(seat=None, card="3-04", deck=3, figure=C)
    assert GAME.narrate(state, placed, 0, False) == (
        "The top card of deck 3 is placed face down for ownerless Figure C."
    )
    assert GAME.narrate(state, placed, None, True) == (
        "The top card of deck 3 is placed face down for ownerless Figure C: “Runner in 3rd: 3"
        " forward”."
    )


def test_a_player_wins_the_race_by_their_figure() -> None:
    state = _two_players()
    finished = GameFinished(seat=None, winner=B, winner_seat=1, beyond=(0, 1, 0, 0))
    told = "Figure B's player wins the race: Figure B ends 1 square beyond the finish."
    assert _won(GAME.narrate(state, finished, None, True)) == told
    over = fold(GAME, [finished], state)
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winners == (1,) and _won(outcome.summary) == told


def _end_read(state: RaceState, finished: GameFinished) -> tuple[str, str]:
    """The end of the race as its story tells it and as the outcome sums it up."""
    outcome = GAME.outcome(fold(GAME, [finished], state))
    assert outcome is not None
    return GAME.narrate(state, finished, None, True), outcome.summary


def _won(told: str) -> str:
    """The end of the race up to where it turns to the other figures."""
    return told.partition(" The others: ")[0]


def test_a_figure_over_the_line_the_wrong_way_round_is_told_so() -> None:
    """'questions.main-direction', 'finish': a figure may win by crossing the finish against
    the main direction, its distance counted past the line; the story and the outcome say which
    way it crossed (they read as if it had run forward)."""
    state = replace(_two_players(), xs=(-19, 3, 2, 1), lanes=(0, 0, 0, 0))
    finished = GameFinished(seat=None, winner=A, winner_seat=0, beyond=(3, 0, 0, 0))
    told = (
        "Figure A's player wins the race: Figure A ends 3 squares beyond the finish, having"
        " crossed it the wrong way round."
    )
    assert tuple(map(_won, _end_read(state, finished))) == (told, told)
    ownerless = GameFinished(seat=None, winner=A, winner_seat=None, beyond=(3, 0, 0, 0))
    nobodys = replace(state, owners=(None, 1, None, None))
    assert _won(GAME.narrate(nobodys, ownerless, 1, False)) == (
        "Ownerless Figure A ends furthest beyond the finish (3 squares, the wrong way round): no"
        " player wins the race."
    )


def test_an_ownerless_figure_first_over_the_line_wins_the_race_for_nobody() -> None:
    """The book's winner is a player; a figure nobody races is never said to win (the story
    read 'Ownerless figure D wins')."""
    state = _two_players()
    finished = GameFinished(seat=None, winner=D, winner_seat=None, beyond=(0, 0, 0, 3))
    told = (
        "Ownerless Figure D ends furthest beyond the finish (3 squares): no player wins the race."
    )
    assert _won(GAME.narrate(state, finished, None, True)) == told
    over = fold(GAME, [finished], state)
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winners == () and _won(outcome.summary) == told


def _read_by_players(seed: int) -> list[str]:
    """Everything a player reads in one seeded two-player race: the seats' names, each event's
    story for each seat, a spectator and the finished replay, every move's button, the refusal
    of the seat not to place, and the outcome."""
    rng = random.Random(seed)
    state = _two_players()
    read = list(GAME.seat_names(state))
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        waiting = GAME.decide(state, 1 - seat, GAME.legal_moves(state, seat)[0], rng)
        assert not isinstance(waiting, list)
        read.append(waiting.message)
        legal = GAME.legal_moves(state, seat)
        read += [GAME.describe_move(state, seat, m) for m in legal]
        events = GAME.decide(state, seat, rng.choice(legal), rng)
        assert isinstance(events, list)
        for event in events:
            read += [GAME.narrate(state, event, s, r) for s, r in ((0, False), (None, True))]
            state = fold(GAME, [event], state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return [*read, outcome.summary]


def test_a_figure_is_named_with_one_casing_wherever_a_player_reads_it() -> None:
    """The seats read "Figure A" while the story, the refusals and the end of the race read
    "figure A": a figure's name is "Figure A" everywhere, mid-sentence too."""
    read = _read_by_players(7)
    lowercase = [text for text in read if re.search(r"\bfigure [A-D]\b", text)]
    assert not lowercase, lowercase[:3]
    assert any("for Figure A" in text for text in read)  # a card placed, mid-sentence
    assert any(text.startswith("It is Figure ") for text in read)  # the refusal
    state = _two_players()
    placed = CardPlaced(seat=None, card="3-04", deck=3, figure=C)
    assert GAME.narrate(state, placed, 0, False).endswith("for ownerless Figure C.")
    finished = GameFinished(seat=None, winner=B, winner_seat=1, beyond=(0, 1, 0, 0))
    assert _won(GAME.narrate(state, finished, None, True)) == (
        "Figure B's player wins the race: Figure B ends 1 square beyond the finish."
    )


def test_a_refill_names_the_deck_that_ran_out_and_puts_the_played_cards_under_the_decks() -> None:
    """'questions.decks-exhausted': the played cards are sorted by their backs, shuffled and put
    under their decks, not shuffled into them (the cards still in a deck are drawn first)."""
    state = _two_players()
    refill = DecksReplenished(seat=None, added=(("1-01",), (), (), ()))
    one = replace(state, decks=(state.decks[0], (), *state.decks[2:]))
    assert GAME.narrate(one, refill, 0, False) == (
        "Deck 2 has run out: the played cards are sorted by their backs, shuffled and put under"
        " their decks."
    )
    three = replace(state, decks=((), (), state.decks[2], ()))
    assert GAME.narrate(three, refill, None, False).startswith("Decks 1, 2 and 4 have run out: ")
    assert GAME.narrate(state, refill, None, False).startswith("A deck has run out: ")


def test_a_round_ends_with_no_figure_beyond_the_finish_however_far_one_went_during_it() -> None:
    """'finish': only where the figures stand after the round's cards counts, so the end of a
    round says no figure stands beyond the finish (one may have passed it and come back)."""
    told = GAME.narrate(_two_players(), RoundEnded(seat=None, round=3), 1, False)
    assert told == "Round 3 ends with no figure beyond the finish: the race goes on."


def test_a_figure_sent_back_past_the_start_is_told_how_far_behind_it_stands() -> None:
    """questions.positions: a figure that went backwards past the start has a negative race
    coordinate; its square's number alone ("square 34") read as far ahead of the start."""
    state = _two_players()
    back = CardResolved(
        seat=None, card="1-02", deck=1, subject=D, xs=(0, 0, 0, -6), lanes=(2, 1, 0, 0), finish=24
    )
    assert GAME.narrate(state, back, None, False).endswith(
        ": Figure D moves to square 34, 6 behind the start."
    )


def test_a_figure_gone_a_lap_round_is_told_how_far_ahead_of_the_start_it_stands() -> None:
    """questions.positions: a figure carried forwards past a full lap (36 and 4 forward) stands
    on square 0 a lap on; "square 0" alone read as sent back to the start."""
    state = replace(_two_players(), xs=(36, 0, 0, 0), lanes=(0, 2, 1, 0), finish=30)
    lapped = CardResolved(
        seat=None, card="1-06", deck=1, subject=A, xs=(40, 0, 0, 0), lanes=(3, 2, 1, 0), finish=30
    )
    assert GAME.narrate(state, lapped, None, False).endswith(
        ": Figure A moves to square 0, 40 ahead of the start (lane 4)."
    )


def test_a_tie_beyond_the_finish_says_whom_the_winner_was_level_with_and_why_it_won() -> None:
    """'finish' leaves equal distances open and the figure ahead in the race wins (README): the
    end read 'Figure B ... ends 4 squares beyond the finish' with A as far beyond and no word why
    A lost. On one square the inside lane is ahead; a figure over the line the wrong way round
    ranks behind one that crossed forwards ('questions.positions')."""
    state = replace(_two_players(), xs=(28, 28, 3, 1), lanes=(1, 0, 0, 0))
    finished = GameFinished(seat=None, winner=B, winner_seat=1, beyond=(4, 4, 0, 0))
    told = (
        "Figure B's player wins the race: Figure B ends 4 squares beyond the finish, level with"
        " Figure A but ahead of it on the inside lane."
    )
    assert tuple(map(_won, _end_read(state, finished))) == (told, told)
    both_ways = replace(state, xs=(28, 3, -20, 28), lanes=(0, 0, 0, 1))
    a_wins = GameFinished(seat=None, winner=A, winner_seat=0, beyond=(4, 0, 4, 4))
    assert _won(GAME.narrate(both_ways, a_wins, None, True)).endswith(
        "ends 4 squares beyond the finish, level with Figures C and D but ahead of them in the"
        " race."
    )


def test_the_end_of_the_race_says_where_every_other_figure_ends() -> None:
    """'finish': the end named the winner and said nothing of the other figures. It now goes on
    with each of them: another figure beyond the finish (furthest first, either way round),
    then those short of it, the fewest squares from crossing it first, each counted the
    shorter way round (a figure behind the start may be nearer crossing it the wrong way).
    The count is the squares still to go to stand beyond the line, and is told as that: C on
    square 10 with the finish on square 24 is 14 squares short of the finish and 15 from
    crossing it (standing on the finish is not beyond it); the end read "15 squares short of
    the finish"."""
    state = replace(_two_players(), xs=(-17, 27, 10, -5), lanes=(0, 0, 0, 0))
    finished = GameFinished(seat=None, winner=B, winner_seat=1, beyond=(1, 3, 0, 0))
    told = (
        "Figure B's player wins the race: Figure B ends 3 squares beyond the finish. The others:"
        " Figure A also ends 1 square beyond the finish, having crossed it the wrong way round;"
        " Figure D (ownerless) ends on square 35, 5 behind the start, 12 squares from crossing"
        " the finish the wrong way round; Figure C (ownerless) ends on square 10, 15 squares"
        " from crossing the finish."
    )
    assert _end_read(state, finished) == (told, told)
    nobodys = GameFinished(seat=None, winner=B, winner_seat=None, beyond=(1, 3, 0, 0))
    ownerless_b = replace(state, owners=(0, None, None, None))
    assert _end_read(ownerless_b, nobodys)[0] == (
        "Ownerless Figure B ends furthest beyond the finish (3 squares): no player wins the race."
        + told.partition(" finish.")[2]
    )


def test_cards_dealt_or_turned_face_up_are_listed_as_a_person_lists_them() -> None:
    """A hand dealt and the pile turned read "“A” (deck 1), “B” (deck 2), …, “D” (deck 4)": a
    list closes with "and"."""
    state = _two_players()
    dealt = CardsDealt(seat=0, cards=("1-02", "2-01", "3-15", "4-11"))
    assert GAME.narrate(state, dealt, 0, False) == (
        "Figure A's player is dealt “Leader: 2 forward” (deck 1), “Runner in 2nd: return to the"
        " start space” (deck 2), “Finish sign moves to the snail” (deck 3) and “Runner in last"
        " place: trade places with the leader” (deck 4)."
    )
    turned = DepositRevealed(seat=None, cards=("3-15", "1-02"))
    assert GAME.narrate(state, turned, None, False) == (
        "The placed cards are turned face up: “Finish sign moves to the snail” (deck 3) and"
        " “Leader: 2 forward” (deck 1)."
    )
