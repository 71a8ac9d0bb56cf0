"""Choosing steps asked one at a time (rules version 30): an effect with more than one choosing
step (a die face's research then advance, a custom pack's two fortification moves...) is begun
by a move naming its first step's way, and each later choosing step is asked of the same player
once the steps before it are done (`step_asked`, public), answered by `choose_step` naming that
step's way alone. "Return up to N missions" asks one mission at a time, with returning no more
as a way. So a decision offers one step's options (plus one), never their product: before,
every combination was one move (3^K for K syndicate turns, thousands for two fortification
moves, every pair of held missions)."""

from __future__ import annotations

import random

from rules_core.engine.effects import Effect
from rules_core.engine.flow import Prompt
from rules_core.engine.moves import MoveRule
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.black_metro import effect_steps, facilities, language
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro.checks import reject
from rules_core.games.black_metro.choices_seen import split_choice
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from rules_core.games.black_metro.vocabulary import ACTIONS, OPTIONAL, say_all

State = BlackMetroState


def _asked(state: State, seat: int) -> Prompt | None:
    prompt = state.flow.prompt_for(seat)
    return prompt if prompt is not None and prompt.kind == "step" else None


def _int(prompt: Prompt, key: str) -> int:
    return int(str(prompt.get(key)))


def steps_left(state: State, prompt: Prompt) -> tuple[Effect, ...]:
    """The steps a step prompt's effect has left, the one asked first."""
    reason, option, left = str(prompt.get("reason")), _int(prompt, "option"), _int(prompt, "left")
    return effect_steps.left_of(state, prompt.seat, reason, option, left)


def asked_step(state: State, prompt: Prompt) -> str:
    """The step a step prompt asks, in words ("move 1 fortification")."""
    return say_all(ACTIONS, steps_left(state, prompt)[:1])


def _to_take(state: State, prompt: Prompt) -> str:
    """The step asked as what is done, to follow "to" ("advance the scientific level", not "to
    optionally advance...": the step's own words open so where it may be left undone)."""
    return asked_step(state, prompt).removeprefix(OPTIONAL)


def _ways(state: State, prompt: Prompt) -> list[str]:
    step = steps_left(state, prompt)[0]
    number, taken = _int(prompt, "district"), _int(prompt, "taken")
    return facilities.step_ways(state, prompt.seat, number, step, taken)


def _offers(state: State, seat: int) -> list[Move]:
    prompt = _asked(state, seat)
    if prompt is None:
        return []
    return [Move.of("choose_step", choice=way) for way in _ways(state, prompt)]


def _check(state: State, seat: int, move: Move) -> Rejection | None:
    prompt = _asked(state, seat)
    if prompt is None:
        return reject("not_now", "No step of an effect of yours waits for your choice.")
    if not isinstance(move.get("choice"), str) or move not in _offers(state, seat):
        return reject(
            "cannot_resolve",
            f"That is not a way to {_to_take(state, prompt)} now: name one of the ways offered.",
        )
    return None


def _choose(state: State, seat: int, move: Move, rng: random.Random) -> list[GameEvent]:
    prompt = _asked(state, seat)
    assert prompt is not None
    steps, choice = steps_left(state, prompt), str(move.get("choice"))
    shown, cards = split_choice(choice, (steps[0].op,))
    run = Run(state)
    run.emit(r.StepChosen(seat=seat, owner=seat, choice=shown, cards=cards))
    number, taken, reason = (
        _int(prompt, "district"),
        _int(prompt, "taken"),
        str(prompt.get("reason")),
    )
    facilities.carry_out(run, seat, number, steps, choice, rng, reason, taken)
    from rules_core.games.black_metro import standby  # (the phases go on through it)

    standby.carry_on(run, rng)
    return run.events


def chosen_words(state: State, prompt: Prompt, choice: str) -> str:
    """A way of the step asked, in words ("move Blue's blockade from 04 Harbour to 07 Old
    Mill"; "return no more missions")."""
    op = steps_left(state, prompt)[0].op
    if choice:
        return language.one_choice(state, choice, op)
    if op == "return_missions":
        return "return no more missions" if _int(prompt, "taken") else "return no mission"
    return f"go on without being able to {_to_take(state, prompt)}"


def _label(state: State, seat: int, move: Move) -> str:
    prompt = _asked(state, seat)
    assert prompt is not None
    words = chosen_words(state, prompt, str(move.get("choice")))
    return words[0].upper() + words[1:]


STEP_MOVES: tuple[MoveRule[State], ...] = (
    MoveRule("choose_step", ("choice",), _offers, _check, _choose, _label),
)
