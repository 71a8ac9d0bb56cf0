"""Gotham Race's hidden values, declared once (`secrets`), checked by value.

'preparation' and 'game-play.first-round': the decks are face down (nobody sees their order),
each hand is its holder's, and a card placed for a figure lies face down until the pile is
turned ('game-play.race'); an ownerless figure's card is seen by nobody. Each card shows its deck
number on its back, which everybody sees.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine import fold
from rules_core.engine.visibility import Secret
from rules_core.games.gotham_race import GAME
from rules_core.games.gotham_race.state import Placed, RaceState

A, D = 0, 3


def on_the_pile() -> RaceState:
    """Two seats; A's player has placed a card of its hand, ownerless D the top card of deck 1."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    mine, top = state.hands[0][0], state.decks[0][0]
    return replace(
        state,
        hands=(state.hands[0][1:], state.hands[1]),
        decks=(state.decks[0][1:], *state.decks[1:]),
        deposit=(Placed(A, mine), Placed(D, top)),
    )


def expected(state: RaceState) -> list[Secret]:
    def back(card: str) -> str:
        return card.split("-")[0]  # the reference pack's ids start with their deck

    found = [
        Secret(("decks", d, i), c, "deck", frozenset(), back(c))
        for d, deck in enumerate(state.decks)
        for i, c in enumerate(deck)
    ]
    found += [
        Secret(("hands", s, i), c, "hand", frozenset({s}), back(c))
        for s, hand in enumerate(state.hands)
        for i, c in enumerate(hand)
    ]
    return found


def test_decks_are_nobodys_hands_their_holders_and_placed_cards_the_placers() -> None:
    state = on_the_pile()
    mine, top = (p.card for p in state.deposit)
    assert list(GAME.secrets(state)) == [
        *expected(state),
        Secret(("deposit", 0, "card"), mine, "face_down", frozenset({0}), mine[0]),
        Secret(("deposit", 1, "card"), top, "face_down", frozenset(), top[0]),
    ]
    assert len(expected(state)) == 60 - 2  # every card but the two placed, once each


def test_a_turned_pile_hides_nothing_and_a_finished_race_nothing_at_all() -> None:
    state = on_the_pile()
    assert list(GAME.secrets(replace(state, revealed=True))) == expected(state)
    assert GAME.secrets(replace(state, phase="over")) == ()
