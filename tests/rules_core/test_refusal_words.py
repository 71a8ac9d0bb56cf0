"""A refusal never repeats what was posted, in every game.

A refusal's message is shown to players (the play page, a client) and stored with the refused
request, so it must be the game's words only: a posted text may be anything (markup, a slur, a
megabyte). Each game is played at random and, at every step, each offered move's text
parameters are posted as a marker the game cannot know: every refusal must leave it out.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from rules_core.engine.types import Move, Rejection
from tests.rules_core.random_play import random_steps

STEPS = 300
MARKER = "zq<b>posted</b>7"


def _with_marker(move: Move) -> list[Move]:
    """The move with one text parameter posted as the marker, alone or inside the offered text."""
    out = []
    for index, (name, value) in enumerate(move.params):
        if not isinstance(value, str):
            continue
        for posted in (MARKER, f"{value}{MARKER}"):
            params = list(move.params)
            params[index] = (name, posted)
            out.append(Move(move.type, tuple(params)))
    return out


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_refusal_never_repeats_a_posted_text(spec: GameSpec[Any]) -> None:
    refused = 0
    for step in random_steps(spec, 5, STEPS):
        for move in step.offered[:40]:
            for posted in _with_marker(move):
                answer = spec.decide(step.state, step.seat, posted, random.Random(step.number))
                if isinstance(answer, Rejection):
                    refused += 1
                    assert "posted" not in answer.message, (spec.slug, answer)
    if not refused:
        pytest.skip(f"{spec.slug} offered no text parameter in {STEPS} steps")
