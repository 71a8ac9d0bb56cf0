"""Game-agnostic bots: they decide from one seat's view (determinized), through the GameSpec."""

from rules_core.bots.registry import BOT_OPTIONS, BOTS, choose_move

__all__ = ["BOTS", "BOT_OPTIONS", "choose_move"]
