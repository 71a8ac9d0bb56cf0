"""A game played at random through its rules, step by step, for tests that try other moves at
every step (posted as other kinds, with other texts) before the random one is played."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules_core.engine import GameSpec
from rules_core.engine.types import Move, Rejection


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    state: Any
    seat: int  # the lowest seat to act
    offered: list[Move]


def random_steps(spec: GameSpec[Any], seed: int, steps: int) -> Iterator[Step]:
    """Each step of a random game (its fewest players, two at least) until it ends or `steps`
    have been played; the step's random move is played after the caller has seen it."""
    pick = random.Random(seed)
    state = spec.initial_state()
    for event in spec.setup(max(2, spec.min_players), {}, random.Random(seed)):
        state = spec.evolve(state, event)
    for number in range(steps):
        acting = sorted(spec.to_act(state))
        if not acting or spec.outcome(state) is not None:
            return
        offered = spec.legal_moves(state, acting[0])
        yield Step(number, state, acting[0], offered)
        events = spec.decide(state, acting[0], pick.choice(offered), random.Random(number))
        assert not isinstance(events, Rejection), events
        for event in events:
            state = spec.evolve(state, event)
