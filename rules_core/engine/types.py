"""Value types of the engine: citations, moves, rejections, outcomes and the event base."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

JSON: TypeAlias = "bool | int | float | str | Sequence[JSON] | Mapping[str, JSON] | None"
Scalar: TypeAlias = "bool | int | float | str | None"


@dataclass(frozen=True, slots=True)
class Citation:
    """A pointer to one section of one rulebook (the section's stable id in the index)."""

    book: str
    section: str

    def to_json(self) -> dict[str, JSON]:
        return {"book": self.book, "section": self.section}


EVERYONE = -2  # a seat field's value for a thing every seat and spectator knows (see `Hidden`)


@dataclass(frozen=True, slots=True)
class Hidden:
    """Who may see one part of an event's data, and how it reads to the others.

    who: "actor" (the seat whose move it is; nobody when the game acts), "nobody", or
    "field:<name>" (the seat the event's field names, e.g. a screen's owner; `EVERYONE` there
    hides it from nobody, e.g. a card once seen face up); "field:<name>,<name>" names several
    (each seat any of them holds sees it, e.g. a card drawn: its drawer, and whoever knew it in
    the deck).
    mask: "null" (each value, or each item of a list, becomes null), "count" (a list becomes
    {"count": n}) or "counts" (a list of lists becomes each one's {"count": n}).
    """

    who: str
    mask: str = "null"

    def seen_by(self, event: GameEvent) -> frozenset[int]:
        if self.who == "actor":
            return frozenset() if event.seat is None else frozenset({event.seat})
        if self.who.startswith("field:"):
            return frozenset(s for s in self._named(event) if isinstance(s, int))
        assert self.who == "nobody", self.who
        return frozenset()

    def _named(self, event: GameEvent) -> tuple[object, ...]:
        """The values of the fields a "field:" part names."""
        return tuple(getattr(event, name) for name in self.who.removeprefix("field:").split(","))

    def hides_from(self, event: GameEvent, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) reads this part masked."""
        if self.who.startswith("field:") and EVERYONE in self._named(event):
            return False
        return seat is None or seat not in self.seen_by(event)


@dataclass(frozen=True, slots=True)
class GameEvent:
    """Base of every game's events; subclasses are frozen dataclasses with a `type` tag.

    `seat` is the seat whose move caused the event, or None for the game's own steps.
    """

    type: ClassVar[str] = "event"
    # the version of the data this class writes; `upcasts[n - 1]` reads version n as n + 1 (a
    # new version changes what decide writes: the game's rules_version goes up with it)
    version: ClassVar[int] = 1
    upcasts: ClassVar[tuple[Callable[[dict[str, JSON]], dict[str, JSON]], ...]] = ()
    citations: ClassVar[tuple[Citation, ...]] = ()
    # the parts of its data not everybody sees: dotted path -> who may (engine/visibility.py)
    secret: ClassVar[Mapping[str, Hidden]] = {}
    # sections an event of this type cites only in some cases (see `cited`)
    may_cite: ClassVar[tuple[Citation, ...]] = ()
    # what an event of this type is, in one sentence of the game's words as a player at the
    # table would say it (a rulebook section lists it where the game applies the section)
    in_words: ClassVar[str] = ""

    seat: int | None

    def cited(self) -> tuple[Citation, ...]:
        """The sections this event cites: the type's own, plus any that depend on its data."""
        return self.citations


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """A move a seat asks for: a type and scalar parameters, as posted in JSON.

    Two moves are equal when their parameters are of the same JSON kind too: in Python true
    equals 1, so a posted `true` would otherwise pass for an offered district 1."""

    type: str
    params: tuple[tuple[str, Scalar], ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (
            self.type == other.type
            and self.params == other.params
            and [type(v) for _, v in self.params] == [type(v) for _, v in other.params]
        )

    def __hash__(self) -> int:
        return hash((self.type, self.params))

    def get(self, key: str, default: Scalar = None) -> Scalar:
        for name, value in self.params:
            if name == key:
                return value
        return default

    def to_json(self) -> dict[str, JSON]:
        return {"type": self.type, **dict(self.params)}

    @staticmethod
    def of(move_type: str, **params: Scalar) -> Move:
        if "type" in params:  # it would overwrite the move's own type in its JSON
            raise ValueError(f"a move's parameter may not be called 'type' ({move_type})")
        items = tuple(params.items())
        return Move(move_type, items if len(items) < 2 else tuple(sorted(items)))

    @staticmethod
    def from_json(data: Mapping[str, object]) -> Move:
        """Build a Move from posted JSON; raises ValueError on a malformed one."""
        move_type = data.get("type")
        if not isinstance(move_type, str) or not move_type:
            raise ValueError("a move needs a non-empty string 'type'")
        params: list[tuple[str, Scalar]] = []
        for key, value in data.items():
            if key == "type":
                continue
            # no move takes a fraction (and 1.0 == 1 in Python, as true == 1: see __eq__)
            if not isinstance(key, str) or not (
                value is None or isinstance(value, bool | int | str)
            ):
                raise ValueError("a move's parameters are whole numbers, true, false, text or null")
            params.append((key, value))
        return Move(move_type, tuple(sorted(params)))


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused move: a stable code, a human message and the rules that forbid it."""

    code: str
    message: str
    citations: tuple[Citation, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: winning seats (possibly none) and per-seat details."""

    winners: tuple[int, ...]
    summary: str
    details: tuple[tuple[str, Scalar], ...] = field(default=())

    def to_json(self) -> dict[str, JSON]:
        return {
            "winners": list(self.winners),
            "summary": self.summary,
            "details": {k: v for k, v in self.details},
        }
