"""The greedy bot's work is bounded whatever a content pack makes legal."""

from __future__ import annotations

import random
from typing import Any

from rules_core.bots.greedy import MOST_SCORED, SAMPLES, move_scores
from rules_core.engine import Move, fold
from rules_core.engine.types import Rejection
from rules_core.games.gotham_race import GAME as RACE


class _ManyMoves:
    """Gotham Race offering `count` moves (as a pack of thousands of districts would), each
    tried move counted."""

    def __init__(self, count: int) -> None:
        self.offered = [Move.of("draw", deck=n) for n in range(count)]
        self.tried: list[Move] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(RACE, name)

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        return list(self.offered)

    def decide_and_evolve(self, state: Any, seat: int, move: Move, rng: random.Random) -> Any:
        self.tried.append(move)
        return Rejection("not_here", "Not here.", ())


def test_greedy_scores_at_most_its_bound_of_moves_drawn_from_all_legal() -> None:
    state = fold(RACE, RACE.setup(2, {}, random.Random(1)))
    spec = _ManyMoves(1000)
    scores = move_scores(spec, state, 0, random.Random(2))
    assert len(scores) == MOST_SCORED
    assert len(spec.tried) == MOST_SCORED * SAMPLES
    assert set(scores) <= set(spec.offered)
    assert set(scores) != set(spec.offered[:MOST_SCORED])  # drawn from all, not the first


def test_greedy_scores_every_move_when_there_are_no_more_than_its_bound() -> None:
    state = fold(RACE, RACE.setup(2, {}, random.Random(1)))
    spec = _ManyMoves(MOST_SCORED)
    scores = move_scores(spec, state, 0, random.Random(2))
    assert set(scores) == set(spec.offered)
