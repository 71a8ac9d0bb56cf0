"""One handler per event: how each changes the table (pure; the flow's prompts are opened and
closed by the moves' own events, see setup.py and assignment.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.flow import Flow, Prompt, clockwise
from rules_core.engine.types import EVERYONE, GameEvent
from rules_core.engine.updating import updated, with_item, without_one
from rules_core.games.black_metro import board
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.asking import discards, hand_limit, recount
from rules_core.games.black_metro.evolve_dominance import DOMINANCE_HANDLERS
from rules_core.games.black_metro.evolve_resolution import RESOLUTION_HANDLERS, jammer_asked
from rules_core.games.black_metro.evolve_solo import SOLO_HANDLERS
from rules_core.games.black_metro.evolve_standby import STANDBY_HANDLERS
from rules_core.games.black_metro.state import (
    INITIAL,
    NO_BONUS,
    NO_TROOP,
    NOBODY,
    PHASES,
    BlackMetroState,
    DistrictState,
    Exchange,
    minus,
    new_player,
    plus,
    troop_strength,
)

State = BlackMetroState


def _player(state: State, seat: int, **changes: Any) -> State:
    return state.with_player(seat, updated(state.player(seat), **changes))


def _started(state: State, ev: e.GameStarted) -> State:
    pack = ev.pack
    count = ev.seats + ev.solo  # the solo challenge's overlord plays after the one seat
    players = tuple(new_player(pack) for _ in range(count))
    districts = tuple(DistrictState((NO_TROOP,) * count, ()) for _ in pack.districts)
    return updated(
        INITIAL,
        flow=Flow("setup", "return_mission", 0),
        pack=pack,
        seats=ev.seats,
        solo=ev.solo,
        first_game=ev.first_game,
        relic=ev.relic,
        players=players,
        districts=districts,
        fortune_deck=ev.fortune_deck,
        fortune_knowers=(NOBODY,) * len(ev.fortune_deck),
        mission_deck=ev.mission_deck,
        mission_knowers=(NOBODY,) * len(ev.mission_deck),
        syndicate_deck=ev.syndicate_deck,
        candidates_left=tuple(c.id for c in pack.candidates),
        asserted=(-1,) * len(pack.districts),
        overwhelmed_here=(0,) * len(pack.districts),
        dominance_mission=(False,) * count,
    )


def _revealed(state: State, ev: e.SyndicatesRevealed) -> State:
    deck = tuple(s for s in state.syndicate_deck if s not in ev.syndicates)
    return updated(state, syndicate_deck=deck, syndicates=tuple((s, False) for s in ev.syndicates))


def _missions_drawn(state: State, ev: e.MissionsDrawn) -> State:
    state = state.missions_drawn(ev.owner, len(ev.cards))
    if state.phase == "setup" and state.step == "return_mission":  # keep 1 of the 2
        ask = Prompt(ev.owner, "return_mission", must=True)
        state = updated(state, flow=state.flow.asked((ask,)))
    return state


def _mission_returned(state: State, ev: e.MissionReturned) -> State:
    state = state.mission_to_bottom(ev.card, EVERYONE if ev.knower == EVERYONE else ev.owner)
    state = state.with_player(ev.owner, state.player(ev.owner).without_mission(ev.card))
    prompt = state.flow.prompt_for(ev.owner)
    asked = prompt is not None and prompt.kind == "return_mission"
    flow = state.flow.closed(ev.owner) if asked else state.flow
    if state.phase == "setup" and not flow.prompts and not state.first_game:
        # candidates are chosen in turn, from the first player clockwise
        first = 0 if state.solo else state.relic
        order = clockwise(state.seats, first)
        flow = updated(flow, step="choose_candidate").asked(
            Prompt(seat, "choose_candidate", must=True) for seat in order
        )
    return updated(state, flow=flow)


def _candidate_chosen(state: State, ev: e.CandidateChosen) -> State:
    state = _player(state, ev.owner, candidate=ev.candidate)
    left = without_one(state.candidates_left, ev.candidate)
    return updated(state, candidates_left=left, flow=state.flow.closed(ev.owner))


def _to_gain(state: State, ev: e.TechnologyToGain) -> State:
    ask = Prompt(ev.owner, "gain_technology", must=True)
    return updated(state, flow=state.flow.asked((ask,), first=True))


def _tech_gained(state: State, ev: e.TechnologyGained) -> State:
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is not None and prompt.kind == "gain_technology":
        state = updated(state, flow=state.flow.closed(ev.owner))
    state = _player(state, ev.owner, downed=(*state.player(ev.owner).downed, ev.technology))
    return jammer_asked(state, ev)


def _candidate_charged(state: State, ev: e.CandidateCharged) -> State:
    return _player(state, ev.owner, candidate_charged=True)


def _resource(state: State, ev: e.ResourceChanged) -> State:
    player = state.player(ev.owner)
    state = _player(state, ev.owner, **{ev.resource: player.resource(ev.resource) + ev.amount})
    return _bonus_given(state, ev)


def _bonus_given(state: State, ev: e.ResourceChanged) -> State:
    """The facility bonus due to an effect, given: none is due any more, whichever rules gave
    it (rules version 31 when the effect began, 32 once it was resolved completely), so an
    effect begun under 31 and finished under 32 gets it once."""
    seat, number = state.bonus_due
    if ev.owner != seat or ev.source not in dict(board.facility_bonuses(state, seat, number)):
        return state
    return updated(state, bonus_due=NO_BONUS)


def _strain(state: State, ev: e.StrainInflicted) -> State:
    player = state.player(ev.owner)
    return _player(
        state, ev.owner, strain=player.strain + ev.amount, power=player.power - ev.power_lost
    )


def _healed(state: State, ev: e.StrainHealed) -> State:
    return _player(state, ev.owner, strain=state.player(ev.owner).strain - ev.amount)


def _power(state: State, ev: e.PowerChanged) -> State:
    return _player(state, ev.owner, power=state.player(ev.owner).power + ev.amount)


def _recruited(state: State, ev: e.Recruited) -> State:
    player = state.player(ev.owner)
    count = ev.from_backup + ev.from_overwhelmed
    changes: dict[str, Any] = {
        "backup": minus(player.backup, (ev.from_backup, 0, 0)),
        "overwhelmed": minus(player.overwhelmed, (ev.from_overwhelmed, 0, 0)),
    }
    if ev.district:
        district = state.district(ev.district)
        troops = list(district.personnel)
        troops[ev.owner] = plus(troops[ev.owner], (count, 0, 0))
        state = state.with_district(ev.district, updated(district, personnel=tuple(troops)))
    else:
        changes["hideout"] = plus(player.hideout, (count, 0, 0))
    return _player(state, ev.owner, **changes)


def _gained(state: State, ev: e.PersonnelGained) -> State:
    player = state.player(ev.owner)
    return _player(
        state,
        ev.owner,
        backup=minus(player.backup, ev.troop),
        hideout=plus(player.hideout, ev.troop),
    )


def _excess(state: State, ev: e.ExcessReturned) -> State:
    player = state.player(ev.owner)
    return _player(
        state,
        ev.owner,
        hideout=minus(player.hideout, ev.troop),
        backup=plus(player.backup, ev.troop),
        power=player.power + sum(ev.troop),
    )


def _overwhelmed(state: State, ev: e.Overwhelmed) -> State:
    player = state.player(ev.owner)
    if ev.district:
        district = state.district(ev.district)
        troops = list(district.personnel)
        troops[ev.owner] = minus(troops[ev.owner], ev.troop)
        state = state.with_district(ev.district, updated(district, personnel=tuple(troops)))
        if (
            state.phase == "dominance"
            and ev.district == state.contest
            and ev.owner != state.asserted[ev.district - 1]  # the dominator's own lost
        ):
            here = state.overwhelmed_here[ev.district - 1] + troop_strength(ev.troop)
            state = updated(
                state, overwhelmed_here=with_item(state.overwhelmed_here, ev.district - 1, here)
            )
        return _player(state, ev.owner, overwhelmed=plus(player.overwhelmed, ev.troop))
    return _player(
        state,
        ev.owner,
        hideout=minus(player.hideout, ev.troop),
        overwhelmed=plus(player.overwhelmed, ev.troop),
    )


def _fortunes_drawn(state: State, ev: ef.FortunesDrawn) -> State:
    state = state.fortunes_off_top(len(ev.cards))
    state = state.with_player(ev.owner, state.player(ev.owner).with_fortunes(ev.cards))
    return hand_limit(state, ev.owner)


def _discarded(state: State, ev: ef.FortunesDiscarded) -> State:
    player = state.player(ev.owner).without_fortunes(ev.cards)
    state = state.discarded(ev.cards, face_down_by=ev.owner)
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is not None and prompt.kind == "blockade_discard":
        state = updated(state, flow=state.flow.answered(ev.owner))
    elif prompt is not None and prompt.kind in ("reroll", "sabotage"):  # discarded to reroll
        state = updated(state, flow=state.flow.closed(ev.owner))
    elif prompt is not None and prompt.kind == "hand_limit":
        state = updated(state, flow=state.flow.answered(ev.owner))
    elif prompt is not None and prompt.kind == "discards":  # one of them (rules version 29)
        state = updated(state, flow=state.flow.answered(ev.owner))
        if prompt.count == 1:  # the last: the hand limit counted again
            return recount(state.with_player(ev.owner, player), ev.owner)
    return state.with_player(ev.owner, player)


def _discards_asked(state: State, ev: ef.DiscardsAsked) -> State:
    about = (
        ("reason", ev.reason),
        ("card", ev.card),
        ("option", ev.option),
        ("district", ev.district),
        ("left", ev.left),
        ("choice", ev.choice),
    )
    return discards(state, ev.owner, ev.count, about)


def _reshuffled(state: State, ev: ef.FortuneDeckReshuffled) -> State:
    return updated(state.fortunes_under(ev.deck), fortune_discard=(), discard_placers=())


def _round_began(state: State, ev: e.RoundBegan) -> State:
    flow = Flow("assignment", "assign", state.flow.current)
    return updated(
        state,
        round=ev.round,
        flow=flow,
        contest=0,
        asserted=(-1,) * len(state.districts),
        overwhelmed_here=(0,) * len(state.districts),
        dominance_mission=(False,) * len(state.players),
    )


def _turn_began(state: State, ev: e.TurnBegan) -> State:
    flow = Flow("assignment", "assign", ev.player)
    return updated(state, flow=flow, played_fortune=False, exchange=None, assigning=0)


def _assigned(state: State, ev: e.PersonnelAssigned) -> State:
    player = state.player(ev.owner)
    district = state.district(ev.district)
    troops = list(district.personnel)
    troops[ev.owner] = plus(troops[ev.owner], ev.troop)
    state = state.with_district(ev.district, updated(district, personnel=tuple(troops)))
    state = _player(state, ev.owner, hideout=minus(player.hideout, ev.troop))
    if ev.forced:
        return updated(state, flow=state.flow.closed(ev.owner))
    return updated(state, assigning=ev.district, flow=updated(state.flow, step="more"))


def _assignment_finished(state: State, ev: e.AssignmentFinished) -> State:
    return updated(state, flow=updated(state.flow, step="fortune"))


def _fortune_played(state: State, ev: ef.FortunePlayed) -> State:
    state = state.with_player(ev.owner, state.player(ev.owner).without_fortunes((ev.card,)))
    if ev.counter:
        assert state.exchange is not None
        exchange = updated(state.exchange, cards=(*state.exchange.cards, ev.card))
        other = exchange.defender if ev.owner == exchange.attacker else exchange.attacker
        flow = state.flow.closed(ev.owner).asked((Prompt(other, "counter"),), first=True)
        return updated(state, exchange=exchange, flow=flow)
    prompt = state.flow.prompt_for(ev.owner)
    if prompt is not None and prompt.kind == "dominance_fortune":
        state = updated(state, flow=state.flow.closed(ev.owner))
    mode = "attack" if ev.target >= 0 else "effect"
    exchange = Exchange(state.phase, ev.owner, ev.target, ev.district, (ev.card,), mode, ev.choice)
    asked = []
    blockades = state.district(ev.district).blockades_of_others(ev.owner)
    if state.phase == "assignment" and blockades:  # 1 fortune discarded per blockade
        asked.append(Prompt(ev.owner, "blockade_discard", count=blockades, must=True))
    if mode == "attack":
        asked.append(Prompt(ev.target, "counter"))
    return updated(
        state,
        exchange=exchange,
        played_fortune=state.played_fortune or state.phase == "assignment",
        flow=state.flow.asked(asked, first=True),
    )


def _declined(state: State, ev: ef.CounterDeclined) -> State:
    return updated(state, flow=state.flow.closed(ev.owner))


def _exchange_ended(state: State, ev: ef.ExchangeEnded) -> State:
    exchange = state.exchange
    assert exchange is not None
    if exchange.kind == "dominance" and ev.card.startswith("Joker"):
        ask = Prompt(ev.winner, "joker_benefit", must=True)
        return updated(state, flow=state.flow.asked((ask,), first=True))
    if exchange.kind != "assignment" or exchange.mode != "attack":
        return state
    loser = exchange.defender if ev.winner == exchange.attacker else exchange.attacker
    if not sum(state.player(loser).hideout):
        return state
    ask = Prompt(loser, "forced_assign", must=True, about=(("district", exchange.district),))
    return updated(state, flow=state.flow.asked((ask,), first=True))


def _fortune_resolved(state: State, ev: ef.FortuneResolved) -> State:
    return updated(state, exchange=None).discarded(ev.cards)


def _turn_passed(state: State, ev: e.TurnPassed) -> State:
    return state


def _phase_began(state: State, ev: e.PhaseBegan) -> State:
    step = PHASES.phase(ev.phase).steps[0]
    districts = state.districts
    if ev.phase in ("dominance", "standby"):  # tiles are lifted (appendix 07)
        districts = tuple(updated(d, tile="") for d in districts)
    return updated(
        state, flow=Flow(ev.phase, step, state.flow.current), districts=districts, resolving=0
    )


HANDLERS: dict[type[GameEvent], Callable[[Any, Any], Any]] = {
    **DOMINANCE_HANDLERS,
    **RESOLUTION_HANDLERS,
    **STANDBY_HANDLERS,
    **SOLO_HANDLERS,
    e.GameStarted: _started,
    e.SyndicatesRevealed: _revealed,
    e.MissionsDrawn: _missions_drawn,
    e.MissionReturned: _mission_returned,
    e.CandidateChosen: _candidate_chosen,
    e.CandidateCharged: _candidate_charged,
    e.TechnologyToGain: _to_gain,
    e.TechnologyGained: _tech_gained,
    e.ResourceChanged: _resource,
    e.StrainInflicted: _strain,
    e.StrainHealed: _healed,
    e.PowerChanged: _power,
    e.Recruited: _recruited,
    e.PersonnelGained: _gained,
    e.ExcessReturned: _excess,
    e.Overwhelmed: _overwhelmed,
    ef.FortunesDrawn: _fortunes_drawn,
    ef.FortunesDiscarded: _discarded,
    ef.DiscardsAsked: _discards_asked,
    ef.FortuneDeckReshuffled: _reshuffled,
    e.RoundBegan: _round_began,
    e.TurnBegan: _turn_began,
    e.PersonnelAssigned: _assigned,
    e.AssignmentFinished: _assignment_finished,
    ef.FortunePlayed: _fortune_played,
    ef.CounterDeclined: _declined,
    ef.ExchangeEnded: _exchange_ended,
    ef.FortuneResolved: _fortune_resolved,
    e.TurnPassed: _turn_passed,
    e.PhaseBegan: _phase_began,
}
