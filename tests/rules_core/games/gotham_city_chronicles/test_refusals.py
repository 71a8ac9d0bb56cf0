"""What comes first (refusals.py): a roll waiting for its rerolls, an attack waiting for its
defense, or an exchange waiting for the other hero's answer holds every other move, and the
refusal says which, with its code and the book's sections."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import fold
from rules_core.games.gotham_city_chronicles.refusals import REJECTIONS, pending
from rules_core.games.gotham_city_chronicles.rules import GAME

WAITING: Any = object()  # pending() asks only whether something waits, not what


@pytest.mark.parametrize(
    ("waiting", "code", "message"),
    [
        ("roll", "roll_pending", "First reroll the dice rolled, or keep them."),
        ("fight", "fight_pending", "First the attack's defense and wounds."),
        ("offer", "offer_pending", "First the other hero agrees to the exchange or not."),
    ],
)
def test_what_waits_is_named_with_its_sections(waiting: str, code: str, message: str) -> None:
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert pending(state) is None
    refusal = pending(replace(state, **{waiting: WAITING}))
    assert refusal is not None
    assert (refusal.code, refusal.message, refusal.citations) == (code, message, REJECTIONS[code])
    assert REJECTIONS[code]


def test_a_roll_comes_before_an_attack_and_an_attack_before_an_exchange() -> None:
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    everything = replace(state, roll=WAITING, fight=WAITING, offer=WAITING)
    assert getattr(pending(everything), "code", None) == "roll_pending"
    assert getattr(pending(replace(everything, roll=None)), "code", None) == "fight_pending"
