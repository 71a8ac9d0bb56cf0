"""A game played at random through its rules, step by step, for tests that try other moves at
every step (posted as other kinds, with other texts) before the random one is played."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rules_core.engine import GameSpec
from rules_core.engine.types import GameEvent, Move, Rejection, Scalar


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    state: Any
    seat: int  # the lowest seat to act
    offered: list[Move]


def random_steps(
    spec: GameSpec[Any], seed: int, steps: int, players: int | None = None
) -> Iterator[Step]:
    """Each step of a random game (of `players`; by default its fewest, two at least) until it
    ends or `steps` have been played; the step's random move is played after the caller has
    seen it."""
    pick = random.Random(seed)
    state = spec.initial_state()
    seated = max(2, spec.min_players) if players is None else players
    for event in spec.setup(seated, {}, random.Random(seed)):
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


def each_param_replaced(move: Move, replacements: Callable[[Scalar], list[Scalar]]) -> list[Move]:
    """The move with one parameter at a time replaced by each of `replacements(its value)`."""
    out = []
    for index, (name, value) in enumerate(move.params):
        for replaced in replacements(value):
            params = list(move.params)
            params[index] = (name, replaced)
            out.append(Move(move.type, tuple(params)))
    return out


def variants_decided(
    spec: GameSpec[Any],
    seed: int,
    steps: int,
    variants: Callable[[Move], list[Move]],
    per_step: int | None = None,
) -> Iterator[tuple[Move, list[GameEvent] | Rejection]]:
    """Every variant of (the first `per_step`) offered moves at each step of a random game,
    with the game's answer to it."""
    for step in random_steps(spec, seed, steps):
        for move in step.offered[:per_step]:
            for variant in variants(move):
                yield (
                    variant,
                    spec.decide(step.state, step.seat, variant, random.Random(step.number)),
                )
