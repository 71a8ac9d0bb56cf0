"""A head stored under earlier rules where today's rules owe a step of the game's own.

The first Chronicles log (tests/fixtures/logs/gotham-city-chronicles-2p.json, rules version 1)
asked the villain for three defenses that today's rules take themselves, in the move that
counts the attack (rules versions 16-17; `moves.owed_now` "defense"): at the heads just before
seqs 211, 222 and 240 nobody is to act now, and the defense posted there is refused
(`step_pending`). A game standing at such a head takes the step itself, by nobody (no move),
with the events today's rules write in that move: `services.owed_steps_take`, run by the bots'
task (queued for an active game whose head names nobody) and by a fork made there."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from api import event_store, services
from api.bot_services import bots_play
from api.log_check import log_problems
from api.models import Event, Game, Seat
from api.tokens import hash_token, new_token
from rules_core.engine import get_game
from tests.api.stored_logs import FIXTURES, load, read
from tests.api.test_fork import first_seat_to_act_moves
from tests.api.test_moves import post_move
from tests.conftest import auth

pytestmark = pytest.mark.django_db

SPEC = get_game("gotham-city-chronicles")
LOG = "gotham-city-chronicles-2p"
OWING = (210, 221, 239)  # the heads just before the defenses today's rules take themselves


def stored_until(at: int, bots: bool = False) -> tuple[Game, list[str]]:
    """The stored log cut at event `at`, as the older service left it while the game was on
    (the row naming the villain's seat, whom its rules asked), each seat with a token: a
    person's, or (`bots`) its random bot's as stored."""
    record = read(FIXTURES / f"{LOG}.json")
    events = [e for e in record["events"] if e["seq"] <= at]
    record = {
        **record,
        "events": events,
        "snapshots": [s for s in record["snapshots"] if s["seq"] <= at],
        "game": {
            **record["game"],
            "version": at,
            "head_hash": events[-1]["hash"],
            "status": "active",
            "outcome": None,
            "to_act": [0],
        },
    }
    if not bots:
        seats = [{**seat, "bot": ""} for seat in record["seats"]]
        record = {**record, "seats": seats, "game": {**record["game"], "bot_seats": []}}
    game = load(record)
    tokens = []
    for seat in Seat.objects.filter(game=game).order_by("index"):
        token = new_token()
        seat.token_hash = hash_token(token)
        seat.save(update_fields=["token_hash"])
        tokens.append(token)
    return game, tokens


def the_defense(at: int) -> dict[str, Any]:
    """The move the older rules asked for after event `at` (the villain's defense)."""
    played = next(e["move"] for e in read(FIXTURES / f"{LOG}.json")["events"] if e["seq"] == at + 1)
    assert played["type"] == "defend" and played["seat"] == 0
    return {k: v for k, v in played.items() if k != "seat"}


@pytest.mark.parametrize("at", OWING)
def test_a_stored_game_at_a_head_that_owes_a_step_takes_it_and_goes_on(
    api: APIClient, monkeypatch: pytest.MonkeyPatch, at: int
) -> None:
    """As stored, the row names the villain's seat (its rules asked it): the defense it posts
    is refused, and hands the game to the task that takes the step."""
    queued: list[int] = []
    monkeypatch.setattr(services, "enqueue_after_commit", lambda task, gid: queued.append(gid))
    game, tokens = stored_until(at)
    assert game.rules_version < SPEC.rules_version
    # stuck as stored: nobody is to act, no seat is offered a move, the defense is refused
    state = api.get(f"/api/games/{game.pk}/state/").json()
    assert (state["version"], state["to_act"], state["status"]) == (at, [], "active")
    for token in tokens:
        assert api.get(f"/api/games/{game.pk}/legal-moves/", **auth(token)).json()["moves"] == []
    refused = post_move(api, game.pk, tokens[0], at, the_defense(at))
    assert (refused.status_code, refused.json()["code"]) == (422, "step_pending")
    assert queued == [game.pk]
    stored = list(Event.objects.filter(game=game).order_by("seq").values_list("hash", flat=True))

    bots_play(game_id=game.pk)  # the task queued for an active game whose head names nobody

    game.refresh_from_db()
    assert game.version > at and game.status == "active" and game.to_act
    kept = Event.objects.filter(game=game, seq__lte=at).order_by("seq")
    assert list(kept.values_list("hash", flat=True)) == stored  # the log as stored, untouched
    taken = list(Event.objects.filter(game=game, seq__gt=at).order_by("seq"))
    assert taken[0].type in ("defense_rolled", "nothing_to_defend", "defense_counted")
    assert all(row.move is None for row in taken)  # by nobody: the game's own step
    # the same events today's rules write once the attack is counted
    before = event_store.load_state(game, SPEC, at)
    expected = SPEC.owed(before, services.owed_rng(game, at))
    assert [event_store.stored_record(r) for r in taken] == [
        event_store.event_record(e) for e in expected
    ]
    assert list(log_problems(game)) == []
    state = api.get(f"/api/games/{game.pk}/state/").json()
    assert state["to_act"] == game.to_act and state["version"] == game.version
    seat = game.to_act[0]
    legal = api.get(f"/api/games/{game.pk}/legal-moves/", **auth(tokens[seat])).json()
    assert legal["moves"]
    moved = post_move(api, game.pk, tokens[seat], game.version, legal["moves"][0]["move"])
    assert moved.status_code == 201, moved.json()
    assert queued == [game.pk]  # the refusal's alone: a move at a head naming a seat queues none
    assert bots_play(game_id=game.pk).done == 0  # nothing owed any more: nothing taken


def test_a_stored_bot_game_at_such_a_head_plays_on() -> None:
    """The stored game's bots: the task took the row's villain seat at its word and its bot
    found no legal move (a ValueError on the worker, for ever); now the step is taken first."""
    game, _ = stored_until(OWING[0], bots=True)
    assert game.bot_seats == [0, 1] and game.to_act == [0]
    run = bots_play(game_id=game.pk, seconds=3)
    game.refresh_from_db()
    assert run.done > 0 and game.version > OWING[0] + 2
    assert list(log_problems(game)) == []


def test_the_bots_task_is_queued_for_an_active_game_whose_head_names_nobody(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(services, "enqueue_after_commit", lambda task, gid: queued.append(gid))
    services.queue_bots_if_due(1, [], [], active=True)
    services.queue_bots_if_due(2, [], [], active=False)  # over: nobody acts any more
    services.queue_bots_if_due(3, [1], [0], active=True)  # a person is to act
    services.queue_bots_if_due(4, [1], [1], active=True)
    assert queued == [1, 4]


@pytest.mark.parametrize("at", OWING)
def test_a_fork_where_the_game_owes_a_step_takes_it_and_verifies(api: APIClient, at: int) -> None:
    """A fork of the finished log at such a head plays on under today's rules: the step is
    taken at once, a seat is to act, and verification re-decides the step from the fork's
    seed."""
    parent = load(read(FIXTURES / f"{LOG}.json"))
    players = [{"name": "Ann"}, {"name": "Bob"}]
    made = api.post(f"/api/games/{parent.pk}/fork/", {"at": at, "players": players}, format="json")
    assert made.status_code == 201, made.json()
    child = Game.objects.get(pk=made.json()["id"])
    assert child.to_act and child.version > at and child.status == "active"
    taken = Event.objects.filter(game=child, seq__gt=at).order_by("seq")
    assert taken.exists() and not taken.filter(move__isnull=False).exists()
    assert list(log_problems(child)) == []
    first_seat_to_act_moves(api, child, made.json())


def test_dice_with_nothing_left_to_reroll_are_counted_as_keeping_them_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other step a head of earlier rules may stand before (`moves.owed_now` "dice"):
    Batman's attack dice at event 220, had they nothing left to reroll, are counted by the game
    with the events today's rules write for keeping them (the move posted at 221), the
    defense nobody is asked for and what follows a move included."""
    import random

    from rules_core.engine import Move
    from rules_core.games.gotham_city_chronicles import moves

    game = load(read(FIXTURES / f"{LOG}.json"))
    state = event_store.load_state(game, SPEC, 220)
    assert state.roll is not None and state.roll.purpose == "attack"
    assert SPEC.owed(state, random.Random(5)) == []  # its dice may be rerolled: nothing owed
    kept = SPEC.decide(state, state.roll.seat, Move.of("keep"), random.Random(5))
    assert isinstance(kept, list)
    assert [e.type for e in kept][:2] == ["attack_counted", "defense_rolled"]
    monkeypatch.setattr(moves, "reroll_possible", lambda state: False)
    assert moves.owed_now(state) == "dice" and not SPEC.to_act(state)
    assert SPEC.owed(state, random.Random(5)) == kept
