"""Bot seats: a Celery task queued after commit plays them through the same service."""

from __future__ import annotations

import signal
import time
from typing import Any

import pytest
from rest_framework.test import APIClient

from api.log_check import log_problems
from api.models import Event, Game
from rules_core.bots import choose_move
from tests.api.test_analysis_runs import Clock
from tests.conftest import CreateGame, auth, celery_is_eager


def wait_until_finished(api: APIClient, gid: int, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        game = dict(api.get(f"/api/games/{gid}/").json())
        if game["status"] == "finished" or time.monotonic() > deadline:
            return game
        time.sleep(0.1)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not celery_is_eager(), reason="eager Celery only; the worker test covers Redis")
def test_an_all_bot_game_plays_itself_to_the_end_eagerly(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(players=[{"bot": "random"}] * 4, seed=9)
    game = wait_until_finished(api, body["id"], timeout=1)
    assert game["status"] == "finished" and game["outcome"] is not None


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not celery_is_eager(), reason="eager Celery only; the worker test covers Redis")
def test_bots_answer_a_persons_move_before_the_response(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}], seed=2)
    gid, token = body["id"], body["seats"][0]["token"]
    answered = 0
    for _ in range(6):
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        if not legal["moves"]:
            break
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": legal["moves"][0]["move"]},
            format="json",
            **auth(token),
        )
        assert answer.status_code == 201, answer.json()
        mine = answer.json()["version"]
        game = api.get(f"/api/games/{gid}/").json()
        assert game["to_act"] in ([0], [])
        answered += game["version"] > mine  # the bot moved before the answer was read
    assert answered >= 2


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_an_all_bot_game_finishes_on_a_real_worker(
    api: APIClient, create_game: CreateGame, celery_worker: object
) -> None:
    body = create_game(players=[{"bot": "random"}] * 4, seed=11)
    game = wait_until_finished(api, body["id"])
    assert game["status"] == "finished", game
    assert list(log_problems(Game.objects.get(pk=body["id"]))) == []


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_person_against_bots_on_a_real_worker(
    api: APIClient, create_game: CreateGame, celery_worker: object
) -> None:
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}], seed=12)
    gid, token = body["id"], body["seats"][0]["token"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        game = api.get(f"/api/games/{gid}/").json()
        if game["status"] == "finished":
            break
        if game["to_act"] != [0]:
            time.sleep(0.05)
            continue
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        response = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": legal["moves"][0]["move"]},
            format="json",
            **auth(token),
        )
        assert response.status_code in (201, 409)
    assert api.get(f"/api/games/{gid}/").json()["status"] == "finished"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_game_loses_no_move_and_another_finishes_it(
    api: APIClient, create_game: CreateGame, celery_workers: Any
) -> None:
    celery_workers.stop_all()
    slow = {"BOT_DELAY_SECONDS": "0.2", "CELERY_VISIBILITY_TIMEOUT": "3"}
    first = celery_workers.start(**slow)
    body = create_game(players=[{"bot": "random"}] * 4, seed=21)
    gid = body["id"]
    deadline = time.monotonic() + 60
    while api.get(f"/api/games/{gid}/").json()["version"] < body["version"] + 6:
        assert time.monotonic() < deadline, "the first worker made no moves"
        time.sleep(0.05)
    first.send_signal(signal.SIGKILL)  # in the middle of the game, possibly mid-move
    first.wait()
    killed_at = api.get(f"/api/games/{gid}/").json()
    assert killed_at["status"] == "active"
    celery_workers.start(BOT_DELAY_SECONDS="0", CELERY_VISIBILITY_TIMEOUT="3")
    game = wait_until_finished(api, gid, timeout=180)
    assert game["status"] == "finished", game
    assert game["version"] > killed_at["version"]
    # no gap or duplicate in the log, and every stored move, re-decided by the rules at its
    # version, makes exactly the events that follow it: the move in flight was made once
    assert list(log_problems(Game.objects.get(pk=gid))) == []
    moves = Event.objects.filter(game_id=gid, move__isnull=False)
    assert moves.filter(seq__gt=killed_at["version"]).exists()


@pytest.mark.django_db(transaction=True)
def test_gotham_city_strategy_bots_play_a_game_to_its_end(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    body = create_game(
        game="gotham-city-strategy",
        players=[{"bot": "mcts", "bot_options": {"iterations": 8}}, {"bot": "greedy"}],
        seed=14,
    )
    game = wait_until_finished(api, body["id"], timeout=300)
    assert game["status"] == "finished" and game["outcome"]["winners"], game
    assert list(log_problems(Game.objects.get(pk=body["id"]))) == []


@pytest.mark.django_db
def test_bot_turns_come_in_slices_of_the_seconds_asked_and_say_when_more_is_left(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api import bot_services
    from api.queueing import Slice

    clock = Clock()
    monkeypatch.setattr(bot_services, "time", clock)
    real_choose = choose_move

    def choose(*args: Any) -> Any:
        clock.now += 1.0
        return real_choose(*args)

    monkeypatch.setattr(bot_services, "choose_move", choose)
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=9)
    gid = body["id"]
    # a move a second: 0, 1 and 2 s in the slice of 3 s goes on; 3 s in it stops
    assert bot_services.bots_play(game_id=gid, seconds=3.0) == Slice(3, more=True)
    assert Event.objects.filter(game_id=gid, move__isnull=False).count() == 3
    rest = bot_services.bots_play(game_id=gid)
    assert rest.more is False
    assert Event.objects.filter(game_id=gid, move__isnull=False).count() == 3 + rest.done
    assert Game.objects.get(pk=gid).status == "finished"
    assert bot_services.bots_play(game_id=gid, seconds=3.0) == Slice(0, more=False)
    assert bot_services.bots_play(game_id=987654) == Slice(0, more=False)  # a game gone


@pytest.mark.django_db
def test_a_bot_plays_its_own_seat_with_its_options_its_chance_and_the_delay(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """Only this game's bot seats are played (a person to act stops the turn), each with the
    options it was seated with and the chance of its seat at that version, from a state read
    afresh when this process holds none, after the configured pause."""
    from api import bot_services, event_store
    from api.queueing import Slice
    from rules_core.engine.randomness import bot_rng

    settings.GOTHAM_BOT_DELAY_SECONDS = 0.5
    clock = Clock()
    monkeypatch.setattr(bot_services, "time", clock)
    real_choose = choose_move
    chosen: list[tuple[int, int, float, Any, float]] = []

    def choose(name: str, spec: Any, state: Any, seat: int, rng: Any, options: Any) -> Any:
        game = Game.objects.get(pk=gid)
        chosen.append((seat, game.version, rng.random(), options, clock.now))
        return real_choose(name, spec, state, seat, rng, options)

    monkeypatch.setattr(bot_services, "choose_move", choose)
    create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=4)  # bots of another game
    mcts = {"bot": "mcts", "bot_options": {"iterations": 3}}
    body = create_game(players=[mcts, {"name": "Ann"}], seed=9)
    gid = body["id"]
    event_store._STATE_CACHE.clear()  # as a worker that never saw the game
    made = bot_services.bots_play(game_id=gid)
    game = Game.objects.get(pk=gid)
    assert made == Slice(len(chosen), more=False) and made.done >= 1
    assert game.to_act == [1]  # Ann's turn: the bots stop there
    for number, (seat, version, draw, options, at) in enumerate(chosen):
        assert seat == 0 and options == {"iterations": 3}
        assert draw == bot_rng(game.seed, version, 0).random()
        assert at == 1000.0 + 0.5 * (number + 1)  # after the pause


@pytest.mark.django_db
def test_a_bot_move_gone_stale_is_chosen_again_and_a_refused_one_is_an_error(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api import bot_services, services
    from api.errors import VersionConflict
    from rules_core.engine import Move

    real_submit = services.move_submit
    conflicts: list[int] = []

    def submit(**request: Any) -> Any:
        if not conflicts:  # another process moved the game on first, once
            conflicts.append(request["expected_version"])
            raise VersionConflict("Another move was appended at the same time.")
        return real_submit(**request)

    monkeypatch.setattr(bot_services, "move_submit", submit)
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=9)
    made = bot_services.bots_play(game_id=body["id"])
    assert conflicts and made.more is False
    assert Game.objects.get(pk=body["id"]).status == "finished"
    assert made.done == Event.objects.filter(game_id=body["id"], move__isnull=False).count()

    monkeypatch.setattr(bot_services, "move_submit", real_submit)
    monkeypatch.setattr(bot_services, "choose_move", lambda *args: Move.of("draw", deck=9))
    other = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=9)
    with pytest.raises(RuntimeError) as refused:
        bot_services.bots_play(game_id=other["id"])
    assert str(refused.value).startswith("bot random chose a refused move: {")


@pytest.mark.django_db
def test_a_worker_is_called_only_when_a_bot_seat_is_to_act(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api import services
    from tests.api.test_moves import DRAW, post_move

    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(services, "enqueue_after_commit", lambda task, *args: queued.append(args))
    people = create_game()  # two people: no worker is ever needed
    ann = people["seats"][0]
    assert post_move(api, people["id"], ann["token"], people["version"], DRAW).status_code == 201
    assert queued == []
    bot_first = create_game(players=[{"bot": "random"}, {"name": "Ann"}])
    assert queued == [(bot_first["id"],)]


@pytest.mark.django_db
def test_bots_make_no_move_past_the_games_longest_length(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A content pack within its limits can keep a game from ending for long (every Gotham Race
    card but one sends its figure back to the start, the one moves it back a space: a figure
    crosses the finish only by backing round the track, never by the back card alone); bots
    alone stop at the game's `longest_game` moves instead of playing on the workers for ever."""
    import dataclasses
    import tomllib

    from api import bot_services, game_services
    from api.queueing import Slice
    from rules_core.engine import get_game
    from rules_core.games.gotham_race.content import REFERENCE_PACK

    pack = tomllib.loads(REFERENCE_PACK.read_text())
    for card in pack["card"]:
        card["effect"] = {"op": "to_start"}
    pack["card"][0]["effect"] = {"op": "back", "n": 1}
    spec = get_game("gotham-race")
    monkeypatch.setattr(spec, "info", dataclasses.replace(spec.info, longest_game=40))
    monkeypatch.setattr(game_services, "queue_bots_if_needed", lambda game: None)
    body = create_game(players=[{"bot": "random"}] * 2, options={"content": pack})
    gid = body["id"]
    assert bot_services.bots_play(game_id=gid, seconds=30.0) == Slice(40, more=False)
    assert bot_services.bots_play(game_id=gid, seconds=30.0) == Slice(0, more=False)
    assert Game.objects.get(pk=gid).status == "active"
    assert Event.objects.filter(game_id=gid, move__isnull=False).count() == 40


@pytest.mark.django_db
def test_a_persons_move_starts_the_bots_count_of_moves_again(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit is on moves in a row without a person: past `longest_game` moves in all, a bot
    seat beside a person still answers each of the person's moves."""
    import dataclasses
    import random

    from api import bot_services, game_services
    from rules_core.engine import get_game
    from tests.api.game_checks import post_a_random_offer

    spec = get_game("gotham-race")
    monkeypatch.setattr(spec, "info", dataclasses.replace(spec.info, longest_game=2))
    monkeypatch.setattr(game_services, "queue_bots_if_needed", lambda game: None)
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}], seed=3)
    gid, token = body["id"], body["seats"][0]["token"]
    pick = random.Random(3)
    bot_turns = 0
    while bot_turns < 4 and Game.objects.get(pk=gid).status == "active":
        game = Game.objects.get(pk=gid)
        if game.to_act == [1]:
            assert bot_services.bot_moves_in_a_row(game) == 0
            made = bot_services.bots_play(game_id=gid, seconds=30.0).done
            assert 1 <= made <= 2
            assert bot_services.bot_moves_in_a_row(Game.objects.get(pk=gid)) == made
            bot_turns += 1
        else:
            offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
            _, answer = post_a_random_offer(api, gid, token, offered, pick)
            assert "version" in answer, answer
    assert bot_turns == 4
    assert Event.objects.filter(game_id=gid, move__isnull=False).count() > 2


@pytest.mark.django_db
def test_bot_moves_in_a_row_count_this_games_moves_since_its_person_last_moved(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted in the game's own log (another game's moves beside it count nothing), from its
    person's last move; a person's seat handed to the autopilot counts as a bot's."""
    import dataclasses
    import random

    from api import bot_services, game_services
    from api.models import Seat
    from rules_core.engine import get_game
    from tests.api.game_checks import post_a_random_offer

    spec = get_game("gotham-race")
    monkeypatch.setattr(spec, "info", dataclasses.replace(spec.info, longest_game=5))
    monkeypatch.setattr(game_services, "queue_bots_if_needed", lambda game: None)
    others = create_game(players=[{"bot": "random"}] * 2, seed=4)["id"]
    assert bot_services.bots_play(game_id=others, seconds=30.0).done == 5
    body = create_game(players=[{"name": "Ann"}, {"bot": "random"}], seed=3)
    gid, token = body["id"], body["seats"][0]["token"]
    pick = random.Random(5)
    while Game.objects.get(pk=gid).to_act != [1]:
        offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        post_a_random_offer(api, gid, token, offered, pick)
    made = bot_services.bots_play(game_id=gid, seconds=30.0).done
    assert made >= 1
    assert bot_services.bot_moves_in_a_row(Game.objects.get(pk=gid)) == made
    Seat.objects.filter(game_id=gid, index=0).update(autopilot="random")
    every_move = Event.objects.filter(game_id=gid, move__isnull=False).count()
    assert every_move > made
    assert bot_services.bot_moves_in_a_row(Game.objects.get(pk=gid)) == every_move
