"""Analysing a game stored under an earlier rules version of its game: a move today's rules
refuse where it was played is told as not judged, and the rest of the game is analysed.

The first Chronicles log (tests/fixtures/logs/gotham-city-chronicles-2p.json) asked the villain
for defenses the game now takes itself; its analysis stopped there as "failed on our side"."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from api import analysis_services, event_store
from api.models import Analysis, Annotation, Event, Game
from rules_core.bots.analysis import Judgement
from rules_core.bots.mcts import MctsSettings
from rules_core.engine import Move, Rejection, get_game
from tests.api.stored_logs import FIXTURES, load, read

pytestmark = pytest.mark.django_db

SPEC = get_game("gotham-city-chronicles")
SETTINGS = {"iterations": 5, "seconds": 0.05}


def _refused_today(game: Game) -> list[int]:
    """The seqs of the moves today's rules refuse at the position they were played at."""
    refused = []
    for row in Event.objects.filter(game=game, move__isnull=False).order_by("seq"):
        state = event_store.load_state(game, SPEC, row.seq - 1)
        move = row.move
        assert isinstance(move, dict)
        played = Move.from_json({k: v for k, v in move.items() if k != "seat"})
        if isinstance(SPEC.decide(state, move["seat"], played, random.Random(0)), Rejection):
            refused.append(row.seq)
    return refused


def test_a_move_todays_rules_refuse_is_told_not_graded() -> None:
    game = load(read(FIXTURES / "gotham-city-chronicles-2p.json"))
    assert game.rules_version < SPEC.rules_version
    refused = _refused_today(game)
    assert refused, "the fixture holds a defense its rules asked for and today's take alone"
    seq = refused[0]
    state = event_store.load_state(game, SPEC, seq - 1)
    move = Event.objects.get(game=game, seq=seq).move
    assert isinstance(move, dict)
    note = analysis_services._judge(
        SPEC, state, move, random.Random(1), MctsSettings(5, 0.05), game.players
    )
    assert "Not judged: this game was played under earlier rules" in note["text"]
    assert note["text"].startswith("The villain played: ")
    assert "{" not in note["text"] and "_" not in note["text"]  # words, not a move's data
    # nothing to chart, sum up or mark
    assert note["data"]["judged"] is False and note["data"]["seat"] == move["seat"]
    assert not {"grade", "evaluation", "mark", "preferred"} & set(note["data"])


def test_an_older_games_analysis_runs_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole log is walked (the judge stubbed for speed): done, every move noted."""
    game = load(read(FIXTURES / "gotham-city-chronicles-2p.json"))

    def verdict(spec: Any, state: Any, seat: int, played: Move, *rest: Any) -> Judgement:
        return Judgement(seat, {0: 0.5, 1: 0.5}, played, 0.5, played, 0.5, 0, 0.1, samples=24)

    monkeypatch.setattr(analysis_services, "judge", verdict)
    analysis = Analysis.objects.create(
        game=game, settings={"iterations": 5, "seconds": 0.05}, version=game.version, total=0
    )
    analysis_services.game_analyze(analysis_id=analysis.pk)
    analysis.refresh_from_db()
    assert (analysis.status, analysis.done) == ("done", analysis.total)
    notes = dict(Annotation.objects.filter(game=game, source="analysis").values_list("seq", "text"))
    assert len(notes) == analysis.total
    refused = _refused_today(game)
    assert all("Not judged" in notes[seq] for seq in refused)
    assert sum("Not judged" in text for text in notes.values()) == len(refused)


def test_a_game_whose_first_move_todays_rules_refuse_is_not_analysed(api: APIClient) -> None:
    """A City Strategy game stored in the first log format: today's rules refuse each of its
    moves, so its analysis noted 223 of 223 "Not judged"; it is refused up front, in words, and
    counts against no limit. A game refused only here and there is analysed (202)."""
    older = load(read(FIXTURES / "gotham-city-strategy-2p-variant.json"))
    answer = api.post(f"/api/games/{older.pk}/analysis/", SETTINGS, format="json")
    assert answer.status_code == 422
    body = answer.json()
    assert body["error"] == "not_analysable"
    assert body["message"].startswith("This game was played under earlier rules")
    assert "first log format" in body["message"]  # the game's own reason
    assert not Analysis.objects.filter(game=older).exists()
    chronicles = load(read(FIXTURES / "gotham-city-chronicles-2p.json"))
    started = api.post(f"/api/games/{chronicles.pk}/analysis/", SETTINGS, format="json")
    assert started.status_code == 202
