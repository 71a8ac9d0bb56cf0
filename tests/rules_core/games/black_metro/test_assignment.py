"""The assignment phase's fortune moves (assignment.py): discards for blockades and counters to
an attack, refused word for word when they do not fit, and each move named in the game's words."""

from __future__ import annotations

import pytest

from rules_core.engine.types import Move
from rules_core.engine.updating import updated
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    play,
    refused,
)


def _greens_turn(state: BlackMetroState | None = None) -> BlackMetroState:
    """The example round (or `state`), Red done, Green with a paragon at 06 Ancient Shrine."""
    state, _ = play(state or example_round(), RED, "assign", district=1, unit="subordinate")
    state, _ = play(state, RED, "end_turn")
    state, _ = play(state, GREEN, "assign", district=6, unit="paragon")
    return state


def _discarding() -> BlackMetroState:
    """Green has played the 4 of hearts at 04 Chronicle Archives, where Blue has a blockade."""
    state = example_round()
    archives = updated(state.district(4), fortifications=(Fortification(BLUE, "blockade"),))
    state = _greens_turn(state.with_district(4, archives))
    state, _ = play(state, GREEN, "play_fortune", card="4-hearts", district=4, target=-1, choice="")
    return state


def _attacked() -> BlackMetroState:
    """Green has attacked Red with the 2 of clubs at 02 Swiss Casino; Red may counter."""
    state, _ = play(
        _greens_turn(), GREEN, "play_fortune", card="2-clubs", district=2, target=RED, choice=""
    )
    return state


def test_a_discard_for_a_blockade_is_of_a_fortune_held_and_only_when_asked() -> None:
    state = _discarding()
    held = refused(state, GREEN, "discard_fortune", card="A-spades")
    assert (held.code, held.message) == ("fortune_not_in_hand", "You hold no such fortune.")
    early = refused(_greens_turn(), GREEN, "discard_fortune", card="J-spades")
    assert (early.code, early.message) == ("not_now", "No fortune is to be discarded now.")
    _, events = play(state, GREEN, "discard_fortune", card="J-spades")
    assert events[0] == e.FortunesDiscarded(seat=GREEN, owner=GREEN, cards=("J-spades",))


def test_a_counter_is_of_a_fortune_held_of_the_attacks_kind_and_only_when_asked() -> None:
    state = _attacked()
    low = refused(state, RED, "counter", card="J-hearts")
    assert (low.code, low.message) == (
        "counter_too_low",
        "Counter the 2 of clubs with a card of its kind, equal or higher.",
    )
    held = refused(state, RED, "counter", card="K-spades")
    assert (held.code, held.message) == ("fortune_not_in_hand", "You hold no such fortune.")
    early = refused(example_round(), RED, "counter", card="Q-diamonds")  # Red assigning
    assert (early.code, early.message) == ("not_now", "No attack waits for your counter.")


def test_a_counter_is_played_against_the_other_side_of_the_exchange() -> None:
    state = _attacked()
    state = state.with_player(RED, updated(state.player(RED), hand=("9-clubs",)))
    state, events = play(state, RED, "counter", card="9-clubs")
    assert events[0] == e.FortunePlayed(
        seat=RED, owner=RED, card="9-clubs", district=2, target=GREEN, counter=True
    )
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("10-clubs",)))
    _, events = play(state, GREEN, "counter", card="10-clubs")
    assert events[0] == e.FortunePlayed(
        seat=GREEN, owner=GREEN, card="10-clubs", district=2, target=RED, counter=True
    )


def test_a_fortune_played_in_the_assignment_phase_is_named_in_the_games_words() -> None:
    state = _greens_turn()
    effect = Move.of("play_fortune", card="4-hearts", district=4, target=-1, choice="")
    assert GAME.describe_move(state, GREEN, effect) == (
        "Play the 4 of hearts: use 04 Chronicle Archives's first effect"
    )
    attack = Move.of("play_fortune", card="2-clubs", district=2, target=RED)
    assert GAME.describe_move(state, GREEN, attack) == (
        "Play the 2 of clubs at 02 Swiss Casino to attack Red"
    )


@pytest.mark.parametrize(
    ("seat", "kind", "params", "code", "message"),
    [
        (
            RED,
            "assign",
            {"district": 0, "unit": "subordinate"},
            "no_such_district",
            "Districts are numbered 01 to 12.",
        ),
        (
            RED,
            "assign",
            {"district": True, "unit": "subordinate"},
            "no_such_district",
            "Districts are numbered 01 to 12.",
        ),
        (
            RED,
            "assign",
            {"district": 5, "unit": "doom-mechasuit"},
            "not_in_hideout",
            "You have no doom mechasuit in your hideout.",
        ),
        (
            RED,
            "assign",
            {"district": 5, "unit": "robot"},
            "not_in_hideout",
            "You have no robot in your hideout.",
        ),
        (
            GREEN,
            "assign",
            {"district": 5, "unit": "paragon"},
            "already_there",
            "This turn you assign to 06 Ancient Shrine only.",
        ),
        (RED, "end_turn", {}, "not_now", "Assign personnel before ending your turn."),
        (
            RED,
            "play_fortune",
            {"card": "J-hearts", "district": 1, "target": -1, "choice": ""},
            "not_now",
            "An assignment fortune is played after assigning, in your turn.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "A-spades", "district": 1, "target": -1, "choice": ""},
            "fortune_not_in_hand",
            "You hold no such fortune.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "Q-spades", "district": 1, "target": -1, "choice": ""},
            "not_an_assignment_fortune",
            "Only ace to 10 are assignment fortunes.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "4-hearts", "district": 5, "target": -1, "choice": ""},
            "wrong_facility",
            "The 4 of hearts stands for facility 04.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": GREEN, "choice": ""},
            "no_one_to_attack",
            "Attack another player.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": 7, "choice": ""},
            "no_one_to_attack",
            "Attack another player, or use the facility (-1).",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": RED, "choice": "x"},
            "cannot_resolve",
            "An attack resolves no facility effect.",
        ),
        (
            GREEN,
            "play_fortune",
            {"card": "2-clubs", "district": 2, "target": -1, "choice": "nonsense"},
            "cannot_resolve",
            "That facility's first effect cannot be resolved so.",
        ),
        (GREEN, "decline", {}, "not_now", "No attack waits for your counter."),
    ],
)
def test_an_assignment_move_that_breaks_a_rule_is_refused_saying_which(
    seat: int, kind: str, params: dict[str, object], code: str, message: str
) -> None:
    """Red at the start of the example round; Green after assigning a paragon to 06."""
    state = example_round() if seat == RED else _greens_turn()
    answer = refused(state, seat, kind, **params)
    assert (answer.code, answer.message) == (code, message)
    assert answer.citations == GAME.rejections[code] and answer.citations
