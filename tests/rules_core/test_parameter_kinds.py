"""A move's whole-number parameter is refused as true, false or a fraction, in every game.

In Python true == 1 and 1.0 == 1, so a check that asks whether a posted move is among the
offered ones, or whether a district is among the numbers allowed, would let `true` pass for 1
and then fail on it (int("True")). Each game is played at random and, at every step, each
offered move's whole numbers are posted as the other kinds: every one must be refused.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from rules_core.engine.types import Move, Rejection

STEPS = 400


def _other_kinds(move: Move) -> list[Move]:
    """The move with one whole-number parameter posted as a bool (0 and 1) or a fraction."""
    out = []
    for index, (name, value) in enumerate(move.params):
        if type(value) is not int:
            continue
        kinds: list[Any] = [float(value)] + ([bool(value)] if value in (0, 1) else [])
        for kind in kinds:
            params = list(move.params)
            params[index] = (name, kind)
            out.append(Move(move.type, tuple(params)))
    return out


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_whole_number_posted_as_another_kind_is_refused(spec: GameSpec[Any]) -> None:
    pick = random.Random(3)
    state = spec.initial_state()
    for event in spec.setup(max(2, spec.min_players), {}, random.Random(3)):
        state = spec.evolve(state, event)
    tried = 0
    for step in range(STEPS):
        acting = sorted(spec.to_act(state))
        if not acting or spec.outcome(state) is not None:
            break
        seat = acting[0]
        offered = spec.legal_moves(state, seat)
        for move in offered:
            for other in _other_kinds(move):
                tried += 1
                refused = spec.decide(state, seat, other, random.Random(step))
                assert isinstance(refused, Rejection), (spec.slug, other)
        events = spec.decide(state, seat, pick.choice(offered), random.Random(step))
        assert not isinstance(events, Rejection)
        for event in events:
            state = spec.evolve(state, event)
    if not tried:
        pytest.skip(f"{spec.slug} offered no whole-number parameter in {STEPS} steps")
