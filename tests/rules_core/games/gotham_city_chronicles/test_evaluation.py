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


def test_an_armed_bomb_weighs_more_as_it_counts_down_and_less_with_a_hero_at_it() -> None:
    state = started()
    bomb = state.token("bomb")
    armed = state.with_token(replace(bomb, state="armed", countdown=2))
    last = state.with_token(replace(bomb, state="armed", countdown=1))
    assert evaluate(last, 1) < evaluate(armed, 1) < evaluate(state, 1)
    gordon = last.hero("commissioner-gordon")
    watched = last.with_hero(replace(gordon, area="boiler-room"))
    assert evaluate(last, 1) < evaluate(watched, 1)
    assert evaluate(last, 0) > evaluate(state, 0)  # the villain's value is the complement


def test_a_resting_hero_at_the_goals_item_counts_less_than_an_active_one() -> None:
    state = started()
    batman = state.hero("batman")  # in the office, by the safe that holds the Ledger
    active = state.with_hero(replace(batman, stance="active"))
    resting = state.with_hero(replace(batman, stance="resting"))
    assert evaluate(resting, 1) < evaluate(active, 1)
