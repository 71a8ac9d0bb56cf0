"""The bench's file of played games: a match-up resumed from it plays only the games it lacks,
and games played with other code (or with no commit's code) are never counted."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bench import bots
from bench.played_games import PlayedGames, UncommittedCode, code_paths, code_version
from rules_core.bots.tournament import GameResult, Match, play_games


def test_a_recorded_game_is_found_again_only_for_the_same_code_match_and_options(
    tmp_path: Path,
) -> None:
    record = PlayedGames(tmp_path / "games.jsonl", "tree-a")
    match = Match("gotham-race", ("mcts", "random"), 7, None, {"iterations": 50})
    result = GameResult(("mcts", "random"), (0,), (1.5, 0.0), (30, 29))
    record.add(match, result)
    assert record.recorded() == {record.key(match): result}
    other_code = PlayedGames(record.path, "tree-b")
    assert other_code.key(match) not in other_code.recorded()
    for other in (
        Match("gotham-race", ("random", "mcts"), 7, None, {"iterations": 50}),
        Match("gotham-race", ("mcts", "random"), 8, None, {"iterations": 50}),
        Match("gotham-race", ("mcts", "random"), 7, None, {"iterations": 60}),
        Match("black-metro", ("mcts", "random"), 7, None, {"iterations": 50}),
    ):
        assert record.key(other) not in record.recorded()


def test_a_resumed_match_up_plays_only_the_games_the_file_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[Match] = []
    real = play_games

    def counted(matches: list[Match], jobs: int = 1) -> Any:
        played.extend(matches)
        return real(matches, jobs)

    monkeypatch.setattr(bots, "play_games", counted)
    record = PlayedGames(tmp_path / "games.jsonl", "tree-a")
    line_up = ["greedy", "random"]
    first = bots.match("gotham-race", line_up, 2, 2, {}, 1, 500, record=record)
    assert [m.seed for m in played] == [500, 501]
    whole = bots.match("gotham-race", line_up, 2, 3, {}, 1, 500, record=record)
    assert [m.seed for m in played] == [500, 501, 502]
    assert len(record.path.read_text().splitlines()) == 3
    again = bots.match("gotham-race", line_up, 2, 3, {}, 1, 500)  # all played afresh
    assert (first.games, whole.games) == (2, 3)
    assert whole.wins == again.wins and whole.moves == again.moves
    assert [json.loads(line)["winners"] for line in record.path.read_text().splitlines()]


def _repository(root: Path) -> None:
    for path in code_paths("gotham-race"):
        (root / path).mkdir(parents=True)
        (root / path / "code.py").write_text("x = 1\n")
    (root / "README.md").write_text("notes\n")
    for command in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "code"],
    ):
        subprocess.run(["git", *command], cwd=root, check=True)


def test_the_code_is_the_engine_bots_and_games_trees_and_must_be_committed(
    tmp_path: Path,
) -> None:
    _repository(tmp_path)
    version = code_version("gotham-race", tmp_path)
    assert len(version.split("+")) == 3
    (tmp_path / "README.md").write_text("other notes\n")  # outside the code: the same games
    assert code_version("gotham-race", tmp_path) == version
    (tmp_path / "rules_core/bots/code.py").write_text("x = 2\n")
    with pytest.raises(UncommittedCode, match="rules_core/bots"):
        code_version("gotham-race", tmp_path)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "bots"],
        cwd=tmp_path,
        check=True,
    )
    assert code_version("gotham-race", tmp_path) != version
