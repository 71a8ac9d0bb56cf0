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


def hand_limit(state: State, seat: int) -> State:
    """Beyond 5 fortunes the holder discards down to 5 (asked at once, after the players who
    drew beyond it before them in the same step: each player draws in turn, so each discards
    in turn; rules version 21)."""
    excess = len(state.player(seat).hand) - state.the_pack().limit("fortunes_in_hand")
    if excess <= 0:
        return state
    ask = Prompt(seat, "hand_limit", count=excess, must=True)
    prompt = state.flow.prompt_for(seat)
    if prompt is not None and prompt.kind == "hand_limit":
        return updated(state, flow=state.flow.closed(seat).asked((ask,), first=True))
    prompts = state.flow.prompts
    ahead = next((i for i, p in enumerate(prompts) if p.kind != "hand_limit"), len(prompts))
    queue = (*prompts[:ahead], ask, *prompts[ahead:])
    return updated(state, flow=updated(state.flow, prompts=queue))
