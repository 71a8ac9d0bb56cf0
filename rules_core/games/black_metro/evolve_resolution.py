"""The resolution phase's handlers (evolve.py merges them), with the decisions they open: each
player's turn at a district, a reroll after a die."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.flow import Prompt
from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated, with_item, without_one
from rules_core.games.black_metro import asking
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro.state import (
    NO_BONUS,
    BlackMetroState,
    Fortification,
    Troop,
    minus,
    plus,
)

State = BlackMetroState
UNIT: tuple[Troop, Troop, Troop] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def _troop_at(state: State, number: int, seat: int, change: Troop, add: bool) -> State:
    district = state.district(number)
    troops = list(district.personnel)
    troops[seat] = plus(troops[seat], change) if add else minus(troops[seat], change)
    return state.with_district(number, updated(district, personnel=tuple(troops)))


def _resolving(state: State, ev: r.DistrictResolving) -> State:
    about = (("district", ev.district), ("next", 1), ("candidate", 0))
    asked = [Prompt(p, "resolve", count=10, about=about) for p in ev.players]
    return updated(state, resolving=ev.district, flow=state.flow.asked(asked))


def _used(state: State, ev: r.EffectUsed) -> State:
    """An effect of the district begun: its facility bonus is due once it is resolved
    completely (facilities.bonus_due; a candidate's district ability gets none)."""
    state = updated(state, bonus_due=(ev.owner, ev.district) if ev.effect else NO_BONUS)
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is None or prompt.kind != "resolve":
        return state
    about = dict(prompt.about)
    if ev.effect:
        about["next"] = ev.effect + 1
    else:
        about["candidate"] = 1
    flow = state.flow.answered(ev.owner, about=tuple(about.items()))
    return updated(state, flow=flow)


def _done(state: State, ev: r.ResolutionDone) -> State:
    """A player done at the district: whatever was due to its effects is settled (a bonus left
    by one whose player held no such ability is not given later)."""
    return updated(state, flow=state.flow.closed(ev.owner), bonus_due=NO_BONUS)


def saboteur(state: State, roller: int) -> int:
    """The Gambler who may make `roller` reroll (-1: none): charged, holding a fortune."""
    pack = state.the_pack()
    for p in state.everyone:
        player = state.player(p)
        if (
            p != roller
            and p != state.overlord
            and player.hand
            and player.candidate
            and player.candidate_charged
            and pack.candidate(player.candidate).ability.op == "sabotage_reroll"
        ):
            return p
    return -1


def _sabotage(state: State, roller: int, dice: str, face: int, district: int) -> State:
    gambler = saboteur(state, roller)
    if gambler < 0:
        return state
    about = (("dice", dice), ("face", face), ("district", district), ("roller", roller))
    ask = Prompt(gambler, "sabotage", about=about)
    return updated(state, flow=state.flow.asked((ask,), first=True))


def _rolled(state: State, ev: r.DiceRolled) -> State:
    """A fortune may be discarded to reroll once: its roller is asked first when they hold
    one, then the Gambler (troubleshooting); a reroll is final."""
    if ev.reroll:
        return state
    if not state.player(ev.owner).hand or ev.owner == state.overlord:
        return _sabotage(state, ev.owner, ev.dice, ev.face, state.resolving)
    about = (("dice", ev.dice), ("face", ev.face), ("district", state.resolving))
    ask = Prompt(ev.owner, "reroll", about=about)
    return updated(state, flow=state.flow.asked((ask,), first=True))


def _to_resolve(state: State, ev: r.RollToResolve) -> State:
    about = (
        ("dice", ev.dice),
        ("face", ev.face),
        ("district", ev.district),
        ("option", ev.option),
        ("start", ev.start),
    )
    ask = Prompt(ev.owner, "dice_choice", must=True, about=about)
    each = ev.dice == "event" and ev.option >= 0  # every player in turn: queued in order
    return updated(state, flow=state.flow.asked((ask,), first=not each))


def _kept(state: State, ev: r.RollKept) -> State:
    prompt = state.flow.prompt_for(ev.owner)
    assert prompt is not None
    state = updated(state, flow=state.flow.closed(ev.owner))
    dice, face = str(prompt.get("dice")), int(str(prompt.get("face")))
    return _sabotage(state, ev.owner, dice, face, int(str(prompt.get("district"))))


def _step_asked(state: State, ev: r.StepAsked) -> State:
    about = (
        ("reason", ev.reason),
        ("option", ev.option),
        ("district", ev.district),
        ("left", ev.left),
        ("taken", ev.taken),
    )
    return asking.step(state, ev.owner, about)


def _step_chosen(state: State, ev: r.StepChosen) -> State:
    return asking.recount(updated(state, flow=state.flow.closed(ev.owner)), ev.owner)


def _closed(state: State, ev: r.RollResolved | r.SabotageDeclined | r.JamForgone) -> State:
    return updated(state, flow=state.flow.closed(ev.owner))


def jam_targets(state: State, owner: int, level: int) -> list[str]:
    """Others' charged technologies the frequency jammer may down: of the researched level if
    any player has one (an ability that chooses a player picks one for whom it resolves most,
    advanced.golden.exceptions), else of a lower level."""
    pack = state.the_pack()
    charged = [t for p in state.everyone if p != owner for t in state.player(p).technologies]
    equal = [t for t in charged if pack.technology(t).level == level]
    return equal or [t for t in charged if pack.technology(t).level < level]


def jammer_asked(state: State, ev: Any) -> State:
    """After a technology researched by a charged Technologist: the frequency jammer."""
    player = state.player(ev.owner)
    pack = state.the_pack()
    if not (ev.researched and player.candidate and player.candidate_charged):
        return state
    if pack.candidate(player.candidate).ability.op != "frequency_jammer":
        return state
    level = pack.technology(ev.technology).level
    # asked whenever another player has a charged technology, whatever the level researched:
    # the card is face down, so whether its level finds a target must not show (README)
    if not any(state.player(p).technologies for p in state.everyone if p != ev.owner):
        return state
    ask = Prompt(ev.owner, "jammer", about=(("level", level),))
    return updated(state, flow=state.flow.asked((ask,), first=True))


def _jammed(state: State, ev: r.TechnologyJammed) -> State:
    for p in state.everyone:
        prompt = state.flow.prompt_for(p)
        if prompt is not None and prompt.kind == "jammer":
            state = updated(state, flow=state.flow.closed(p))
    player = state.player(ev.owner)
    card = f"{ev.technology}@{ev.owner}"
    return state.with_player(
        ev.owner,
        updated(
            player,
            technologies=without_one(player.technologies, card),
            downed=(*player.downed, card),
        ),
    )


def _recalled(state: State, ev: r.Recalled) -> State:
    state = _troop_at(state, ev.district, ev.owner, ev.troop, add=False)
    player = state.player(ev.owner)
    return state.with_player(ev.owner, updated(player, hideout=plus(player.hideout, ev.troop)))


def _recovered(state: State, ev: r.Recovered) -> State:
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is not None and prompt.kind == "recover_overwhelmed":
        state = updated(state, flow=state.flow.closed(ev.owner))
    player = state.player(ev.owner)
    return state.with_player(
        ev.owner,
        updated(
            player,
            overwhelmed=minus(player.overwhelmed, ev.troop),
            hideout=plus(player.hideout, ev.troop),
        ),
    )


def _promoted(state: State, ev: r.Promoted) -> State:
    player = state.player(ev.owner)
    if ev.district:
        state = _troop_at(state, ev.district, ev.owner, UNIT[0], add=False)
        state = _troop_at(state, ev.district, ev.owner, UNIT[ev.unit], add=True)
    else:  # in the hideout (event 5)
        hideout = plus(minus(player.hideout, UNIT[0]), UNIT[ev.unit])
        state = state.with_player(ev.owner, updated(player, hideout=hideout))
    player = state.player(ev.owner)
    if ev.from_overwhelmed:
        player = updated(player, overwhelmed=minus(player.overwhelmed, UNIT[ev.unit]))
        player = updated(player, backup=plus(player.backup, UNIT[0]))
    else:
        player = updated(player, backup=plus(minus(player.backup, UNIT[ev.unit]), UNIT[0]))
    return state.with_player(ev.owner, player)


def _advanced(state: State, ev: r.ScienceAdvanced) -> State:
    return state.with_player(ev.owner, updated(state.player(ev.owner), science=ev.level))


def _built(state: State, ev: r.FortificationBuilt) -> State:
    district = state.district(ev.district)
    forts = (*district.fortifications, Fortification(ev.owner, ev.kind))
    state = state.with_district(ev.district, updated(district, fortifications=forts))
    player = state.player(ev.owner)
    index = 0 if ev.kind == "blockade" else 1
    left = with_item(player.fortifications, index, player.fortifications[index] - 1)
    return state.with_player(ev.owner, updated(player, fortifications=left))


def _moved(state: State, ev: r.FortificationMoved) -> State:
    piece = Fortification(ev.owner, ev.kind)
    source = state.district(ev.source)
    state = state.with_district(
        ev.source, updated(source, fortifications=without_one(source.fortifications, piece))
    )
    target = state.district(ev.target)
    return state.with_district(
        ev.target, updated(target, fortifications=(*target.fortifications, piece))
    )


def _turned(state: State, ev: r.SyndicateTurned) -> State:
    syndicates = tuple((s, not t) if s == ev.syndicate else (s, t) for s, t in state.syndicates)
    return updated(state, syndicates=syndicates)


RESOLUTION_HANDLERS: dict[type[GameEvent], Callable[[Any, Any], Any]] = {
    r.DistrictResolving: _resolving,
    r.EffectUsed: _used,
    r.ResolutionDone: _done,
    r.DiceRolled: _rolled,
    r.RollKept: _kept,
    r.RollToResolve: _to_resolve,
    r.RollResolved: _closed,
    r.StepAsked: _step_asked,
    r.StepPassed: lambda state, ev: state,  # told only: nothing changes
    r.StepChosen: _step_chosen,
    r.SabotageDeclined: _closed,
    r.JamForgone: _closed,
    r.TechnologyJammed: _jammed,
    r.Recalled: _recalled,
    r.Recovered: _recovered,
    r.Promoted: _promoted,
    r.ScienceAdvanced: _advanced,
    r.FortificationBuilt: _built,
    r.FortificationMoved: _moved,
    r.SyndicateTurned: _turned,
}
