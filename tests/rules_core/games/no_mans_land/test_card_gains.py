"""No Man's Land: the counters a crime played face up gives (Protection Racket's gain), told
with the card's name and taken in the same step as the crime: nobody acts in between."""

from __future__ import annotations

from dataclasses import replace

from rules_core.engine import fold
from rules_core.engine.types import GameEvent, Move
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import CountersTaken, CrimeCommitted, GameFinished
from rules_core.games.no_mans_land.state import NmlState
from tests.rules_core.games.no_mans_land.helpers import GAME, decide, opening, refused

RACKET = Move.of("crime", card="racket-1", district="heights", face_down=False)


def _racket_played(counters: int, supply: int) -> tuple[NmlState, list[GameEvent]]:
    """Falcone in his movement phase plays Protection Racket face up: the state once the crime
    is in play, before its counter is taken, and the move's events."""
    state = replace(
        opening(), falcone_hand=("racket-1", "thug-1"), counters=counters, supply=supply
    )
    events = decide(state, FALCONE, RACKET)
    assert isinstance(events[0], CrimeCommitted)
    return GAME.evolve(state, events[0]), list(events)


def test_the_counters_a_card_gives_are_told_with_the_cards_name() -> None:
    """corruption-counters: what a card makes Falcone take is told as that card's, in words,
    the same to both seats (the crime is face up)."""
    before, events = _racket_played(counters=1, supply=20)
    taken = events[1]
    assert isinstance(taken, CountersTaken) and not taken.income
    for seat in (FALCONE, GORDON, None):
        assert GAME.narrate(before, taken, seat, False) == (
            "Falcone takes 1 corruption counter from Protection Racket; 19 left in the supply."
        )
    short, events = _racket_played(counters=1, supply=0)
    assert isinstance(events[-1], GameFinished)
    assert GAME.narrate(short, events[1], GORDON, False) == (
        "Falcone must take 1 corruption counter from Protection Racket but the supply is empty."
    )


def test_nobody_acts_between_a_crime_played_face_up_and_its_gain() -> None:
    """corruption-counters, the movement phase: the Racket's counter comes with it, so at the
    version between the two nobody is asked to move, nor offered moves priced without the
    counter; once it is taken Falcone plays on with it."""
    between, events = _racket_played(counters=1, supply=20)
    assert between.counters == 0 and between.gain_owed == 1
    assert GAME.to_act(between) == frozenset()
    assert GAME.legal_moves(between, FALCONE) == [] == GAME.legal_moves(between, GORDON)
    answer = refused(between, FALCONE, Move.of("end"))
    assert answer.code == "gain_pending"
    assert answer.message == (
        "Falcone must first take the 1 corruption counter Protection Racket gives."
    )
    after = fold(GAME, events[1:], between)
    assert after.gain_owed == 0 and after.counters == 1
    assert GAME.to_act(after) == frozenset({FALCONE})
    offered = GAME.legal_moves(after, FALCONE)
    assert any(m.type == "recruit" and m.get("card") == "thug-1" for m in offered)


def test_a_crime_played_face_down_owes_nothing_so_falcone_plays_on() -> None:
    # a card and a counter left (rules version 10: with neither, the phase ends unasked)
    state = replace(opening(), falcone_hand=("racket-1", "thug-1"), counters=4, supply=20)
    down = Move.of("crime", card="racket-1", district="heights", face_down=True)
    after = fold(GAME, decide(state, FALCONE, down), state)
    assert after.gain_owed == 0 and GAME.to_act(after) == frozenset({FALCONE})


def test_a_cards_gain_reads_as_counters_taken_from_the_supply() -> None:
    """corruption-counters: Falcone takes his counters from the supply (and loses when it is
    empty), so the card says so in the game's words, not 'gain 1 corruption'."""
    racket = opening().pack.card("racket-1")
    assert racket.text == (
        "crime, cost 1, strength 1; when played face up, Falcone takes 1 corruption counter "
        "from the supply"
    )


def test_a_gain_the_supply_can_just_give_is_owed_and_one_it_cannot_ends_the_game() -> None:
    """ending-the-game.counters-exhausted: only a take the supply cannot give ends the game; a
    supply holding exactly the card's counter gives it, so a move before it is refused as
    waiting for the counter (corruption-counters, the movement phase), not as the game's end."""
    exact, _ = _racket_played(counters=1, supply=1)
    answer = refused(exact, FALCONE, Move.of("end"))
    assert (answer.code, answer.message) == (
        "gain_pending",
        "Falcone must first take the 1 corruption counter Protection Racket gives.",
    )
    assert tuple(c.section for c in answer.citations) == (
        "corruption-counters",
        "sequence-of-play.falcones-turn.movement",
    )
    short, _ = _racket_played(counters=1, supply=0)
    answer = refused(short, GORDON, Move.of("end"))
    assert answer.message == (
        "The supply cannot give the 1 corruption counter Protection Racket gives: Falcone's "
        "supply is exhausted, and Gordon wins."
    )
    assert tuple(c.section for c in answer.citations) == (
        "ending-the-game.counters-exhausted",
        "corruption-counters",
    )
