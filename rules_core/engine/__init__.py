"""The decide/evolve engine shared by every game."""

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.registry import all_games, get_game, register
from rules_core.engine.replay import fold
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import (
    JSON,
    Citation,
    GameEvent,
    Move,
    Outcome,
    Rejection,
)

__all__ = [
    "JSON",
    "Citation",
    "GameEvent",
    "GameSpec",
    "Move",
    "Outcome",
    "Rejection",
    "all_games",
    "fold",
    "from_json",
    "get_game",
    "register",
    "to_json",
]
