"""Gotham Race: the bots' value of a position (`evaluate`) and who is to act, by value.

The value reads the race as the rules decide it ('finish'): the figure further beyond the finish
after the round wins, so what counts is how many squares each figure still has to go, the
shorter way round the circle (a figure may win going backwards past the start).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from rules_core.engine import fold
from rules_core.games.gotham_race import GAME
from rules_core.games.gotham_race.state import RaceState

A, B, C, D = 0, 1, 2, 3


def start(players: int) -> RaceState:
    return fold(GAME, GAME.setup(players, {}, random.Random(1)))


def logistic(mine: int, rival: int) -> float:
    return 1.0 / (1.0 + math.exp((mine - rival) / 3.0))


def test_a_finished_race_is_worth_one_to_the_winners_seat_and_nothing_to_the_others() -> None:
    state = replace(start(2), phase="over", winner=B, beyond=(0, 3, 0, 0))
    assert GAME.evaluate(state, 1) == 1.0
    assert GAME.evaluate(state, 0) == 0.0


def test_an_ownerless_winner_is_worth_nothing_to_every_seat() -> None:
    state = replace(start(2), phase="over", winner=D, beyond=(0, 0, 0, 1))
    assert [GAME.evaluate(state, s) for s in (0, 1)] == [0.0, 0.0]


def test_a_seat_without_a_figure_is_worth_nothing() -> None:
    assert GAME.evaluate(start(2), 2) == 0.0


def test_the_value_compares_the_squares_to_go_with_the_closest_rivals() -> None:
    """Reference track: 40 squares, finish at 24 (or -16 going backwards). Squares to go, plus
    one to stand beyond the line: A at 20 has 5, B at 12 has 13, C at 8 has 17, D at 5 has 20."""
    state = replace(start(4), xs=(20, 12, 8, 5), lanes=(0, 0, 0, 0))
    assert GAME.evaluate(state, 0) == pytest.approx(logistic(5, 13))
    assert GAME.evaluate(state, 1) == pytest.approx(logistic(13, 5))
    assert GAME.evaluate(state, 3) == pytest.approx(logistic(20, 5))


def test_a_figure_behind_the_start_counts_the_way_backwards_past_it() -> None:
    """A at -10 is 6 squares short of the line at -16 going backwards (7 with the step beyond),
    nearer than the 34 going forwards."""
    state = replace(start(2), xs=(-10, 12, 8, 5), lanes=(0, 0, 0, 0))
    assert GAME.evaluate(state, 0) == pytest.approx(logistic(7, 13))


def test_an_ownerless_figure_is_a_rival_too() -> None:
    """With one player, the ownerless figures race on their own and can beat the player."""
    state = replace(start(1), xs=(12, 20, 8, 5), lanes=(0, 0, 0, 0))
    assert GAME.evaluate(state, 0) == pytest.approx(logistic(13, 5))


def test_level_figures_are_worth_an_even_chance() -> None:
    state = replace(start(2), xs=(10, 10, 0, 0), lanes=(0, 1, 3, 2))
    assert GAME.evaluate(state, 0) == pytest.approx(0.5)


def test_nobody_is_to_act_while_an_ownerless_figure_places_or_between_rounds() -> None:
    state = start(1)
    assert GAME.to_act(state) == {0}
    ownerless_turn = replace(state, order=(B, A, C, D), turn=0)
    assert GAME.to_act(ownerless_turn) == frozenset()
    assert GAME.to_act(replace(state, turn=4)) == frozenset()
