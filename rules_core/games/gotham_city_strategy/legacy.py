"""The first log format, read so that games stored before the table-events log still replay,
verify and serve (tests/fixtures/logs/).

That format stored the interpreter's steps beside the table events: a decision queued
(`awaiting`), one answer to it (`answered`), its end (`declined`), a card line done
(`program_stepped`) and a turn step changed (`step_changed`). A game whose `game_started` was
written at version 1 folds through `LEGACY`: the table handlers without the decisions they open
or answer today, and these five events doing that work as they did. Such a game is replayed, not
continued (rules.py refuses its moves with `older_log`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy.citations import cite
from rules_core.games.gotham_city_strategy.content import Op
from rules_core.games.gotham_city_strategy.events import BatmanCardDrawn, CardPlayed
from rules_core.games.gotham_city_strategy.evolve import TABLE, effect_lines, played_lines
from rules_core.games.gotham_city_strategy.state import Decision, GcsState, Line, Plan


@dataclass(frozen=True, slots=True)
class StoredDecision:
    """A decision as the first format stored it."""

    seat: int
    kind: str
    count: int = 1
    must: bool = False
    block: int = -1
    district: str = ""
    different: bool = False
    used: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()
    victim: int = -1
    enemies: bool = False

    def today(self) -> Decision:
        return Decision(
            seat=self.seat,
            kind=self.kind,
            count=self.count,
            must=self.must,
            block=self.block,
            district=self.district,
            different=self.different,
            used=self.used,
            candidates=self.candidates,
            victim=self.victim,
            enemies=self.enemies,
        )


_CARRY_OUT: tuple[Citation, ...] = cite("turn.plot.effect.carry-out")


@dataclass(frozen=True, slots=True)
class Awaiting(GameEvent):
    type: ClassVar[str] = "awaiting"
    in_words: ClassVar[str] = (
        "The game waits for a villain to answer what a card or a fight asks of them."
    )
    citations: ClassVar[tuple[Citation, ...]] = _CARRY_OUT
    decision: StoredDecision
    first: bool


@dataclass(frozen=True, slots=True)
class Answered(GameEvent):
    type: ClassVar[str] = "answered"
    in_words: ClassVar[str] = "A villain answers one part of what a card or a fight asks of them."
    citations: ClassVar[tuple[Citation, ...]] = _CARRY_OUT
    block: int


@dataclass(frozen=True, slots=True)
class Declined(GameEvent):
    type: ClassVar[str] = "declined"
    in_words: ClassVar[str] = "A villain declines the rest of what a card or a fight offers them."
    citations: ClassVar[tuple[Citation, ...]] = _CARRY_OUT


@dataclass(frozen=True, slots=True)
class StepChanged(GameEvent):
    type: ClassVar[str] = "step_changed"
    in_words: ClassVar[str] = "The turn moves on to its next step."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn")
    step: str
    steps: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class ProgramStepped(GameEvent):
    type: ClassVar[str] = "program_stepped"
    in_words: ClassVar[str] = "The next line of the played card is taken up."
    citations: ClassVar[tuple[Citation, ...]] = _CARRY_OUT


EVENTS: tuple[type[GameEvent], ...] = (Awaiting, Answered, Declined, StepChanged, ProgramStepped)


def _awaiting(state: GcsState, e: Awaiting) -> GcsState:
    return updated(state, flow=state.flow.asked((e.decision.today(),), first=e.first))


def _answered(state: GcsState, e: Answered) -> GcsState:
    head = state.pending[0]
    flow = state.flow.answered(head.seat, used=(*head.used, e.block))
    return updated(state, flow=flow)


def _declined(state: GcsState, e: Declined) -> GcsState:
    return updated(state, flow=state.flow.closed(state.pending[0].seat))


def _program_stepped(state: GcsState, e: ProgramStepped) -> GcsState:
    return updated(state, program=state.program[1:], line=state.program[0])


def _step_changed(state: GcsState, e: StepChanged) -> GcsState:
    flow = updated(state.flow, step=e.step)
    if e.step == "moving":
        return updated(state, flow=flow, plan=Plan(villain_to=None, henchmen=()))
    if e.step == "actions":
        discard = (*state.discard, state.played) if state.played else state.discard
        moved = state.moved or state.step == "moving"
        return updated(
            state,
            flow=flow,
            plan=None,
            program=(),
            line=None,
            played="",
            discard=discard,
            moved=moved,
        )
    lines = tuple(Line(state.played, i, op) for i, op in enumerate(e.steps))
    return updated(state, flow=flow, program=lines, chosen=True)


def _card_played(state: GcsState, e: CardPlayed) -> GcsState:
    """The first format also queued the choice of how to use the card as a line."""
    state = TABLE[CardPlayed](state, e)
    assert state.pack is not None
    card = state.pack.card(e.card)
    return updated(state, program=(*played_lines(card), Line(card.id, -1, Op("use_card"))))


def _batman_card_drawn(state: GcsState, e: BatmanCardDrawn) -> GcsState:
    """The first format had stepped past the signal's line already."""
    assert state.pack is not None
    return updated(
        state,
        batman_deck=state.batman_deck[1:],
        batman_discard=(*state.batman_discard, e.card),
        program=(*effect_lines(state.pack.card(e.card)), *state.program),
    )


LEGACY: Mapping[type[GameEvent], Callable[[GcsState, Any], GcsState]] = {
    **TABLE,
    CardPlayed: _card_played,
    BatmanCardDrawn: _batman_card_drawn,
    Awaiting: _awaiting,
    Answered: _answered,
    Declined: _declined,
    ProgramStepped: _program_stepped,
    StepChanged: _step_changed,
}
