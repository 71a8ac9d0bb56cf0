"""A file of the games a bench has played, so that a match-up of hundreds of long games can be
played over several runs (`bench/bots.py --record FILE`) and still be one measurement.

Each line is one finished game: the code it was played with, the game, the bot in each seat, the
seed, the bots' options, and the result. A run takes a recorded game in place of playing it only
when all of these are its own: the code is the git tree of what decides a game (the engine, the
bots and the game's own rules), so a change to any of them starts the count again, and a working
copy with uncommitted changes there cannot record at all.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rules_core.bots.tournament import GameResult, Match

ROOT = Path(__file__).resolve().parent.parent


class UncommittedCode(Exception):
    """The code that plays a game differs from every commit: its games cannot be named."""


def code_paths(slug: str) -> tuple[str, ...]:
    """What decides how a game of `slug` is played: the engine, the bots, the game's rules."""
    return ("rules_core/engine", "rules_core/bots", f"rules_core/games/{slug.replace('-', '_')}")


def code_version(slug: str, root: Path = ROOT) -> str:
    """The git trees of `code_paths(slug)` at HEAD, joined; refused when the working copy has
    changes there (the games would be played with code no commit holds)."""
    paths = code_paths(slug)
    changed = _git(root, "status", "--porcelain", "--", *paths)
    if changed:
        raise UncommittedCode(f"uncommitted changes in {', '.join(paths)}:\n{changed}")
    return "+".join(_git(root, "rev-parse", f"HEAD:{path}") for path in paths)


def _git(root: Path, *arguments: str) -> str:
    return subprocess.run(
        ["git", *arguments], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()


@dataclass(frozen=True, slots=True)
class PlayedGames:
    """The games recorded in `path` with the code `code`."""

    path: Path
    code: str

    def key(self, match: Match) -> str:
        return json.dumps(
            [self.code, match.slug, list(match.bots), match.seed, dict(match.bot_options or {})],
            sort_keys=True,
        )

    def recorded(self) -> dict[str, GameResult]:
        """Every game of the file, by the key of its match (lines of other code included: their
        keys never equal a match of this code)."""
        found: dict[str, GameResult] = {}
        if not self.path.exists():
            return found
        for line in self.path.read_text().splitlines():
            if not line.strip():
                continue
            entry = json.loads(line)
            found[entry["key"]] = GameResult(
                tuple(entry["bots"]),
                tuple(entry["winners"]),
                tuple(entry["seconds"]),
                tuple(entry["moves"]),
            )
        return found

    def add(self, match: Match, result: GameResult) -> None:
        entry = {
            "key": self.key(match),
            "bots": list(result.bots),
            "winners": list(result.winners),
            "seconds": list(result.seconds),
            "moves": list(result.moves),
        }
        with self.path.open("a") as out:
            out.write(json.dumps(entry) + "\n")
