"""Moves declared once: each move type's parameters, the moves it offers, its check, its effect
and its words, in one declaration (after boardgame.io's `moves` and `ai.enumerate`).

A game lists its move types in a `MoveBook`; the book gives the game its `decide` (refusing
with the reason its check found, never one reconstructed afterwards), its `legal_moves` (what
each type offers) and its `describe_move`. The conformance suite holds the two together:
every move offered is accepted, and changing any of its parameters is refused or offered too.

A posted move is in one of the forms its type is offered in now: this book, not each game's
check, holds that (`MoveBook.refusal`, after the type's own check). A form is the move's
parameter names and where it holds a blank (null or ""): a move its check lets through with a
parameter left out that the offered moves carry, one added that they lack, or a blank where none
of them has one (read by the check as the value an offered move spells out, an attack's weapon
left out as bare hands) is refused, so no choice gets a second spelling in the log, a replay or
an analysis. A type may be offered in several forms at once (a fight with a card or without);
the values themselves are the check's (a take of two resources named in either order).

A book also says how each parameter names things (`Carries`: one id or number, ids joined by
",", the parts of a chosen way) and which event field carries it, where that is what ties them:
a replay withholds a parameter exactly when its move's events hide what it names
(api/shown_moves.py). The conformance suite holds every parameter of every type declared.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from rules_core.engine.types import GameEvent, Move, Rejection, Scalar
from rules_core.engine.wording import never_blank, offered_with, only_as_offered

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Carries:
    """What a move parameter names, as a replay reads it against what the move's events hide
    (api/shown_moves.py): its parts, split at each character of `joins` (none: one id, a number,
    yes or no, named only by a hidden value equal to it; never "-", which ids hold); `fields`:
    the event fields (`event_type.field`) that carry it, so it is withheld whenever such a
    field is hidden from the viewer, unless an event of the move shows the viewer its value in
    a field of that name (a card placed face down, then resolved in the open)."""

    joins: str = ""
    fields: frozenset[str] = frozenset()


ONE = Carries()  # one id, number or yes/no
LISTED = Carries(",")  # ids or numbers joined by ","


def ones(*names: str) -> dict[str, Carries]:
    """Parameters that each hold one id, number or yes/no."""
    return dict.fromkeys(names, ONE)


def carried_in(*fields: str) -> Carries:
    """One id that the event fields `fields` (`event_type.field`) carry."""
    return Carries(fields=frozenset(fields))


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
    # (its code and citations refuse a move in a form its type does not offer too, in other words)
    unexpected: Callable[[str, tuple[str, ...]], Rejection]
    # how each type's parameters name things, by type and parameter (`Carries`; every one)
    carries: Mapping[str, Mapping[str, Carries]] = field(default_factory=dict)
    _by_name: dict[str, MoveRule[S]] = field(init=False, repr=False, compare=False)
    # the last legal moves listed, with the state (held, so never another one at its address)
    # and seat they were listed for: a bot lists them, then plays one from the same state, and
    # the form check reads them again instead of asking every type's offers twice (a memo:
    # what any call returns is the same with it or without it)
    _listed: list[tuple[object, int, tuple[Move, ...]]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {r.name: r for r in self.rules})
        object.__setattr__(self, "_listed", [])

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
        refused = rule.check(state, seat, move)
        if refused is not None:
            return refused
        offered = self._offered(state, seat, rule)
        if form(move) in {form(m) for m in offered}:
            return None
        words = unoffered_words(rule.name, move, offered)
        return replace(self.unexpected(rule.name, rule.params), message=words)

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
        moves = [move for rule in self.rules for move in rule.offers(state, seat)]
        self._listed[:] = [(state, seat, tuple(moves))]
        return moves

    def offers_only(self, state: S, seat: int, only: Move) -> bool:
        """Whether `only` is the one move the seat may make now: `legal_moves(...) == [only]`,
        stopping at the first other move offered (a check after every move costs little)."""
        if self.precheck(state, seat) is not None:
            return False
        offered = False
        for rule in self.rules:
            for move in rule.offers(state, seat):
                if move != only:
                    return False
                offered = True
        return offered

    def _offered(self, state: S, seat: int, rule: MoveRule[S]) -> tuple[Move, ...]:
        """The moves `rule` offers the seat now (from the last listing when it was this one's)."""
        for listed_for, listed_seat, moves in tuple(self._listed):
            if listed_for is state and listed_seat == seat:
                return tuple(m for m in moves if m.type == rule.name)
        return tuple(rule.offers(state, seat))

    def describe(self, state: S, seat: int, move: Move) -> str:
        rule = self.rule(move.type)
        return rule.label(state, seat, move) if rule is not None else move.type


def _blank(value: Scalar) -> str | None:
    """How a value is blank ("null", "empty" for "") or None for a value."""
    if value is None:
        return "null"
    return "empty" if value == "" and isinstance(value, str) else None


def form(move: Move) -> tuple[tuple[str, str | None], ...]:
    """A move's form: each parameter's name and whether it is blank (how), its values aside."""
    return tuple((name, _blank(value)) for name, value in move.params)


def unoffered_words(name: str, move: Move, offered: Sequence[Move]) -> str:
    """Why `move` is in none of the forms of `offered` (the moves of its type now), in words
    that never repeat what was posted: the parameter sets its type is offered with when its own
    is none of them (a type may have several: a card played or none), else the parameters it
    leaves blank where no offered move of its set does, else that it is spelled otherwise."""
    names = [k for k, _ in move.params]
    alike = [m for m in offered if [k for k, _ in m.params] == names]
    if not alike:
        shapes = dict.fromkeys(tuple(k for k, _ in m.params) for m in offered)
        return offered_with(name, list(shapes))
    blanks = [
        k
        for k, v in move.params
        if _blank(v) is not None and all(_blank(m.get(k)) != _blank(v) for m in alike)
    ]
    return never_blank(name, blanks) if blanks else only_as_offered(name)
