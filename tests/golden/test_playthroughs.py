"""Golden playthroughs: every file in tests/golden/<slug>/ is replayed and compared.

The files are rewritten only by `python3 dev.py golden` (which prints what changed), never by
this test.
"""

from __future__ import annotations

import json

import pytest

from tests.golden.playthroughs import case_path, cases, playthrough


def test_every_registered_game_has_golden_playthroughs() -> None:
    from tests.shipped import shipped_games

    assert {slug for slug, _, _ in cases()} == {spec.slug for spec in shipped_games()}


@pytest.mark.parametrize(("slug", "players", "seed"), cases())
def test_playthrough_matches_golden_file(slug: str, players: int, seed: int) -> None:
    expected = json.loads(case_path(slug, players, seed).read_text())
    assert playthrough(slug, players, seed) == expected
