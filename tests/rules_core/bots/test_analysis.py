"""Judging a decision: the preferred and the played move are valued on the same footing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.bots.analysis import Judgement, judge, move_values
from rules_core.bots.mcts import MctsSettings, mcts_move
from rules_core.engine import GameSpec, Move, all_games
from tests.rules_core.bots.test_bots import opening

GAMES = all_games()


def test_lost_value_and_the_mark() -> None:
    move, other = Move("a", {}), Move("b", {})
    verdict = Judgement(0, {0: 0.5}, move, 0.7, other, 0.5, 10, mark_at=0.15)
    assert verdict.lost == pytest.approx(0.2) and verdict.marked
    assert not Judgement(0, {0: 0.5}, move, 0.7, other, 0.5, 10, mark_at=0.25).marked
    better = Judgement(0, {0: 0.5}, move, 0.4, other, 0.6, 10, mark_at=0.15)
    assert better.lost == 0.0 and not better.marked


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
    verdict = judge(spec, state, seat, untried[-1], random.Random(8), budget, 2, samples=6)
    assert verdict.preferred == searched.move and verdict.played == untried[-1]
    after = _after_search(spec, state, seat)
    preferred, played = move_values(
        spec, state, seat, (searched.move, untried[-1]), after, 6, 8, (0, 1)
    )
    assert verdict.evaluation == preferred  # every seat, after the preferred move
    assert (verdict.preferred_value, verdict.played_value) == (preferred[seat], played[seat])


def _after_search(spec: GameSpec[Any], state: Any, seat: int) -> random.Random:
    """The generator as `judge` leaves it after its search (same seed, same budget)."""
    rng = random.Random(8)
    mcts_move(spec, state, seat, rng, MctsSettings(iterations=2, seconds=5))
    return rng


def test_the_played_move_when_it_is_the_preferred_one_lost_nothing() -> None:
    spec = GAMES[0]
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=30, seconds=5)
    preferred = mcts_move(spec, state, seat, random.Random(2), budget).move
    verdict = judge(spec, state, seat, preferred, random.Random(2), budget, 2, samples=4)
    assert verdict.played_value == verdict.preferred_value and verdict.lost == 0.0
    assert verdict.mark_at == spec.lost_value_mark
    assert set(verdict.evaluation) == {0, 1}
