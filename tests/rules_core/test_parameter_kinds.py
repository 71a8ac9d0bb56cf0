"""A move's whole-number parameter is refused as true, false or a fraction, in every game.

In Python true == 1 and 1.0 == 1, so a check that asks whether a posted move is among the
offered ones, or whether a district is among the numbers allowed, would let `true` pass for 1
and then fail on it (int("True")). Each game is played at random and, at every step, each
offered move's whole numbers are posted as the other kinds: every one must be refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from rules_core.engine.types import Rejection, Scalar
from tests.rules_core.random_play import each_param_replaced, variants_decided

STEPS = 400


def _other_kinds(value: Scalar) -> list[Scalar]:
    """A whole number as a fraction, and as a bool (for 0 and 1); nothing for other values."""
    if type(value) is not int:
        return []
    kinds: list[Scalar] = [float(value)]
    return kinds + ([bool(value)] if value in (0, 1) else [])


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_whole_number_posted_as_another_kind_is_refused(spec: GameSpec[Any]) -> None:
    tried = 0
    for other, answer in variants_decided(
        spec, 3, STEPS, lambda move: each_param_replaced(move, _other_kinds)
    ):
        tried += 1
        assert isinstance(answer, Rejection), (spec.slug, other)
    if not tried:
        pytest.skip(f"{spec.slug} offered no whole-number parameter in {STEPS} steps")
