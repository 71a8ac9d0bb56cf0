"""Checking a stored log: the hash chain, seq continuity, snapshots against a re-fold, and every
stored move re-decided by the rules into exactly the events that follow it."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any

from api import event_store
from api.models import Event, Game, Snapshot
from rules_core.engine import GameSpec, Move, Rejection, get_game, to_json
from rules_core.engine.content_limits import ContentError
from rules_core.engine.option_checks import pack_refusal
from rules_core.engine.randomness import fork_rng, move_rng, setup_rng
from rules_core.engine.types import JSON


def _expected_records(
    spec: GameSpec[Any], game: Game, state: Any, row: Event
) -> list[dict[str, JSON]] | str:
    """The records the rules make of the row's move (of the set-up, at seq 1; of a fork's new
    deal, just after its fork point; of the steps the game owes itself after a head that names
    nobody, GameSpec.owed), or a problem."""
    if row.move is None and row.seq == 1:
        try:
            events = spec.setup(game.players, game.options, setup_rng(game.seed_for(1)))
        except ContentError as error:
            # a pack stored before today's parser refused it (an id holding a separator, since
            # content_limits.PackIds): the game loads and plays on with the pack its set-up
            # recorded, but today's rules would not set it up
            return f"seq 1: the rules refuse its set-up ({pack_refusal(error)})"
        return [event_store.event_record(event) for event in events]
    if row.move is None and row.seq in _fork_deals(game):
        # a fork's deal is made only in a game not over (game_services.game_fork)
        dealt = spec.shuffle_unseen(state, fork_rng(game.seed_for(row.seq)))
        if dealt:
            return [event_store.event_record(event) for event in dealt]
    if row.move is None:  # the steps the game owes itself there (services.owed_steps_take)
        owed = spec.owed(state, move_rng(game.seed_for(row.seq), row.seq - 1))
        return [event_store.event_record(event) for event in owed]
    assert isinstance(row.move, dict)
    seat = row.move.get("seat")
    if not isinstance(seat, int):
        return f"seq {row.seq}: its move names no seat"
    move = Move.from_json({k: v for k, v in row.move.items() if k != "seat"})
    decided = spec.decide(state, seat, move, move_rng(game.seed_for(row.seq), row.seq - 1))
    if isinstance(decided, Rejection):
        return f"seq {row.seq}: the rules refuse its move ({decided.code})"
    return [event_store.event_record(event) for event in decided]


def _fork_deals(game: Game) -> frozenset[int]:
    """Where the new deals of a fork (game_services.game_fork) stand: just after its fork point, and
    after each fork point of the forks its log was copied from (where a seed ends)."""
    ends = [last for last, _ in game.earlier_seeds]
    return frozenset(seq + 1 for seq in (*ends, *([game.fork_at] if game.fork_at else [])))


def redecided(game: Game) -> bool:
    """Whether verification re-decides the game's moves: only under the rules it was played by
    (a game of older rules is checked by its chain, its replay and its upcast events), and in a
    fork of such a game only from its new deal on (`decided_from`)."""
    return game.rules_version == get_game(game.game).rules_version


def unfollowable(game: Game) -> Rejection | None:
    """Today's rules' refusal of the first move of a game played under earlier rules, where it
    was played (None when they take it, or the game is of today's rules). Such a log is one they
    cannot follow at all: a City Strategy game stored in the first log format (each of the 223
    moves of tests/fixtures/logs/gotham-city-strategy-2p-variant.json refused, and a fork of it
    names a seat at every head while offering it no move) is neither analysed
    (analysis_services) nor played on (game_services.fork_refusal). A game whose rules refuse
    only some of its moves (the first Chronicles log: 3 of 132) is followed."""
    if redecided(game):
        return None
    first = Event.objects.filter(game=game, move__isnull=False).order_by("seq").first()
    if first is None or not isinstance(first.move, dict):
        return None
    spec = get_game(game.game)
    seat = int(first.move["seat"])
    played = Move.from_json({k: v for k, v in first.move.items() if k != "seat"})
    state = event_store.load_state(game, spec, first.seq - 1)
    refusal = spec.decide(state, seat, played, random.Random(0))  # whether, not what
    return refusal if isinstance(refusal, Rejection) else None


def log_problems(game: Game) -> Iterator[str]:
    """Every inconsistency found in one game's log (nothing means the log is sound)."""
    spec = get_game(game.game)
    current_rules = redecided(game)
    snapshots = dict(
        Snapshot.objects.filter(game=game, rules_version=spec.rules_version).values_list(
            "seq", "state"
        )
    )
    prev_hash = event_store.GENESIS
    state = spec.initial_state()
    expected_seq = 0
    pending: deque[dict[str, JSON]] = deque()  # the rest of the current move's events
    for row in Event.objects.filter(game=game).order_by("seq").iterator():
        expected_seq += 1
        if row.seq != expected_seq:
            yield f"seq {row.seq} where {expected_seq} was expected (gap or duplicate)"
            expected_seq = row.seq
        record = event_store.stored_record(row)
        checked = current_rules and row.seq >= game.decided_from
        # a row by nobody after a move's events: a fork's deal, or a step the game owes itself
        if checked and (row.move is not None or row.seq == 1 or not pending):
            if pending:
                yield f"seq {row.seq}: begins before the previous move's events ended"
            expected = _expected_records(spec, game, state, row)
            if isinstance(expected, str):
                yield expected
                return
            pending = deque(expected)
        if not checked:
            pass
        elif not pending:
            yield f"seq {row.seq}: no move or set-up accounts for this event"
        elif event_store.canonical(pending.popleft()) != event_store.canonical(record):
            yield f"seq {row.seq}: not the event the rules make of its move"
        digest = event_store.chain_hash(prev_hash, row.seq, record)
        if row.prev_hash != prev_hash:
            yield f"seq {row.seq}: prev_hash does not match the previous event's hash"
        if row.hash != digest:
            yield f"seq {row.seq}: hash does not match its content"
        prev_hash = row.hash
        try:
            event = event_store.decode_event(spec, row.type, row.seat, row.data, row.schema)
            state = spec.evolve(state, event)
        except (KeyError, TypeError, ValueError) as error:
            yield f"seq {row.seq}: cannot be replayed ({error})"
            return
        if row.seq in snapshots and snapshots.pop(row.seq) != to_json(state):
            yield f"snapshot at seq {row.seq} differs from the re-folded state"
    if pending:
        yield f"the log ends before its last move's {len(pending)} remaining event(s)"
    for seq in sorted(snapshots):
        yield f"snapshot at seq {seq} has no event"
    if expected_seq != game.version:
        yield f"game version {game.version} but the log ends at {expected_seq}"
    if expected_seq and game.head_hash != prev_hash:
        yield "game head hash differs from the last event's hash"
