"""Batman: Gotham City Chronicles (issue 16): the core rules of pages 1-46 and the reference
mission "The Warehouse Job" of the content pack (README.md)."""

from rules_core.engine.registry import register
from rules_core.games.gotham_city_chronicles.rules import GAME, GothamCityChronicles

register(GAME)

__all__ = ["GAME", "GothamCityChronicles"]
