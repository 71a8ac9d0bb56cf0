"""The event store: hash chain, snapshots, head reads, and verify_log catching tampering."""

from __future__ import annotations

import datetime
import hashlib
import itertools
import random
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from rest_framework.test import APIClient

from api import event_store
from api.bot_services import bots_play
from api.log_check import log_problems
from api.models import Event, Game, IdempotencyRecord, Snapshot
from rules_core.engine import GameSpec, fold, get_game, to_json
from tests.conftest import CreateGame

pytestmark = pytest.mark.django_db


def fold_records(spec: GameSpec[Any], records: Iterable[tuple[str, int | None, Any, int]]) -> Any:
    """The reference fold: stored (type, seat, data, schema) rows from the start of a log, each
    decoded (upcast from its schema) and evolved, with no snapshot or cache."""
    state = spec.initial_state()
    for type_, seat, data, schema in records:
        state = spec.evolve(state, event_store.decode_event(spec, type_, seat, data, schema))
    return state


def bot_game(create_game: CreateGame, seed: int = 1) -> Game:
    body = create_game(players=[{"bot": "random"}] * 4, seed=seed)
    bots_play(game_id=body["id"])
    return Game.objects.get(pk=body["id"])


def test_hash_chain_links_every_event(create_game: CreateGame) -> None:
    game = bot_game(create_game)
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    assert rows[0].prev_hash == event_store.GENESIS
    for before, after in itertools.pairwise(rows):
        assert after.prev_hash == before.hash
    assert game.head_hash == rows[-1].hash
    assert list(log_problems(game)) == []


def test_the_chain_hash_is_sha256_of_the_previous_hash_and_the_canonical_event() -> None:
    """A known answer computed here, not with the code's own function: a chain that ignored
    the previous hash (and so did not chain) would still verify against itself."""
    record: dict[str, Any] = {"type": "card_drawn", "seat": 0, "data": {"card": "1-01", "deck": 1}}
    record["citations"] = [{"book": "gotham-race", "section": "game-play.first-round"}]
    body = (
        '{"citations":[{"book":"gotham-race","section":"game-play.first-round"}],'
        '"data":{"card":"1-01","deck":1},"seat":0,"seq":5,"type":"card_drawn"}'
    )
    previous = "ab" * 32
    expected = hashlib.sha256((previous + body).encode()).hexdigest()
    assert event_store.chain_hash(previous, 5, record) == expected
    assert event_store.chain_hash("cd" * 32, 5, record) != expected


def test_tampering_with_an_early_event_breaks_the_chain_after_it(create_game: CreateGame) -> None:
    game = bot_game(create_game)
    row = Event.objects.get(game=game, seq=3)
    Event.objects.filter(pk=row.pk).update(data={**row.data, "tampered": True})
    problems = list(log_problems(game))
    assert "seq 3: hash does not match its content" in problems


@override_settings(GOTHAM_SNAPSHOT_EVERY=10)
def test_snapshots_every_n_events_equal_the_refold(create_game: CreateGame) -> None:
    game = bot_game(create_game, seed=2)
    seqs = list(Snapshot.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(10, game.version + 1, 10))
    spec = get_game(game.game)
    event_store._STATE_CACHE.clear()
    rows = (
        Event.objects.filter(game=game)
        .order_by("seq")
        .values_list("type", "seat", "data", "schema")
    )
    assert event_store.load_state(game, spec) == fold_records(spec, rows)
    assert event_store.load_state(game, spec, 15) == fold_records(spec, list(rows)[:15])
    assert fold_records(spec, []) == spec.initial_state()


def test_the_head_state_an_append_leaves_is_kept_in_memory_for_the_next_move(
    create_game: CreateGame,
) -> None:
    """The next move reads the state the append left, the very object, not a fold from the
    snapshot again (the hot path's cache, keyed by game, version and head hash)."""
    body = create_game(seed=6)
    game = Game.objects.get(pk=body["id"])
    spec = get_game(game.game)
    event_store._STATE_CACHE.clear()
    state = event_store.load_state(game, spec)
    events = spec.decide(state, 0, spec.legal_moves(state, 0)[0], random.Random(1))
    assert isinstance(events, list)
    head = event_store.Head(game.version, game.head_hash, state)
    appended = event_store.extend(spec, head, events)
    assert (
        event_store.append(event_store.key_of(game), spec, head, appended, bot_seats=()) is not None
    )
    game.version, game.head_hash = appended.version, appended.head_hash
    assert event_store.load_state(game, spec) is appended.state
    assert event_store.cached_head(event_store.key_of(game), game.version) == event_store.Head(
        appended.version, appended.head_hash, appended.state
    )
    game.head_hash = "f" * 64  # another head at the same version is not this state
    assert event_store.load_state(game, spec) is not appended.state


def test_read_head_gives_the_stored_version_and_hash_and_the_state_at_them(
    create_game: CreateGame,
) -> None:
    """A move's head is read from the game row: its version and hash, and the state from this
    process's cache only when the cache holds that very head; otherwise the fold, remembered.
    A lost append forgets the game's cached head."""
    body = create_game(seed=6)
    game = Game.objects.get(pk=body["id"])
    spec = get_game(game.game)
    key = event_store.key_of(game)
    event_store._STATE_CACHE.clear()
    assert event_store.read_head((game.pk + 1000, game.game, game.seed), spec) is None
    head = event_store.read_head(key, spec)
    assert head is not None
    assert (head.version, head.head_hash) == (game.version, game.head_hash)
    assert head.state == fold_records(
        spec,
        Event.objects.filter(game=game)
        .order_by("seq")
        .values_list("type", "seat", "data", "schema"),
    )
    assert event_store.cached_head(key, game.version) == head
    again = event_store.read_head(key, spec)
    assert again == head and again is not None and again.state is head.state
    stale = object()
    event_store._STATE_CACHE[key] = (game.version, "f" * 64, stale)  # the same version, not head
    fresh = event_store.read_head(key, spec)
    assert fresh == head and fresh is not None and fresh.state is not stale
    assert event_store._STATE_CACHE[key][1] == game.head_hash
    events = spec.decide(head.state, 0, spec.legal_moves(head.state, 0)[0], random.Random(1))
    assert isinstance(events, list)
    gone = event_store.Head(head.version, "f" * 64, head.state)
    assert (
        event_store.append(key, spec, gone, event_store.extend(spec, gone, events), bot_seats=())
        is None
    )
    assert key not in event_store._STATE_CACHE


def test_an_append_on_a_head_the_game_has_left_writes_nothing(create_game: CreateGame) -> None:
    """The append is conditional on the head it was decided on: the same version with another
    hash, an older version, or another game's seed, and nothing is written."""
    body = create_game(seed=6)
    game = Game.objects.get(pk=body["id"])
    spec = get_game(game.game)
    state = event_store.load_state(game, spec)
    events = spec.decide(state, 0, spec.legal_moves(state, 0)[0], random.Random(1))
    assert isinstance(events, list)
    stored = Event.objects.filter(game=game).count()
    for head, seed in (
        (event_store.Head(game.version, "f" * 64, state), game.seed),
        (event_store.Head(game.version - 1, game.head_hash, state), game.seed),
        (event_store.Head(game.version, game.head_hash, state), game.seed + 1),
    ):
        appended = event_store.extend(spec, head, events)
        key = (game.pk, game.game, seed)
        assert event_store.append(key, spec, head, appended, bot_seats=()) is None
    assert Event.objects.filter(game=game).count() == stored
    assert Game.objects.get(pk=game.pk).version == game.version
    assert list(log_problems(Game.objects.get(pk=game.pk))) == []


def test_the_state_at_any_version_matches_the_live_fold(
    create_game: CreateGame, api: APIClient
) -> None:
    game = bot_game(create_game, seed=4)
    spec = get_game(game.game)
    events = [
        event_store.decode_event(spec, t, s, d)
        for t, s, d in Event.objects.filter(game=game)
        .order_by("seq")
        .values_list("type", "seat", "data")
    ]
    assert game.status == Game.Status.FINISHED  # so every step is shown with every hand
    for version in (1, 7, game.version):
        expected = spec.view(fold(spec, events[:version]), None, reveal=True)
        assert api.get(f"/api/games/{game.pk}/state/?version={version}").json()["state"] == expected


def test_verify_log_detects_a_changed_event(create_game: CreateGame) -> None:
    game = bot_game(create_game, seed=3)
    call_command("verify_log", str(game.pk))
    row = Event.objects.get(game=game, seq=5)
    row.data = {**row.data, "deck": 1 if row.data.get("deck") != 1 else 2}
    row.save()
    with pytest.raises(CommandError):
        call_command("verify_log", str(game.pk))


def test_verify_log_re_decides_every_move(create_game: CreateGame) -> None:
    game = bot_game(create_game, seed=6)
    spec = get_game(game.game)
    moves = list(Event.objects.filter(game=game, move__isnull=False).order_by("seq"))
    for row in moves:  # a stored move swapped for another legal one (not covered by the hash)
        state = event_store.load_state(game, spec, row.seq - 1)
        assert row.move is not None  # only moves were read
        seat = row.move["seat"]
        others = [m.to_json() for m in spec.legal_moves(state, seat)]
        others = [m for m in others if {"seat": seat, **m} != row.move]
        if others:
            row.move = {"seat": seat, **others[0]}
            row.save()
            break
    problems = list(log_problems(game))
    assert problems and f"seq {row.seq}:" in problems[0]


def test_verify_log_detects_a_bad_snapshot(create_game: CreateGame) -> None:
    game = bot_game(create_game, seed=5)
    snapshot = Snapshot.objects.filter(game=game).first()
    assert snapshot is not None
    snapshot.state = {**snapshot.state, "round": 99}
    snapshot.save()
    problems = list(log_problems(game))
    assert any("snapshot" in p for p in problems)


def test_verify_log_reports_a_gap_and_checks_on_after_it(create_game: CreateGame) -> None:
    """A missing event inside a move's events is named, and the log is checked on after it
    (the next event's chain, the game row's head against the last event)."""
    game = bot_game(create_game, seed=7)
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    gone = next(r.seq for r in rows[8:-2] if r.move is None)
    Event.objects.filter(game=game, seq=gone).delete()
    Game.objects.filter(pk=game.pk).update(head_hash="e" * 64)
    problems = list(log_problems(Game.objects.get(pk=game.pk)))
    assert f"seq {gone + 1} where {gone} was expected (gap or duplicate)" in problems
    assert f"seq {gone + 1}: prev_hash does not match the previous event's hash" in problems
    assert not any(p.startswith(f"seq {gone + 2} where") for p in problems)  # counted on
    assert problems[-1] == "game head hash differs from the last event's hash"


def test_verify_log_unknown_game() -> None:
    with pytest.raises(CommandError):
        call_command("verify_log", "12345")


@override_settings(GOTHAM_SNAPSHOT_EVERY=10)
def test_a_state_is_folded_from_its_own_games_latest_snapshot_of_these_rules(
    create_game: CreateGame,
) -> None:
    """The fold starts at the game's latest snapshot at or before the version asked for, made
    under the current rules, and folds only the events after it: the events before it can be
    gone, and another game's snapshots and events, or a snapshot of other rules, are never
    read."""
    other = bot_game(create_game, seed=9)
    game = bot_game(create_game, seed=2)
    spec = get_game(game.game)
    assert other.version > 25 and game.version > 25
    theirs = Event.objects.filter(game=other).order_by("seq")
    their_records = list(theirs.values_list("type", "seat", "data", "schema"))
    for seq in (14, 24):  # another game's snapshots, nearer the versions asked for below
        state = to_json(fold_records(spec, their_records[:seq]))
        Snapshot.objects.create(game=other, seq=seq, state=state, rules_version=spec.rules_version)
    Snapshot.objects.create(  # a snapshot of other rules (the fold must not start there)
        game=game, seq=14, state={"stale": True}, rules_version=spec.rules_version + 1
    )
    rows = Event.objects.filter(game=game).order_by("seq")
    records = list(rows.values_list("type", "seat", "data", "schema"))
    event_store._STATE_CACHE.clear()
    assert event_store.load_state(game, spec, 15) == fold_records(spec, records[:15])
    Event.objects.filter(game=game, seq__lte=10).delete()  # before the snapshot at 10
    assert event_store.load_state(game, spec, 25) == fold_records(spec, records[:25])


def test_an_events_record_carries_its_seat_beside_the_data_not_in_it() -> None:
    """A known record: the seat is a column of its own, the data carries the rest, and the
    citations follow the event type's."""
    from rules_core.games.gotham_race.events import CardDrawn

    record = event_store.event_record(CardDrawn(seat=1, deck=2, card="2-07"))
    assert record == {
        "type": "card_drawn",
        "seat": 1,
        "data": {"deck": 2, "card": "2-07"},
        "citations": [c.to_json() for c in CardDrawn.citations],
    }


def test_events_of_a_later_version_are_folded_as_written_not_upcast_again(
    create_game: CreateGame,
) -> None:
    """City Strategy writes some events at version 2: a fold from the stored rows reads each at
    the version it was written (an upcast applied to data already upcast would change it)."""
    body = create_game(game="gotham-city-strategy", players=[{"bot": "random"}] * 2, seed=4)
    game = Game.objects.get(pk=body["id"])
    spec = get_game(game.game)
    rows = Event.objects.filter(game=game).order_by("seq")
    assert any(schema > 1 for schema in rows.values_list("schema", flat=True))
    expected = fold(
        spec, [event_store.decode_event(spec, r.type, r.seat, r.data, r.schema) for r in rows]
    )
    event_store._STATE_CACHE.clear()
    assert event_store.load_state(game, spec) == expected


def test_the_append_that_ends_a_game_writes_its_outcome_on_the_game_row(
    create_game: CreateGame,
) -> None:
    game = bot_game(create_game, seed=8)
    spec = get_game(game.game)
    event_store._STATE_CACHE.clear()
    outcome = spec.outcome(event_store.load_state(game, spec))
    assert outcome is not None and game.status == Game.Status.FINISHED
    assert game.outcome == outcome.to_json() and game.to_act == []


def first_move_appended(game: Game) -> tuple[Any, event_store.Head, event_store.Appended]:
    """The game's head (read afresh) and its first legal move's events placed after it."""
    spec = get_game(game.game)
    head = event_store.read_head(event_store.key_of(game), spec)
    assert head is not None
    seat = min(spec.to_act(head.state))
    move = spec.legal_moves(head.state, seat)[0]
    events = spec.decide(head.state, seat, move, random.Random(1))
    assert isinstance(events, list)
    return spec, head, event_store.extend(spec, head, events)


def receipt(seat: int, key: str) -> event_store.Receipt:
    return event_store.Receipt(seat, key, "h", 201, {})


def test_a_used_idempotency_key_stops_only_its_own_seats_append_in_its_own_game(
    create_game: CreateGame,
) -> None:
    """An append with a receipt is written only while that seat's key is unused in that game:
    the same key of another seat or in another game, or another key, does not stop it."""
    game = Game.objects.get(pk=create_game(seed=6)["id"])
    other = Game.objects.get(pk=create_game(seed=7)["id"])
    IdempotencyRecord.objects.create(
        game=game, seat=0, key="k", request_hash="h", status_code=201, body={}
    )
    spec, head, appended = first_move_appended(game)
    key = event_store.key_of(game)
    assert (
        event_store.append(key, spec, head, appended, receipt=receipt(0, "k"), bot_seats=()) is None
    )
    assert Game.objects.get(pk=game.pk).version == head.version
    for seat, name in ((1, "k"), (0, "k-2")):
        spec, head, appended = first_move_appended(Game.objects.get(pk=game.pk))
        assert event_store.append(
            key, spec, head, appended, receipt=receipt(seat, name), bot_seats=()
        )
    spec, head, appended = first_move_appended(other)
    there = event_store.key_of(other)
    assert (
        event_store.append(there, spec, head, appended, receipt=receipt(0, "k"), bot_seats=())
        is not None
    )


def test_two_games_dealt_from_one_seed_stay_two_games(create_game: CreateGame) -> None:
    """Two games of the same seed and moves have the same hashes: an append to one moves that
    game alone."""
    first = Game.objects.get(pk=create_game(seed=6)["id"])
    second = Game.objects.get(pk=create_game(seed=6)["id"])
    assert (first.seed, first.head_hash) == (second.seed, second.head_hash)
    spec, head, appended = first_move_appended(first)
    assert (
        event_store.append(event_store.key_of(first), spec, head, appended, bot_seats=())
        is not None
    )
    assert Game.objects.get(pk=first.pk).version == head.version + len(appended.rows)
    assert Game.objects.get(pk=second.pk).version == second.version
    assert Event.objects.filter(game=second).count() == second.version


@pytest.mark.django_db(transaction=True)  # as a request: on PostgreSQL the refused statement
def test_a_write_that_meets_an_event_already_there_is_lost_whole(create_game: CreateGame) -> None:
    """Should the next seq be taken (another writer got there), the unique (game, seq) index
    refuses the write and nothing of it stays: not the head, not the events. (The append runs in
    the request's autocommit: inside an outer transaction PostgreSQL would abort that one.)"""
    game = Game.objects.get(pk=create_game(seed=6)["id"])
    spec, head, appended = first_move_appended(game)
    row = appended.rows[0]
    Event.objects.create(
        game=game,
        seq=row.seq,
        type=row.type,
        schema=row.schema,
        seat=row.seat,
        data=row.data,
        citations=row.citations,
        prev_hash=row.prev_hash,
        hash=row.hash,
    )
    key = event_store.key_of(game)
    assert event_store.append(key, spec, head, appended, bot_seats=()) is None
    assert Game.objects.get(pk=game.pk).version == head.version
    assert event_store.cached_head(key, appended.version) is None


def test_an_append_moves_the_game_rows_updated_at(create_game: CreateGame) -> None:
    game = Game.objects.get(pk=create_game(seed=6)["id"])
    long_ago = game.updated_at - datetime.timedelta(days=1)
    Game.objects.filter(pk=game.pk).update(updated_at=long_ago)
    spec, head, appended = first_move_appended(game)
    assert (
        event_store.append(event_store.key_of(game), spec, head, appended, bot_seats=()) is not None
    )
    assert Game.objects.get(pk=game.pk).updated_at > game.updated_at


def test_the_head_cache_keeps_the_most_recently_used_games_up_to_its_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Holding more games than its size, the cache forgets the one used longest ago."""
    monkeypatch.setattr(event_store, "_STATE_CACHE", OrderedDict())
    monkeypatch.setattr(event_store, "_STATE_CACHE_SIZE", 3)
    keys = [(n, "gotham-race", 1) for n in range(4)]
    for key in keys[:3]:
        event_store._remember(key, 1, "h", key[0])
    assert event_store.cached_head(keys[0], 1) is not None  # used again: now the newest
    event_store._remember(keys[3], 1, "h", 3)
    assert list(event_store._STATE_CACHE) == [keys[2], keys[0], keys[3]]


def test_a_states_canonical_json_keeps_its_letters_as_they_are() -> None:
    """A known answer: hashes are taken of this text, so a card named in any alphabet must
    give the same bytes in every version of the service."""
    assert event_store.canonical({"b": "Été", "a": [1, None]}) == '{"a":[1,null],"b":"Été"}'


def test_loading_the_head_remembers_it_and_an_older_version_leaves_it(
    create_game: CreateGame,
) -> None:
    game = bot_game(create_game, seed=3)
    spec = get_game(game.game)
    key = event_store.key_of(game)
    event_store._STATE_CACHE.clear()
    head = event_store.load_state(game, spec)
    assert event_store._STATE_CACHE[key] == (game.version, game.head_hash, head)
    event_store.load_state(game, spec, game.version - 3)
    assert event_store._STATE_CACHE[key] == (game.version, game.head_hash, head)


def test_a_city_strategy_game_with_events_of_version_two_verifies_clean(
    create_game: CreateGame,
) -> None:
    body = create_game(game="gotham-city-strategy", players=[{"bot": "random"}] * 2, seed=5)
    bots_play(game_id=body["id"])
    game = Game.objects.get(pk=body["id"])
    assert Event.objects.filter(game=game, schema=2).exists() and game.version > 30
    assert list(log_problems(game)) == []


def test_a_game_not_yet_won_has_no_outcome_at_all(create_game: CreateGame) -> None:
    """The game row's outcome stays SQL NULL (as the ORM writes None), not a JSON null, so
    `outcome__isnull` finds every game still running, on either database."""
    game = Game.objects.get(pk=create_game(seed=6)["id"])
    spec, head, appended = first_move_appended(game)
    assert (
        event_store.append(event_store.key_of(game), spec, head, appended, bot_seats=()) is not None
    )
    assert Game.objects.filter(pk=game.pk, outcome__isnull=True).exists()
