"""Gotham City Strategy's log: table events only, decisions opened and answered by them, each
event told as a story, refusals with the reason found, and the first log format still read."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from rules_core.engine import Move, Rejection, fold
from rules_core.engine.codec import from_json
from rules_core.engine.types import GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.games.gotham_city_strategy import GAME, legacy
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.events import TABLE_EVENTS
from rules_core.games.gotham_city_strategy.figure_events import HenchmenSentHome
from rules_core.games.gotham_city_strategy.state import GcsState
from rules_core.games.gotham_city_strategy.turn_events import FinalTurnsBegan
from rules_core.games.gotham_city_strategy.vocabulary import count_of
from tests.rules_core.games.gotham_city_strategy.table import (
    act,
    at_step,
    fight,
    ready,
    refused,
    with_player,
)

FIRST_FORMAT = (
    Path(__file__).parents[3] / "fixtures" / "logs" / "gotham-city-strategy-2p-variant.json"
)


@pytest.mark.parametrize("seed", [101, 202])
def test_the_log_holds_table_events_only_and_reads_as_a_story(seed: int) -> None:
    rng = random.Random(seed)
    events = GAME.setup(3, {"variant": seed % 2 == 0}, rng)
    told: list[str] = []
    state = GAME.initial_state()
    for event in events:
        told.append(GAME.narrate(state, event, None, False))
        state = GAME.evolve(state, event)
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        result = GAME.decide_and_evolve(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert not isinstance(result, Rejection), result
        for event in result[0]:
            assert type(event) in TABLE_EVENTS, event.type
            told.append(GAME.narrate(state, event, None, False))
            state = GAME.evolve(state, event)
    assert all(told[len(events) :]) and len(told) > 200
    assert not any(
        text.startswith(("program", "awaiting", "answered", "declined")) for text in told
    )


def test_counts_and_sentences_of_the_story_read_as_english() -> None:
    """A plural resource counted (never "threatss"), the final turns counted down with the
    verb agreeing, henchmen sent home by the table in a whole sentence."""
    state = fold(GAME, GAME.setup(2, {"villains": ["joker", "penguin"]}, random.Random(4)))
    assert count_of(1, "threats") == "1 threat" and count_of(2, "threats") == "2 threats"
    assert count_of(2, "henchman") == "2 henchmen" and count_of(3, "money") == "3 money"
    began = [GAME.narrate(state, FinalTurnsBegan(seat=None, turns=n), None, False) for n in (2,)]
    assert began == ["The plot deck is empty: 2 final turns remain."]
    counting = replace(state, final_turns=2)
    told = [
        GAME.narrate(counting, FinalTurnsBegan(seat=None, turns=n), None, False) for n in (1, 0)
    ]
    assert told == ["1 final turn remains.", "The final turns are over."]
    assert GAME.narrate(state, fight(seat=0), None, False) == (
        "Fight on Diamond Row: The Joker rolls a 2 (total 2), Batman rolls a 2 (total 3);"
        " Batman wins."
    )
    home = GAME.narrate(state, HenchmenSentHome(seat=None, block=0, spare=1), None, False)
    assert home == "Every henchman on Diamond Row except The Penguin's goes back to its hideout."


def test_a_decision_is_opened_by_the_event_that_causes_it_and_counted_down_by_its_answer() -> None:
    state = fold(GAME, GAME.setup(2, {"villains": ["joker", "penguin"]}, random.Random(4)))
    first = current(state)
    assert first is not None and (first.seat, first.kind, first.must) == (0, "place_threats", True)
    waiting = refused(state, 0, Move.of("advance"))
    assert waiting.code == "decision_pending"
    assert waiting.message.startswith("First: The Joker must place")  # names kept as written
    block = GAME.legal_moves(state, 0)[0].get("block")
    after = act(state, 0, Move.of("place_threat", block=block))
    answered = current(after)
    assert answered is not None and answered.count == first.count - 1


def test_refusals_say_the_reason_found_while_checking() -> None:
    state = ready(["joker", "penguin"])
    poor = updated_money(state, 0, 0)
    refusal = refused(poor, 0, Move.of("advance"))
    assert refusal.code == "requirement_not_met" and "you have 0" in refusal.message
    assert refused(state, 0, Move.of("recruit")).code == "wrong_step"
    acting = at_step(state, "actions")
    assert "costs 5 money" in refused(updated_money(acting, 0, 2), 0, Move.of("recruit")).message
    assert refused(state, 1, Move.of("advance")).code == "not_your_turn"
    assert refused(state, 0, Move.of("teleport")).code == "unknown_move"
    assert refused(state, 0, Move.of("advance", extra=1)).code == "unknown_move"


def updated_money(state: GcsState, seat: int, money: int) -> GcsState:
    return with_player(state, seat, money=money)


def _first_format_events(count: int) -> list[GameEvent]:
    record = json.loads(FIRST_FORMAT.read_text())
    events = []
    for row in record["events"][:count]:
        cls = GAME.event_types[row["type"]]
        data = upcast(cls, row["data"], row.get("schema", 1))
        events.append(from_json(cls, {**data, "seat": row["seat"]}))
    return events


def test_a_first_format_log_replays_to_its_outcome_but_is_not_continued() -> None:
    whole = _first_format_events(10_000)
    assert any(isinstance(e, legacy.Awaiting) for e in whole)
    finished = fold(GAME, whole)
    record = json.loads(FIRST_FORMAT.read_text())
    outcome = GAME.outcome(finished)
    assert outcome is not None and list(outcome.winners) == record["game"]["outcome"]["winners"]
    midway = fold(GAME, _first_format_events(60))
    assert midway.phase == "playing" and midway.log_format == 1
    seat = min(GAME.to_act(midway))
    move = GAME.legal_moves(midway, seat)
    assert move == []  # nothing is offered in a game that cannot go on
    refusal = GAME.decide(midway, seat, Move.of("advance"), random.Random(0))
    assert isinstance(refusal, Rejection) and refusal.code == "older_log"
