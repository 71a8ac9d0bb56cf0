"""Effects: the operations card texts compile to, each with the parameters it takes.

A game's content pack writes a card's effect as a list of steps (`{ op = "gain", resource =
"money", amount = 2 }`). An `EffectRegistry` holds the operations a game understands and
compiles each step when the pack loads: an unknown operation, a parameter it does not take or a
value outside its schema is refused with the step's path and the reason (a `ContentError`),
never a Python exception text. The engine supplies the common operations (`STANDARD`); a game
adds its own with `extended`, and applies a compiled `Effect` with its own handlers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol

from rules_core.engine.content_limits import at_index, at_key, fail, quote
from rules_core.engine.types import JSON

# What a pack's other tables define that a step may name (block ids, resource names...).
Refs = Mapping[str, frozenset[str]]
Value = int | str | bool | tuple[int | str, ...]


class Param(Protocol):
    """One parameter of an operation: how a pack's value is read and what it may be."""

    @property
    def default(self) -> Value | None:
        """The value when the step leaves the parameter out; None: the step must give it."""
        ...

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        """The checked value; a ContentError naming `where` when it is not allowed."""
        ...

    def schema(self) -> dict[str, JSON]:
        """The parameter as the catalog and VOCABULARY.md describe it."""
        ...


def _whole(raw: object) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool)


@dataclass(frozen=True, slots=True)
class Whole:
    """A whole number from `low` to `high`."""

    low: int
    high: int
    default: int | None = None

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        if isinstance(raw, float):
            raise fail(where, "numbers must be finite" if raw != raw else "must be whole")
        if not _whole(raw) or not self.low <= raw <= self.high:  # type: ignore[operator]
            raise fail(where, f"must be a whole number from {self.low} to {self.high}")
        return raw  # type: ignore[return-value]

    def schema(self) -> dict[str, JSON]:
        return {"type": "integer", "min": self.low, "max": self.high, "default": self.default}


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of a fixed set of words."""

    choices: tuple[str, ...]
    default: str | None = None

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        if not isinstance(raw, str) or raw not in self.choices:
            raise fail(where, f"must be one of {self.choices}")
        return raw

    def schema(self) -> dict[str, JSON]:
        return {"type": "string", "enum": list(self.choices), "default": self.default}


@dataclass(frozen=True, slots=True)
class Flag:
    """True or false."""

    default: bool | None = False

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        if not isinstance(raw, bool):
            raise fail(where, "must be true or false")
        return raw

    def schema(self) -> dict[str, JSON]:
        return {"type": "boolean", "default": self.default}


@dataclass(frozen=True, slots=True)
class RefTo:
    """The id of something the pack defines elsewhere (`refs[kind]`: a block, a card...)."""

    kind: str
    default: str | None = None

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        if not isinstance(raw, str):
            raise fail(where, f"must be a {self.kind} id")
        if raw not in refs.get(self.kind, frozenset()):
            raise fail(where, f"unknown {self.kind} {quote(raw)}")
        return raw

    def schema(self) -> dict[str, JSON]:
        return {"type": "string", "ref": self.kind, "default": self.default}


@dataclass(frozen=True, slots=True)
class ListOf:
    """A list of values of one kind (`at_least` of them or more)."""

    item: Param
    what: str  # the list in words, for its error ("block ids")
    at_least: int = 0
    default: tuple[int | str, ...] | None = ()

    def read(self, raw: object, where: str, refs: Refs) -> Value:
        if not isinstance(raw, list):
            raise fail(where, f"must be a list of {self.what}")
        if len(raw) < self.at_least:
            raise fail(where, f"needs at least {self.at_least} of {self.what}")
        values = []
        for i, item in enumerate(raw):
            value = self.item.read(item, at_index(where, i), refs)
            assert isinstance(value, int | str)
            values.append(value)
        return tuple(values)

    def schema(self) -> dict[str, JSON]:
        return {"type": "array", "items": self.item.schema(), "min_items": self.at_least}


@dataclass(frozen=True, slots=True)
class Effect:
    """One compiled step of a card's effect: an operation and its checked arguments (every
    parameter of the operation, defaults filled in)."""

    op: str
    args: tuple[tuple[str, Value], ...] = ()

    def get(self, name: str) -> Value:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(f"{self.op} has no parameter {name!r}")


@dataclass(frozen=True, slots=True)
class Operation:
    """An operation card texts may use: its parameters and how a step of it reads aloud."""

    name: str
    params: Mapping[str, Param] = field(default_factory=dict)
    # the step in the game's words ("gain 2 money"); the default lists its arguments
    words: Callable[[Effect], str] | None = None

    def say(self, effect: Effect) -> str:
        if self.words is not None:
            return self.words(effect)
        shown = ", ".join(f"{k} {v}" for k, v in effect.args if v not in ("", (), False))
        return self.name.replace("_", " ") + (f" ({shown})" if shown else "")


class EffectRegistry:
    """The operations one kind of card understands; compiles pack steps to `Effect`s."""

    def __init__(self, operations: Iterable[Operation] = ()) -> None:
        self._operations: dict[str, Operation] = {}
        for operation in operations:
            if operation.name in self._operations:
                raise ValueError(f"operation {operation.name!r} is declared twice")
            self._operations[operation.name] = operation

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self._operations))

    def operation(self, name: str) -> Operation:
        return self._operations[name]

    def extended(self, *operations: Operation) -> EffectRegistry:
        """This registry with a game's own operations added (a name may not be reused)."""
        return EffectRegistry((*self._operations.values(), *operations))

    def reworded(self, name: str, words: Callable[[Effect], str]) -> EffectRegistry:
        """This registry with operation `name` read aloud in a game's own words."""
        operations = dict(self._operations)
        operations[name] = replace(operations[name], words=words)
        return EffectRegistry(operations.values())

    def only(self, *names: str) -> EffectRegistry:
        """The operations named, for a kind of card that may use just those."""
        return EffectRegistry(self._operations[name] for name in names)

    def compile(self, raw: object, where: str, refs: Refs) -> Effect:
        """A pack's step checked against its operation's schema."""
        name = raw.get("op") if isinstance(raw, dict) else None
        if not isinstance(name, str) or name not in self._operations:
            raise fail(where, f"op must be one of {sorted(self._operations)}")
        assert isinstance(raw, dict)
        operation = self._operations[name]
        extra = sorted(set(raw) - {"op"} - set(operation.params))
        if extra:
            shown = ", ".join(quote(key) for key in extra[:5]) + (", ..." if len(extra) > 5 else "")
            raise fail(where, f"{operation.name} does not take [{shown}]")
        args: list[tuple[str, Value]] = []
        for name, param in operation.params.items():
            if name in raw:
                args.append((name, param.read(raw[name], at_key(where, name), refs)))
            elif param.default is None:
                raise fail(where, f"{operation.name} needs {name}")
            else:
                args.append((name, param.default))
        return Effect(operation.name, tuple(args))

    def compile_all(self, raw: object, where: str, refs: Refs) -> tuple[Effect, ...]:
        """A step or a list of steps."""
        steps = raw if isinstance(raw, list) else [raw]
        return tuple(
            self.compile(step, at_index(where, i) if isinstance(raw, list) else where, refs)
            for i, step in enumerate(steps)
        )

    def say(self, effect: Effect) -> str:
        """A compiled step in the game's words."""
        return self._operations[effect.op].say(effect)

    def schema(self) -> dict[str, JSON]:
        """Every operation and its parameters (for the catalog and the vocabulary page)."""
        return {
            name: {key: param.schema() for key, param in op.params.items()}
            for name, op in sorted(self._operations.items())
        }


def _amount(effect: Effect) -> str:
    return f"{effect.get('amount')} {effect.get('what')}"


# The operations most card games share; a game gives `what` its own words through refs.
STANDARD = EffectRegistry(
    (
        Operation(
            "gain",
            {"what": RefTo("resource"), "amount": Whole(1, 99)},
            words=lambda e: f"gain {_amount(e)}",
        ),
        Operation(
            "pay",
            {"what": RefTo("resource"), "amount": Whole(1, 99)},
            words=lambda e: f"pay {_amount(e)}",
        ),
        Operation(
            "draw",
            {"amount": Whole(1, 20)},
            words=lambda e: f"draw {e.get('amount')} card{'s' if e.get('amount') != 1 else ''}",
        ),
        Operation(
            "discard",
            {"amount": Whole(1, 20)},
            words=lambda e: f"discard {e.get('amount')} card{'s' if e.get('amount') != 1 else ''}",
        ),
    )
)
