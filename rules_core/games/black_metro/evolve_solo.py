"""The solo challenge's handlers (evolve.py merges them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated, without_one
from rules_core.games.black_metro import events_solo as so
from rules_core.games.black_metro.state import BlackMetroState, Fortification, minus, plus

State = BlackMetroState


def _fortune(state: State, ev: so.OverlordFortune) -> State:
    return state.fortunes_off_top(1).discarded((ev.card,))


def _assigned(state: State, ev: so.OverlordAssigned) -> State:
    overlord = state.overlord
    assert overlord is not None
    district = state.district(ev.district)
    troops = list(district.personnel)
    troops[overlord] = plus(troops[overlord], ev.troop)
    state = state.with_district(ev.district, updated(district, personnel=tuple(troops)))
    player = state.player(overlord)
    return state.with_player(overlord, updated(player, hideout=minus(player.hideout, ev.troop)))


def _fortified(state: State, ev: so.OverlordFortified) -> State:
    overlord = state.overlord
    assert overlord is not None
    piece = Fortification(overlord, ev.kind)
    if ev.source:
        source = state.district(ev.source)
        state = state.with_district(
            ev.source, updated(source, fortifications=without_one(source.fortifications, piece))
        )
    else:
        player = state.player(overlord)
        blockades, bases = player.fortifications
        left = (blockades - 1, bases) if ev.kind == "blockade" else (blockades, bases - 1)
        state = state.with_player(overlord, updated(player, fortifications=left))
    target = state.district(ev.district)
    return state.with_district(
        ev.district, updated(target, fortifications=(*target.fortifications, piece))
    )


def _to_deck(state: State, ev: so.FortuneToDeck) -> State:
    return state.discard_to_deck_top(ev.card)


def _lost(state: State, ev: so.ChallengeLost) -> State:
    return updated(state, over=True, winners=(), flow=updated(state.flow, prompts=()))


SOLO_HANDLERS: dict[type[GameEvent], Callable[[Any, Any], Any]] = {
    so.OverlordFortune: _fortune,
    so.OverlordAssigned: _assigned,
    so.OverlordFortified: _fortified,
    so.FortuneToDeck: _to_deck,
    so.Counterintelligence: lambda state, ev: state,  # told and cited; the discard follows
    so.ChallengeLost: _lost,
}
