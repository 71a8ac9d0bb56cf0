"""The parts of a GameSpec that follow from a game's declarations, written once.

A game that declares its moves (a `MoveBook`), one evolve handler per event and its secrets
(`secrets(state)`) gets from `DeclaredGame` its `evolve`, `decide`, `decide_and_evolve`,
`legal_moves`, `describe_move` and the secrecy queries (`hidden_from`, `redact`, the default
`determinize`). `Run` works a move out event by event, so a rule's application reads the state
its own earlier events made (a card drawn is in the hand before the next step looks).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from rules_core.engine.fork_shuffle import UnseenCardsShuffled, shuffled_unseen, with_cards_placed
from rules_core.engine.moves import MoveBook
from rules_core.engine.types import JSON, GameEvent, Move, Rejection
from rules_core.engine.visibility import Secret, hidden_values, redact_event, resample

S = TypeVar("S")
Handlers = Mapping[type[GameEvent], Callable[[Any, Any], Any]]


class Run(Generic[S]):
    """Events applied one by one while a move is worked out."""

    def __init__(self, state: S, handlers: Handlers) -> None:
        self.state = state
        self.events: list[GameEvent] = []
        self._handlers = handlers

    def emit(self, *events: GameEvent) -> None:
        for event in events:
            self.events.append(event)
            self.state = self._handlers[type(event)](self.state, event)


class DeclaredGame(ABC, Generic[S]):
    """Mix into a game class that sets `moves` and `handlers` and defines `secrets`."""

    moves: MoveBook[S]
    handlers: Handlers
    search_depth = 8  # GameSpec.search_depth: short random playouts, then the evaluation
    search_own_turn: frozenset[int] = frozenset()  # GameSpec.search_own_turn: none by default
    analysis_version = 0  # GameSpec.analysis_version: no change of the game's own yet
    # the game's event for a fork's new deal (rules_core.engine.fork_shuffle); None: no decks
    unseen_shuffled: type[UnseenCardsShuffled] | None = None

    @abstractmethod
    def secrets(self, state: S) -> tuple[Secret, ...]:
        """Every hidden value of the state (GameSpec.secrets): the game's one declaration."""

    def evolve(self, state: S, event: GameEvent) -> S:
        if isinstance(event, UnseenCardsShuffled):
            return with_cards_placed(state, event)  # type: ignore[no-any-return]
        handler = self.handlers.get(type(event))
        if handler is None:
            raise TypeError(f"not an event of this game: {event!r}")
        return handler(state, event)  # type: ignore[no-any-return]

    def decide(
        self, state: S, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        return self.moves.decide(state, seat, move, rng)

    def decide_and_evolve(
        self, state: S, seat: int, move: Move, rng: random.Random
    ) -> tuple[list[GameEvent], S] | Rejection:
        events = self.decide(state, seat, move, rng)
        if isinstance(events, Rejection):
            return events
        for event in events:
            state = self.evolve(state, event)
        return events, state

    def owed(self, state: S, rng: random.Random) -> list[GameEvent]:
        """GameSpec.owed: none, for a game whose rules never left a step of its own between
        two moves."""
        return []

    def legal_moves(self, state: S, seat: int) -> list[Move]:
        return self.moves.legal_moves(state, seat)

    def may_act(self, state: S) -> frozenset[int]:
        """GameSpec.may_act: nobody, for a game that waits for every move it allows."""
        return frozenset()

    def describe_move(self, state: S, seat: int, move: Move) -> str:
        return self.moves.describe(state, seat, move)

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        return resample(state, self.secrets(state), seat, rng)

    def shuffle_unseen(self, state: S, rng: random.Random) -> list[GameEvent]:
        """GameSpec.shuffle_unseen: the cards nobody has seen, shuffled again (a fork's deal)."""
        if self.unseen_shuffled is None:
            return []
        return shuffled_unseen(self.secrets(state), rng, self.unseen_shuffled)

    def hidden_from(self, state: S, seat: int | None) -> frozenset[str]:
        return hidden_values(self.secrets(state), seat)

    def redact(self, event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
        return redact_event(event, seat, finished)
