"""Game packages; importing this package registers every game."""

from rules_core.games import gotham_city_strategy, gotham_race

__all__ = ["gotham_city_strategy", "gotham_race"]
