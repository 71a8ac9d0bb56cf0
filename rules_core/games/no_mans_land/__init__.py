"""No Man's Land (Falcone vs Gordon): the turn sequence, endings, start of turn and income phases
the rulebook excerpt gives, and a documented reference design for everything else."""

from rules_core.engine.registry import register
from rules_core.games.no_mans_land.rules import NoMansLand

GAME = NoMansLand()
register(GAME)

__all__ = ["GAME", "NoMansLand"]
