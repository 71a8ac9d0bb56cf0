"""The pages in a real browser: Debian's chromium driven by playwright-core (see journeys.js).

`.ci/run` installs chromium and the node package; elsewhere the test is skipped when they are
missing. Screenshots of each page are saved in build/artifacts/. JOURNEYS (names of journeys.js,
comma-separated) runs only those: `JOURNEYS=hotSeat pytest tests/frontend/test_browser.py`.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from rules_core.engine import fold, get_game

HERE = Path(__file__).parent / "browser"
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
REFERENCE_PACK = (
    Path(__file__).resolve().parents[2]
    / "rules_core/games/gotham_city_strategy/content/reference.toml"
)
EVIL = '<img src=x onerror="window.__xss=1">Evil'


def _hostile_pack(path: Path) -> Path:
    """The reference pack with markup for its name and every plot card's name and text."""
    pack = tomllib.loads(REFERENCE_PACK.read_text(encoding="utf-8"))
    pack["name"] = EVIL
    for card in pack["plot"]:
        card["name"] = card["text"] = EVIL
    path.write_text(json.dumps(pack), encoding="utf-8")
    return path


def _busy_views(path: Path) -> Path:
    """Boards at their fullest, for the journey that checks every word stays on the board: a
    Chronicles view whose Batman has cubes on five spaces and carries five things, and two things
    lie on the ground beside the office's safe (as in a game played a few turns)."""
    from tests.rules_core.games.gotham_city_chronicles.test_movement import started

    chronicles = get_game("gotham-city-chronicles").view(started(), 0)
    heroes = chronicles["heroes"]
    assert isinstance(heroes, Sequence)
    batman = heroes[0]
    assert isinstance(batman, dict) and batman["name"] == "Batman"
    batman.update(items=["ledger", "submachine-gun"], spaces=[2, 2, 3, 0, 2, 0, 2])
    chronicles["ground"] = [["tonfa", "office"], ["submachine-gun", "office"]]
    path.write_text(
        json.dumps(
            {
                "gotham-city-chronicles": chronicles,
                "black-metro": _busy_metro(),
                "gotham-city-strategy": _busy_strategy(),
                "no-mans-land": _busy_no_mans_land(),
            }
        ),
        encoding="utf-8",
    )
    return path


def _busy_metro() -> Mapping[str, object]:
    """Black Metro at four players (its tallest key and table lines), every candidate's
    personnel in the longest-named district, which Red dominates."""
    from tests.rules_core.games.black_metro.helpers import started

    metro = get_game("black-metro").view(started(4), 0)
    districts = metro["districts"]
    assert isinstance(districts, list)
    longest = max(districts, key=lambda d: len(str(d["name"])))
    troop = {"subordinates": 2, "paragons": 1, "doom_mechasuits": 1}
    longest.update(
        personnel={name: troop for name in ("Red", "Green", "Blue", "Yellow")},
        dominated_by="Red",
    )
    return metro


def _busy_no_mans_land() -> Mapping[str, object]:
    """No Man's Land with six figures in the Narrows (three of Falcone's characters, two of
    one name, and Gordon's three heroes: two to a row), a crime there too."""
    from tests.frontend.test_figure_targets import gordon_moving_in_a_crowd

    _, game, state, seat = gordon_moving_in_a_crowd()
    view: Mapping[str, object] = game.view(state, seat)
    return view


def _busy_strategy() -> Mapping[str, object]:
    """Gotham City Strategy at four players (its widest row of names) for seat 0 (the longest
    legend), Batman in the Batcave at his top level (his longest line: what order and fight do)."""
    game = get_game("gotham-city-strategy")
    state = fold(game, game.setup(4, {}, random.Random(1)))
    view = game.view(state, 0)
    batman = view["batman"]
    assert isinstance(batman, dict)
    batman.update(at=-1, level=6, order=4, fight=4)
    return view


def _ready() -> str | None:
    if not Path(CHROMIUM).exists():
        return "chromium is not installed (.ci/run installs Debian's chromium)"
    if shutil.which("node") is None:
        return "node is not installed"
    if not (HERE / "node_modules" / "playwright-core").exists():
        return "playwright-core is not installed (npm install in tests/frontend/browser)"
    return None


@pytest.mark.skipif(_ready() is not None, reason=_ready() or "")
@pytest.mark.django_db(transaction=True)
def test_play_replay_and_rules_journeys_in_chromium(
    live_server: object, task_runner: None, tmp_path: Path
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pack = _hostile_pack(tmp_path / "hostile-pack.json")
    views = _busy_views(tmp_path / "busy-views.json")
    journeys = [str(HERE / "journeys.js"), str(live_server), str(ARTIFACTS), str(pack), str(views)]
    named = os.environ.get("JOURNEYS", "")
    result = subprocess.run(
        ["node", *journeys],
        capture_output=True,
        text=True,
        # 438 s seen beside three other jobs on two cores (251 s before this session's eight new
        # journeys): a hung journey still ends the test, with room for a loaded machine
        timeout=1200,
        env={"PATH": "/usr/bin:/bin:/usr/local/bin", "CHROMIUM": CHROMIUM, "JOURNEYS": named},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    if named:
        return  # only some journeys ran: their screenshots are not all taken
    for name in (
        "lobby",
        "created",
        "play-start",
        "play-finished",
        "replay",
        "rules-search",
        "rules-section",
        "xss-check",
        "duel-finished",
    ):
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 1000
