"""Black Metro (Emesh De Zoysa, 2022): 1-4 candidates vie for the dark city over 8 rounds, or one
against the overlord in the solo challenge."""

from rules_core.engine.registry import register
from rules_core.games.black_metro.game import BlackMetro

GAME = BlackMetro()
register(GAME)

__all__ = ["GAME", "BlackMetro"]
