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


def test_each_source_draws_from_its_own_fixed_material() -> None:
    """Stored games are re-decided from these: the material is part of the log's contract."""
    from rules_core.engine.randomness import bot_rng, setup_rng

    assert setup_rng(5).random() == random.Random("setup:5").random()
    assert bot_rng(5, 8, 2).random() == random.Random("bot:5:8:2").random()
    assert move_rng(5, 8).random() == random.Random("move:5:8").random()


def test_a_gaussian_first_draw_and_a_first_generation_seed_match_a_seeded_random() -> None:
    assert SeededOnUse("m").gauss(0, 1) == random.Random("m").gauss(0, 1)
    rng, reference = SeededOnUse("m"), random.Random()
    rng.seed("old", version=1)
    reference.seed("old", version=1)
    assert rng.random() == reference.random()


def test_a_restored_state_goes_on_where_it_was_taken() -> None:
    source = random.Random("elsewhere")
    source.random()
    state = source.getstate()
    expected = [source.random() for _ in range(3)]
    rng = SeededOnUse("never used")
    rng.setstate(state)
    assert [rng.random() for _ in range(3)] == expected
