"""Rules version 10: a decision whose one legal answer the map settles is the game's own step,
by nobody (turns.answer_unasked); with two answers it stays asked."""

from __future__ import annotations

import random

from rules_core.engine import GameEvent
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME, turns
from rules_core.games.gotham_city_strategy.content import Op
from rules_core.games.gotham_city_strategy.events import ThreatRemoved
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    HenchmenSentHome,
)
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import GcsState, Line
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    PACK,
    at_step,
    blocks,
    ready,
    with_player,
)

HALL, UNION = PACK.block_index("city-hall"), PACK.block_index("union-station")


def read_out(state: GcsState, op: Op) -> GcsState:
    """The Joker's card about to carry out its line `op`."""
    state = at_step(state, "resolve", chosen=True, played="plot-01")
    return updated(state, program=(Line("plot-01", 0, op),))


def carried_out(state: GcsState, op: Op) -> tuple[GcsState, list[GameEvent]]:
    """The Joker's card line `op` read out, and the game's steps until someone must decide."""
    run = Run(read_out(state, op))
    turns.advance(run, random.Random(0))
    return run.state, run.events


def joker_and_penguin() -> GcsState:
    return ready(["joker", "penguin"])


def test_a_cards_henchmen_sent_home_from_its_one_block_go_unasked() -> None:
    state = with_player(joker_and_penguin(), 1, henchmen=blocks(city_hall=2))
    after, events = carried_out(state, Op("send_home"))
    sent = [e for e in events if isinstance(e, HenchmenSentHome)]
    assert sent == [HenchmenSentHome(seat=None, block=HALL, spare=0, by="card")]
    assert sent[0].cited()[-1].section == "turn.plot.effect.carry-out"
    assert after.players[1].hideout_henchmen == 2 and not after.pending
    told = GAME.narrate(state, sent[0], None, False)
    assert told == "Every henchman on Gotham City Hall except The Joker's goes back to its " + (
        "hideout (the card's one block)."
    )
    two = with_player(state, 1, henchmen=blocks(city_hall=2, ace_chemicals=1))
    after, events = carried_out(two, Op("send_home"))
    assert not any(isinstance(e, HenchmenSentHome) for e in events)
    assert after.pending[0].kind == "send_home" and after.pending[0].seat == 0


def test_a_henchman_lost_where_all_the_losers_stand_goes_unasked() -> None:
    state = with_player(joker_and_penguin(), 1, henchmen=blocks(ace_chemicals=2))
    after, events = carried_out(state, Op("others_lose", 1, "henchman"))
    assert [e for e in events if isinstance(e, HenchmanLost)] == [
        HenchmanLost(seat=None, owner=1, source=ACE)
    ]
    assert after.players[1].henchmen[ACE] == 1 and not after.pending
    split = with_player(state, 1, hideout_henchmen=1)
    after, events = carried_out(split, Op("others_lose", 1, "henchman"))
    assert not any(isinstance(e, HenchmanLost) for e in events)
    assert after.pending[0].kind == "lose_henchman" and after.pending[0].seat == 1


def test_a_cards_henchman_put_on_the_one_block_that_takes_it_goes_unasked() -> None:
    """Midtown: Batman on Ace Chemicals and the Penguin's henchmen on City Hall and Monarch
    Theatre leave Union Station alone for the Joker's henchman."""
    state = with_player(joker_and_penguin(), 1, henchmen=blocks(city_hall=1, monarch_theatre=1))
    state = updated(with_player(state, 0, hideout_henchmen=1), batman_at=ACE)
    after, events = carried_out(state, Op("place_henchmen", 1, district="midtown"))
    placed = [e for e in events if isinstance(e, HenchmanPlaced)]
    assert placed == [HenchmanPlaced(seat=None, block=UNION)]
    assert after.players[0].henchmen[UNION] == 1 and after.players[0].hideout_henchmen == 0
    assert GAME.narrate(state, placed[0], None, False) == (
        "The Joker's henchman goes to Union Station, the one block that can take it."
    )


def told(state: GcsState, op: Op, events: list[GameEvent]) -> list[str]:
    """Each event of carrying out `op` as the table reads it, told from the state before it."""
    state, stories = read_out(state, op), []
    for event in events:
        stories.append(GAME.narrate(state, event, None, False))
        state = GAME.evolve(state, event)
    return stories


def test_a_threat_the_game_removes_says_why_no_choice_was_left() -> None:
    """A new player read "The Penguin's threat on Ace Chemicals is removed." by nobody with
    nothing saying why nobody chose: the story says all had to go (turns.remove_all), or that
    only that villain's threats on that block could (turns.answer_unasked)."""
    lose_one = Op("others_lose", 1, "threats")
    one = with_player(joker_and_penguin(), 1, threats=blocks(ace_chemicals=1))
    after, events = carried_out(one, lose_one)
    removed = [e for e in events if isinstance(e, ThreatRemoved)]
    assert removed == [ThreatRemoved(seat=None, owner=1, block=ACE, by="card")]
    assert after.players[1].threats[ACE] == 0 and not after.pending
    assert "The Penguin's threat on Ace Chemicals is removed: no more are left than must go, " + (
        "so all of them go."
    ) in told(one, lose_one, events)
    two = with_player(joker_and_penguin(), 1, threats=blocks(ace_chemicals=2))
    after, events = carried_out(two, lose_one)
    assert [e for e in events if isinstance(e, ThreatRemoved)] == removed
    assert after.players[1].threats[ACE] == 1 and not after.pending
    assert "The Penguin's threat on Ace Chemicals is removed: only The Penguin's threats " + (
        "there can go."
    ) in told(two, lose_one, events)
