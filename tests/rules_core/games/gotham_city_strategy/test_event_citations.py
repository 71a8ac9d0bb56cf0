"""An event cites the rule it follows where its type serves several (rules version 4): a fight
between villains cites their fight (and the book's tie example on a tie), one with Batman his;
Batman sent back to the Batcave cites the fight he lost, to a block what his arrival does; the
henchmen sent home cite Batman's arrival, the move that made them flee or the card."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules_core.engine import GameEvent, Move
from rules_core.engine.codec import from_json, to_json
from rules_core.engine.upcasting import upcast
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.events import (
    BatmanMoved,
    FightResolved,
    GameStarted,
    ThreatRemoved,
    UnseenShuffled,
)
from rules_core.games.gotham_city_strategy.figure_events import HenchmenSentHome
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged
from rules_core.games.gotham_city_strategy.state import Decision
from rules_core.games.gotham_city_strategy.turn_events import LevelAdvanced
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    Dice,
    act,
    at_step,
    blocks,
    events_of,
    fight,
    ready,
    with_player,
)
from tests.rules_core.games.gotham_city_strategy.test_acts import asked
from tests.rules_core.games.gotham_city_strategy.test_rules import batman_fight, croc_against_joker


def cited(events: Sequence[GameEvent], kind: type[GameEvent]) -> list[str]:
    (event,) = [e for e in events if isinstance(e, kind)]
    assert set(event.cited()) <= {*kind.citations, *kind.may_cite}
    return [c.section for c in event.cited()]


def test_a_fight_between_villains_cites_their_fight_and_its_tie_the_books_example() -> None:
    state = act(croc_against_joker(), 0, Move.of("move"))
    to_ace = Move.of("move_villain", to=ACE)  # nothing else moves: done at once
    tie = events_of(state, 0, to_ace, Dice("1", "2"))  # 1 + 2 against 2 + 1
    assert cited(tie, FightResolved) == [
        "turn.fight-villains",
        "turn.fight-villains.example",
        "glossary.figures",
    ]
    won = events_of(state, 0, to_ace, Dice("3", "1"))
    assert cited(won, FightResolved) == ["turn.fight-villains", "glossary.figures"]


def test_a_fight_with_batman_cites_his_fight_and_a_beaten_batman_goes_home_by_it() -> None:
    _, lost = batman_fight(("1", "2"), henchmen=0, drawer_fights=False)
    assert cited(lost, FightResolved) == [
        "turn.fight-batman",
        "glossary.fight-value",
        "glossary.figures",
    ]
    arrival = [e for e in lost if isinstance(e, BatmanMoved)]
    assert [c.section for c in arrival[0].cited()] == [
        "turn.plot.batman-blocks",
        "turn.plot.bat-signal",
        "turn.plot.bat-signal.example",
        "glossary.block",
    ]
    _, won = batman_fight(("3", "1"), henchmen=1, drawer_fights=False)
    home = [e for e in won if isinstance(e, BatmanMoved) and e.target < 0]
    assert [c.section for c in home[0].cited()] == ["turn.plot.batman-blocks", "turn.fight-batman"]


def test_henchmen_sent_home_cite_batman_the_move_or_the_card_that_sends_them() -> None:
    by_batman = HenchmenSentHome(seat=None, block=ACE, spare=-1)
    assert cited([by_batman], HenchmenSentHome) == ["glossary.hideout", "turn.plot.bat-signal"]
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, information=2)
    state = with_player(state, 1, henchmen=blocks(ace_chemicals=1))
    moving = act(at_step(state, "actions"), 0, Move.of("move"))
    fled = events_of(moving, 0, Move.of("move_villain", to=ACE))  # done at once
    assert cited(fled, HenchmenSentHome) == ["glossary.hideout", "turn.move"]
    card = asked(state, Decision(seat=0, kind="send_home", must=True, candidates=(ACE,)))
    sent = events_of(card, 0, Move.of("send_home", block=ACE))
    assert cited(sent, HenchmenSentHome) == ["glossary.hideout", "turn.plot.effect.carry-out"]


def test_a_threat_removed_cites_batmans_arrival_his_won_fight_or_the_card() -> None:
    """Rules version 4: the removal says why (`by`) and cites that rule; a version 1 record
    (which did not say) reads as before, citing Batman's arrival as every removal then did."""
    state = ready(["two-face", "penguin"])
    state = with_player(state, 1, threats=blocks(ace_chemicals=4))
    state = with_player(state, 0, threats=blocks(ace_chemicals=1))  # whose: still a choice
    arrival = asked(state, Decision(seat=0, kind="remove_threats", count=3, block=ACE))
    removed = events_of(arrival, 0, Move.of("remove_threat", block=ACE, owner=1))
    assert cited(removed, ThreatRemoved) == [
        "glossary.threats",
        "glossary.order-value",
        "turn.plot.bat-signal",
    ]
    won = asked(state, Decision(seat=0, kind="remove_threats", count=2, block=ACE, must=True))
    removed = events_of(won, 0, Move.of("remove_threat", block=ACE, owner=1))
    assert cited(removed, ThreatRemoved) == [
        "glossary.threats",
        "glossary.order-value",
        "turn.fight-batman",
    ]
    penalty = asked(state, Decision(seat=1, kind="lose_threats", count=5, must=True))
    lost = events_of(penalty, 1, Move.of("lose_threat", block=ACE, owner=1))
    removals = [e for e in lost if isinstance(e, ThreatRemoved)]
    assert len(removals) == 4  # the first chosen, the other three then forced (fewer than 5)
    assert {e.by for e in removals} == {"card"}
    assert cited(removals[:1], ThreatRemoved) == ["glossary.threats", "turn.plot.effect.carry-out"]
    old = upcast(ThreatRemoved, {"owner": 1, "block": ACE}, 1)
    stored = from_json(ThreatRemoved, {**old, "seat": 0})
    assert isinstance(stored, ThreatRemoved) and stored.by == ""
    assert [c.section for c in stored.cited()] == ["glossary.order-value", "turn.plot.bat-signal"]


def test_money_and_information_changing_hands_cite_why() -> None:
    """An income cites the income and ruling rules, a card its carrying out, a level its check,
    a move its cost, an ability the ability; every change cites the tokens and the reserves."""
    state = with_player(ready(["joker", "penguin"]), 0, money=5, information=3)
    level = events_of(state, 0, Move.of("advance"))
    tokens = ["glossary.money", "glossary.information", "glossary.reserves"]
    assert cited(level[:1], ResourcesChanged) == [*tokens, "turn.level.verify"]
    move = events_of(at_step(state, "actions"), 0, Move.of("move"))
    assert cited(move[:1], ResourcesChanged) == [*tokens, "turn.move"]
    income = ResourcesChanged(seat=None, owner=0, money=2, information=0, reason="income")
    assert cited([income], ResourcesChanged) == [
        *tokens,
        "turn.plot.income",
        "glossary.income",
        "glossary.ruling",
        "two-player",
    ]
    card = ResourcesChanged(seat=None, owner=0, money=-1, information=0, reason="card")
    assert cited([card], ResourcesChanged)[3:] == [
        "turn.plot.effect.carry-out",
        "glossary.resource",
    ]


def test_a_level_advanced_leads_with_the_verification_not_the_heading_over_it() -> None:
    """Rules version 12: 'turn.level' only heads its verification and ability sections."""
    state = with_player(ready(["joker", "penguin"]), 0, money=5, information=3)
    advanced = events_of(state, 0, Move.of("advance"))
    assert cited(advanced, LevelAdvanced) == [
        "turn.level.verify",
        "turn.level.verify.example",
        "glossary.level",
    ]


def test_the_set_up_and_a_forks_new_deal_cite_no_bare_heading() -> None:
    """Rules version 12: the set-up cites the villains' glossary entry, not the glossary's
    heading; a fork's new deal cites the set-up's sections."""
    started = GAME.setup(2, {}, random.Random(1))[0]
    assert isinstance(started, GameStarted)
    setup = ["setup", "components", "glossary.villain"]
    assert [c.section for c in started.cited()] == setup
    dealt = UnseenShuffled(seat=None, places=(), cards=())
    assert [c.section for c in dealt.cited()] == setup


AS_STORED = ["setup", "components", "glossary", "glossary.villain"]


@pytest.mark.parametrize(
    ("event", "sections"),
    [
        (
            LevelAdvanced(seat=0, level=2),
            ["turn.level", "turn.level.verify", "turn.level.verify.example", "glossary.level"],
        ),
        (GAME.setup(2, {}, random.Random(1))[0], AS_STORED),
        (UnseenShuffled(seat=None, places=(), cards=()), AS_STORED),
        (fight(), ["glossary.figures", "turn.fight-batman", "glossary.fight-value"]),
    ],
    ids=lambda v: getattr(v, "type", ""),
)
def test_an_event_stored_before_rules_version_12_keeps_the_citations_it_was_stored_with(
    event: GameEvent, sections: list[str]
) -> None:
    """Its citations are hashed with it in its row: the record of the version before reads as
    `old_citations`, so an older game replays and is served with what it was played with."""
    kind = type(event)
    data = to_json(event)
    assert isinstance(data, dict) and data.pop("old_citations") is False
    del data["seat"]
    old = from_json(kind, {**upcast(kind, data, kind.version - 1), "seat": event.seat})
    assert [c.section for c in old.cited()] == sections
    assert [c.section for c in event.cited()] != sections
