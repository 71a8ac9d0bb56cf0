"""The append-only log: hashing, appending with snapshots, and rebuilding state from it."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from api.models import Event, Game, IdempotencyRecord, Snapshot
from rules_core.engine import GameEvent, GameSpec, from_json, to_json
from rules_core.engine.types import JSON
from rules_core.engine.upcasting import upcast

GENESIS = "0" * 64
# (game id, game, seed) -> (version, head hash, state): the latest head this process wrote or
# read of each game; the key names the game fully, so an id a rolled-back game left to another
# (SQLite reuses them) never finds the other game's state
GameKey = tuple[int, str, int]
_STATE_CACHE: OrderedDict[GameKey, tuple[int, str, Any]] = OrderedDict()
_STATE_CACHE_SIZE = 2048


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
class Head:
    """A game's head: the seq of its last event, that event's hash and the state after it."""

    version: int
    head_hash: str
    state: Any


@dataclass(frozen=True, slots=True)
class Row:
    """An event row as an append writes it."""

    seq: int
    type: str
    schema: int
    seat: int | None
    data: JSON
    citations: JSON
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True)
class Appended:
    """Events made ready to append after a head: the new version and hash, per event its seq,
    the event and the state just before it (what the event's story is told from), the state
    after them all, and the rows and snapshots it writes."""

    version: int
    head_hash: str
    events: tuple[tuple[int, GameEvent, Any], ...]
    state: Any
    rows: tuple[Row, ...]
    snapshots: tuple[tuple[int, JSON], ...]


@dataclass(frozen=True, slots=True)
class Receipt:
    """The answer to a move sent with an Idempotency-Key, stored with the append it made."""

    seat: int
    key: str
    request_hash: str
    status: int
    body: dict[str, JSON]


def extend(spec: GameSpec[Any], head: Head, events: Sequence[GameEvent]) -> Appended:
    """`events` placed after `head`: their seqs, hash chain and states, and a snapshot wherever
    the log passes a multiple of the snapshot interval (nothing is written here)."""
    every = settings.GOTHAM_SNAPSHOT_EVERY
    prev_hash = head.head_hash or GENESIS
    seq = head.version
    state = head.state
    rows: list[Row] = []
    told: list[tuple[int, GameEvent, Any]] = []
    snapshots: list[tuple[int, JSON]] = []
    for event in events:
        seq += 1
        before, state = state, spec.evolve(state, event)
        record = event_record(event)
        digest = chain_hash(prev_hash, seq, record)
        row = Row(
            seq,
            event.type,
            event.version,
            event.seat,
            record["data"],
            record["citations"],
            prev_hash,
            digest,
        )
        rows.append(row)
        told.append((seq, event, before))
        prev_hash = digest
        if seq % every == 0:
            snapshots.append((seq, to_json(state)))
    return Appended(seq, prev_hash, tuple(told), state, tuple(rows), tuple(snapshots))


def key_of(game: Game) -> GameKey:
    return (game.pk, game.game, game.seed)


def append(
    key: GameKey,
    spec: GameSpec[Any],
    head: Head,
    appended: Appended,
    move: dict[str, JSON] | None = None,
    receipt: Receipt | None = None,
    *,
    bot_seats: Collection[int],
) -> HeadColumns | None:
    """Write `appended` if the game's head is still `head` (and, with a receipt, its key is
    unused), and return what the game row now says of its head; None, with nothing written,
    when another append got there first.

    No lock is held while the caller decides: the game row's version, head hash and seed are
    the condition of the write itself (optimistic concurrency), and `unique(game, seq)` refuses
    a second writer of the same seqs in any case. So are the `bot_seats` the caller will queue
    bots for: a seat handed to a bot (autopilot) since this process read them turns the write
    away like a stale head, and the caller reads the game row again. On PostgreSQL the head
    update, the events, the snapshots and the receipt are one statement; elsewhere one short
    transaction.
    """
    outcome = spec.outcome(appended.state)
    columns = HeadColumns(
        version=appended.version,
        head_hash=appended.head_hash,
        status=Game.Status.ACTIVE if outcome is None else Game.Status.FINISHED,
        to_act=sorted(spec.to_act(appended.state)),
        outcome=None if outcome is None else outcome.to_json(),
    )
    guard = Guard(key[0], key[2], head.version, head.head_hash, tuple(sorted(bot_seats)))
    write = Write(guard, columns, appended, move, receipt, spec.rules_version)
    try:
        if connection.vendor == "postgresql":
            written = _append_postgresql(write)
        else:
            written = _append_in_transaction(write)
    except IntegrityError:
        written = False
    if not written:
        _forget(key)
        return None
    _remember(key, appended.version, appended.head_hash, appended.state)
    return columns


@dataclass(frozen=True, slots=True)
class Guard:
    """The head an append expects: the game, its seed, its version and head hash, and the seats
    its bots play."""

    game_id: int
    seed: int
    version: int
    head_hash: str
    bot_seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HeadColumns:
    """What the game row says of its head after an append."""

    version: int
    head_hash: str
    status: str
    to_act: list[int]
    outcome: JSON


@dataclass(frozen=True, slots=True)
class Write:
    """One conditional append: the head it expects, what it writes, and under which rules."""

    guard: Guard
    columns: HeadColumns
    appended: Appended
    move: dict[str, JSON] | None
    receipt: Receipt | None
    rules_version: int

    def unpacked(
        self,
    ) -> tuple[Guard, HeadColumns, Appended, dict[str, JSON] | None, Receipt | None]:
        return self.guard, self.columns, self.appended, self.move, self.receipt


def _append_postgresql(write: Write) -> bool:
    guard, columns, appended, move, receipt = write.unpacked()
    now = timezone.now()
    params: list[Any] = [
        columns.version,
        columns.head_hash,
        columns.status,
        json.dumps(columns.to_act),
        None if columns.outcome is None else json.dumps(columns.outcome),  # SQL NULL, as the ORM
        now,
        guard.game_id,
        guard.version,
        guard.head_hash,
        guard.seed,
        json.dumps(list(guard.bot_seats)),
    ]
    sql = [
        "WITH head AS (UPDATE api_game SET version = %s, head_hash = %s, status = %s,"
        " to_act = %s::jsonb, outcome = %s::jsonb, updated_at = %s"
        " WHERE id = %s AND version = %s AND head_hash = %s AND seed = %s"
        " AND bot_seats = %s::jsonb"
    ]
    if receipt is not None:
        sql.append(
            " AND NOT EXISTS (SELECT 1 FROM api_idempotencyrecord"
            " WHERE game_id = %s AND seat = %s AND key = %s)"
        )
        params += [guard.game_id, receipt.seat, receipt.key]
    sql.append(" RETURNING id)")
    if appended.rows:
        rows = [
            {
                "seq": row.seq,
                "type": row.type,
                "schema": row.schema,
                "seat": row.seat,
                "data": row.data,
                "citations": row.citations,
                "move": move if index == 0 else None,
                "prev_hash": row.prev_hash,
                "hash": row.hash,
            }
            for index, row in enumerate(appended.rows)
        ]
        sql.append(
            ", events AS (INSERT INTO api_event (game_id, seq, type, schema, seat, data,"
            " citations, move, created_at, prev_hash, hash)"
            " SELECT head.id, e.seq, e.type, e.schema, e.seat, e.data, e.citations, e.move, %s,"
            " e.prev_hash, e.hash FROM head, jsonb_to_recordset(%s::jsonb) AS e (seq int,"
            " type text, schema int, seat int, data jsonb, citations jsonb, move jsonb,"
            " prev_hash text, hash text))"
        )
        params += [now, json.dumps(rows)]
    for seq, state in appended.snapshots:
        sql.append(
            f", snapshot_{seq} AS (INSERT INTO api_snapshot (game_id, seq, state, rules_version)"
            " SELECT head.id, %s, %s::jsonb, %s FROM head)"
        )
        params += [seq, json.dumps(state), write.rules_version]
    if receipt is not None:
        sql.append(
            ", receipt AS (INSERT INTO api_idempotencyrecord (game_id, key, seat, request_hash,"
            " status_code, body, created_at) SELECT head.id, %s, %s, %s, %s, %s::jsonb, %s"
            " FROM head)"
        )
        params += [
            receipt.key,
            receipt.seat,
            receipt.request_hash,
            receipt.status,
            json.dumps(receipt.body),
            now,
        ]
    sql.append(" SELECT count(*) FROM head")
    with connection.cursor() as cursor:
        cursor.execute("".join(sql), params)
        row = cursor.fetchone()
    return bool(row and row[0])


def _append_in_transaction(write: Write) -> bool:
    guard, columns, appended, move, receipt = write.unpacked()
    head = Game.objects.filter(
        pk=guard.game_id,
        version=guard.version,
        head_hash=guard.head_hash,
        seed=guard.seed,
        bot_seats=list(guard.bot_seats),
    )
    if receipt is not None:
        used = IdempotencyRecord.objects.filter(
            game_id=OuterRef("pk"), seat=receipt.seat, key=receipt.key
        )
        head = head.filter(~Exists(used))
    with transaction.atomic():
        moved = head.update(
            version=columns.version,
            head_hash=columns.head_hash,
            status=columns.status,
            to_act=columns.to_act,
            outcome=columns.outcome,
            updated_at=timezone.now(),
        )
        if not moved:
            return False
        rows = [
            Event(
                game_id=guard.game_id,
                seq=row.seq,
                type=row.type,
                schema=row.schema,
                seat=row.seat,
                data=row.data,
                citations=row.citations,
                move=move if index == 0 else None,
                prev_hash=row.prev_hash,
                hash=row.hash,
            )
            for index, row in enumerate(appended.rows)
        ]
        Event.objects.bulk_create(rows)
        Snapshot.objects.bulk_create(
            Snapshot(game_id=guard.game_id, seq=seq, state=state, rules_version=write.rules_version)
            for seq, state in appended.snapshots
        )
        if receipt is not None:
            IdempotencyRecord.objects.create(
                game_id=guard.game_id,
                seat=receipt.seat,
                key=receipt.key,
                request_hash=receipt.request_hash,
                status_code=receipt.status,
                body=receipt.body,
            )
    return True


def _remember(key: GameKey, version: int, head_hash: str, state: Any) -> None:
    _STATE_CACHE[key] = (version, head_hash, state)
    _STATE_CACHE.move_to_end(key)
    while len(_STATE_CACHE) > _STATE_CACHE_SIZE:
        _STATE_CACHE.popitem(last=False)


def _forget(key: GameKey) -> None:
    _STATE_CACHE.pop(key, None)


def _cached(
    key: GameKey, version: int, head_hash: str | None = None
) -> tuple[int, str, Any] | None:
    """The cached (version, hash, state) at this head (any hash when `head_hash` is None)."""
    hit = _STATE_CACHE.get(key)
    if hit is None or hit[0] != version or (head_hash is not None and hit[1] != head_hash):
        return None
    _STATE_CACHE.move_to_end(key)
    return hit


def cached_head(key: GameKey, version: int) -> Head | None:
    """This process's latest head of the game if it is at `version` (the append is conditional
    on its hash, so a head another process moved on from writes nothing)."""
    hit = _cached(key, version)
    return None if hit is None else Head(version, hit[1], hit[2])


def read_head(key: GameKey, spec: GameSpec[Any]) -> Head | None:
    """The game's head as stored now (None: no such game): its version and hash from the game
    row, the state from this process's cache or a fold from the latest snapshot."""
    game_id = key[0]
    row = Game.objects.filter(pk=game_id).values_list("version", "head_hash").first()
    if row is None:
        return None
    version, head_hash = row
    hit = _cached(key, version, head_hash)
    if hit is not None:
        return Head(version, head_hash, hit[2])
    state = _fold_from_snapshot(game_id, spec, version)
    _remember(key, version, head_hash, state)
    return Head(version, head_hash, state)


def load_state(game: Game, spec: GameSpec[Any], version: int | None = None) -> Any:
    """The state at `version` (default: the game's head): the head from this process's cache
    (keyed by game, version and head hash), else the latest snapshot and the events after it."""
    target = game.version if version is None else version
    if target == game.version:
        hit = _cached(key_of(game), target, game.head_hash)
        if hit is not None:
            return hit[2]
    state = _fold_from_snapshot(game.pk, spec, target)
    if target == game.version:
        _remember(key_of(game), target, game.head_hash, state)
    return state


def _fold_from_snapshot(game_id: int, spec: GameSpec[Any], target: int) -> Any:
    """The state after event `target`: the latest snapshot at or before it (of the current
    rules; older ones are not read) and the events after the snapshot folded on."""
    snapshot = (
        Snapshot.objects.filter(game_id=game_id, seq__lte=target, rules_version=spec.rules_version)
        .order_by("-seq")
        .values_list("seq", "state")
        .first()
    )
    if snapshot is None:
        state, start = spec.initial_state(), 0
    else:
        state, start = from_json(spec.state_type, snapshot[1]), snapshot[0]
    rows = Event.objects.filter(game_id=game_id, seq__gt=start, seq__lte=target).order_by("seq")
    for type_, seat, data, schema in rows.values_list("type", "seat", "data", "schema"):
        state = spec.evolve(state, decode_event(spec, type_, seat, data, schema))
    return state
