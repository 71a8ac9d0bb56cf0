"""Checking a stored log: the hash chain, seq continuity, and snapshots against a re-fold."""

from __future__ import annotations

from collections.abc import Iterator

from api import event_store
from api.models import Event, Game, Snapshot
from rules_core.engine import get_game, to_json


def log_problems(game: Game) -> Iterator[str]:
    """Every inconsistency found in one game's log (nothing means the log is sound)."""
    spec = get_game(game.game)
    snapshots = dict(Snapshot.objects.filter(game=game).values_list("seq", "state"))
    prev_hash = event_store.GENESIS
    state = spec.initial_state()
    expected_seq = 0
    for row in Event.objects.filter(game=game).order_by("seq").iterator():
        expected_seq += 1
        if row.seq != expected_seq:
            yield f"seq {row.seq} where {expected_seq} was expected (gap or duplicate)"
            expected_seq = row.seq
        record = {"type": row.type, "seat": row.seat, "data": row.data, "citations": row.citations}
        digest = event_store.chain_hash(prev_hash, row.seq, record)
        if row.prev_hash != prev_hash:
            yield f"seq {row.seq}: prev_hash does not match the previous event's hash"
        if row.hash != digest:
            yield f"seq {row.seq}: hash does not match its content"
        prev_hash = row.hash
        try:
            state = spec.evolve(state, event_store.decode_event(spec, row.type, row.seat, row.data))
        except (KeyError, TypeError, ValueError) as error:
            yield f"seq {row.seq}: cannot be replayed ({error})"
            return
        if row.seq in snapshots and snapshots.pop(row.seq) != to_json(state):
            yield f"snapshot at seq {row.seq} differs from the re-folded state"
    for seq in sorted(snapshots):
        yield f"snapshot at seq {seq} has no event"
    if expected_seq != game.version:
        yield f"game version {game.version} but the log ends at {expected_seq}"
    if expected_seq and game.head_hash != prev_hash:
        yield "game head hash differs from the last event's hash"
    if game.state is not None and game.state != to_json(state):
        yield "the game's head state differs from the re-folded state"
