"""The steps an effect's source names (sources.py): a district's effect or its candidate's
district ability ("district:9:2", "district:5:0"), a die face's options ("dice:supply:4"); and
which of them a tail of steps left to carry out belongs to. A decision asked part way through
an effect (a fortune discard, a later choosing step) records its source, its option and how
many steps are left, and the answer finds them here again."""

from __future__ import annotations

from rules_core.engine.effects import Effect
from rules_core.games.black_metro import board, sources
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState
Steps = tuple[Effect, ...]
FREE = {"free_build": "build", "free_fortification_move": "move_fortification"}


def district_steps(state: State, seat: int, number: int, effect: int) -> Steps:
    """What a district's effect does for `seat` (0: their candidate's district ability); the
    logistic technologies take the cost off the effects that build or move fortifications."""
    if effect == 0:
        return state.the_pack().candidate(state.player(seat).candidate).district_ability
    steps = state.the_pack().district(number).effects[effect - 1].steps
    free = {FREE[a.op] for a in board.abilities(state, seat) if a.op in FREE}
    if any(step.op in free for step in steps):
        steps = tuple(step for step in steps if step.op != "spend")
    return steps


def options(state: State, seat: int, reason: str) -> tuple[Steps, ...]:
    """The steps of each way the source `reason` can be carried out: a die face's options; a
    district's effect as the resolution phase does it for `seat`, then as printed (a facility's
    first effect used with an assignment fortune takes no cost off)."""
    kind, named = sources.parts(reason)
    if kind == sources.DICE:
        dice, _, face = named.partition(":")
        return tuple(o.steps for o in state.the_pack().die(dice).faces[int(face) - 1].options)
    number, _, effect = named.partition(":")
    steps = district_steps(state, seat, int(number), int(effect))
    if int(effect) == 0:
        return (steps,)
    return (steps, state.the_pack().district(int(number)).effects[int(effect) - 1].steps)


def option_ending(state: State, seat: int, reason: str, tail: Steps) -> int:
    """The option of `reason` whose steps end with `tail` (options ending alike carry on
    alike, so the first is as good as any)."""
    found = options(state, seat, reason)
    return next(
        k for k, o in enumerate(found) if len(o) >= len(tail) and o[len(o) - len(tail) :] == tail
    )


def left_of(state: State, seat: int, reason: str, option: int, left: int) -> Steps:
    """The last `left` steps of the option `option` of `reason`."""
    steps = options(state, seat, reason)[option]
    return steps[len(steps) - left :]
