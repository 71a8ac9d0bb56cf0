"""No Man's Land: who sees what (the README's Hidden information): Falcone's hand and face-down
crimes, Gordon's Batsignal cards, the order of the decks."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules_core.engine import fold
from rules_core.engine.types import Move
from rules_core.engine.visibility import redact_event
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CountersTaken,
    CrimeHidden,
)
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    START_HAND,
    at_gordons_start,
    crimes,
    decide,
    opening,
)


def test_a_face_down_crime_is_named_to_falcone_alone_until_all_is_revealed() -> None:
    hidden = CrimeHidden(seat=FALCONE, card="heist-1", district="docks", cost=2)
    state = opening()
    named = "Falcone plays Bank Heist face down at the Docks for 2 corruption counters."
    unnamed = "Falcone plays a crime face down at the Docks for 2 corruption counters."
    assert GAME.narrate(state, hidden, FALCONE, False) == named
    assert GAME.narrate(state, hidden, GORDON, False) == GAME.narrate(state, hidden, None, False)
    assert GAME.narrate(state, hidden, GORDON, False) == unnamed
    assert GAME.narrate(state, hidden, GORDON, True) == named
    assert GAME.seat_names(state) == ("Falcone", "Gordon")


def test_gordons_batsignal_hand_is_declared_his_alone_card_by_card() -> None:
    state = at_gordons_start(START_HAND)
    declared = [s for s in GAME.secrets(state) if s.path[0] == "signal_hand"]
    assert [(s.path, s.value, s.kind, s.seen_by, s.back) for s in declared] == [
        (("signal_hand", i), card, "hand", frozenset({GORDON}), "batsignal")
        for i, card in enumerate(START_HAND)
    ]


def test_a_crime_played_face_down_looks_the_same_to_gordon_whatever_the_card() -> None:
    """Every crime costs the same face down, and its gain when played (Protection Racket's)
    happens only face up: the events and the story Gordon gets do not tell which crime it is."""
    base = replace(opening(), falcone_hand=("racket-1", "heist-1", "bribe-1"), counters=5)
    seen = set()
    for card in base.falcone_hand:
        move = Move.of("crime", card=card, district="heights", face_down=True)
        events = decide(base, FALCONE, move)
        after = fold(GAME, events, base)
        seen.add(
            (
                tuple(str(redact_event(e, GORDON, False)) for e in events),
                tuple(GAME.narrate(base, e, GORDON, False) for e in events),
                after.counters,
                after.supply,
            )
        )
    assert len(seen) == 1
    face_up = decide(
        base, FALCONE, Move.of("crime", card="racket-1", district="heights", face_down=False)
    )
    assert any(isinstance(e, CountersTaken) for e in face_up)


def test_the_table_shows_a_face_up_crime_to_all_and_a_face_down_one_to_falcone_alone() -> None:
    """A crime played face up lies open on the table; one played face down is Falcone's secret
    until the game ends (the view, by value: neither hidden too much nor shown too much)."""
    state = replace(
        opening(), crimes=crimes(("docks", "racket-1", False), ("narrows", "heist-1", True))
    )

    def crime_card(seat: int | None, district: str, over: bool = False) -> object:
        shown: Any = GAME.view(replace(state, over=True) if over else state, seat)
        crime = next(d["crime"] for d in shown["districts"] if d["id"] == district)
        return crime["card"] and crime["card"]["id"]

    for seat in (FALCONE, GORDON, None):
        assert crime_card(seat, "docks") == "racket-1"
        assert crime_card(seat, "narrows", over=True) == "heist-1"
    assert crime_card(FALCONE, "narrows") == "heist-1"
    assert crime_card(GORDON, "narrows") is None
    assert crime_card(None, "narrows") is None


def test_falcones_cards_and_the_bat_signal_deck_are_declared_hidden_from_the_right_seats() -> None:
    state = opening()
    for seat in (FALCONE, GORDON, None):
        assert set(state.falcone_deck) <= GAME.hidden_from(state, seat)
    assert not set(state.falcone_hand) & GAME.hidden_from(state, FALCONE)
    assert set(state.falcone_hand) <= GAME.hidden_from(state, GORDON)
    assert set(state.signal_deck) <= GAME.hidden_from(state, GORDON) & GAME.hidden_from(
        state, FALCONE
    )
    crime = next(c for c in state.falcone_deck if state.pack.card(c).kind == "crime")
    down = replace(
        state,
        crimes=crimes((state.pack.districts[0].id, crime, True)),
        falcone_deck=tuple(c for c in state.falcone_deck if c != crime),
    )
    assert crime in GAME.hidden_from(down, GORDON) and crime not in GAME.hidden_from(down, FALCONE)
    # a card drawn from the deck looks like any in his hand: they share one back
    backs = {s.path[0]: s.back for s in GAME.secrets(state)}
    assert backs["falcone_deck"] == backs["falcone_hand"] == "falcone"
    assert backs["signal_deck"] == "batsignal"
    assert [(s.kind, s.back) for s in GAME.secrets(down) if s.path[0] == "crimes"] == [
        ("face_down", "crime")
    ]
    kinds = {s.path[0]: s.kind for s in GAME.secrets(state)}
    assert (kinds["falcone_deck"], kinds["falcone_hand"]) == ("deck", "hand")
    orders = {GAME.determinize(state, FALCONE, random.Random(s)).falcone_deck for s in range(4)}
    assert len(orders) > 1 and {tuple(sorted(o)) for o in orders} == {
        tuple(sorted(state.falcone_deck))
    }
