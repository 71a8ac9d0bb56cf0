"""Replay is a left fold of evolve: from the start, or on from a state part-way through."""

from __future__ import annotations

import random

from rules_core.engine import fold, get_game
from rules_core.engine.randomness import move_rng, setup_rng


def test_folding_on_from_a_part_way_state_equals_folding_from_the_start() -> None:
    spec = get_game("gotham-race")
    log = list(spec.setup(2, {}, setup_rng(3)))
    rng = random.Random(3)
    for _ in range(12):
        state = fold(spec, log)
        seat = min(spec.to_act(state))
        move = rng.choice(spec.legal_moves(state, seat))
        events = spec.decide(state, seat, move, move_rng(3, len(log)))
        assert isinstance(events, list)
        log += events
    assert fold(spec, []) == spec.initial_state()
    halfway = fold(spec, log[:7])
    assert halfway != fold(spec, log)
    assert fold(spec, log[7:], halfway) == fold(spec, log)
