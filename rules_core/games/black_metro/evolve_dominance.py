"""The dominance phase's handlers (evolve.py merges them): each event's change to the table and
the decisions it opens (the dominating player's fortune and mission, the relic after a tie, the
missions at the end of the phase)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.flow import Prompt, clockwise
from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated, with_item
from rules_core.games.black_metro import board
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro.asking import hand_limit
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState
LAST = 13  # every district contested


def _close(state: State, seat: int, kind: str) -> State:
    prompt = state.flow.prompt_for(seat)
    if prompt is None or prompt.kind != kind:
        return state
    return updated(state, flow=state.flow.closed(seat))


def may_fulfil(state: State, seat: int) -> bool:
    """Whether `seat` is asked about a dominance mission: none fulfilled this round (public),
    and a mission held (whether one can be fulfilled now is the seat's own secret)."""
    return not state.dominance_mission[seat] and board.asked_about_missions(state, seat)


def _contested(state: State, ev: d.DistrictContested) -> State:
    state = updated(
        state,
        contest=ev.district,
        asserted=with_item(state.asserted, ev.district - 1, ev.dominator),
    )
    seat = ev.dominator
    if seat < 0 or seat == state.overlord:
        return state
    others = [p for p, s in enumerate(ev.strengths) if s and p != seat]
    asked = []
    if others and state.player(seat).hand:
        asked.append(Prompt(seat, "dominance_fortune", about=(("district", ev.district),)))
    return updated(state, flow=state.flow.asked(asked))


def _settled(state: State, ev: d.DominanceSettled) -> State:
    seat = ev.dominator
    if not may_fulfil(state, seat):
        return state
    ask = Prompt(seat, "after_dominance_mission", about=(("district", ev.district),))
    return updated(state, flow=state.flow.asked((ask,)))


def _forgone(state: State, ev: d.AttackForgone) -> State:
    return _close(state, ev.owner, "dominance_fortune")


def _discard_taken(state: State, ev: d.DiscardTaken) -> State:
    player = state.player(ev.owner).with_fortunes((ev.card,), ev.knower)
    state = state.undiscarded(ev.card).with_player(ev.owner, player)
    return hand_limit(state, ev.owner)


def _benefit(state: State, ev: d.BenefitChosen) -> State:
    return _close(state, ev.owner, "joker_benefit")


def _destroyed(state: State, ev: d.FortificationsDestroyed) -> State:
    district = state.district(ev.district)
    kept = tuple(f for f in district.fortifications if f.owner != ev.owner)
    state = state.with_district(ev.district, updated(district, fortifications=kept))
    player = state.player(ev.owner)
    blockades, bases = player.fortifications
    back = (blockades + ev.blockades, bases + ev.support_bases)
    return state.with_player(ev.owner, updated(player, fortifications=back))


def _fulfilled(state: State, ev: d.MissionFulfilled) -> State:
    player = state.player(ev.owner)
    timing = state.the_pack().mission(ev.card.partition("#")[0]).timing
    player = updated(
        player.without_mission(ev.card),
        fulfilled=(*player.fulfilled, ev.card),
        power=player.power + ev.power,
    )
    state = state.with_player(ev.owner, player)
    if timing != "standby":
        state = updated(state, dominance_mission=with_item(state.dominance_mission, ev.owner, True))
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is not None and prompt.kind.endswith("_mission"):
        state = updated(state, flow=state.flow.closed(ev.owner))
    return state


def _passed(state: State, ev: d.MissionPassed) -> State:
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is not None and prompt.kind.endswith("_mission"):
        return updated(state, flow=state.flow.closed(ev.owner))
    return state


def _relic(state: State, ev: d.RelicMoved) -> State:
    state = _close(state, state.relic, "give_relic")
    player = state.player(ev.owner)
    if ev.power:
        state = state.with_player(ev.owner, updated(player, power=player.power + ev.power))
    state = updated(state, relic=ev.owner, contest=LAST)
    order = clockwise(len(state.players), ev.owner)
    asked = [Prompt(p, "end_dominance_mission") for p in order if may_fulfil(state, p)]
    return updated(state, flow=state.flow.asked(asked))


def _tied(state: State, ev: d.CityTied) -> State:
    ask = Prompt(state.relic, "give_relic", must=True, about=(("tied", len(ev.tied)),))
    return updated(state, flow=state.flow.asked((ask,)), contest=LAST)


DOMINANCE_HANDLERS: dict[type[GameEvent], Callable[[Any, Any], Any]] = {
    d.DistrictContested: _contested,
    d.DominanceSettled: _settled,
    d.AttackForgone: _forgone,
    d.DiscardTaken: _discard_taken,
    d.BenefitChosen: _benefit,
    d.FortificationsDestroyed: _destroyed,
    d.MissionFulfilled: _fulfilled,
    d.MissionPassed: _passed,
    d.RelicMoved: _relic,
    d.CityTied: _tied,
}
