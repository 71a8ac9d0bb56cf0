"""Who sees what at the table (glossary.money, glossary.information, turn.plot.effect.carry-out):
taking, paying and giving are done in the open, only the totals behind a screen are hidden, and a
player who cannot give all that is asked lifts the screen for the table."""

from __future__ import annotations

import random

from rules_core.engine import Move
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME, turns
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.content import Op
from rules_core.games.gotham_city_strategy.language import narrate
from rules_core.games.gotham_city_strategy.resource_events import (
    ResourcesChanged,
    ScreenShown,
    Stolen,
)
from rules_core.games.gotham_city_strategy.run import Run
from rules_core.games.gotham_city_strategy.state import GcsState, Line
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    Dice,
    act,
    at_step,
    events_of,
    ready,
    with_player,
)
from tests.rules_core.json_shapes import objs


def test_paying_for_a_level_is_public_but_the_totals_stay_behind_the_screen() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, money=5)
    events = events_of(state, 0, Move.of("advance"))  # pays 2 money, in the open
    paid = next(e for e in events if isinstance(e, ResourcesChanged))
    for viewer in (0, 1, None):
        assert GAME.redact(paid, viewer, finished=False)["money"] == -2
    assert narrate(state, paid, 1, reveal=False) == "The Joker pays 2 money (paying for a level)."
    after = act(state, 0, Move.of("advance"))
    assert objs(GAME.view(after, 1)["players"])[0]["money"] is None
    assert objs(GAME.view(after, 0)["players"])[0]["money"] == 3


def collecting(money: tuple[int, int, int]) -> tuple[GcsState, list[object]]:
    """The Joker carries out 'each other player gives you 2 money'."""
    state = ready(["joker", "penguin", "two-face"])
    for seat, amount in enumerate(money):
        state = with_player(state, seat, money=amount)
    state = at_step(state, "resolve", chosen=True, played="plot-01")
    state = updated(state, program=(Line("plot-01", 0, Op("collect", 2, "money")),))
    run = Run(state)
    turns.advance(run, random.Random(0))
    return run.state, list(run.events)


def test_a_player_short_of_what_a_card_asks_shows_the_screen_and_gives_what_they_have() -> None:
    state, events = collecting((0, 1, 5))
    assert [p.money for p in state.players] == [3, 0, 3]
    shown = [e for e in events if isinstance(e, ScreenShown)]
    assert [(e.owner, e.money, e.information) for e in shown] == [
        (1, 1, state.players[1].information)
    ]
    assert GAME.redact(shown[0], 0, finished=False)["money"] == 1  # to the whole table
    assert "lifts the screen: 1 money" in narrate(state, shown[0], 2, reveal=False)


def test_a_screen_lifted_on_nothing_reads_no_money_not_0_money() -> None:
    """A walk through the API read "The Joker is short and lifts the screen: 0 money, 4
    information": none is told as "no money"."""
    state = ready(["joker", "penguin"])
    empty = ScreenShown(seat=None, owner=0, money=0, information=4)
    assert narrate(state, empty, 1, reveal=False) == (
        "The Joker is short and lifts the screen: no money, 4 information."
    )
    broke = ScreenShown(seat=None, owner=0, money=2, information=0)
    assert narrate(state, broke, 1, reveal=False).endswith(": 2 money, no information.")


def test_a_player_with_enough_keeps_the_screen_down() -> None:
    _, events = collecting((0, 2, 5))
    assert not [e for e in events if isinstance(e, ScreenShown)]


def umbrella_win(victim_money: int, victim_information: int) -> GcsState:
    """The Penguin, with the Hypnotizing Umbrella, beats the Joker on Ace Chemicals."""
    state = ready(["penguin", "joker"])
    state = with_player(state, 0, abilities=("penguin-hypnotizing-umbrella",), information=1)
    state = with_player(
        state, 1, villain_at=ACE, money=victim_money, information=victim_information
    )
    state = at_step(state, "actions")
    state = act(state, 0, Move.of("move"))
    state = act(state, 0, Move.of("move_villain", to=ACE), Dice("3", "1"))  # done at once
    decision = current(state)
    assert decision is not None and decision.kind == "steal" and decision.victim == 1
    return state


def test_the_hypnotizing_umbrella_takes_what_is_named_else_what_the_victim_has() -> None:
    state = umbrella_win(victim_money=1, victim_information=4)
    thief = state.players[0]
    events = events_of(state, 0, Move.of("steal", resource="money"))
    assert [type(e) for e in events] == [Stolen]
    state = act(state, 0, Move.of("steal", resource="money"))
    # no money left: the Joker shows the screen and gives information instead
    events = events_of(state, 0, Move.of("steal", resource="money"))
    assert [type(e) for e in events] == [ScreenShown, Stolen]
    stolen = events[1]
    assert isinstance(stolen, Stolen) and stolen.resource == "information"
    state = act(state, 0, Move.of("steal", resource="money"))
    assert (state.players[0].money, state.players[0].information) == (
        thief.money + 1,
        thief.information + 1,
    )
    assert (state.players[1].money, state.players[1].information) == (0, 3)
    decision = current(state)
    assert decision is not None and decision.kind == "place_threats"


def test_stealing_from_a_villain_with_nothing_ends_at_once() -> None:
    state = umbrella_win(victim_money=0, victim_information=0)
    events = events_of(state, 0, Move.of("steal", resource="information"))
    assert [type(e) for e in events] == [ScreenShown, Stolen]
    stolen = events[1]
    assert isinstance(stolen, Stolen) and stolen.amount == 0
    state = act(state, 0, Move.of("steal", resource="information"))
    decision = current(state)
    assert decision is not None and decision.kind == "place_threats"
