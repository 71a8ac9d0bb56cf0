"""Moves declared once: each move type's parameters, the moves it offers, its check, its effect
and its words, in one declaration (after boardgame.io's `moves` and `ai.enumerate`).

A game lists its move types in a `MoveBook`; the book gives the game its `decide` (refusing
with the reason its check found, never one reconstructed afterwards), its `legal_moves` (what
each type offers) and its `describe_move`. The conformance suite holds the two together:
every move offered is accepted, and changing any of its parameters is refused or offered too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from rules_core.engine.types import GameEvent, Move, Rejection

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class MoveRule(Generic[S]):
    """One move type of a game."""

    name: str
    params: tuple[str, ...]  # the parameters it takes (any other is refused)
    offers: Callable[[S, int], Iterable[Move]]  # every legal move of this type for a seat
    check: Callable[[S, int, Move], Rejection | None]  # why the move is refused, if it is
    apply: Callable[[S, int, Move, random.Random], list[GameEvent]]  # a checked move's events
    label: Callable[[S, int, Move], str]  # the move in the game's words


@dataclass(frozen=True, slots=True)
class MoveBook(Generic[S]):
    """A game's move types, and what applies to every move before its own check."""

    rules: tuple[MoveRule[S], ...]
    # a refusal that holds whatever the move (the game is over, it is not the seat's turn)
    precheck: Callable[[S, int], Rejection | None]
    unknown: Callable[[str], Rejection]  # a move type the game does not have
    # a parameter a move type does not take: refused with the type's name and what it takes
    unexpected: Callable[[str, tuple[str, ...]], Rejection]
    _by_name: dict[str, MoveRule[S]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {r.name: r for r in self.rules})

    def rule(self, name: str) -> MoveRule[S] | None:
        return self._by_name.get(name)

    def refusal(self, state: S, seat: int, move: Move) -> Rejection | None:
        """The first reason the move is refused, or None when it is accepted."""
        refused = self.precheck(state, seat)
        if refused is not None:
            return refused
        rule = self.rule(move.type)
        if rule is None:
            return self.unknown(move.type)
        if any(k not in rule.params for k, _ in move.params):
            return self.unexpected(rule.name, rule.params)
        return rule.check(state, seat, move)

    def decide(
        self, state: S, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        """The move's events, or the first reason it is refused."""
        refused = self.refusal(state, seat, move)
        if refused is not None:
            return refused
        rule = self.rule(move.type)
        assert rule is not None
        return rule.apply(state, seat, move, rng)

    def legal_moves(self, state: S, seat: int) -> list[Move]:
        """Every move the seat may make now, type by type in the book's order."""
        if self.precheck(state, seat) is not None:
            return []
        return [move for rule in self.rules for move in rule.offers(state, seat)]

    def describe(self, state: S, seat: int, move: Move) -> str:
        rule = self.rule(move.type)
        return rule.label(state, seat, move) if rule is not None else move.type
