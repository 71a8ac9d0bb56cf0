"""Working out a move: the engine's `Run` over this game's handlers (so each step reads the
table and the decisions its earlier events made)."""

from __future__ import annotations

from rules_core.engine import declared
from rules_core.games.gotham_city_strategy.evolve import HANDLERS
from rules_core.games.gotham_city_strategy.state import GcsState


class Run(declared.Run[GcsState]):
    """Applies events one by one while the game's own steps are worked out."""

    def __init__(self, state: GcsState) -> None:
        super().__init__(state, HANDLERS)
