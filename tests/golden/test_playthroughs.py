"""Golden playthroughs: every file in tests/golden/<slug>/ is replayed and compared.

The files are rewritten only by `python3 dev.py golden` (which prints what changed), never by
this test.
"""

from __future__ import annotations

import json

import pytest

from tests.golden import playthroughs
from tests.golden.playthroughs import case_path, cases, playthrough


def test_every_registered_game_has_golden_playthroughs() -> None:
    from tests.shipped import shipped_games

    assert {slug for slug, _, _ in cases()} == {spec.slug for spec in shipped_games()}


@pytest.mark.parametrize(("slug", "players", "seed"), cases())
def test_playthrough_matches_golden_file(slug: str, players: int, seed: int) -> None:
    expected = json.loads(case_path(slug, players, seed).read_text())
    assert playthrough(slug, players, seed) == expected


def test_the_command_writes_nothing_when_asked_for_help_or_a_check(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--help` once rewrote every golden file (the command read no arguments); `--check` says
    what would change and leaves the files as they are."""
    slug, players, seed = next(iter(playthroughs.cases()))
    path = playthroughs.case_path(slug, players, seed)
    before = path.read_text()
    monkeypatch.setattr(playthroughs, "cases", lambda: [(slug, players, seed)])
    monkeypatch.setattr(playthroughs, "render", lambda record: "changed rules\n")
    with pytest.raises(SystemExit) as helped:
        playthroughs.main(["--help"])
    assert helped.value.code == 0
    assert playthroughs.main(["--check"]) == 0
    assert "1 golden file(s) would be rewritten." in capsys.readouterr().out
    assert path.read_text() == before
