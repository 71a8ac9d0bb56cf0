"""Judging a decision: the preferred and the played move are valued on the same footing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.bots.analysis import Judgement, _interval, _settled, judge, move_values
from rules_core.bots.mcts import MctsSettings, mcts_move
from rules_core.engine import GameSpec, Move, all_games
from tests.rules_core.bots.test_bots import opening

GAMES = all_games()


def verdict(low: float, high: float, mark_at: float = 0.10) -> Judgement:
    move, other = Move("a", {}), Move("b", {})
    mean = (low + high) / 2
    return Judgement(0, {0: 0.5}, move, 0.5 + mean, other, 0.5, 10, mark_at, low, high, 48)


def test_grades_follow_the_lower_bound_of_the_loss_against_the_mark() -> None:
    assert verdict(0.21, 0.30).grade == "blunder" and verdict(0.21, 0.30).marked
    assert verdict(0.11, 0.19).grade == "mistake" and verdict(0.11, 0.19).marked
    assert verdict(0.06, 0.09).grade == "inaccuracy" and not verdict(0.06, 0.09).marked
    close = verdict(0.0, 0.25)  # could be a blunder, could be nothing
    assert close.grade == "too close to call" and not close.marked
    assert verdict(0.0, 0.04).grade == "good"
    assert verdict(0.11, 0.19).lost == pytest.approx(0.15)


def test_the_loss_interval_comes_from_paired_samples() -> None:
    low, high = _interval([0.2, 0.2, 0.2, 0.2])
    assert low == high == pytest.approx(0.2)
    low, high = _interval([0.0, 0.4, 0.0, 0.4])
    assert low < 0.2 < high and high - low == pytest.approx(2 * 1.96 * 0.2309 / 2, rel=1e-3)
    assert _settled(0.0, 0.04, 0.10) and _settled(0.11, 0.19, 0.10)
    assert not _settled(0.0, 0.12, 0.10)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_moves_are_valued_under_the_same_chance(spec: GameSpec[Any]) -> None:
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    move = spec.legal_moves(state, seat)[0]
    same = move_values(spec, state, seat, (move, move), random.Random(4), 6, 8, (0, 1))
    assert same[0] == same[1] and set(same[0]) == {0, 1}
    assert all(0.0 <= value <= 1.0 for value in same[0].values())


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_a_move_the_search_never_tried_is_still_valued(spec: GameSpec[Any]) -> None:
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=2, seconds=5)
    searched = mcts_move(spec, state, seat, random.Random(8), budget)
    untried = [m for m in spec.legal_moves(state, seat) if m not in searched.visits]
    assert untried, "the position needs more moves than the search budget"
    judged = judge(spec, state, seat, untried[-1], random.Random(8), budget, 2, samples=6)
    assert judged.played == untried[-1] and set(judged.evaluation) == {0, 1}
    assert 0.0 <= judged.played_value <= 1.0 and judged.lost_low <= judged.lost <= judged.lost_high
    assert judged.samples in (6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 66, 72)


def test_every_move_is_valued_when_there_are_few() -> None:
    """Gotham Race's draw: four decks, each valued; the best of them is the one preferred."""
    spec = next(g for g in GAMES if g.slug == "gotham-race")
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    legal = spec.legal_moves(state, seat)
    assert len(legal) <= 5
    budget = MctsSettings(iterations=8, seconds=5)
    judged = judge(spec, state, seat, legal[0], random.Random(3), budget, 2, samples=8)
    rng = random.Random(3)
    mcts_move(spec, state, seat, rng, budget)
    first = move_values(spec, state, seat, tuple(legal), rng, 8, budget.depth, (0, 1))
    best = max(range(len(legal)), key=lambda i: first[i][seat])
    assert judged.preferred == legal[best]


def test_noise_between_near_equal_moves_is_not_graded_a_mistake() -> None:
    """At the race's first draw the four decks are near enough alike: over several seeds no draw
    is graded a mistake (the interval keeps the noise of the samples from becoming a verdict)."""
    spec = next(g for g in GAMES if g.slug == "gotham-race")
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=8, seconds=5)
    grades = set()
    for seed in range(6):
        for move in spec.legal_moves(state, seat):
            grades.add(judge(spec, state, seat, move, random.Random(seed), budget, 2).grade)
    assert grades <= {"good", "too close to call", "inaccuracy"}


def test_the_played_move_when_it_is_the_preferred_one_lost_nothing() -> None:
    spec = GAMES[0]
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=30, seconds=5)
    some = spec.legal_moves(state, seat)[0]
    preferred = judge(spec, state, seat, some, random.Random(2), budget, 2, samples=4).preferred
    judged = judge(spec, state, seat, preferred, random.Random(2), budget, 2, samples=4)
    assert judged.preferred == preferred and judged.played_value == judged.preferred_value
    assert judged.lost == 0.0 and judged.grade == "good"
    assert judged.mark_at == spec.lost_value_mark
    assert set(judged.evaluation) == {0, 1}
