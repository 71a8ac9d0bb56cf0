"""How an analysis run keeps its books (api.services.game_analyze): which decisions it judges,
what it replaces, what it leaves alone, and how it reports progress. The bot's judging is
stubbed here (its verdicts are tested in rules_core and tests/api/test_analysis.py)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from api import services
from api.models import Analysis, Annotation, Event
from tests.conftest import CreateGame

pytestmark = pytest.mark.django_db

SETTINGS = {"iterations": 5, "seconds": 0.05}


def finished_game(create_game: CreateGame, seed: int = 31) -> int:
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=seed)
    services.bots_play(game_id=body["id"])
    return int(body["id"])


def decisions(gid: int) -> list[int]:
    return list(
        Event.objects.filter(game_id=gid, move__isnull=False)
        .order_by("seq")
        .values_list("seq", flat=True)
    )


def notes(gid: int, source: str = Annotation.Source.ANALYSIS) -> dict[int, str]:
    return dict(Annotation.objects.filter(game_id=gid, source=source).values_list("seq", "text"))


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Each decision the run judges, with the analysis's status and total at that moment."""
    seen: list[tuple[int, str]] = []

    def judge(spec: Any, state: Any, move: Any, *rest: Any) -> dict[str, Any]:
        row = Analysis.objects.get()
        seen.append((row.total, row.status))
        return {"text": f"judged {len(seen)}", "data": {"seat": move["seat"]}}

    monkeypatch.setattr(services, "_judge", judge)
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
    services.game_analyze(analysis_id=analysis.pk)
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
    services.game_analyze(analysis_id=analysis_of(gid, version=decisions(gid)[-1]).pk)
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
    services.game_analyze(analysis_id=analysis.pk)
    assert notes(gid)[first] == "from before"
    assert sorted(notes(gid)) == [first, *rest]
    assert len(judged) == len(rest)


def test_every_update_of_an_analysis_is_its_sign_of_life(create_game: CreateGame) -> None:
    """A worker that died is told apart from a slow one by `updated_at` (analysis_request
    starts a stale one again): every update sets it, whatever else it changes."""
    analysis = analysis_of(int(create_game()["id"]), version=1)
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    Analysis.objects.filter(pk=analysis.pk).update(updated_at=long_ago)
    services._analysis_update(analysis.pk, done=1)
    analysis.refresh_from_db()
    assert analysis.done == 1
    assert analysis.updated_at > long_ago + datetime.timedelta(minutes=59)
