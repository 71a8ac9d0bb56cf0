"""Working out a move: its events applied one by one, and the decisions it asks for queued."""

from __future__ import annotations

from rules_core.engine.types import GameEvent
from rules_core.games.gotham_city_strategy.events import Awaiting
from rules_core.games.gotham_city_strategy.evolve import HANDLERS
from rules_core.games.gotham_city_strategy.state import Decision, GcsState


class Run:
    """Applies events one by one while the game's own steps are worked out."""

    def __init__(self, state: GcsState) -> None:
        self.state = state
        self.events: list[GameEvent] = []

    def emit(self, *events: GameEvent) -> None:
        for event in events:
            self.events.append(event)
            self.state = HANDLERS[type(event)](self.state, event)

    def ask(self, *decisions: Decision, first: bool = False) -> None:
        """Queue decisions (in the given order), at the back or at the front of the queue."""
        ordered = reversed(decisions) if first else decisions
        for decision in ordered:
            self.emit(Awaiting(seat=None, decision=decision, first=first))
