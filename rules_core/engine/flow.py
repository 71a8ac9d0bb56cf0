"""Flow as data: phases and their steps, turn order, and the prompts a game puts to its seats
(after boardgame.io's phases, stages and activePlayers).

A game's state holds a `Flow`: where the round stands (phase and step), whose turn it is, and
the prompts waiting for an answer. A prompt is a choice asked of one seat, in or out of turn
(defending, a clockwise effect, a simultaneous choice): the game asks it, a seat's answer
counts it down, a seat that may stop closes it. The seats the game waits for follow from the
flow alone (`Flow.to_act`): the seats of the first prompt, or of the first group of prompts asked
`together`, else the seat whose turn it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_core.engine.types import Scalar
from rules_core.engine.updating import updated


@dataclass(frozen=True, slots=True)
class Prompt:
    """A choice the game asks of `seat`: `count` answers of one `kind`.

    must: the seat may not stop before it has given them all. together: asked at the same time
    as the prompts next to it that are also `together` (answered in any order). about: what the
    choice is about, in the game's terms (a card, a block, the seat that attacks...).
    """

    seat: int
    kind: str
    count: int = 1
    must: bool = False
    together: bool = False
    about: tuple[tuple[str, Scalar], ...] = ()

    def get(self, key: str, default: Scalar = None) -> Scalar:
        return dict(self.about).get(key, default)


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of a round: its steps in order."""

    name: str
    steps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Phases:
    """A round's phases in order; the round starts over after the last (or the game ends)."""

    phases: tuple[Phase, ...]

    def first(self) -> tuple[str, str]:
        return self.phases[0].name, self.phases[0].steps[0]

    def phase(self, name: str) -> Phase:
        for phase in self.phases:
            if phase.name == name:
                return phase
        raise KeyError(name)

    def after(self, phase: str, step: str) -> tuple[str, str] | None:
        """The step after `step`: the next of its phase, else the first of the next phase;
        None after the round's last step."""
        index = next(i for i, p in enumerate(self.phases) if p.name == phase)
        steps = self.phases[index].steps
        at = steps.index(step)
        if at + 1 < len(steps):
            return phase, steps[at + 1]
        if index + 1 < len(self.phases):
            following = self.phases[index + 1]
            return following.name, following.steps[0]
        return None

    def names(self) -> tuple[str, ...]:
        return tuple(f"{p.name}.{s}" for p in self.phases for s in p.steps)


def clockwise(seats: int, start: int) -> tuple[int, ...]:
    """Every seat once, starting with `start` and going round the table."""
    return tuple((start + i) % seats for i in range(seats))


def left_of(seats: int, seat: int, steps: int = 1) -> int:
    """The seat `steps` places clockwise of `seat`."""
    return (seat + steps) % seats


def others_clockwise(seats: int, seat: int) -> tuple[int, ...]:
    """The other seats in turn order, starting left of `seat` (a clockwise effect's order)."""
    return clockwise(seats, left_of(seats, seat))[: seats - 1]


@dataclass(frozen=True, slots=True)
class Flow:
    """Where the game stands: phase and step, whose turn it is, and the prompts waiting."""

    phase: str
    step: str
    current: int
    prompts: tuple[Prompt, ...] = ()

    def leading(self) -> tuple[Prompt, ...]:
        """The prompts being asked now: the first, or the first group asked together."""
        if not self.prompts:
            return ()
        if not self.prompts[0].together:
            return self.prompts[:1]
        group = []
        for prompt in self.prompts:
            if not prompt.together:
                break
            group.append(prompt)
        return tuple(group)

    def to_act(self) -> frozenset[int]:
        leading = self.leading()
        if leading:
            return frozenset(p.seat for p in leading)
        return frozenset({self.current})

    def prompt_for(self, seat: int) -> Prompt | None:
        """The prompt `seat` is answering now, if it is being asked one."""
        return next((p for p in self.leading() if p.seat == seat), None)

    def asked(self, prompts: Iterable[Prompt], first: bool = False) -> Flow:
        """These prompts queued in order, after the waiting ones or (first) before them."""
        new = tuple(prompts)
        queue = (*new, *self.prompts) if first else (*self.prompts, *new)
        return updated(self, prompts=queue)

    def answered(self, seat: int, **changes: Any) -> Flow:
        """`seat` gave one answer to its prompt: one fewer to give, and none left closes it
        (`changes`: what else the answer changes in a prompt that stays open)."""
        prompt = self.prompt_for(seat)
        if prompt is None:
            raise ValueError(f"seat {seat} is not being asked anything")
        if prompt.count > 1:
            return self._replaced(prompt, (updated(prompt, count=prompt.count - 1, **changes),))
        return self._replaced(prompt, ())

    def closed(self, seat: int) -> Flow:
        """`seat`'s prompt is over (it stopped, or nothing is left to choose)."""
        prompt = self.prompt_for(seat)
        if prompt is None:
            raise ValueError(f"seat {seat} is not being asked anything")
        return self._replaced(prompt, ())

    def _replaced(self, prompt: Prompt, by: Sequence[Prompt]) -> Flow:
        index = self.prompts.index(prompt)
        return updated(self, prompts=(*self.prompts[:index], *by, *self.prompts[index + 1 :]))

    def moved_on(self, phases: Phases) -> Flow:
        """The next step of the round (the first once the round is over)."""
        following = phases.after(self.phase, self.step) or phases.first()
        return updated(self, phase=following[0], step=following[1])

    def turn_of(self, seat: int, phases: Phases) -> Flow:
        """`seat`'s turn begins at the round's first step."""
        phase, step = phases.first()
        return updated(self, phase=phase, step=step, current=seat)
