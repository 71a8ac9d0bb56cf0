"""A refusal never repeats what was posted, in every game.

A refusal's message is shown to players (the play page, a client) and stored with the refused
request, so it must be the game's words only: a posted text may be anything (markup, a slur, a
megabyte). Each game is played at random and, at every step, each offered move's text
parameters are posted as a marker the game cannot know: every refusal must leave it out.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from rules_core.engine.types import Rejection, Scalar
from tests.rules_core.random_play import each_param_replaced, variants_decided

STEPS = 300
MARKER = "zq<b>posted</b>7"


def _marked(value: Scalar) -> list[Scalar]:
    """A text posted as the marker, alone or inside the offered text; nothing for other values."""
    return [MARKER, f"{value}{MARKER}"] if isinstance(value, str) else []


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_refusal_never_repeats_a_posted_text(spec: GameSpec[Any]) -> None:
    refused = 0
    for _, answer in variants_decided(
        spec, 5, STEPS, lambda move: each_param_replaced(move, _marked), per_step=40
    ):
        if isinstance(answer, Rejection):
            refused += 1
            assert "posted" not in answer.message, (spec.slug, answer)
    if not refused:
        pytest.skip(f"{spec.slug} offered no text parameter in {STEPS} steps")
