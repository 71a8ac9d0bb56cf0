"""What each event did, told in Black Metro's words as a seat may know it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.engine.types import GameEvent
from rules_core.engine.wording import listed, ordinal, possessive
from rules_core.games.black_metro import effect_steps, scoring
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import events_solo as so
from rules_core.games.black_metro import events_standby as s
from rules_core.games.black_metro import language as w
from rules_core.games.black_metro.board import window_district
from rules_core.games.black_metro.choices_seen import whole_choice
from rules_core.games.black_metro.facilities import choices, choosing_ops
from rules_core.games.black_metro.resolution import (
    BATTLEFIELD,
    event_option,
    prompt_steps,
    roll_ops,
    steps_for,
)
from rules_core.games.black_metro.state import BlackMetroState
from rules_core.games.black_metro.stepping import chosen_words
from rules_core.games.black_metro.vocabulary import ACTIONS, count_of, say_all

State = BlackMetroState
Teller = Callable[[State, Any, bool], str]


def _n(count: int, thing: str, things: str) -> str:
    return f"1 {thing}" if count == 1 else f"{count} {things}"


def _assignment_finished(state: State, ev: e.AssignmentFinished) -> str:
    """Why the assignment is over, as it is told under the move that ended it: the hideout
    emptied by the last personnel assigned, or the player going on to a fortune or the end of
    the turn (it read "Red has assigned 1 strength to …" under "Play the 2 of clubs …")."""
    who = w.who(state, ev.owner)
    why = (
        f"{possessive(who)} hideout is empty"
        if not sum(state.player(ev.owner).hideout)
        else f"{who} assigns no more personnel this turn"
    )
    against = f", against {_n(ev.blockades, 'blockade', 'blockades')}" if ev.blockades else ""
    return f"{why}: {ev.strength} strength at {w.district(state, ev.district)}{against}"


def _cards(cards: tuple[str, ...], mine: bool, name: Callable[[str], str], thing: str) -> str:
    return listed([name(c) for c in cards]) if mine else _n(len(cards), thing, thing + "s")


def _effect_ops(state: State, used: r.EffectUsed) -> tuple[str, ...]:
    """The choosing ops of the effect a seat used (its choice's parts, in order)."""
    return choosing_ops(steps_for(state, used.owner, used.effect))


def _seen(event: r.EffectUsed | r.RollResolved, mine: bool) -> str:
    """The event's choice as its viewer knows it: whole for its player, else as done in the
    open (a part naming cards from the hand left unnamed)."""
    return whole_choice(event.choice, event.cards) if mine else event.choice


def _effect(state: State, used: r.EffectUsed) -> str:
    """The effect a seat used, by its place on the district ("the second effect of 02 Gilded
    Bank"), and what it does when no choice made for it tells that ("(get 2 gold)")."""
    does = (
        "" if used.choice else f" ({say_all(ACTIONS, steps_for(state, used.owner, used.effect))})"
    )
    return w.effect_place(state, used.district, used.effect) + does


def _nobody_sent(state: State, ended: ef.ExchangeEnded) -> str:
    """An assignment attack lost by a player whose hideout is empty (the attacker, when a
    counter stands) sends nobody, and says so: ", but Green has no personnel in the hideout to
    send to 02 Swiss Casino"; nothing otherwise."""
    exchange = state.exchange
    if exchange is None or exchange.kind != "assignment" or exchange.mode != "attack":
        return ""
    loser = exchange.defender if ended.winner == exchange.attacker else exchange.attacker
    if sum(state.player(loser).hideout):
        return ""
    where = w.district(state, exchange.district)
    return f", but {w.who(state, loser)} has no personnel in the hideout to send to {where}"


def _event_chosen(state: State, chosen: s.EventChosen) -> str:
    """The relic player's answer to the event dice: the event and what the chosen option does."""
    option = event_option(state, chosen.face, chosen.option)
    return f"{w.who(state, chosen.owner)} chooses for {option}"


def _standby_step(state: State, step: s.StandbyStep) -> str:
    """A step of the standby phase as what it brings at the table (language.standby_step); the
    last one, the round over, says when the final scoring follows."""
    told = w.standby_step(state, step.step)
    if step.step != "advance":
        return "Standby: " + told
    last = state.round >= state.the_pack().limit("rounds")
    return f"{told}: final scoring{_missions_strain(state)}" if last else told


def _missions_strain(state: State) -> str:
    """What the final scoring first inflicts (appendix.missions), so that the strain told next
    has its cause: ", each unfulfilled mission inflicting 2 strain first"."""
    strain = scoring.missions_strain(state)
    if not strain or not any(state.player(p).missions for p in range(state.seats)):
        return ""
    return f", each unfulfilled mission inflicting {strain} strain first"


def _at_most(state: State, ev: e.ResourceChanged) -> str:
    """What a gain that fills its tracker says (effects.get gives no more): ", reaching 15, the
    most a tracker holds"; nothing otherwise (a payment too). `state` is the table before."""
    most = state.the_pack().limit("resource_max")
    if ev.amount < 0 or state.player(ev.owner).resource(ev.resource) + ev.amount < most:
        return ""
    return f", reaching {most}, the most a tracker holds"


def _strain_inflicted(state: State, ev: e.StrainInflicted) -> str:
    """Strain inflicted, and the power lost for what goes beyond the pack's most strain (15 in
    the reference pack); all of it beyond, for a player already at the most, is told as power
    lost instead (troubleshooting.resources)."""
    who, most = w.who(state, ev.owner), state.the_pack().limit("strain_max")
    cause = w.strain_cause(state, ev.cause, ev.owner)
    if ev.amount or not ev.power_lost:
        beyond = f" and loses {ev.power_lost} power beyond {most} strain" if ev.power_lost else ""
        return f"{who} inflicts {ev.amount} strain{cause}{beyond}"
    return (
        f"{who} is at {most} strain and loses {ev.power_lost} power instead of inflicting "
        f"{ev.power_lost} more{cause}"
    )


def _tech(state: State, card: str) -> str:
    return state.the_pack().technology(card).name


TELLERS: dict[type[GameEvent], Teller] = {
    e.GameStarted: lambda st, ev, mine: (
        f"The succession tournament begins with {ev.seats} candidate"
        f"{'s' if ev.seats > 1 else ''}; the fortune and mission decks are shuffled"
        + (" (the solo challenge against the overlord)" if ev.solo else "")
    ),
    e.SyndicatesRevealed: lambda st, ev, mine: (
        "Syndicates revealed: " + listed([st.the_pack().syndicate(x).name for x in ev.syndicates])
    ),
    e.MissionsDrawn: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} draws "
        + _cards(ev.cards, mine, lambda c: w.mission(c, st), "mission")
    ),
    e.MissionReturned: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} returns {w.mission(ev.card, st) if mine else 'a mission'} to the"
        " bottom of the mission deck"
    ),
    e.CandidateChosen: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} chooses {st.the_pack().candidate(ev.candidate).name}"
    ),
    e.CandidateCharged: lambda st, ev, mine: f"{w.who(st, ev.owner)} charges their candidate",
    e.TechnologyToGain: lambda st, ev, mine: f"{w.who(st, ev.owner)} is to gain a technology",
    e.TechnologyGained: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} {'researches' if ev.researched else 'gains'} "
        + (_tech(st, ev.technology) if mine else "a technology")
        + ", face down"
    ),
    e.ResourceChanged: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} "
        + w.resource_changed(st, ev.amount, ev.resource, ev.source)
        + _at_most(st, ev)
    ),
    e.StrainInflicted: lambda st, ev, mine: _strain_inflicted(st, ev),
    e.StrainHealed: lambda st, ev, mine: f"{w.who(st, ev.owner)} heals {ev.amount} strain",
    e.PowerChanged: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} "
        + ("acquires" if ev.amount > 0 else "loses")
        + f" {abs(ev.amount)} power"
        + _overlord_battlefield(st, ev)
    ),
    e.Recruited: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} recruits "
        + _n(ev.from_backup + ev.from_overwhelmed, "subordinate", "subordinates")
        + (" from the overwhelmed bag" if ev.from_overwhelmed else "")
        + (f" at {w.district(st, ev.district)}" if ev.district else "")
    ),
    e.PersonnelGained: lambda st, ev, mine: f"{w.who(st, ev.owner)} gains {w.troop(ev.troop)}",
    e.ExcessReturned: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} returns {w.troop(ev.troop)} beyond the hideout's limits to the "
        f"backup and acquires {sum(ev.troop)} power"
    ),
    e.Overwhelmed: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)}'s {w.troop(ev.troop)} "
        + (f"at {w.district(st, ev.district)} " if ev.district else "")
        + ("are" if sum(ev.troop) > 1 else "is")
        + " overwhelmed"
        + w.overwhelm_cause(st, ev.cause)
    ),
    ef.FortunesDrawn: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} draws " + _cards(ev.cards, mine, w.fortune, "fortune")
    ),
    ef.FortunesDiscarded: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} discards "
        + _cards(ev.cards, mine, w.fortune, "fortune")
        + w.discard_reason(st, ev.reason)
    ),
    ef.DiscardsAsked: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} is to discard {count_of(ev.count, 'fortune')}"
        + w.discard_reason(st, ev.reason)
    ),
    ef.FortuneDeckReshuffled: lambda st, ev, mine: (
        "The fortune discard is shuffled into a new deck"
    ),
    e.RoundBegan: lambda st, ev, mine: f"Round {ev.round} begins: the assignment phase",
    e.TurnBegan: lambda st, ev, mine: f"{w.who(st, ev.player)} assigns personnel",
    e.PersonnelAssigned: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} assigns a "
        + w.troop(ev.troop).removeprefix("1 ")
        + f" to {w.district(st, ev.district)}"
        + (f" (sent by the attack {w.who(st, ev.owner)} lost)" if ev.forced else "")
    ),
    e.AssignmentFinished: lambda st, ev, mine: _assignment_finished(st, ev),
    ef.FortunePlayed: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} "
        + ("counters with " if ev.counter else "plays ")
        + w.fortune(ev.card)
        + (
            ""
            if ev.counter
            else f" to attack {w.who(st, ev.target)}"
            if ev.target >= 0
            else f" for the first effect of {w.district(st, ev.district)}"
        )
    ),
    ef.CounterDeclined: lambda st, ev, mine: (  # the game's own step: no fortune to counter
        f"{w.who(st, ev.owner)} "
        + ("does not counter" if ev.seat is not None else "holds no fortune to counter with")
    ),
    ef.ExchangeEnded: lambda st, ev, mine: (
        f"{w.fortune(ev.card).capitalize()} is resolved for {w.who(st, ev.winner)}"
        + _nobody_sent(st, ev)
    ),
    ef.FortuneResolved: lambda st, ev, mine: "The fortunes played go to the discard",
    e.TurnPassed: lambda st, ev, mine: f"{w.who(st, ev.owner)} ends the turn",
    e.PhaseBegan: lambda st, ev, mine: f"The {ev.phase} phase begins",
    d.DistrictContested: lambda st, ev, mine: (
        f"At {w.district(st, ev.district)} "
        + (
            f"{w.who(st, ev.dominator)} asserts dominance"
            if ev.dominator >= 0
            else "the greatest strengths tie: nobody asserts dominance"
        )
    ),
    d.DominanceSettled: lambda st, ev, mine: (
        f"Dominance at {w.district(st, ev.district)} is settled"
    ),
    d.AttackForgone: lambda st, ev, mine: f"{w.who(st, ev.owner)} plays no dominance fortune",
    d.DiscardTaken: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} takes "
        + (w.fortune(ev.card) if mine else "the top fortune")
        + " from the discard"
    ),
    d.BenefitChosen: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} takes the joker's benefit of {w.benefit(st, ev.suit)}"
    ),
    d.FortificationsDestroyed: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)}'s fortifications at {w.district(st, ev.district)} are destroyed"
    ),
    d.MissionFulfilled: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} fulfils {w.mission(ev.card, st)} for {ev.power} power"
    ),
    d.MissionPassed: lambda st, ev, mine: (  # by nobody: the window's own step
        f"{w.who(st, ev.owner)} "
        + ("fulfils no mission " if ev.seat is not None else "can fulfil no mission ")
        + _mission_window(st, ev.owner)
    ),
    d.RelicMoved: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} "
        + {
            "taken": "takes the relic",
            "retained": "retains the relic",
            "given": "is given the relic",
        }[ev.how]
    ),
    d.CityTied: lambda st, ev, mine: "City dominance is tied: the relic player gives the relic",
    r.DistrictResolving: lambda st, ev, mine: f"{w.district(st, ev.district)} is resolved",
    r.EffectUsed: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} uses {_effect(st, ev)}"
        + (f": {w.choice(st, _seen(ev, mine), _effect_ops(st, ev))}" if ev.choice else "")
    ),
    r.ResolutionDone: lambda st, ev, mine: f"{w.who(st, ev.owner)} is done",
    r.DiceRolled: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} "
        + ("rerolls" if ev.reroll else "rolls")
        + f" the {ev.dice} dice: {w.rolled(st, ev.dice, ev.face)}"
    ),
    r.RollKept: lambda st, ev, mine: f"{w.who(st, ev.owner)} keeps the roll",
    r.RollToResolve: lambda st, ev, mine: _to_resolve(st, ev),
    r.RollResolved: lambda st, ev, mine: _roll_resolved(st, ev, mine),
    r.StepAsked: lambda st, ev, mine: _step_asked(st, ev),
    r.StepPassed: lambda st, ev, mine: _step_passed(st, ev),
    r.StepChosen: lambda st, ev, mine: _step_chosen(st, ev, mine),
    r.SabotageDeclined: lambda st, ev, mine: f"{w.who(st, ev.owner)} lets the roll stand",
    r.TechnologyJammed: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)}'s {_tech(st, ev.technology)} is jammed: downed"
    ),
    r.JamForgone: lambda st, ev, mine: f"{w.who(st, ev.owner)} jams nothing",
    r.Recalled: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} recalls {w.troop(ev.troop)} from {w.district(st, ev.district)}"
    ),
    r.Recovered: lambda st, ev, mine: f"{w.who(st, ev.owner)} recovers {w.troop(ev.troop)}",
    r.Promoted: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} promotes a subordinate to a "
        + ("paragon" if ev.unit == 1 else "doom mechasuit")
    ),
    r.ScienceAdvanced: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} advances to scientific level {ev.level}"
    ),
    r.FortificationBuilt: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} builds a "
        + f"{ev.kind.replace('-', ' ')} at {w.district(st, ev.district)}"
    ),
    r.FortificationMoved: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)}'s "
        + f"{ev.kind.replace('-', ' ')} moves from {w.district(st, ev.source)} to "
        + w.district(st, ev.target)
    ),
    r.SyndicateTurned: lambda st, ev, mine: (
        f"the syndicate {st.the_pack().syndicate(ev.syndicate).name} is turned"
        + w.turned_back(st, ev.syndicate)
    ),
    s.StandbyStep: lambda st, ev, mine: _standby_step(st, ev),
    s.CardsCharged: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} charges "
        + (listed([_tech(st, t) for t in ev.technologies]) or "their candidate")
    ),
    s.TechnologiesDowned: lambda st, ev, mine: f"{w.who(st, ev.owner)} downs every technology",
    s.BackingReceived: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} receives "
        + f"{possessive(st.the_pack().syndicate(ev.syndicate).name)} backing: {ev.power} power"
    ),
    s.OverwhelmedKept: lambda st, ev, mine: f"{w.who(st, ev.owner)} recovers no one",
    s.BackingPassed: lambda st, ev, mine: f"{w.who(st, ev.owner)} receives no backing",
    s.EventChosen: lambda st, ev, mine: _event_chosen(st, ev),
    s.FortuneTurnedUp: lambda st, ev, mine: f"{w.fortune(ev.card).capitalize()} is turned up",
    s.DistrictExploded: lambda st, ev, mine: (
        f"An explosion strikes {w.district(st, ev.district)}"
        + (
            f": the {w.tile(st, ev.tile)} tile is laid there" + _covering(st, ev.district)
            if ev.tile
            else ": every fortification there is destroyed"
        )
    ),
    s.TileLaid: lambda st, ev, mine: (
        f"The {w.tile(st, ev.tile)} tile is laid at {w.district(st, ev.district)}"
    ),
    s.MissionRevealed: lambda st, ev, mine: (
        f"{w.who(st, ev.owner)} reveals {w.mission(ev.card, st)}"
    ),
    s.GameScored: lambda st, ev, mine: _scored(st, ev),
}


def _mission_window(state: State, seat: int) -> str:
    """The mission window `seat` passes, from the question it answers ("after asserting
    dominance at 11 Astral Tower"; "at the end of the dominance phase"; "at standby"), so that
    the windows of one phase passed in a row are told apart; "now" where none is open."""
    prompt = state.flow.prompt_for(seat)
    kind = prompt.kind if prompt is not None else ""
    if kind == "after_dominance_mission":
        return f"after asserting dominance at {w.district(state, window_district(state, seat))}"
    return {
        "end_dominance_mission": "at the end of the dominance phase",
        "standby_mission": "at standby",
    }.get(kind, "now")


def _to_resolve(state: State, ev: r.RollToResolve) -> str:
    """Who is asked what of a kept face: the relic player picks an event's option, then every
    player carries the option out (appendix.dice.event); another dice's face is resolved."""
    who = w.who(state, ev.owner)
    if ev.dice != "event":
        return f"{who} chooses how to resolve the {ev.face} on the {ev.dice} dice"
    if ev.option < 0:
        return f"{who} chooses an option of {w.event(state, ev.face)}"
    return f"{who} is to carry out {w.event(state, ev.face)}"


def _roll_resolved(state: State, ev: r.RollResolved, mine: bool) -> str:
    """A die resolved or an event option carried out, with the way chosen; an event turn the
    game settles (standby.settle_turns) with no way to carry it out (nothing of the player's it
    acts on, or an earlier player's turn took it) says so."""
    told = f"{w.who(state, ev.owner)} {_resolving(state, ev.owner)}"
    ops = roll_ops(state, ev.owner)
    if ev.choice or (ev.seat is not None and "return_missions" in ops):  # none returned: a way
        return f"{told}: {w.choice(state, _seen(ev, mine), ops)}"
    prompt = state.flow.prompt_for(ev.owner)
    if ev.seat is None and prompt is not None and prompt.get("dice") == "event":
        number, steps = prompt_steps(state, prompt)
        every_step_a_choice = len(choosing_ops(steps)) == len(steps)
        if every_step_a_choice and not any(choices(state, ev.owner, number, steps)):
            return f"{told}, but there is nothing {w.who(state, ev.owner)} can do"
    return told


def _step_asked(state: State, ev: r.StepAsked) -> str:
    """A later step of an effect asked on its own ("Green is to choose the next step of the
    first effect of 01 Shadowforge Factory: turn 1 syndicate")."""
    steps = effect_steps.left_of(state, ev.owner, ev.reason, ev.option, ev.left)
    does = w.next_step(state, ev.reason, say_all(ACTIONS, steps[:1]), ev.taken)
    return f"{w.who(state, ev.owner)} is to choose {does}"


def _step_passed(state: State, ev: r.StepPassed) -> str:
    """A later step that nothing now allows ("Green passes over the next step of the first
    effect of 01 Shadowforge Factory: move 1 fortification, as there is no way to do it now")."""
    steps = effect_steps.left_of(state, ev.owner, ev.reason, ev.option, ev.left)
    does = w.next_step(state, ev.reason, say_all(ACTIONS, steps[:1]), 0)
    return f"{w.who(state, ev.owner)} passes over {does}, as there is no way to do it now"


def _step_chosen(state: State, ev: r.StepChosen, mine: bool) -> str:
    """The way chosen for the step asked, as its viewer knows it."""
    prompt = state.flow.prompt_for(ev.owner)
    choice = whole_choice(ev.choice, ev.cards) if mine else ev.choice
    if prompt is None or prompt.kind != "step":  # (never: a step is chosen when asked)
        return f"{w.who(state, ev.owner)} chooses"
    return f"{w.who(state, ev.owner)} chooses to {chosen_words(state, prompt, choice)}"


def _resolving(state: State, owner: int) -> str:
    """What resolving the face the owner was asked about is called: an event's option carried
    out, or a die resolved."""
    prompt = state.flow.prompt_for(owner)
    if prompt is not None and prompt.get("dice") == "event":
        return f"carries out {w.event(state, int(str(prompt.get('face'))))}"
    return "resolves the die"


def _scored(state: State, ev: s.GameScored) -> str:
    """The scores (power, final-scoring) and the winners; in solo the evaluation's rank, and the
    challenge met only when nothing lost it (solo.win, solo.evaluation: the loss, if any, is
    told next)."""
    scores = ", ".join(f"{w.who(state, p)} {score} power" for p, score in enumerate(ev.scores))
    if state.solo:
        met = f"; {w.who(state, 0)} meets the solo challenge" if ev.winners else ""
        return f"Final scoring: {scores}, evaluated rank {ev.rank}{met}"
    verb = "wins" if len(ev.winners) == 1 else "share the throne"
    told = f"Final scoring: {scores}; {' and '.join(w.who(state, p) for p in ev.winners)} {verb}"
    return told + _tie_broken(state, ev)


def _tie_broken(state: State, ev: s.GameScored) -> str:
    """How a tie for the most power was broken (final-scoring's tie-breakers): whom the winner
    was level with, and the tie-breaker that a single one of them met, with each one's count
    (" after a tie at 42 with Green: the fewest strain (Red 3, Green 5)")."""
    best = max(ev.scores)
    tied = tuple(p for p, score in enumerate(ev.scores) if score == best)
    _, rule = scoring.decided(state, ev.scores)
    if len(tied) < 2 or len(ev.winners) != 1 or not rule:
        return ""
    others = " and ".join(w.who(state, p) for p in tied if p not in ev.winners)
    way, _, measure = rule.partition(":")
    counts = ", ".join(
        f"{w.who(state, p)} {n}"
        for p, n in zip(tied, scoring.tie_values(state, tied, rule), strict=True)
    )
    return f" after a tie at {best} with {others}: the {way} {measure.replace('_', ' ')} ({counts})"


def _lost(state: State, reason: str) -> str:
    """The solo challenge's four ways to lose (solo.win, ChallengeLost.reason), the player by
    name and the numbers as the pack sets them: its most strain, rounds and power goals."""
    pack, who = state.the_pack(), w.who(state, 0)
    return {
        "strain": f"{possessive(who)} strain went beyond {pack.limit('strain_max')}",
        "overlord": f"the overlord reached {pack.solo.overlord_power} power",
        "hideout": "personnel were left in the overlord's hideout after the "
        f"{ordinal(pack.limit('rounds') - 1)} round",
        "power": f"{who} ended below {pack.solo.player_power} power",
    }.get(reason, reason)


TELLERS.update(
    {
        so.OverlordFortune: lambda st, ev, mine: (
            f"The overlord turns up {w.fortune(ev.card)} to name where he assigns"
        ),
        so.OverlordAssigned: lambda st, ev, mine: (
            f"The overlord assigns {w.troop(ev.troop)} to {w.district(st, ev.district)}"
        ),
        so.OverlordFortified: lambda st, ev, mine: (
            "The overlord "
            + ("moves his" if ev.source else "gains a")
            + f" {st.the_pack().unit(ev.kind).name} "
            + ("to " if ev.source else "at ")
            + w.district(st, ev.district)
        ),
        so.FortuneToDeck: lambda st, ev, mine: (
            f"{w.fortune(ev.card).capitalize() if mine else 'The top card of the discard'} goes"
            " back on top of the fortune deck"
        ),
        so.Counterintelligence: lambda st, ev, mine: (
            f"The overlord's counterintelligence: {w.who(st, ev.owner)} drew a joker and "
            "discards every fortune, then plays a penalty game"
        ),
        so.ChallengeLost: lambda st, ev, mine: (
            "The solo challenge is lost: " + _lost(st, ev.reason)
        ),
    }
)


def _covering(state: State, district: int) -> str:
    """A tile laid where one already lies covers it (README: one tile a district)."""
    tile = state.district(district).tile if state.districts else ""
    return f", over the {w.tile(state, tile)} tile" if tile else ""


def _overlord_battlefield(state: State, ev: e.PowerChanged) -> str:
    """Where the solo overlord's power in the resolution phase comes from: he resolves the
    battlefield alone, by the rules and asking no one (solo.rules.power), so no district is
    told resolved before it."""
    if state.phase == "resolution" and ev.owner == state.overlord and ev.amount > 0:
        return f" resolving {w.district(state, BATTLEFIELD)}"
    return ""


def narrate(state: State, event: GameEvent, seat: int | None, reveal: bool) -> str:
    teller = TELLERS.get(type(event))
    if teller is None:
        return ""
    # told whole to a seat its declaration hides no part from (its owner; an owner EVERYONE:
    # all; a mission drawn: its knower too); a part hidden from everybody (a card back in a
    # deck) is told once the game is over (reveal) and never before
    mine = reveal or not any(h.hides_from(event, seat) for h in type(event).secret.values())
    text = teller(state if state.pack is not None else _started(event), event, mine)
    return f"{text[0].upper()}{text[1:]}." if text else ""


def _started(event: GameEvent) -> State:
    """The table an event before the game's start is told against (the start itself)."""
    from rules_core.games.black_metro.evolve import HANDLERS
    from rules_core.games.black_metro.state import INITIAL

    return HANDLERS[type(event)](INITIAL, event)  # type: ignore[no-any-return]
