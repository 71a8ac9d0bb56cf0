"""A game whose bots' task was lost (a broker restarted without its queue, a server stopped in
the middle of a bot's turn) is handed to the workers again: when it is read, and by
`manage.py resume_bots`."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator
from io import StringIO
from typing import Any

import pytest
from celery.signals import worker_ready
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from api import tasks
from api.bot_services import bots_stalled
from api.models import Game, Seat
from tests.conftest import CreateGame, Credentials, auth

QUIET = datetime.timedelta(seconds=settings.GOTHAM_BOTS_STALLED_SECONDS)


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The game ids handed to the bots' task (instead of running it)."""
    calls: list[int] = []
    monkeypatch.setattr(tasks.play_bots, "delay", calls.append)
    yield calls


def lost_bot_turn(
    create_game: CreateGame, quiet: datetime.timedelta = QUIET
) -> tuple[Game, Credentials]:
    """A game of two seats whose seat to act became a bot's, with nothing appended for `quiet`:
    what a game looks like whose bots' task the broker lost; and the person's credentials."""
    body = create_game(players=[{"name": "Ann"}, {"name": "Bob"}], seed=5)
    game = Game.objects.get(pk=body["id"])
    seat = game.to_act[0]
    Seat.objects.filter(game=game, index=seat).update(bot="random")
    Game.objects.filter(pk=game.pk).update(bot_seats=[seat], updated_at=timezone.now() - quiet)
    cache.delete(f"bots-resumed:{game.pk}")
    return Game.objects.get(pk=game.pk), auth(body["seats"][1 - seat]["token"])


@pytest.mark.django_db
def test_a_game_waiting_on_a_lost_bot_turn_is_stalled_and_a_fresh_one_is_not(
    create_game: CreateGame,
) -> None:
    assert bots_stalled(lost_bot_turn(create_game)[0])
    assert not bots_stalled(lost_bot_turn(create_game, quiet=QUIET / 2)[0])


@pytest.mark.django_db
def test_a_game_waiting_on_a_person_or_over_is_never_stalled(create_game: CreateGame) -> None:
    game, _ = lost_bot_turn(create_game)
    game.bot_seats = [1 - game.to_act[0]]  # the bot's seat is not the one to act
    assert not bots_stalled(game)
    game.bot_seats, game.status = [game.to_act[0]], Game.Status.FINISHED
    assert not bots_stalled(game)


@pytest.mark.django_db
def test_a_game_that_names_nobody_to_act_is_stalled_once_quiet(create_game: CreateGame) -> None:
    game, _ = lost_bot_turn(create_game)
    game.bot_seats, game.to_act = [], []  # a head owing the game's own step (test_owed_steps)
    assert bots_stalled(game)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["", "state/", "legal-moves/"])
def test_reading_a_stalled_game_queues_its_bots_once_between_its_readers(
    api: APIClient,
    create_game: CreateGame,
    queued: list[int],
    path: str,
    django_capture_on_commit_callbacks: Any,
) -> None:
    on_commit = django_capture_on_commit_callbacks
    game, person = lost_bot_turn(create_game)
    url = f"/api/games/{game.pk}/{path}"
    with on_commit(execute=True):
        first, again = api.get(url, **person), APIClient().get(url, **person)
    assert first.status_code == again.status_code == 200
    assert queued == [game.pk]


@pytest.mark.django_db
def test_reading_a_game_whose_bot_has_just_moved_queues_nothing(
    api: APIClient,
    create_game: CreateGame,
    queued: list[int],
    django_capture_on_commit_callbacks: Any,
) -> None:
    on_commit = django_capture_on_commit_callbacks
    game, person = lost_bot_turn(create_game, quiet=QUIET / 2)
    with on_commit(execute=True):
        assert api.get(f"/api/games/{game.pk}/state/", **person).status_code == 200
    assert queued == []


@pytest.mark.django_db
def test_resume_bots_hands_every_stalled_game_to_the_workers(
    create_game: CreateGame, queued: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    on_commit = django_capture_on_commit_callbacks
    stalled, _ = lost_bot_turn(create_game)
    lost_bot_turn(create_game, quiet=QUIET / 2)
    out = StringIO()
    with on_commit(execute=True):
        call_command("resume_bots", stdout=out)
    assert queued == [stalled.pk]
    assert out.getvalue().startswith("1 games handed to the workers again")


@pytest.mark.django_db(transaction=True)
def test_a_stalled_bot_plays_on_once_its_game_is_read(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    """End to end, on eager Celery and on a real worker through Redis alike: the bot moves."""
    game, person = lost_bot_turn(create_game)
    answer = api.get(f"/api/games/{game.pk}/state/", **person)
    assert answer.status_code == 200
    deadline = time.monotonic() + 60
    after = Game.objects.get(pk=game.pk)
    while after.version == game.version and time.monotonic() < deadline:
        time.sleep(0.1)
        after = Game.objects.get(pk=game.pk)
    assert after.version > game.version and after.to_act != game.to_act


@pytest.mark.django_db
def test_a_worker_starting_hands_every_game_waiting_on_its_bots_to_the_workers(
    create_game: CreateGame, queued: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    """A broker restarted without its queue is most often restarted with its workers: each
    worker, once ready, queues every game waiting on its bots, however recently it moved (the
    lost task may have been queued a moment before) and even if a reader queued it already."""
    stalled, _ = lost_bot_turn(create_game)
    recent, _ = lost_bot_turn(create_game, quiet=QUIET / 20)
    read, _ = lost_bot_turn(create_game, quiet=QUIET / 2)
    cache.add(f"bots-resumed:{read.pk}", 1)
    people = create_game(players=[{"name": "Ann"}, {"name": "Bob"}], seed=6)
    with django_capture_on_commit_callbacks(execute=True):
        worker_ready.send(sender=None)
    assert sorted(queued) == sorted([stalled.pk, recent.pk, read.pk])
    assert people["id"] not in queued
