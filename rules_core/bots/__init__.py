"""Game-agnostic bots: they decide from one seat's view (determinized), through the GameSpec."""

from rules_core.bots.registry import BOTS, bot_options, choose_move

__all__ = ["BOTS", "bot_options", "choose_move"]
