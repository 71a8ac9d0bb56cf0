"""Costs a caller controls: bot options and analyses within stated limits, checked and enforced."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from api import analysis_services, bot_services, tasks
from api.models import Analysis, Annotation, Game, Seat
from api.rate_limits import rate_limit_reset
from rules_core.bots import choose_move
from rules_core.bots.mcts import MctsSettings
from rules_core.engine import get_game
from tests.api.test_analysis import finished_bot_game, wait_for_analysis
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"iterations": 1_000_000_000, "seconds": 1_000_000}, "from 1 to 20000"),
        ({"iterations": 400, "seconds": 1_000_000}, "from 0.01 to 10.0"),
        ({"iterations": 0}, "from 1 to 20000"),
        ({"iterations": "400"}, "a whole number"),
        ({"iterations": 10.5}, "a whole number"),
        ({"seconds": True}, "a number"),
        ({"depth": 3}, "has no option “depth” (its options: iterations, seconds)"),
        ({"it's\\": 3}, "has no option “it's\\” (its options: iterations, seconds)"),
    ],
)
def test_bot_options_beyond_the_stated_limits_are_refused(
    api: APIClient, options: dict[str, Any], named: str
) -> None:
    response = api.post(
        "/api/games/",
        {
            "game": "gotham-race",
            "players": [{"name": "A"}, {"bot": "mcts", "bot_options": options}],
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_bot_options"
    assert named in response.json()["message"]
    assert not Game.objects.exists()


def test_options_for_a_bot_without_them_are_refused(api: APIClient) -> None:
    response = api.post(
        "/api/games/",
        {"game": "gotham-race", "players": [{"bot": "random", "bot_options": {"seconds": 1}}]},
        format="json",
    )
    assert (response.status_code, response.json()["error"]) == (400, "invalid_bot_options")


def test_the_search_holds_stored_options_to_the_limits_whatever_they_say() -> None:
    """Options that reached the database by another path still cannot buy a longer search."""
    spec = get_game("gotham-race")
    budget = MctsSettings.from_options({"iterations": 10**9, "seconds": 10**6}, spec)
    assert (budget.iterations, budget.seconds) == (20000, 10.0)
    floor = MctsSettings.from_options({"iterations": -5, "seconds": -1.0}, spec)
    assert (floor.iterations, floor.seconds) == (1, 0.01)


def test_tasks_have_soft_and_hard_time_limits() -> None:
    for task in (tasks.play_bots, tasks.analyze_game):
        assert task.soft_time_limit == 60 and task.time_limit == 90
        assert task.acks_late and task.reject_on_worker_lost


def test_a_running_games_analysis_needs_a_seat_of_it(
    api: APIClient, create_game: CreateGame
) -> None:
    game = create_game()
    gid, token = game["id"], game["seats"][0]["token"]
    api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": game["version"], "move": {"type": "draw", "deck": 1}},
        format="json",
        **auth(token),
    )
    url = f"/api/games/{gid}/analysis/"
    anonymous = api.post(url, {"iterations": 5, "seconds": 0.05}, format="json")
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, "token_required")
    other = create_game()
    foreign = api.post(url, {}, format="json", **auth(other["seats"][0]["token"]))
    assert (foreign.status_code, foreign.json()["error"]) == (403, "foreign_token")
    assert not Analysis.objects.exists()
    seated = api.post(url, {"iterations": 5, "seconds": 0.05}, format="json", **auth(token))
    assert seated.status_code == 202


def test_a_repeat_request_returns_the_running_analysis_without_restarting_it(
    api: APIClient, create_game: CreateGame
) -> None:
    gid = finished_bot_game(create_game)
    settings = {"iterations": 5, "seconds": 0.05}
    game = Game.objects.get(pk=gid)
    Analysis.objects.create(
        game=game, status=Analysis.Status.RUNNING, done=3, total=40, settings=settings
    )
    url = f"/api/games/{gid}/analysis/"
    again = api.post(url, settings, format="json")
    assert again.status_code == 200
    assert again.json()["status"] == "running" and again.json()["done"] == 3
    other = api.post(url, {"iterations": 6, "seconds": 0.05}, format="json")
    assert (other.status_code, other.json()["error"]) == (409, "analysis_running")
    assert other.json()["message"] == (
        "An analysis of this game with other settings is under way; wait for it."
    )
    assert other.json()["settings"] == settings
    assert Analysis.objects.get(game=game).done == 3  # not reset
    assert not Annotation.objects.filter(game=game).exists()  # nothing new ran


def test_an_analysis_whose_worker_went_silent_can_be_started_again(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    gid = finished_bot_game(create_game)
    settings = {"iterations": 5, "seconds": 0.05}
    stale = Analysis.objects.create(
        game_id=gid, status=Analysis.Status.RUNNING, done=3, total=40, settings=settings
    )
    long_ago = timezone.now() - timedelta(seconds=analysis_services.ANALYSIS_STALE_SECONDS + 1)
    Analysis.objects.filter(pk=stale.pk).update(updated_at=long_ago)
    response = api.post(f"/api/games/{gid}/analysis/", settings, format="json")
    assert response.status_code == 202


@pytest.mark.django_db(transaction=True)
def test_a_finished_analysis_with_the_same_settings_is_not_run_again(
    api: APIClient, create_game: CreateGame, task_runner: None
) -> None:
    gid = finished_bot_game(create_game)
    settings = {"iterations": 5, "seconds": 0.05}
    url = f"/api/games/{gid}/analysis/"
    assert api.post(url, settings, format="json").status_code == 202
    assert wait_for_analysis(api, gid)["status"] == "done"
    first = set(Annotation.objects.filter(game_id=gid).values_list("pk", flat=True))
    repeat = api.post(url, settings, format="json")
    assert repeat.status_code == 200 and repeat.json()["status"] == "done"
    assert set(Annotation.objects.filter(game_id=gid).values_list("pk", flat=True)) == first


@override_settings(GOTHAM_ANALYSIS_STARTS_PER_HOUR=2)
def test_analysis_starts_are_rate_limited_per_address(
    api: APIClient, create_game: CreateGame
) -> None:
    rate_limit_reset("analysis:203.0.113.9", window=3600)
    games = [finished_bot_game(create_game) for _ in range(3)]
    answers = [
        api.post(
            f"/api/games/{gid}/analysis/",
            {"iterations": 2, "seconds": 0.01},
            format="json",
            REMOTE_ADDR="203.0.113.9",
        )
        for gid in games
    ]
    assert [a.status_code for a in answers] == [202, 202, 429]
    assert answers[2].json()["error"] == "rate_limited"
    assert "At most 2 analyses an hour" in answers[2].json()["message"]
    assert not Analysis.objects.filter(game_id=games[2]).exists()
    rate_limit_reset("analysis:203.0.113.9", window=3600)


@override_settings(GOTHAM_ANALYSIS_MAX_SECONDS=0)
def test_an_analysis_stops_at_its_total_worker_time(create_game: CreateGame) -> None:
    gid = finished_bot_game(create_game)
    analysis = Analysis.objects.create(
        game_id=gid,
        status=Analysis.Status.QUEUED,
        version=Game.objects.get(pk=gid).version,
        settings={"iterations": 5, "seconds": 0.05},
    )
    run = analysis_services.game_analyze(analysis_id=analysis.pk)
    assert run.more is False
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.FAILED
    assert analysis.error.startswith("Stopped at the limit of 0 s of worker time, after 0 of")


def test_each_decision_gets_a_share_of_the_total_time() -> None:
    spec = get_game("gotham-race")
    analysis = Analysis(settings={"iterations": 5000, "seconds": 10.0})
    budget = analysis_services._analysis_budget(analysis, spec, decisions=900)
    assert budget.iterations == 5000 and budget.seconds == pytest.approx(1800 / 1800)
    assert analysis_services._analysis_budget(analysis, spec, decisions=10).seconds == 10.0


def test_an_analysis_is_held_to_its_stated_limits_whatever_settings_were_stored() -> None:
    """The input refuses more than 5,000 iterations; the work holds to them again (the search
    alone held them to the bots' 20,000), as it holds the seconds to 10."""
    spec = get_game("gotham-race")
    stored = Analysis(settings={"iterations": 20_000, "seconds": 10.0})
    budget = analysis_services._analysis_budget(stored, spec, decisions=10)
    assert (budget.iterations, budget.seconds) == (5000, 10.0)


def test_bot_seats_keep_their_options(create_game: CreateGame) -> None:
    body = create_game(
        players=[{"name": "A"}, {"bot": "mcts", "bot_options": {"iterations": 30, "seconds": 0.1}}]
    )
    assert Seat.objects.get(game_id=body["id"], index=1).bot_options == {
        "iterations": 30,
        "seconds": 0.1,
    }


@override_settings(GOTHAM_BOT_SECONDS_PER_GAME=0.05)
def test_once_a_games_bots_spend_its_thinking_time_they_play_one_move_ahead(
    create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bot options bound one move; the game's total is bounded too: an all-bot game of searching
    bots thinks for GOTHAM_BOT_SECONDS_PER_GAME (and one move over), then plays on greedily."""
    used: list[str] = []
    choose = choose_move

    def recorded(name: str, *args: Any) -> Any:
        used.append(name)
        return choose(name, *args)

    monkeypatch.setattr(bot_services, "choose_move", recorded)
    options = {"iterations": 20000, "seconds": 0.03}
    body = create_game(players=[{"bot": "mcts", "bot_options": options}] * 2)
    bot_services.bots_play(game_id=body["id"])  # to the end, as the workers would
    game = Game.objects.get(pk=body["id"])
    assert game.status == Game.Status.FINISHED
    searched = used.index("greedy")
    assert searched >= 1 and set(used[:searched]) == {"mcts"}
    assert set(used[searched:]) == {"greedy"} and len(used) > searched + 3
    assert game.bot_seconds >= 0.05


def test_the_catalog_states_the_bots_thinking_time_per_game(api: APIClient) -> None:
    limits = api.get("/api/catalog/").json()["limits"]
    assert limits["bot_seconds_per_game"] == 900


@pytest.mark.parametrize("status", [Analysis.Status.DONE, Analysis.Status.FAILED])
def test_an_ended_analysis_holds_up_no_other_settings(
    api: APIClient, create_game: CreateGame, task_runner: None, status: str
) -> None:
    """Only a queued or running analysis makes other settings wait: one that is done or failed,
    however recent, is replaced by the new request."""
    gid = finished_bot_game(create_game)
    Analysis.objects.create(
        game_id=gid, status=status, done=3, total=40, settings={"iterations": 5, "seconds": 0.05}
    )
    response = api.post(
        f"/api/games/{gid}/analysis/", {"iterations": 6, "seconds": 0.05}, format="json"
    )
    assert response.status_code == 202, response.json()


def test_an_analysis_silent_for_the_whole_stale_time_is_dead(
    api: APIClient, create_game: CreateGame, task_runner: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = finished_bot_game(create_game)
    now = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: now)
    stale = Analysis.objects.create(
        game_id=gid, status=Analysis.Status.RUNNING, done=3, total=40, settings={"iterations": 5}
    )
    silent = now - timedelta(seconds=analysis_services.ANALYSIS_STALE_SECONDS)
    Analysis.objects.filter(pk=stale.pk).update(updated_at=silent + timedelta(microseconds=1))
    url = f"/api/games/{gid}/analysis/"
    waiting = api.post(url, {"iterations": 6, "seconds": 0.05}, format="json")
    assert (waiting.status_code, waiting.json()["error"]) == (409, "analysis_running")
    Analysis.objects.filter(pk=stale.pk).update(updated_at=silent)
    assert api.post(url, {"iterations": 6, "seconds": 0.05}, format="json").status_code == 202


def test_an_analysis_request_holds_the_game_row_while_it_looks(create_game: CreateGame) -> None:
    """Two requests for one game take turns: each first locks the game's row (FOR UPDATE on
    PostgreSQL; SQLite writes one transaction at a time) before it looks at the analysis."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    gid = finished_bot_game(create_game)
    game = Game.objects.get(pk=gid)
    with CaptureQueriesContext(connection) as queries:
        analysis_services.analysis_request(
            game=game, iterations=5, seconds=0.05, caller="lock-test"
        )
    reads = [q["sql"] for q in queries.captured_queries if "analysis" in q["sql"].lower()]
    first = next(i for i, q in enumerate(queries.captured_queries) if q["sql"] == reads[0])
    lock = [q["sql"] for q in queries.captured_queries[:first] if '"api_game"' in q["sql"]]
    assert len(lock) == 1 and f'"api_game"."id" = {gid}' in lock[0]
    assert ("FOR UPDATE" in lock[0]) == (connection.vendor == "postgresql")


@override_settings(GOTHAM_ANALYSIS_STARTS_PER_HOUR=1)
def test_each_address_has_its_own_hourly_analysis_starts_and_is_told_when_to_come_back(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(time, "time", lambda: 3_600_100.0)  # 100 s into an hour
    games = [finished_bot_game(create_game) for _ in range(3)]

    def start(gid: int, address: str) -> Any:
        url = f"/api/games/{gid}/analysis/"
        return api.post(url, {"iterations": 2, "seconds": 0.01}, format="json", REMOTE_ADDR=address)

    assert start(games[0], "198.51.100.1").status_code == 202
    refused = start(games[1], "198.51.100.1")
    assert refused.status_code == 429 and refused.json()["retry_after"] == 3500
    assert refused.json()["message"].endswith("try again in 3500 s.")
    assert start(games[2], "198.51.100.2").status_code == 202  # another address's own hour
    for address in ("198.51.100.1", "198.51.100.2"):
        rate_limit_reset(f"analysis:{address}", window=3600)


@override_settings(GOTHAM_ANALYSIS_STARTS_PER_HOUR=1)
def test_an_analysis_made_by_an_earlier_analysis_version_can_be_run_again_within_the_hour(
    api: APIClient, create_game: CreateGame
) -> None:
    """A done analysis of the game's version with the same settings is not redone, unless an
    earlier analysis version made it (its notes keep that version's words): then asking again
    starts it anew, the GET says `outdated` so the page offers the button, and the start
    counts against the hour's analyses like any other."""
    from rules_core.bots.analysis import ANALYSIS_VERSION

    address = "203.0.113.21"
    rate_limit_reset(f"analysis:{address}", window=3600)
    finished_bot_game(create_game)  # another game's moves are not this analysis's to judge
    gid = finished_bot_game(create_game)
    settings = {"iterations": 5, "seconds": 0.05}
    game = Game.objects.get(pk=gid)
    row = Analysis.objects.create(
        game=game,
        status=Analysis.Status.DONE,
        done=4,
        total=4,
        version=game.version,
        settings=settings,
        made_by=ANALYSIS_VERSION,
    )
    url = f"/api/games/{gid}/analysis/"
    assert api.get(url).json()["outdated"] is False
    same = api.post(url, settings, format="json", REMOTE_ADDR=address)
    assert same.status_code == 200 and same.json()["status"] == "done"  # not redone
    Analysis.objects.filter(pk=row.pk).update(
        made_by=ANALYSIS_VERSION - 1, spent_seconds=3.5, error="Stopped: an earlier run."
    )
    assert api.get(url).json()["outdated"] is True
    again = api.post(url, settings, format="json", REMOTE_ADDR=address)
    assert again.status_code == 202 and again.json()["status"] == "queued"
    row.refresh_from_db()
    assert (row.made_by, row.done, row.version) == (ANALYSIS_VERSION, 0, game.version)
    assert (row.spent_seconds, row.error) == (0.0, "")  # made anew: no time spent, no failure
    replay = api.get(f"/api/games/{gid}/replay/").json()
    assert row.total == sum(e["move"] is not None for e in replay["events"]) > 0  # its decisions
    assert api.get(url).json()["outdated"] is False
    Analysis.objects.filter(pk=row.pk).update(
        status=Analysis.Status.DONE, made_by=ANALYSIS_VERSION - 1
    )
    limited = api.post(url, settings, format="json", REMOTE_ADDR=address)
    assert (limited.status_code, limited.json()["error"]) == (429, "rate_limited")
    assert limited.json()["message"].startswith(
        "At most 1 analysis an hour may be started from one address; try again in "
    )
    rate_limit_reset(f"analysis:{address}", window=3600)  # the address's hour of analyses
    assert api.post(url, settings, format="json", REMOTE_ADDR=address).status_code == 202
    rate_limit_reset(f"analysis:{address}", window=3600)


def test_a_change_to_one_games_analysis_outdates_that_games_analyses_only(
    api: APIClient, create_game: CreateGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's own analysis version (`GameSpec.analysis_version`) adds to the shared one: when
    it rises, that game's done analyses read as outdated and are made anew at the new sum, while
    another game's analysis made by the same shared version stays current."""
    from rules_core.bots.analysis import ANALYSIS_VERSION, analysis_version

    race = get_game("gotham-race")
    settings = {"iterations": 5, "seconds": 0.05}
    rows: dict[str, Analysis] = {}
    for slug in ("gotham-race", "no-mans-land"):
        game = Game.objects.get(pk=create_game(game=slug)["id"])
        rows[slug] = Analysis.objects.create(
            game=game,
            status=Analysis.Status.DONE,
            version=game.version,
            settings=settings,
            made_by=ANALYSIS_VERSION,
        )
    url = {slug: f"/api/games/{row.game_id}/analysis/" for slug, row in rows.items()}
    assert [api.get(u).json()["outdated"] for u in url.values()] == [False, False]
    monkeypatch.setattr(type(race), "analysis_version", race.analysis_version + 1)
    assert analysis_version(race) == ANALYSIS_VERSION + 1
    assert analysis_version(get_game("no-mans-land")) == ANALYSIS_VERSION
    assert api.get(url["gotham-race"]).json()["outdated"] is True
    assert api.get(url["no-mans-land"]).json()["outdated"] is False
    game = rows["gotham-race"].game
    assert analysis_services.analysis_request(game=game, caller="t", iterations=5, seconds=0.05)
    rows["gotham-race"].refresh_from_db()
    assert rows["gotham-race"].made_by == ANALYSIS_VERSION + 1
    assert api.get(url["gotham-race"]).json()["outdated"] is False
    kept = rows["no-mans-land"].game
    assert not analysis_services.analysis_request(game=kept, caller="t", iterations=5, seconds=0.05)


def _created(api: APIClient, game: str, players: int, pack: dict[str, Any]) -> Any:
    names = [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")[:players]]
    body = {"game": game, "players": names, "options": {"content": pack}}
    return api.post("/api/games/", body, format="json")


def test_a_no_mans_land_city_past_its_size_limits_is_refused_without_a_game(
    api: APIClient,
) -> None:
    """120 districts all neighbours and 40 heroes (within the shared pack limits) offered 4,761
    moves in one state: each bot move and each analysed decision cost tens of seconds."""
    from tests.rules_core.games.no_mans_land.test_content import city

    response = _created(api, "no-mans-land", 2, city(120, 119, 40))
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert (body["error"], body["code"]) == ("rules_rejected", "bad_options")
    assert body["message"] == (
        "content pack: district: at most 16 districts (this pack has 120): each more adds to the "
        "moves a turn offers"
    )
    assert not Game.objects.exists()
    assert _created(api, "no-mans-land", 2, city(16, 6, 6)).status_code == 201


def test_a_gotham_race_pack_that_can_never_end_is_refused_without_a_game(api: APIClient) -> None:
    """Every card back to the start: no figure ever leaves the start square, so no game could
    end, and one with people in it stayed open for ever."""
    from tests.rules_core.games.gotham_race.test_content_pack_errors import NEVER_MOVES, every_card

    response = _created(api, "gotham-race", 2, every_card({"op": "to_start"}))
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert (body["error"], body["code"]) == ("rules_rejected", "bad_options")
    assert body["message"].startswith("content pack: " + NEVER_MOVES)
    assert not Game.objects.exists()
