"""Working out a move: the engine's `Run` over this game's handlers, and the decisions a move
asks for queued."""

from __future__ import annotations

from rules_core.engine import declared
from rules_core.games.gotham_city_strategy.events import Awaiting
from rules_core.games.gotham_city_strategy.evolve import HANDLERS
from rules_core.games.gotham_city_strategy.state import Decision, GcsState


class Run(declared.Run[GcsState]):
    """Applies events one by one while the game's own steps are worked out."""

    def __init__(self, state: GcsState) -> None:
        super().__init__(state, HANDLERS)

    def ask(self, *decisions: Decision, first: bool = False) -> None:
        """Queue decisions (in the given order), at the back or at the front of the queue."""
        ordered = reversed(decisions) if first else decisions
        for decision in ordered:
            self.emit(Awaiting(seat=None, decision=decision, first=first))
