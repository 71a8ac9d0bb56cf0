"""Rules version 21: a heroes' seat with nothing to do in the heroes' actions but end them is
not asked to (heroes_actions.heroes_rest): its actions end as the game's own step
(`heroes_actions_ended`, by nobody, told why). Chronicles keeps nothing hidden, so not asking
tells nobody anything. Until rules version 27 a seat that could wait for another seat's actions
stayed asked; since, it is asked again once another hero's action opens one to it
(heroes_actions.heroes_reopened), so it is not kept waiting."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.citations import BOOK
from rules_core.games.gotham_city_chronicles.events import (
    HeroesActionsEnded,
    HeroesFinished,
    HeroesTurnEnded,
)
from rules_core.games.gotham_city_chronicles.heroes_actions import heroes_rest
from rules_core.games.gotham_city_chronicles.moves import to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    fold,
    started,
)

FINISH = Move.of("finish")


def decided(state: GccState, seat: int, move: Move) -> tuple[GccState, list[GameEvent]]:
    """The move as the game decides it (GameSpec.decide: with the steps it takes after it)."""
    events = GAME.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return fold(state, events), events


def stance(state: GccState, hero: str, taken: str) -> tuple[GccState, list[GameEvent]]:
    return decided(state, state.hero(hero).seat, Move.of("stance", hero=hero, stance=taken))


def test_a_seat_whose_heroes_all_rest_is_not_asked_to_end_its_actions() -> None:
    """Three seats: Gordon (seat 2) rests; once Batman and Montoya (seat 1) have declared,
    seat 2's actions end in that move and seat 1 plays on."""
    state, events = stance(started(3), "commissioner-gordon", "resting")
    assert not any(isinstance(e, HeroesActionsEnded) for e in events)  # stances to come
    state, _ = stance(state, "batman", "active")
    before = state
    state, events = stance(state, "renee-montoya", "active")
    finished = events[-1]
    assert finished == HeroesActionsEnded(seat=None, player=2, resting=True)
    assert [c.section for c in finished.cited()] == ["v-b-3-b", "v-b-4", "v-b-5"]
    assert all(c.book == BOOK for c in finished.cited())
    assert state.done == (2,) and to_act(state) == {1}
    told = GAME.narrate(fold(before, events[:-1]), finished, None, False)
    assert told == "Commissioner Gordon rests: Commissioner Gordon's actions end for this turn."
    # before version 21 the seat was asked, its one move ending them
    assert GAME.legal_moves(fold(before, events[:-1]), 2) == [FINISH]


def test_when_every_hero_rests_the_heroes_turn_ends_in_the_last_stances_move() -> None:
    state, _ = stance(started(), "batman", "resting")
    state, _ = stance(state, "commissioner-gordon", "resting")
    last, events = stance(state, "renee-montoya", "resting")
    kinds = [type(e) for e in events]
    assert kinds[1:3] == [HeroesActionsEnded, HeroesTurnEnded]
    assert events[1] == HeroesActionsEnded(seat=None, player=1, resting=True)
    assert last.flow.phase == "villain"
    words = GAME.narrate(fold(state, events[:1]), events[1], 1, False)
    assert words == "The heroes all rest: their actions end for this turn."


def test_the_last_seat_left_with_only_the_end_of_its_actions_is_not_asked() -> None:
    """Seat 2's Gordon is active with no cube in reserve: nothing to do. Once seat 1 finishes,
    seat 2's actions end in the same move, and with them the heroes' turn."""
    state = all_active(started(3))
    gordon = state.hero("commissioner-gordon")
    state = state.with_hero(replace(gordon, zones=replace(gordon.zones, reserve=0)))
    state = replace(state, done=(2,))
    after, events = decided(state, 1, FINISH)
    assert events[:2] == [HeroesFinished(seat=1), HeroesTurnEnded(seat=None)]
    assert after.flow.phase == "villain"


def test_a_seat_with_nothing_to_do_is_not_asked_while_another_acts() -> None:
    """Rules version 27: seat 2's Gordon is active with no cube in reserve, nothing to do.
    Before, seat 2 stayed asked while seat 1 still acted (it could wait for what seat 1 does);
    since a finished seat is asked again once another hero's action opens one to it
    (test_turns.py), its actions end at once, told why; seat 1 plays on, and its finish ends
    the heroes' turn."""
    state = all_active(started(3))
    gordon = state.hero("commissioner-gordon")
    state = state.with_hero(replace(gordon, zones=replace(gordon.zones, reserve=0)))
    assert GAME.legal_moves(state, 2) == [FINISH] and to_act(state) == {1, 2}
    events = heroes_rest(state, random.Random(0))
    ended = HeroesActionsEnded(seat=None, player=2, resting=False)
    assert events == [ended]
    assert [c.section for c in ended.cited()] == ["v-b-4", "v-b-5"]
    assert GAME.narrate(state, ended, None, False) == (
        "Commissioner Gordon can take no more actions: Commissioner Gordon's actions end for "
        "this turn."
    )
    state = fold(state, events)
    assert to_act(state) == {1}
    after, events = decided(state, 1, FINISH)
    assert HeroesTurnEnded(seat=None) in events and after.flow.phase == "villain"


def test_a_seat_left_alone_once_a_resting_seat_is_done_is_not_asked_either() -> None:
    """Seat 1's Batman and Montoya are active with every cube in fatigue and their movement
    taken (a state built for the test): nothing to do, but while seat 2 is to act, seat 1
    could wait; once Gordon's resting seat is done, seat 1 is the last, and its
    actions end in the same move, then the heroes' turn."""
    state, _ = stance(started(3), "batman", "active")
    state, _ = stance(state, "renee-montoya", "active")
    for hero in ("batman", "renee-montoya"):
        figure = state.hero(hero)
        tired = replace(figure.zones, reserve=0, fatigue=figure.zones.reserve)
        state = state.with_hero(replace(figure, zones=tired, moved=True))
    after, events = stance(state, "commissioner-gordon", "resting")
    assert events[1:3] == [
        HeroesActionsEnded(seat=None, player=2, resting=True),
        HeroesActionsEnded(seat=None, player=1, resting=False),
    ]
    assert isinstance(events[3], HeroesTurnEnded) and after.flow.phase == "villain"
    words = GAME.narrate(fold(state, events[:2]), events[2], None, False)
    assert words == (
        "Batman and Renee Montoya can take no more actions: their actions end for this turn."
    )
