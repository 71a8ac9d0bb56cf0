"""Duel, a tiny game that exists only in the tests: this package is all there is of it."""

from pathlib import Path

from rules_core.engine.registry import register
from rules_core.rulebooks.index import add_index
from tests.games.duel.rules import Duel

add_index(Path(__file__).parent / "rulebook.toml")
GAME = Duel()
register(GAME)
