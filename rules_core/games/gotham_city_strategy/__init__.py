"""Batman: Gotham City Strategy Game (WizKids 2013): 2-4 villains fight over Gotham's blocks."""

from rules_core.engine.registry import register
from rules_core.games.gotham_city_strategy.rules import GothamCityStrategy

GAME = GothamCityStrategy()
register(GAME)

__all__ = ["GAME", "GothamCityStrategy"]
