"""The append-only log: hashing, appending with snapshots, and rebuilding state from it."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from api.models import Event, Game, Snapshot
from rules_core.engine import GameEvent, GameSpec, from_json, to_json
from rules_core.engine.types import JSON
from rules_core.engine.upcasting import upcast

GENESIS = "0" * 64
_STATE_CACHE: OrderedDict[tuple[int, int, str], Any] = OrderedDict()
_STATE_CACHE_SIZE = 512


def canonical(value: JSON) -> str:
    """Canonical JSON: sorted keys, no spaces, so a hash does not depend on formatting."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_record(event: GameEvent) -> dict[str, JSON]:
    """The stored fields of an event: type, seat, data and citations (and the data's version,
    from version 2 on: the records, and so the hashes, of version 1 events never name one)."""
    data = to_json(event)
    assert isinstance(data, dict)
    data.pop("seat", None)
    record: dict[str, JSON] = {
        "type": event.type,
        "seat": event.seat,
        "data": data,
        "citations": [c.to_json() for c in event.cited()],
    }
    if event.version > 1:
        record["v"] = event.version
    return record


def stored_record(row: Event) -> dict[str, JSON]:
    """An event row's record as `event_record` made it when the row was written."""
    record: dict[str, JSON] = {
        "type": row.type,
        "seat": row.seat,
        "data": row.data,
        "citations": row.citations,
    }
    if row.schema > 1:
        record["v"] = row.schema
    return record


def chain_hash(prev_hash: str, seq: int, record: dict[str, JSON]) -> str:
    """sha256 of the previous hash and the canonical JSON of the event (seq included)."""
    body = canonical({"seq": seq, **record})
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()


def decode_event(
    spec: GameSpec[Any], type_: str, seat: int | None, data: JSON, schema: int = 1
) -> GameEvent:
    """Rebuild a game's event from its stored type, seat and data (written at `schema`)."""
    assert isinstance(data, dict)
    event_type = spec.event_types[type_]
    current = upcast(event_type, data, schema) if schema != event_type.version else data
    return from_json(event_type, {**current, "seat": seat})


@dataclass(frozen=True, slots=True)
class Appended:
    """What an append wrote: the new version and, per event, its seq, the event and the state
    just before it (what the event's story is told from)."""

    version: int
    head_hash: str
    events: tuple[tuple[int, GameEvent, Any], ...]


def append(
    game: Game,
    spec: GameSpec[Any],
    state_before: Any,
    events: Sequence[GameEvent],
    move: dict[str, JSON] | None = None,
) -> tuple[Appended, Any]:
    """Append `events` after the game's head (the caller holds the game row lock).

    Writes the events with their hash chain, a snapshot whenever the log passes a multiple of
    the snapshot interval, and returns the new head and the state after the events.
    """
    every = settings.GOTHAM_SNAPSHOT_EVERY
    prev_hash = game.head_hash or GENESIS
    seq = game.version
    state = state_before
    rows: list[Event] = []
    appended: list[tuple[int, GameEvent, Any]] = []
    snapshots: list[Snapshot] = []
    for event in events:
        seq += 1
        before, state = state, spec.evolve(state, event)
        record = event_record(event)
        digest = chain_hash(prev_hash, seq, record)
        rows.append(
            Event(
                game=game,
                seq=seq,
                type=event.type,
                schema=event.version,
                seat=event.seat,
                data=record["data"],
                citations=record["citations"],
                move=move if not rows else None,
                prev_hash=prev_hash,
                hash=digest,
            )
        )
        appended.append((seq, event, before))
        prev_hash = digest
        if seq % every == 0:
            snapshots.append(
                Snapshot(game=game, seq=seq, state=to_json(state), rules_version=spec.rules_version)
            )
    Event.objects.bulk_create(rows)
    if snapshots:
        Snapshot.objects.bulk_create(snapshots)
    _remember(game.pk, seq, prev_hash, state)
    return Appended(seq, prev_hash, tuple(appended)), state


def _remember(game_id: int, version: int, head_hash: str, state: Any) -> None:
    _STATE_CACHE[(game_id, version, head_hash)] = state
    _STATE_CACHE.move_to_end((game_id, version, head_hash))
    while len(_STATE_CACHE) > _STATE_CACHE_SIZE:
        _STATE_CACHE.popitem(last=False)


def load_state(game: Game, spec: GameSpec[Any], version: int | None = None) -> Any:
    """The state at `version` (default: the head): the latest snapshot, then the events after it."""
    target = game.version if version is None else version
    current_rules = game.rules_version == spec.rules_version  # else stored states are stale
    if target == game.version:
        cached = _STATE_CACHE.get((game.pk, target, game.head_hash))
        if cached is not None:
            return cached
        if game.state is not None and current_rules:
            state = from_json(spec.state_type, game.state)
            _remember(game.pk, target, game.head_hash, state)
            return state
    snapshot = (
        Snapshot.objects.filter(game=game, seq__lte=target, rules_version=spec.rules_version)
        .order_by("-seq")
        .only("seq", "state")
        .first()
    )
    if snapshot is None:
        state, start = spec.initial_state(), 0
    else:
        state, start = from_json(spec.state_type, snapshot.state), snapshot.seq
    rows = Event.objects.filter(game=game, seq__gt=start, seq__lte=target).order_by("seq")
    for type_, seat, data, schema in rows.values_list("type", "seat", "data", "schema"):
        state = spec.evolve(state, decode_event(spec, type_, seat, data, schema))
    if target == game.version:
        _remember(game.pk, target, game.head_hash, state)
    return state


def fold_records(spec: GameSpec[Any], records: Iterable[tuple[str, int | None, JSON, int]]) -> Any:
    """Fold stored (type, seat, data, schema) rows from the start of a log."""
    state = spec.initial_state()
    for type_, seat, data, schema in records:
        state = spec.evolve(state, decode_event(spec, type_, seat, data, schema))
    return state
