"""Fortunes as cards: which hand cards are offered as choices."""

from __future__ import annotations

import random

from rules_core.engine.types import Move
from rules_core.engine.updating import updated
from rules_core.games.black_metro import cards, facilities
from rules_core.games.black_metro.run import Run
from tests.rules_core.games.black_metro.helpers import BLUE, GAME, example_round, play


def test_one_of_each_offers_the_first_joker_for_both() -> None:
    hand = ("Joker-2", "3-hearts", "Joker-1", "K-spades", "3-hearts")
    assert cards.one_of_each(hand) == ["3-hearts", "Joker-1", "K-spades"]
    assert cards.one_of_each(("Joker-2",)) == ["Joker-2"]
    assert cards.one_of_each(()) == []


def test_a_roller_holding_two_jokers_is_offered_one_joker_reroll_and_may_name_either() -> None:
    """appendix.dice: a fortune discarded rerolls; the two jokers are one choice, so one move
    reads "Discard a joker to reroll" (the second joker is still accepted by name)."""
    state = example_round()
    blue = state.player(BLUE)
    state = state.with_player(BLUE, updated(blue, hand=("Joker-1", "Joker-2", "4-clubs")))
    run = Run(state)
    facilities.roll(run, BLUE, "fortune", 2, random.Random(1))
    state = run.state
    rerolls = [m for m in GAME.legal_moves(state, BLUE) if m.type == "reroll"]
    assert rerolls == [Move.of("reroll", card="4-clubs"), Move.of("reroll", card="Joker-1")]
    labels = [GAME.describe_move(state, BLUE, m) for m in rerolls]
    assert labels == ["Discard the 4 of clubs to reroll", "Discard a joker to reroll"]
    events = GAME.decide(state, BLUE, Move.of("reroll", card="Joker-2"), random.Random(0))
    assert isinstance(events, list)
    after, _ = play(state, BLUE, "reroll", card="Joker-1")
    assert after.player(BLUE).hand == ("Joker-2", "4-clubs")
