"""No Man's Land: the steps the game carries out itself within one move name nobody to act
(rules version 9). A state view shows every version, part-way through a move too; where one
named a player, it offered him moves the book forbids there: the extra counters of his income
phase a second time, a game going on once the supply could not give a counter he had to take,
a start of turn passing with the crime Oracle's Tip turns up still face down."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine import fold
from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, GameEvent, Move
from rules_core.games.no_mans_land.citations import BOOK, FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CountersTaken,
    CrimeRevealed,
    ExtraCountersChosen,
    GameFinished,
    PhaseBegan,
    SignalPlayed,
)
from rules_core.games.no_mans_land.state import NmlState
from rules_core.games.no_mans_land.turns import falcone_stuck
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    before_falcones_turn,
    crimes,
    decide,
    each_state,
    opening,
    refused,
)


def _part_way(state: NmlState, events: list[GameEvent]) -> list[tuple[str, NmlState]]:
    """The state after each of a move's events but its last (the versions inside the move)."""
    return each_state(state, events)[:-1]


def test_nobody_is_named_to_act_part_way_through_any_move_of_played_games() -> None:
    """sequence-of-play: a player acts between moves, not between the steps of one; at every
    version inside a move of random games nobody is to act and nobody is offered a move."""
    for seed in range(12):
        rng = random.Random(seed)
        state = fold(GAME, GAME.setup(2, {}, random.Random(seed)))
        for _ in range(600):
            if GAME.outcome(state) is not None:
                break
            (seat,) = GAME.to_act(state)
            move = rng.choice(GAME.legal_moves(state, seat))
            events = decide(state, seat, move)
            for kind, between in _part_way(state, events):
                if falcone_stuck(between):  # his movement's end follows (rules version 10)
                    _stuck_as_in_version_9(between)
                    continue
                assert GAME.to_act(between) == frozenset(), (seed, move, kind)
                assert GAME.legal_moves(between, FALCONE) == [], (seed, move, kind)
                assert GAME.legal_moves(between, GORDON) == [], (seed, move, kind)
            state = fold(GAME, events, state)


def _stuck_as_in_version_9(between: NmlState) -> None:
    """A version inside a move whose end ends Falcone's movement phase unasked (rules version
    10: turns.falcone_stuck) names him with "end" offered, as a state of version 9 did: a game
    stored under version 9 that waits there for his "end" must still be playable."""
    assert GAME.to_act(between) == {FALCONE}
    assert GAME.legal_moves(between, FALCONE) == [Move.of("end")]
    assert decide(between, FALCONE, Move.of("end"))[0].type == "phase_began"


def test_falcone_chooses_his_extra_counters_once_an_income_phase() -> None:
    """income-phase: one extra counter for each crime at a C+1 district, once. At the version
    between his choice and his movement phase he is not asked again, and a second choice is
    refused saying he has made it."""
    state = before_falcones_turn(crimes=crimes(("city-hall", "racket-1", False)), supply=20)
    waiting = fold(GAME, decide(state, GORDON, Move.of("end")), state)
    assert GAME.legal_moves(waiting, FALCONE) == [Move.of("extra", counters=n) for n in (1, 0)]
    events = decide(waiting, FALCONE, Move.of("extra", counters=1))
    assert [type(e) for e in events] == [ExtraCountersChosen, PhaseBegan]
    ((_, chosen),) = _part_way(waiting, events)
    assert chosen.flow.step == "income" and chosen.extra_chosen
    assert GAME.to_act(chosen) == frozenset() and GAME.legal_moves(chosen, FALCONE) == []
    again = refused(chosen, FALCONE, Move.of("extra", counters=1))
    assert (again.code, again.message) == (
        "no_extra_on_offer",
        "You have chosen your extra counters this income phase: your movement phase comes next.",
    )
    moving = fold(GAME, events[1:], chosen)
    assert moving.flow.step == "movement" and GAME.to_act(moving) == {FALCONE}
    # a new turn offers them again
    began = GAME.evolve(moving, PhaseBegan(seat=None, player=FALCONE, phase="start"))
    assert not began.extra_chosen


def test_a_gain_the_supply_cannot_give_ends_the_game_with_nobody_playing_on() -> None:
    """ending-the-game.counters-exhausted: Protection Racket played face up with the supply
    empty requires a counter none remains to give; at the version before the end is told the
    counter is still owed, nobody is to act, and a move is refused saying why."""
    state = replace(
        opening(),
        falcone_hand=("racket-1", "thug-1"),
        counters=2,
        supply=0,
    )
    events = decide(
        state, FALCONE, Move.of("crime", card="racket-1", district="heights", face_down=False)
    )
    assert isinstance(events[-2], CountersTaken) and isinstance(events[-1], GameFinished)
    *_, (kind, short) = _part_way(state, events)
    assert kind == "counters_taken" and short.gain_owed == 1 and not short.over
    assert GAME.to_act(short) == frozenset()
    assert GAME.legal_moves(short, FALCONE) == []
    answer = refused(short, FALCONE, Move.of("end"))
    assert (answer.code, answer.message) == (
        "gain_pending",
        "The supply cannot give the 1 corruption counter Protection Racket gives: Falcone's "
        "supply is exhausted, and Gordon wins.",
    )
    assert Citation(BOOK, "ending-the-game.counters-exhausted") in answer.citations
    over = fold(GAME, events[-1:], short)
    assert over.over and GAME.outcome(over) is not None


def test_oracles_tip_and_the_crime_it_turns_up_are_one_step() -> None:
    """start-of-turn-phase: a card played then does what it says as it is played. Between
    Oracle's Tip and the crime it turns face up Gordon is not asked (before, he was offered to
    end his start of turn there, the crime still face down); every move is refused."""
    state = replace(
        opening(),
        flow=Flow("gordon", "start", GORDON),
        signal_hand=("oracle-1", "oracle-2"),
        crimes=crimes(("docks", "heist-1", True)),
    )
    events = decide(state, GORDON, Move.of("signal", card="oracle-1", district="docks"))
    assert [type(e) for e in events[:2]] == [SignalPlayed, CrimeRevealed]
    between = GAME.evolve(state, events[0])
    assert between.revealing == "docks" and between.crime_at("docks").face_down
    assert GAME.to_act(between) == frozenset() and GAME.legal_moves(between, GORDON) == []
    answer = refused(between, GORDON, Move.of("end"))
    assert (answer.code, answer.message) == (
        "reveal_pending",
        "Oracle's Tip first turns the crime at the Docks face up.",
    )
    after = GAME.evolve(between, events[1])
    assert after.revealing == "" and not after.crime_at("docks").face_down
    assert GAME.to_act(after) == {GORDON}
