"""Gotham Race: a deck that runs out is refilled from the played cards at once
('questions.decks-exhausted'), within the move that emptied it, so no head (where moves are
posted) has a deck waiting for its refill. The version between the two lies inside a move: the
service's state view names nobody there, as inside any move of any game
(tests/api/test_games.py); rules version 5 had the game itself say so, a check since dropped."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine import fold
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_race import GAME, track
from rules_core.games.gotham_race.events import CardDrawn, CardPlaced, DecksReplenished
from rules_core.games.gotham_race.rules import refill_due
from rules_core.games.gotham_race.state import RaceState

A, B, C, D = 0, 1, 2, 3


def _start(players: int) -> RaceState:
    return fold(GAME, GAME.setup(players, {}, random.Random(1)))


def _decide(state: RaceState, seat: int, move: Move) -> list[GameEvent]:
    events = GAME.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return events


def test_nobody_places_between_a_deck_running_out_and_its_refill() -> None:
    state = _start(2)
    state = replace(
        state, decks=(state.decks[0], ("2-01",), *state.decks[2:]), discard=("2-05", "3-04")
    )
    events = _decide(state, 0, Move.of("draw", deck=2))
    assert [type(e) for e in events] == [CardDrawn, DecksReplenished]
    between = GAME.evolve(state, events[0])
    assert between.decks[1] == () and between.discard and refill_due(between)
    after = GAME.evolve(between, events[1])
    assert not refill_due(after)
    assert after.decks[1] == ("2-05",) and after.discard == ()
    assert GAME.to_act(after) == frozenset({0})
    assert Move.of("place", card="2-01") in GAME.legal_moves(after, 0)


def test_an_ownerless_figure_emptying_a_deck_is_followed_by_the_refill_before_anyone_acts() -> None:
    """Two players: A (last) places, then C, without a player, places the last card of deck 3
    (its position); the refill follows before B, second, is asked to draw."""
    state = _start(2)
    xs, lanes = (0, 5, 3, 9), (0, 0, 0, 0)
    state = replace(
        state,
        xs=xs,
        lanes=lanes,
        order=track.placement_order(xs, lanes),
        round=5,
        decks=(state.decks[0], state.decks[1], ("3-01",), state.decks[3]),
        discard=("3-09",),
    )
    assert state.order == (A, C, B, D) and GAME.to_act(state) == {0}
    drawn = fold(GAME, _decide(state, 0, Move.of("draw", deck=1)), state)
    events = _decide(drawn, 0, Move.of("place", card=drawn.hands[0][0]))
    assert [type(e) for e in events] == [CardPlaced, CardPlaced, DecksReplenished]
    between = fold(GAME, events[:2], drawn)
    assert between.current_figure == B and between.decks[2] == () and refill_due(between)
    after = fold(GAME, events[2:], between)
    assert after.decks[2] == ("3-09",) and GAME.to_act(after) == {1}


def test_no_move_ends_with_a_deck_waiting_for_its_refill() -> None:
    """The race's own steps (the ownerless figures' cards, the refill, the cards carried out,
    the next round) come in the move that calls for them: after every move of random games of
    one to four players no deck waits for its refill, and the refill comes in the move whenever
    one did part-way through it."""
    refills = 0
    for seed in range(16):
        rng = random.Random(seed)
        players = 1 + seed % 4
        state = fold(GAME, GAME.setup(players, {}, random.Random(seed)))
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            (seat,) = GAME.to_act(state)
            events = _decide(state, seat, rng.choice(GAME.legal_moves(state, seat)))
            between = state
            for event in events[:-1]:
                between = GAME.evolve(between, event)
                refills += refill_due(between)
            state = fold(GAME, events[-1:], between)
            assert not refill_due(state), (seed, [e.type for e in events])
    assert refills > 0
