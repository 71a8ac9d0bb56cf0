"""What the service ships, as opposed to what only the tests add (tests/games: the tiny Duel).

Tests that hold every shipped game or book to a fixture (golden playthroughs, stored logs, the
shared rulebook texts) take them from here; everything else runs on every registered game.
"""

from __future__ import annotations

from typing import Any

from rules_core.engine import GameSpec, all_games
from rules_core.rulebooks import Book, all_books
from rules_core.rulebooks.index import INDEX_DIR


def shipped_games() -> list[GameSpec[Any]]:
    return [g for g in all_games() if type(g).__module__.startswith("rules_core.games.")]


def shipped_books() -> list[Book]:
    return [b for b in all_books() if (INDEX_DIR / f"{b.slug}.toml").exists()]
