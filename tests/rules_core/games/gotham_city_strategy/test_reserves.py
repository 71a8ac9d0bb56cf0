"""The reserves run out (components, glossary.reserves): the box holds 40 money tokens worth $80
and 40 information tokens worth 60; what the screens hold is not left to take. A take they
cannot give is refused; an income, a card's or an ability's gain pays what they still hold."""

from __future__ import annotations

import copy
import random
import tomllib
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import Move, fold
from rules_core.engine.codec import from_json, to_json
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.content import (
    REFERENCE_PACK,
    ContentError,
    Pack,
    Reserves,
    parse_pack,
)
from rules_core.games.gotham_city_strategy.events import EffectCarriedOut, IncomeCollected
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged
from rules_core.games.gotham_city_strategy.state import GcsState
from tests.rules_core.games.gotham_city_strategy.table import (
    PACK,
    act,
    at_step,
    blocks,
    events_of,
    ready,
    refused,
    with_player,
)

RAW: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())


def _reserves(state: GcsState, money: int, information: int) -> GcsState:
    return updated(state, reserve_money=money, reserve_information=information)


def _choosing(money: int, information: int) -> GcsState:
    """The Joker has played Diamond Row's "plot-01", which nobody rules, and chooses how to use
    it, the reserves holding `money` and `information`."""
    state = with_player(ready(["joker", "penguin"]), 0, hand=("plot-01",))
    state = act(_reserves(state, money, information), 0, Move.of("play", card="plot-01"))
    asked = current(state)
    assert asked is not None and (asked.seat, asked.kind) == (0, "use_card")
    return state


def _gains(events: list[Any]) -> list[tuple[int, int, int, str]]:
    return [
        (e.owner, e.money, e.information, e.reason)
        for e in events
        if isinstance(e, ResourcesChanged)
    ]


def test_the_reference_pack_holds_the_worth_of_the_box_tokens() -> None:
    assert PACK.reserves == Reserves(money=30 * 1 + 10 * 5, information=30 * 1 + 10 * 3)
    assert RAW["reserves"]["source"] == "rulebook components"


def test_the_reserves_start_with_the_box_less_the_starting_screens_and_all_see_them() -> None:
    state = fold(GAME, GAME.setup(3, {}, random.Random(2)))
    money = 80 - sum(PACK.villain(v).start_money for v in ("joker", "penguin", "two-face"))
    info = 60 - sum(PACK.villain(v).start_information for v in ("joker", "penguin", "two-face"))
    assert (state.reserve_money, state.reserve_information) == (money, info)
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat)["reserves"] == {"money": money, "information": info}


@pytest.mark.parametrize("seed", [3, 4])
def test_money_and_information_move_between_the_reserves_and_the_screens_only(seed: int) -> None:
    """At every event of a random game the reserves and the screens hold the box's worth."""
    rng = random.Random(seed)
    state = fold(GAME, GAME.setup(2, {}, random.Random(seed)))
    for step in range(600):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        for event in events_of(state, seat, move, random.Random(step)):
            state = fold(GAME, [event], state)
            assert state.reserve_money + sum(p.money for p in state.players) == 80
            assert state.reserve_information + sum(p.information for p in state.players) == 60


def test_a_take_the_reserves_cannot_give_is_refused_with_the_rule_and_not_offered() -> None:
    state = _choosing(money=0, information=5)
    answer = refused(state, 0, Move.of("take", first="money", second="threats"))
    assert answer.code == "reserves_empty"
    assert answer.message == (
        "The reserves hold no money: the rest of the box's money is behind the villains' "
        "screens. Take something else."
    )
    assert [c.section for c in answer.citations] == [
        "turn.plot.effect.resources",
        "glossary.reserves",
        "components",
    ]
    takes = {
        (m.get("first"), m.get("second")) for m in GAME.legal_moves(state, 0) if m.type == "take"
    }
    assert takes == {
        ("information", "information"),
        ("information", "threats"),
        ("threats", "threats"),
    }
    one = _choosing(money=1, information=5)
    twice = refused(one, 0, Move.of("take", first="money", second="money"))
    assert twice.code == "reserves_empty" and twice.message.startswith(
        "The reserves hold only 1 money:"
    )
    taken = act(one, 0, Move.of("take", first="money", second="information"))
    assert (taken.reserve_money, taken.reserve_information) == (0, 4)
    assert taken.players[0].money == one.players[0].money + 1


def test_an_income_pays_what_the_reserves_hold_and_a_card_gains_nothing_when_they_are_empty() -> (
    None
):
    """'plot-02' pays 2 information to Opera House's ruler (3 with the Penguin's broker) and
    then gains its player 2 information; the reserves hold 2."""
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, hand=("plot-02",))
    state = with_player(
        state, 1, threats=blocks(gotham_opera_house=2), abilities=("penguin-black-market-broker",)
    )
    state = _reserves(state, money=10, information=2)
    played = events_of(state, 0, Move.of("play", card="plot-02"))
    assert _gains(played) == [(1, 0, 2, "income")]
    income = next(e for e in played if isinstance(e, IncomeCollected))
    assert GAME.narrate(state, income, None, False) == (
        "Gotham Opera House pays 2 information to each villain who rules it, but the reserves "
        "hold only 2 information."
    )
    before = fold(GAME, played[: played.index(income) + 1], state)
    paid = next(e for e in played if isinstance(e, ResourcesChanged))
    assert GAME.narrate(before, paid, None, False) == (
        "The Penguin gains 2 information (income); the reserves are now out of information."
    )
    state = fold(GAME, played, state)
    carried = events_of(state, 0, Move.of("carry_out"))
    assert _gains(carried) == []
    line = next(e for e in carried if isinstance(e, EffectCarriedOut))
    told = GAME.narrate(fold(GAME, carried[: carried.index(line)], state), line, None, False)
    assert told.endswith("but the reserves hold no information, so nothing is gained.")


@pytest.mark.parametrize(("left", "gained"), [(0, []), (1, [(1, 1, 0, "ability")])])
def test_an_ability_gain_at_the_start_of_a_turn_takes_what_the_reserves_hold(
    left: int, gained: list[tuple[int, int, int, str]]
) -> None:
    state = with_player(ready(["joker", "penguin"]), 1, abilities=("penguin-lounge-profits",))
    state = _reserves(at_step(state, "actions", moved=True), money=left, information=5)
    assert _gains(events_of(state, 0, Move.of("end_turn"))) == gained


def test_a_pack_whose_reserves_hold_less_than_the_starting_screens_is_refused() -> None:
    short = copy.deepcopy(RAW)
    short["reserves"]["money"] = 13  # the four villains start with 3 + 5 + 4 + 2
    with pytest.raises(ContentError, match=r"reserves.money: at least the 14 money the four"):
        parse_pack(short)
    unsourced = copy.deepcopy(RAW)
    del unsourced["reserves"]["source"]
    with pytest.raises(ContentError, match=r"reserves.source"):
        parse_pack(unsourced)
    silent = copy.deepcopy(RAW)
    del silent["reserves"]
    assert parse_pack(silent).reserves == Reserves()


def test_a_pack_stored_without_reserves_holds_the_boxs() -> None:
    """A game stored before rules version 13 keeps its pack as it was: it reads with the box's
    reserves, so it replays and can be played on."""
    stored = dict(to_json(PACK))  # type: ignore[arg-type]
    del stored["reserves"]
    stored["digest"] = "stored-before-reserves"
    read = from_json(Pack, stored)
    assert read.reserves is None and read.box == Reserves(80, 60)


def test_an_older_games_story_says_nothing_of_the_reserves_it_did_not_keep() -> None:
    """A game set up before rules version 13 paid every income in full, however much its
    screens held: its story is told as before, though the box's worth is behind them."""
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, hand=("plot-02",))
    state = with_player(state, 1, threats=blocks(gotham_opera_house=2))
    older = updated(state, pack=replace(PACK, reserves=None), reserve_information=-18)
    income = IncomeCollected(seat=None, card="plot-02")
    kept = _reserves(state, money=5, information=0)
    for table, note in ((older, ""), (kept, ", but the reserves hold no information")):
        told = GAME.narrate(table, income, None, False)
        assert told == f"Gotham Opera House pays 2 information to each villain who rules it{note}."
    paid = ResourcesChanged(seat=None, owner=1, money=0, information=2, reason="income")
    assert GAME.narrate(older, paid, None, False) == "The Penguin gains 2 information (income)."
