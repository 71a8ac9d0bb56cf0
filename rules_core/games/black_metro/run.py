"""Working out a move: the engine's `Run` over this game's handlers (each step reads the table
its earlier events made)."""

from __future__ import annotations

from rules_core.engine import declared
from rules_core.games.black_metro.evolve import HANDLERS
from rules_core.games.black_metro.state import BlackMetroState


class Run(declared.Run[BlackMetroState]):
    def __init__(self, state: BlackMetroState) -> None:
        super().__init__(state, HANDLERS)
