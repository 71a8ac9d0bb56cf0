"""A move's randomness is seeded only when used, and gives exactly what a seeded Random gives."""

from __future__ import annotations

import random

import pytest

from rules_core.engine.randomness import SeededOnUse, move_rng


def _draws(rng: random.Random) -> list[object]:
    cards = list(range(30))
    rng.shuffle(cards)
    return [
        rng.random(),
        rng.randint(1, 6),
        rng.choice("abcdef"),
        rng.getrandbits(70),
        rng.gauss(0, 1),
        rng.sample(range(50), 5),
        cards,
        rng.uniform(1, 2),
    ]


@pytest.mark.parametrize("material", ["move:1:2", "move:99:1234", ""])
def test_seeded_on_use_draws_what_a_seeded_random_draws(material: str) -> None:
    assert _draws(SeededOnUse(material)) == _draws(random.Random(material))
    assert SeededOnUse(material).getstate() == random.Random(material).getstate()


def test_a_move_rng_not_drawn_from_is_never_seeded_and_reseeding_replaces_the_material() -> None:
    rng = move_rng(7, 3)
    assert isinstance(rng, SeededOnUse) and rng._material == "move:7:3"
    rng.seed("other")
    assert rng.random() == random.Random("other").random()
    assert move_rng(7, 3).random() == random.Random("move:7:3").random()
