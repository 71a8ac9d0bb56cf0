"""Replay: the state is a left fold of `evolve` over the event log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from rules_core.engine.spec import GameSpec
from rules_core.engine.types import GameEvent

S = TypeVar("S")


def fold(spec: GameSpec[S], events: Iterable[GameEvent], state: S | None = None) -> S:
    """Apply `events` in order to `state` (the game's initial state when None)."""
    current = spec.initial_state() if state is None else state
    for event in events:
        current = spec.evolve(current, event)
    return current
