"""Decisions the limits ask for, whatever caused them (shared by the phases' handlers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rules_core.engine.flow import Prompt
from rules_core.engine.updating import updated
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState
T = TypeVar("T")


def forced(ways: Sequence[T], hidden: bool = False) -> T | None:
    """The one answer a decision has, given as the game's own step instead of asked (None: ask
    the seat). A seat is asked when it has a choice (an optional "no" is one), or when whether
    it has one hangs on what the others cannot see (`hidden`: the README's blind prompts ask
    whatever the hand or the face-down cards leave); a single way settled by public facts alone
    (personnel, fortifications, resources, levels, how many cards a hand holds, every card being
    one of a kind) tells the others nothing by being played unasked. Rules version 16."""
    return ways[0] if len(ways) == 1 and not hidden else None


FIRST = (
    "hand_limit",
    "discards",
    "step",
)  # asked before any other decision, in the order they came


def hand_limit(state: State, seat: int) -> State:
    """Beyond 5 fortunes the holder discards down to 5 (asked at once, after the players who
    drew beyond it before them in the same step: each player draws in turn, so each discards
    in turn; rules version 21), and after the discards an effect asked before the draw (rules
    version 29: those come first, and the excess is counted again once they are made)."""
    excess = len(state.player(seat).hand) - state.the_pack().limit("fortunes_in_hand")
    if excess <= 0:
        return state
    ask = Prompt(seat, "hand_limit", count=excess, must=True)
    prompt = state.flow.prompt_for(seat)
    if prompt is not None and prompt.kind == "hand_limit":
        return updated(state, flow=state.flow.closed(seat).asked((ask,), first=True))
    mine = {p.kind for p in state.flow.prompts if p.seat == seat}
    if "hand_limit" in mine and mine & {"discards", "step"}:  # counted again once made
        return state
    prompts = state.flow.prompts
    ahead = next((i for i, p in enumerate(prompts) if p.kind not in FIRST), len(prompts))
    queue = (*prompts[:ahead], ask, *prompts[ahead:])
    return updated(state, flow=updated(state.flow, prompts=queue))


def discards(
    state: State, seat: int, count: int, about: tuple[tuple[str, str | int], ...]
) -> State:
    """`count` fortunes to be discarded by `seat`, one at a time (rules version 29), asked
    before anything else but the other players' hand limits already waiting: the seat's own
    waits for them, and is counted again once they are made (`recount`)."""
    return _ahead(state, Prompt(seat, "discards", count=count, must=True, about=about))


def step(state: State, seat: int, about: tuple[tuple[str, str | int], ...]) -> State:
    """A later choosing step of the effect `seat` is resolving, asked on its own (rules version
    30), as the discards are: before anything else but the hand limits already waiting."""
    return _ahead(state, Prompt(seat, "step", must=True, about=about))


def _ahead(state: State, ask: Prompt) -> State:
    """`ask` queued after the decisions asked first (FIRST) already waiting, but ahead of its
    own seat's hand limit, which is counted again once it is answered."""
    prompts = state.flow.prompts
    ahead = next(
        (
            i
            for i, p in enumerate(prompts)
            if p.kind not in FIRST or (p.kind == "hand_limit" and p.seat == ask.seat)
        ),
        len(prompts),
    )
    queue = (*prompts[:ahead], ask, *prompts[ahead:])
    return updated(state, flow=updated(state.flow, prompts=queue))


def recount(state: State, seat: int) -> State:
    """Once `seat`'s discards are all made (or a step it was asked answered), its hand limit
    waiting behind them counted again (none if the hand is now within it)."""
    waiting = [p for p in state.flow.prompts if p.seat == seat and p.kind == "hand_limit"]
    if not waiting:
        return state
    excess = len(state.player(seat).hand) - state.the_pack().limit("fortunes_in_hand")
    queue = tuple(
        updated(p, count=excess) if p is waiting[0] else p
        for p in state.flow.prompts
        if p is not waiting[0] or excess > 0
    )
    return updated(state, flow=updated(state.flow, prompts=queue))
