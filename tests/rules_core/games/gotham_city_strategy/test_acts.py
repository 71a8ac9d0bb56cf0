"""What City Strategy's moves write at the table (moves.py's acts): each in the name of its
player, a free move paying nothing, a theft falling back to the other resource, the tenth level
ending the game."""

from __future__ import annotations

from rules_core.engine import Move
from rules_core.games.gotham_city_strategy.events import (
    GameFinished,
    MovementBegan,
    MovePlanned,
    ResourcesChanged,
    ScreenShown,
    Stolen,
)
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    act,
    at_step,
    events_of,
    ready,
    with_player,
)
from tests.rules_core.games.gotham_city_strategy.test_screens import umbrella_win


def test_paying_for_a_level_and_for_a_move_are_made_in_the_players_name() -> None:
    state = with_player(ready(["joker", "penguin"]), 0, money=5, information=3)
    paid = events_of(state, 0, Move.of("advance"))[0]
    assert isinstance(paid, ResourcesChanged) and (paid.seat, paid.owner) == (0, 0)
    events = events_of(at_step(state, "actions"), 0, Move.of("move"))
    assert events[:2] == [
        ResourcesChanged(seat=0, owner=0, money=0, information=-1, reason="move"),
        MovementBegan(seat=0),
    ]


def test_a_villain_with_a_free_move_ability_pays_no_information_to_move() -> None:
    state = ready(["two-face", "joker"])
    state = with_player(state, 0, abilities=("two-face-courthouse-contacts",), information=3)
    events = events_of(at_step(state, "actions"), 0, Move.of("move"))
    assert events[0] == MovementBegan(seat=0)
    assert not [e for e in events if isinstance(e, ResourcesChanged)]


def test_planned_moves_are_made_in_the_players_name() -> None:
    state = with_player(ready(["joker", "penguin"]), 0, information=3)
    state = act(at_step(state, "actions"), 0, Move.of("move"))
    planned = events_of(state, 0, Move.of("move_villain", to=ACE))
    assert [(type(e), e.seat) for e in planned[:1]] == [(MovePlanned, 0)]


def test_a_theft_of_information_from_a_villain_without_any_takes_his_last_money() -> None:
    state = umbrella_win(victim_money=1, victim_information=0)
    events = events_of(state, 0, Move.of("steal", resource="information"))
    assert [type(e) for e in events] == [ScreenShown, Stolen]
    assert events[1] == Stolen(seat=0, victim=1, resource="money", amount=1)


def test_reaching_the_tenth_level_ends_the_game_for_that_reason() -> None:
    state = with_player(ready(["joker", "penguin"]), 0, level=9, money=30, information=30)
    events = events_of(state, 0, Move.of("advance"))
    assert GameFinished(seat=None, winners=(0,), reason="level 10") in events
