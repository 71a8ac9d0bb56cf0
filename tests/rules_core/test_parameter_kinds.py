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
from tests.rules_core.random_play import random_steps

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
    tried = 0
    for step in random_steps(spec, 3, STEPS):
        for move in step.offered:
            for other in _other_kinds(move):
                tried += 1
                refused = spec.decide(step.state, step.seat, other, random.Random(step.number))
                assert isinstance(refused, Rejection), (spec.slug, other)
    if not tried:
        pytest.skip(f"{spec.slug} offered no whole-number parameter in {STEPS} steps")
