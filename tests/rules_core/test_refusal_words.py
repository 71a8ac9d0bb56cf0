"""A refusal never repeats what was posted, in every game.

A refusal's message is shown to players (the play page, a client) and stored with the refused
request, so it must be the game's words only: a posted text may be anything (markup, a slur, a
megabyte). Each game is played at random and, at every step, each offered move's text
parameters are posted as a marker the game cannot know: every refusal must leave it out.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_core.engine import GameSpec, all_games
from rules_core.engine.types import Move, Rejection, Scalar
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


def _left_out_or_out_of_range(move: Move) -> list[Move]:
    """The move with each parameter left out, and set to a place no board has (-1, 999)."""
    dropped = [
        Move(move.type, move.params[:i] + move.params[i + 1 :]) for i in range(len(move.params))
    ]
    return dropped + each_param_replaced(move, lambda value: [-1, 999])


CODE_LIKE = re.compile(r"'[a-z_]+'|\(-?\d+\)")  # a parameter's name quoted, a raw value shown


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_move_missing_a_part_is_refused_in_the_games_words(spec: GameSpec[Any]) -> None:
    """A parameter left out or naming no place is refused by what to name, in the game's words:
    not by the parameter's name in quotes or the number a client would send."""
    for move, answer in variants_decided(spec, 5, 200, _left_out_or_out_of_range, per_step=10):
        if isinstance(answer, Rejection):
            assert not CODE_LIKE.search(answer.message), (spec.slug, move, answer.message)
