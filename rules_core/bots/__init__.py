"""Game-agnostic bots: they see one seat's view through the GameSpec and choose a legal move."""

from rules_core.bots.registry import BOTS, choose_move

__all__ = ["BOTS", "choose_move"]
