"""Decisions the limits ask for, whatever caused them (shared by the phases' handlers)."""

from __future__ import annotations

from rules_core.engine.flow import Prompt
from rules_core.engine.updating import updated
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState


def hand_limit(state: State, seat: int) -> State:
    """Beyond 5 fortunes the holder discards down to 5 (asked at once)."""
    excess = len(state.player(seat).hand) - state.the_pack().limit("fortunes_in_hand")
    if excess <= 0:
        return state
    prompt = state.flow.prompt_for(seat)
    if prompt is not None and prompt.kind == "hand_limit":
        return updated(
            state,
            flow=state.flow.closed(seat).asked(
                (Prompt(seat, "hand_limit", count=excess, must=True),), first=True
            ),
        )
    ask = Prompt(seat, "hand_limit", count=excess, must=True)
    return updated(state, flow=state.flow.asked((ask,), first=True))
