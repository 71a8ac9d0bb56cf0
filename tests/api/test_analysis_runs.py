"""How an analysis run keeps its books (api.analysis_services.game_analyze): which decisions it
judges, what it replaces, what it leaves alone, and how it reports progress. The bot's judging
is stubbed here (its verdicts are tested in rules_core and tests/api/test_analysis.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from celery.signals import worker_ready
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from api import analysis_services, bot_services, event_store
from api.models import Analysis, Annotation, Event, Game
from api.queueing import Slice
from rules_core.bots.analysis import Judgement
from rules_core.engine import Move, get_game
from rules_core.engine.randomness import bot_rng
from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db

SETTINGS = {"iterations": 5, "seconds": 0.05}


def finished_game(create_game: CreateGame, seed: int = 31) -> int:
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=seed)
    bot_services.bots_play(game_id=body["id"])
    return int(body["id"])


def decisions(gid: int) -> list[int]:
    return list(
        Event.objects.filter(game_id=gid, move__isnull=False)
        .order_by("seq")
        .values_list("seq", flat=True)
    )


def notes(gid: int, source: str = Annotation.Source.ANALYSIS) -> dict[int, str]:
    return dict(Annotation.objects.filter(game_id=gid, source=source).values_list("seq", "text"))


class Clock:
    """A stand-in for the analysis's `time`: the test moves it on (sleeping moves it too)."""

    def __init__(self) -> None:
        self.now = 1000.0  # a monotonic clock starts anywhere

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(analysis_services, "time", fake)
    return fake


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> list[tuple[int, str]]:
    """Each decision the run judges, with the analysis's status and total at that moment."""
    seen: list[tuple[int, str]] = []

    def judge(spec: Any, state: Any, move: Any, rng: Any, *rest: Any) -> dict[str, Any]:
        row = Analysis.objects.get()
        seen.append((row.total, row.status))
        clock.now += 1.0
        return {"text": f"judged {len(seen)}", "data": {"draw": rng.random()}}

    monkeypatch.setattr(analysis_services, "_judge", judge)
    return seen


def analysis_of(gid: int, *, version: int, done: int = 0) -> Analysis:
    return Analysis.objects.create(
        game_id=gid, settings=SETTINGS, version=version, done=done, total=0
    )


def test_a_run_judges_its_own_games_decisions_up_to_the_version_asked(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    gid = finished_game(create_game)
    finished_game(create_game, seed=32)  # another game's moves are none of this run's business
    mine = decisions(gid)
    version = mine[5]  # asked while the game stood at its sixth decision
    analysis = analysis_of(gid, version=version)
    analysis_services.game_analyze(analysis_id=analysis.pk)
    assert sorted(notes(gid)) == mine[:6]
    analysis.refresh_from_db()
    assert (analysis.status, analysis.done, analysis.total) == ("done", 6, 6)
    # while judging, the row already said "running" and how many decisions there are
    assert judged == [(6, "running")] * 6


def test_a_fresh_run_clears_the_games_old_analysis_and_nothing_else(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    gid, other = finished_game(create_game), finished_game(create_game, seed=32)
    stale = Annotation.objects.create(game_id=gid, seq=1, source="analysis", text="old")
    comment = Annotation.objects.create(game_id=gid, seq=1, source="person", text="nice")
    elsewhere = Annotation.objects.create(game_id=other, seq=1, source="analysis", text="theirs")
    analysis_services.game_analyze(analysis_id=analysis_of(gid, version=decisions(gid)[-1]).pk)
    assert not Annotation.objects.filter(pk=stale.pk).exists()  # seq 1 is the set-up, not judged
    assert Annotation.objects.filter(pk__in=[comment.pk, elsewhere.pk]).count() == 2
    assert sorted(notes(gid)) == decisions(gid)


def test_a_resumed_run_keeps_the_decisions_judged_before_it(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    """A run cut short goes on from `done`: what the earlier run judged stays."""
    gid = finished_game(create_game)
    first, *rest = decisions(gid)
    Annotation.objects.create(game_id=gid, seq=first, source="analysis", text="from before")
    analysis = analysis_of(gid, version=rest[-1], done=1)
    analysis_services.game_analyze(analysis_id=analysis.pk)
    assert notes(gid)[first] == "from before"
    assert sorted(notes(gid)) == [first, *rest]
    assert len(judged) == len(rest)


def test_every_update_of_an_analysis_is_its_sign_of_life(create_game: CreateGame) -> None:
    """A worker that died is told apart from a slow one by `updated_at` (analysis_request
    starts a stale one again): every update sets it, whatever else it changes."""
    analysis = analysis_of(int(create_game()["id"]), version=1)
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    Analysis.objects.filter(pk=analysis.pk).update(updated_at=long_ago)
    analysis_services._analysis_update(analysis.pk, done=1)
    analysis.refresh_from_db()
    assert analysis.done == 1
    assert analysis.updated_at > long_ago + datetime.timedelta(minutes=59)


def test_each_decision_is_judged_with_the_bots_own_chance_at_that_point(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    """The same game and settings give the same notes: the search at each decision draws on
    the analysing bot's chance at that event (its own seat, -1), not the game's dice."""
    gid = finished_game(create_game)
    analysis = analysis_of(gid, version=decisions(gid)[-1])
    analysis_services.game_analyze(analysis_id=analysis.pk)
    seed = Analysis.objects.get().game.seed
    drawn = dict(Annotation.objects.filter(game_id=gid).values_list("seq", "data__draw"))
    assert drawn == {seq: bot_rng(seed, seq, -1).random() for seq in decisions(gid)}
    assert set(Annotation.objects.filter(game_id=gid).values_list("author", flat=True)) == {"mcts"}


def test_a_decision_judged_again_replaces_its_note_and_only_that(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    """Each decision's note is replaced (a second worker on the same analysis, a run started
    again), leaving people's comments and other games' notes where they are."""
    gid, other = finished_game(create_game), finished_game(create_game, seed=32)
    second = decisions(gid)[1]
    Annotation.objects.create(game_id=gid, seq=second, source="analysis", text="other worker")
    comment = Annotation.objects.create(game_id=gid, seq=second, source="person", text="hm")
    theirs = Annotation.objects.create(game_id=other, seq=second, source="analysis", text="x")
    analysis_services.game_analyze(
        analysis_id=analysis_of(gid, version=decisions(gid)[-1], done=1).pk
    )
    here = Annotation.objects.filter(game_id=gid, seq=second)
    assert sorted(here.values_list("source", "text")) == [
        ("analysis", "judged 1"),
        ("person", "hm"),
    ]
    assert Annotation.objects.filter(pk__in=[comment.pk, theirs.pk]).count() == 2


def test_a_slice_stops_past_its_seconds_and_says_there_is_more(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    gid = finished_game(create_game)
    analysis = analysis_of(gid, version=decisions(gid)[-1], done=1)
    Analysis.objects.filter(pk=analysis.pk).update(spent_seconds=10.0)
    # each decision takes a second: 0, 1, 2 and 3 s in, the slice of 3 s goes on; 4 s in it stops
    assert analysis_services.game_analyze(analysis_id=analysis.pk, seconds=3.0) == Slice(4, True)
    analysis.refresh_from_db()
    assert (analysis.status, analysis.done, analysis.spent_seconds) == ("running", 5, 14.0)
    rest = len(decisions(gid)) - 5
    assert analysis_services.game_analyze(analysis_id=analysis.pk) == Slice(rest, False)
    analysis.refresh_from_db()
    assert (analysis.status, analysis.spent_seconds) == ("done", 14.0 + rest)


@override_settings(GOTHAM_ANALYSIS_MAX_SECONDS=13)
def test_an_analysis_stops_as_failed_past_its_total_worker_time(
    create_game: CreateGame, judged: list[tuple[int, str]]
) -> None:
    gid = finished_game(create_game)
    total = len(decisions(gid))
    analysis = analysis_of(gid, version=decisions(gid)[-1], done=1)
    Analysis.objects.filter(pk=analysis.pk).update(spent_seconds=10.0)
    # 10 s spent before; 10 + 3 is not past 13, so a fourth decision is judged and then it stops
    assert analysis_services.game_analyze(analysis_id=analysis.pk) == Slice(4, False)
    analysis.refresh_from_db()
    assert (analysis.status, analysis.done, analysis.spent_seconds) == ("failed", 5, 14.0)
    assert analysis.error == (
        f"Stopped at the limit of 13 s of worker time, after 5 of {total} moves."
    )


def test_a_request_queues_the_analysis_afresh_with_the_games_decisions_as_its_total(
    create_game: CreateGame,
) -> None:
    """A request replaces what is left of an earlier analysis (failed, other settings): nothing
    done, nothing spent, no error, and as many decisions to judge as the game has moves."""
    gid = finished_game(create_game)
    finished_game(create_game, seed=32)  # another game's moves are not counted
    game = Game.objects.get(pk=gid)
    Analysis.objects.create(
        game=game,
        status="failed",
        done=7,
        total=9,
        settings={"iterations": 9},
        spent_seconds=50.0,
        error="Stopped at the limit.",
    )
    assert (
        analysis_services.analysis_request(game=game, iterations=5, seconds=0.05, caller="t")
        is True
    )
    row = Analysis.objects.get(game=game)
    assert (row.status, row.done, row.spent_seconds, row.error) == ("queued", 0, 0.0, "")
    assert (row.total, row.version, row.settings) == (len(decisions(gid)), game.version, SETTINGS)


Spelling = tuple[dict[str, Any], dict[str, Any]]  # a legal move, and another spelling of it


def _reversed_take(offered: list[dict[str, Any]]) -> Spelling | None:
    """City Strategy's take of information and money, and the same named the other way."""
    twin = {"type": "take", "first": "information", "second": "money"}
    return (twin, {**twin, "first": "money", "second": "information"}) if twin in offered else None


def _weaponless_punch(offered: list[dict[str, Any]]) -> Spelling | None:
    """A Chronicles attack with bare hands (`weapon: ""`), and the same with `weapon` left out."""
    twin = next((m for m in offered if m["type"] == "attack" and m.get("weapon") == ""), None)
    return None if twin is None else (twin, {k: v for k, v in twin.items() if k != "weapon"})


# game, seed, the legal moves' index played until the spelling is found, the spelling, and
# whether it is taken when posted today (else a log written before stores it, as stood for)
SPELLINGS = (
    ("gotham-city-strategy", 5, -1, _reversed_take, True),
    ("gotham-city-chronicles", 1, 0, _weaponless_punch, False),
)


@pytest.mark.parametrize(("slug", "seed", "index", "spelling", "taken"), SPELLINGS)
def test_a_move_logged_in_another_spelling_is_judged_as_the_legal_move_it_is(
    api: APIClient,
    create_game: CreateGame,
    monkeypatch: pytest.MonkeyPatch,
    slug: str,
    seed: int,
    index: int,
    spelling: Callable[[list[dict[str, Any]]], Spelling | None],
    taken: bool,
) -> None:
    """A logged move may be spelled unlike every legal move: a City Strategy take names its two
    resources in either order (offered in the reserves' order), and a log written before a
    posted move had to be in an offered form may hold an attack with its weapon left out (now
    refused). The search's candidates then held the played spelling beside its offered twin,
    so the analysis could value one choice against itself. It now judges the legal move the
    rules turn into the very events logged after it."""
    spec = get_game(slug)
    body = create_game(game=slug, seed=seed)
    gid, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
    for _ in range(60):
        seat = min(api.get(f"/api/games/{gid}/").json()["to_act"])
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        offered = [m["move"] for m in legal["moves"]]
        found = spelling(offered)
        twin, spelled = found or (offered[index], offered[index])
        url, version = f"/api/games/{gid}/moves/", legal["version"]
        posted = api.post(
            url, {"expected_version": version, "move": spelled}, format="json", **auth(tokens[seat])
        )
        if found and not taken:
            assert (posted.status_code, posted.json()["code"]) == (422, "unexpected_parameter")
            posted = api.post(
                url,
                {"expected_version": version, "move": twin},
                format="json",
                **auth(tokens[seat]),
            )
            Event.objects.filter(game_id=gid, seq=version + 1).update(
                move={"seat": seat, **spelled}
            )
        assert posted.status_code == 201, posted.json()
        if found:
            break
    else:
        pytest.fail("the spelling's legal move was never offered")
    seq = version + 1
    assert Event.objects.get(game_id=gid, seq=seq).move == {"seat": seat, **spelled}
    played: list[Move] = []

    def judge(spec: Any, state: Any, seat: int, move: Move, *rest: Any) -> Judgement:
        assert move in spec.legal_moves(state, seat)  # never a spelling no legal move has
        played.append(move)
        return Judgement(seat, {0: 0.5, 1: 0.5}, move, 0.5, move, 0.5, 0, spec.lost_value_mark)

    monkeypatch.setattr(analysis_services, "judge", judge)
    analysis_services.game_analyze(analysis_id=analysis_of(gid, version=seq).pk)
    assert played[-1] == Move.from_json(twin)
    note = Annotation.objects.get(game_id=gid, seq=seq, source=Annotation.Source.ANALYSIS)
    assert note.data["played"] == twin and note.data["agrees"]
    state = event_store.load_state(Game.objects.get(pk=gid), spec, seq - 1)
    label = spec.describe_move(state, seat, Move.from_json(twin))
    assert f" played: {label} (" in note.text and "prefers" not in note.text
    decided = _DecisionsSeen(spec)
    game, logged = Game.objects.get(pk=gid), {"seat": seat, **spelled}
    matched = analysis_services._as_offered(decided, state, game, seq, logged)
    assert matched == {"seat": seat, **twin}
    assert decided.types == {spelled["type"]}  # the other kinds of move are not decided again
    assert len(spec.legal_moves(state, seat)) > len(decided.moves)


class _DecisionsSeen:
    """A game whose decisions are recorded: the moves decided, and their kinds."""

    def __init__(self, spec: Any) -> None:
        self.spec, self.moves = spec, list[Move]()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)

    def decide(self, state: Any, seat: int, move: Move, rng: Any) -> Any:
        self.moves.append(move)
        return self.spec.decide(state, seat, move, rng)

    @property
    def types(self) -> set[str]:
        return {m.type for m in self.moves}


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...]]]:
    """The tasks handed to the workers, by name, instead of queuing them."""
    handed: list[tuple[str, tuple[Any, ...]]] = []
    monkeypatch.setattr(
        analysis_services,
        "enqueue_after_commit",
        lambda task, *args: handed.append((task.name, args)),
    )
    return handed


def idle_for(analysis: Analysis, seconds: float) -> None:
    then = timezone.now() - datetime.timedelta(seconds=seconds)
    Analysis.objects.filter(pk=analysis.pk).update(updated_at=then)


def test_reading_an_analysis_whose_task_was_lost_hands_it_to_a_worker_once(
    api: APIClient, create_game: CreateGame, queued: list[tuple[str, tuple[Any, ...]]]
) -> None:
    """Queued or running with no progress for ANALYSIS_STALE_SECONDS: its task is gone, and
    the analysis showed as running for good. The first read queues it again, the next reads
    see it live."""
    gid = finished_game(create_game)
    analysis = analysis_of(gid, version=decisions(gid)[-1], done=3)
    Analysis.objects.filter(pk=analysis.pk).update(status="running")
    idle_for(analysis, analysis_services.ANALYSIS_STALE_SECONDS + 1)
    for _ in range(3):
        answer = api.get(f"/api/games/{gid}/analysis/").json()
        assert (answer["status"], answer["done"]) == ("running", 3)
    assert queued == [("api.analyze_game", (analysis.pk,))]


def test_reading_an_analysis_reads_its_row_once(
    api: APIClient, create_game: CreateGame, queued: list[tuple[str, tuple[Any, ...]]]
) -> None:
    """The page polls this while an analysis runs: the row was read once to see whether it
    stalled and again to answer."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    gid = finished_game(create_game)
    analysis_of(gid, version=decisions(gid)[-1], done=3)
    with CaptureQueriesContext(connection) as seen:
        assert api.get(f"/api/games/{gid}/analysis/").json()["done"] == 3
    table = Analysis._meta.db_table
    reads = [q["sql"] for q in seen.captured_queries if q["sql"].startswith("SELECT")]
    assert sum(f'FROM "{table}"' in sql for sql in reads) == 1, reads


@pytest.mark.parametrize(
    ("status", "idle"),
    [
        ("running", analysis_services.ANALYSIS_STALE_SECONDS - 30),
        ("done", 10**5),
        ("failed", 10**5),
    ],
)
def test_an_analysis_live_or_over_is_not_queued_again_by_reading_it(
    api: APIClient,
    create_game: CreateGame,
    queued: list[tuple[str, tuple[Any, ...]]],
    status: str,
    idle: float,
) -> None:
    gid = finished_game(create_game)
    analysis = analysis_of(gid, version=decisions(gid)[-1])
    Analysis.objects.filter(pk=analysis.pk).update(status=status)
    idle_for(analysis, idle)
    assert api.get(f"/api/games/{gid}/analysis/").json()["status"] == status
    assert queued == []


def test_a_worker_starting_queues_every_stalled_analysis_and_no_other(
    create_game: CreateGame, queued: list[tuple[str, tuple[Any, ...]]]
) -> None:
    stale, _live, over = (
        analysis_of(finished_game(create_game, seed=seed), version=1) for seed in (31, 32, 33)
    )
    Analysis.objects.filter(pk=over.pk).update(status="done")
    for analysis in (stale, over):
        idle_for(analysis, analysis_services.ANALYSIS_STALE_SECONDS + 1)
    worker_ready.send(sender=None)  # api.tasks.resume_stalled_work
    assert queued == [("api.analyze_game", (stale.pk,))]
