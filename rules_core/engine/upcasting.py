"""Reading events stored by an earlier version of a game (after pyeventsourcing's upcasting).

An event class says which version of its data it writes (`GameEvent.version`) and how to bring
older data up to date: `upcasts[n - 1]` turns version n's data into version n + 1's. A stored
event is upcast step by step from the version it was written at, then decoded, so a log written
years ago still folds with today's rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine.types import JSON, GameEvent


def upcast(event_type: type[GameEvent], data: Mapping[str, JSON], written: int) -> dict[str, JSON]:
    """`data` written at version `written` of `event_type`, as its current version reads it."""
    if not 1 <= written <= event_type.version:
        raise ValueError(
            f"{event_type.type} data of version {written} (this code reads up to "
            f"{event_type.version})"
        )
    current = dict(data)
    for step in event_type.upcasts[written - 1 : event_type.version - 1]:
        current = step(current)
    return current


def cited_as_stored(data: dict[str, JSON]) -> dict[str, JSON]:
    """The upcast of a change to what an event cites: older data reads with `old_citations`
    true, for which the class's `cited` gives the sections it cited then, so an older event is
    served with the citations stored beside it (they are hashed with it)."""
    return {**data, "old_citations": True}
