"""The privacy checks fail a game that shows what a seat may not see, numbers included.

Each test plays a seeded random game through the conformance suite's checks with one leak
planted in an otherwise correct game, and expects the checks to catch it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.engine import GameEvent, fold, get_game
from rules_core.engine.types import JSON
from tests.rules_core.privacy import apply_checking_privacy


class Leaky:
    """A game that answers like `spec` except where a test plants a leak."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)


def play(spec: Any, players: int, seed: int, steps: int, options: dict[str, JSON]) -> None:
    """Random legal play with every privacy check after each move."""
    rng = random.Random(seed)
    state = apply_checking_privacy(
        spec, spec.initial_state(), players, spec.setup(players, options, random.Random(seed))
    )
    for step in range(steps):
        if spec.outcome(state) is not None:
            return
        seat = min(spec.to_act(state))
        move = rng.choice(spec.legal_moves(state, seat))
        events = spec.decide(state, seat, move, random.Random(step))
        state = apply_checking_privacy(spec, state, players, events)


def test_the_correct_games_pass() -> None:
    play(get_game("gotham-city-strategy"), 2, 3, 60, {"variant": True})
    play(get_game("gotham-race"), 3, 3, 60, {})


def test_a_view_showing_the_money_behind_other_screens_fails() -> None:
    """The leak the old string-matching check missed: numbers are compared by value."""
    spec = get_game("gotham-city-strategy")
    leaky = Leaky(spec)

    def view(state: Any, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        shown = spec.view(state, seat, reveal)
        if state.players:
            for player, actual in zip(shown["players"], state.players, strict=True):  # type: ignore[arg-type]
                player["money"] = actual.money  # type: ignore[index]
        return shown

    leaky.view = view  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="view changes with what it cannot see"):
        play(leaky, 2, 3, 60, {})


def test_a_view_showing_another_hand_fails() -> None:
    spec = get_game("gotham-race")
    leaky = Leaky(spec)

    def view(state: Any, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        return {**spec.view(state, seat, reveal), "all_hands": [list(h) for h in state.hands]}

    leaky.view = view  # type: ignore[attr-defined]
    with pytest.raises(AssertionError):
        play(leaky, 2, 3, 20, {})


def test_an_event_showing_a_face_down_card_fails() -> None:
    """The variant's face-down card left unredacted in its event."""
    spec = get_game("gotham-city-strategy")
    leaky = Leaky(spec)

    def redact(event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
        return (
            spec.redact(event, seat, True)
            if event.type == "card_face_down"
            else spec.redact(event, seat, finished)
        )

    leaky.redact = redact  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="card_face_down"):
        play(leaky, 2, 5, 400, {"variant": True})


def test_an_event_showing_the_deck_order_fails() -> None:
    """The shuffled plot deck's order, declared hidden from everybody, shown in the set-up."""
    spec = get_game("gotham-city-strategy")
    leaky = Leaky(spec)

    def redact(event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
        return spec.redact(event, seat, event.type == "game_started" or finished)

    leaky.redact = redact  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match=r"game_started (shows|\.deck shown to)"):
        play(leaky, 2, 3, 200, {})


def test_fold_of_a_checked_game_equals_the_live_state() -> None:
    """The checks only read: a game played through them folds to the same state."""
    spec = get_game("gotham-race")
    log = spec.setup(2, {}, random.Random(1))
    assert fold(spec, log) == apply_checking_privacy(spec, spec.initial_state(), 2, log)
