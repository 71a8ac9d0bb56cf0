"""manage.py analyze: an analysis made here, as one asked for through the API, within its limits."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from api.bot_services import bots_play
from api.models import Analysis
from rules_core.bots.analysis import ANALYSIS_VERSION
from tests.conftest import CreateGame

pytestmark = pytest.mark.django_db


def _finished(create_game: CreateGame) -> int:
    body = create_game(players=[{"bot": "random"}, {"bot": "random"}], seed=31)
    bots_play(game_id=body["id"])
    return int(body["id"])


def _analyze(gid: int, *options: str) -> str:
    out = io.StringIO()
    call_command("analyze", str(gid), *options, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_an_analysis_made_here_is_todays_and_starts_afresh(create_game: CreateGame) -> None:
    gid = _finished(create_game)
    said = _analyze(gid, "--iterations", "5", "--seconds", "0.05")
    analysis = Analysis.objects.get(game_id=gid)
    assert analysis.status == "done" and analysis.done == analysis.total > 0
    assert analysis.made_by == ANALYSIS_VERSION  # not taken for an older analysis's
    assert analysis.settings == {"iterations": 5, "seconds": 0.05}
    assert said.startswith(f"game {gid}: {analysis.total} decisions analysed, ")
    # a run again after one that spent its worker time starts from none spent
    Analysis.objects.filter(pk=analysis.pk).update(status="failed", spent_seconds=10_000.0)
    _analyze(gid, "--iterations", "5", "--seconds", "0.05")
    analysis.refresh_from_db()
    assert analysis.status == "done" and analysis.spent_seconds < 10_000.0


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--iterations", "0", "--iterations must be from 1 to 5000"),
        ("--iterations", "5001", "--iterations must be from 1 to 5000"),
        ("--seconds", "0.001", "--seconds must be from 0.01 to 10.0"),
        ("--seconds", "11", "--seconds must be from 0.01 to 10.0"),
    ],
)
def test_settings_past_the_apis_limits_are_refused(
    create_game: CreateGame, option: str, value: str, said: str
) -> None:
    gid = _finished(create_game)
    with pytest.raises(CommandError, match=said):
        _analyze(gid, option, value)
    assert not Analysis.objects.filter(game_id=gid).exists()
