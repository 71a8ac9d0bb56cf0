"""Gotham Race (Clicker Spiele, 2005): a 1-4 player race steered by position-relative cards."""

from rules_core.engine.registry import register
from rules_core.games.gotham_race.rules import GothamRace

GAME = GothamRace()
register(GAME)

__all__ = ["GAME", "GothamRace"]
