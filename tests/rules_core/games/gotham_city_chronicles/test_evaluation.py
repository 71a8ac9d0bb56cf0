"""The bots' heuristic moves with the mission's goals and ends at the outcome."""

from __future__ import annotations

from dataclasses import replace

from rules_core.games.gotham_city_chronicles.evaluation import evaluate
from tests.rules_core.games.gotham_city_chronicles.test_movement import started


def test_progress_toward_the_ledger_raises_the_heroes_value() -> None:
    state = started()
    start = evaluate(state, 1)
    carried = state.with_hero(replace(state.hero("batman"), items=("ledger",)))
    near = carried.with_hero(replace(carried.hero("batman"), area="loading-dock"))
    assert start < evaluate(carried, 1) < evaluate(near, 1)
    assert abs(evaluate(near, 0) + evaluate(near, 1) - 1) < 1e-9
    won = replace(near, winner="heroes")
    assert evaluate(won, 1) == 1.0 and evaluate(won, 0) == 0.0
