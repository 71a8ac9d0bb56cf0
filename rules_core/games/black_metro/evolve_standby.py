"""The standby phase's handlers (evolve.py merges them), with the decisions each step opens
(recovering overwhelmed personnel, a standby mission, a syndicate's backing, the district an
explosion strikes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.flow import Prompt, clockwise
from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated
from rules_core.games.black_metro import board, cards
from rules_core.games.black_metro import events_standby as s
from rules_core.games.black_metro.state import BlackMetroState

State = BlackMetroState


def backings(state: State, seat: int) -> tuple[str, ...]:
    """Unturned syndicates whose criterion `seat` alone leads (a tie backs nobody)."""
    found = []
    for syndicate_id, turned in state.syndicates:
        if turned:
            continue
        syndicate = state.the_pack().syndicate(syndicate_id)
        values = [board.measure(state, p, syndicate.measure) for p in state.everyone]
        best = max(values) if syndicate.most else min(values)
        if values[seat] == best and values.count(best) == 1:
            found.append(syndicate_id)
    return tuple(found)


def _step(state: State, ev: s.StandbyStep) -> State:
    state = updated(state, flow=updated(state.flow, step=ev.step))
    order = [p for p in clockwise(len(state.players), state.relic) if p != state.overlord]
    player = state.player
    if ev.step == "recover":
        asked = [Prompt(p, "recover_overwhelmed") for p in order if sum(player(p).overwhelmed)]
    elif ev.step == "missions":
        asked = [
            Prompt(p, "standby_mission") for p in order if board.asked_about_missions(state, p)
        ]
    elif ev.step == "syndicates":
        asked = [Prompt(p, "backing") for p in order if backings(state, p)]
    else:
        asked = []
    return updated(state, flow=state.flow.asked(asked))


def _charged(state: State, ev: s.CardsCharged) -> State:
    player = state.player(ev.owner)
    downed = tuple(t for t in player.downed if t not in ev.technologies)
    return state.with_player(
        ev.owner,
        updated(
            player,
            downed=downed,
            technologies=player.technologies + ev.technologies,
            candidate_charged=bool(player.candidate),
        ),
    )


def _downed(state: State, ev: s.TechnologiesDowned) -> State:
    player = state.player(ev.owner)
    return state.with_player(
        ev.owner, updated(player, downed=player.downed + player.technologies, technologies=())
    )


def _close(state: State, seat: int, kind: str) -> State:
    prompt = state.flow.prompt_for(seat)
    if prompt is None or prompt.kind != kind:
        return state
    return updated(state, flow=state.flow.closed(seat))


def _backed(state: State, ev: s.BackingReceived) -> State:
    player = state.player(ev.owner)
    state = state.with_player(ev.owner, updated(player, power=player.power + ev.power))
    return _close(state, ev.owner, "backing")


def _backing_passed(state: State, ev: s.BackingPassed) -> State:
    return _close(state, ev.owner, "backing")


def _kept(state: State, ev: s.OverwhelmedKept) -> State:
    return _close(state, ev.owner, "recover_overwhelmed")


def _event_chosen(state: State, ev: s.EventChosen) -> State:
    return _close(state, ev.owner, "dice_choice")


def _turned_up(state: State, ev: s.FortuneTurnedUp) -> State:
    state = state.fortunes_off_top(1).discarded((ev.card,))
    if len(exploding(ev.card)) == 1:
        return state
    ask = Prompt(
        state.relic, "explode_district", must=True, about=(("tile", ev.tile), ("card", ev.card))
    )
    return updated(state, flow=state.flow.asked((ask,), first=True))


def exploding(card: str) -> tuple[int, ...]:
    """The districts a discarded fortune names: 2-10 its number, an ace 01 or 11, a court card
    the Combat Zone, a joker any."""
    rank = cards.rank(card)
    if rank == "Joker":
        return tuple(range(1, 13))
    if rank in ("J", "Q", "K"):
        return (12,)
    return cards.facilities(card)


def _exploded(state: State, ev: s.DistrictExploded) -> State:
    prompt = state.flow.prompt_for(state.relic)
    if prompt is not None and prompt.kind == "explode_district":
        state = updated(state, flow=state.flow.closed(state.relic))
    district = state.district(ev.district)
    for fortification in district.fortifications:
        player = state.player(fortification.owner)
        blockades, bases = player.fortifications
        back = (
            (blockades + 1, bases) if fortification.kind == "blockade" else (blockades, bases + 1)
        )
        state = state.with_player(fortification.owner, updated(player, fortifications=back))
    return state.with_district(ev.district, updated(district, fortifications=(), tile=ev.tile))


def _tile_laid(state: State, ev: s.TileLaid) -> State:
    return state.with_district(ev.district, updated(state.district(ev.district), tile=ev.tile))


def _revealed(state: State, ev: s.MissionRevealed) -> State:
    return state.with_player(ev.owner, state.player(ev.owner).revealing(ev.card))


def _scored(state: State, ev: s.GameScored) -> State:
    return updated(
        state, over=True, winners=ev.winners, final=ev.scores, flow=updated(state.flow, prompts=())
    )


STANDBY_HANDLERS: dict[type[GameEvent], Callable[[Any, Any], Any]] = {
    s.StandbyStep: _step,
    s.CardsCharged: _charged,
    s.TechnologiesDowned: _downed,
    s.BackingReceived: _backed,
    s.BackingPassed: _backing_passed,
    s.OverwhelmedKept: _kept,
    s.EventChosen: _event_chosen,
    s.FortuneTurnedUp: _turned_up,
    s.DistrictExploded: _exploded,
    s.TileLaid: _tile_laid,
    s.MissionRevealed: _revealed,
    s.GameScored: _scored,
}
