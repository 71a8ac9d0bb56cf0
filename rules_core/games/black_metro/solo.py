"""The solo challenge's overlord, played by the rules: his assignment by the fortune table and
the priority list, his fortifications gained, the jokers' counterattacks (each with a penalty
game), the ways to lose, and the evaluation rank."""

from __future__ import annotations

import random

from rules_core.engine.types import GameEvent
from rules_core.engine.updating import updated
from rules_core.games.black_metro import board, cards, effects, facilities, sources
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_solo as so
from rules_core.games.black_metro.evolve_standby import exploding
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, troop_strength

State = BlackMetroState
PLAYER = 0  # the one seat


def _top_fortune(run: Run, rng: random.Random) -> str:
    """The top fortune (the discard reshuffled when the deck is empty; "" when none is left)."""
    if not run.state.fortune_deck:
        deck = list(run.state.fortune_discard)
        if not deck:
            return ""
        rng.shuffle(deck)
        run.emit(ef.FortuneDeckReshuffled(seat=None, deck=tuple(deck)))
    return run.state.fortune_deck[0]


def priority(state: State, districts: tuple[int, ...]) -> int:
    """The lowest initiative district meeting the first criterion any meets: the player's
    personnel with the fewest strength there, their support base, their fortifications."""
    held = [d for d in districts if state.district(d).has_personnel(PLAYER)]
    if held:  # the personnel's own strength, not what fortifications or abilities add (README)
        weakest = min(_personnel_strength(state, d) for d in held)
        return min(d for d in held if _personnel_strength(state, d) == weakest)
    forts = state.district
    for kind in ("support-base", ""):
        found = [
            d
            for d in districts
            if any(f.owner == PLAYER and kind in ("", f.kind) for f in forts(d).fortifications)
        ]
        if found:
            return min(found)
    return min(districts)


def _personnel_strength(state: State, number: int) -> int:
    return troop_strength(state.district(number).personnel[PLAYER])


def _unit(state: State) -> int:
    """The overlord assigns his weakest personnel first."""
    hideout = state.player(_overlord(state)).hideout
    return next(i for i, n in enumerate(hideout) if n)


def _overlord(state: State) -> int:
    assert state.overlord is not None
    return state.overlord


def _would_strain(state: State, number: int, unit: int) -> bool:
    """The overlord avoids a district where he would inflict strain on himself: the player's
    blockades there (against his personnel's strength), or the player's greater strength at
    dominance (his there counting all it will: personnel, fortifications, abilities)."""
    overlord = _overlord(state)
    district = state.district(number)
    troop = tuple(n + int(i == unit) for i, n in enumerate(district.personnel[overlord]))
    personnel = tuple(troop if p == overlord else t for p, t in enumerate(district.personnel))
    there = state.with_district(number, updated(district, personnel=personnel))
    blockades = district.blockades_of_others(overlord)
    extra, _, _ = state.the_pack().blockade_rules
    if blockades and troop_strength(troop) < 1 + extra * blockades:  # type: ignore[arg-type]
        return True
    if effects.tile_effect(state, number) == "arena":  # a tile's strain is his too (README)
        return True
    return board.strength(there, PLAYER, number) > board.strength(there, overlord, number)


def valid(state: State, number: int) -> bool:
    overlord = _overlord(state)
    return (
        not state.district(number).has_personnel(overlord)
        and effects.tile_effect(state, number) != "closed"
        and not _would_strain(state, number, _unit(state))
    )


def assign(run: Run, rng: random.Random) -> bool:
    """The overlord's turn: fortunes discarded until one names a district he may take (False
    when none will: he passes)."""
    overlord = _overlord(run.state)
    for _ in range(2 * len(run.state.the_pack().fortune_ids())):
        card = _top_fortune(run, rng)
        if not card:
            return False
        run.emit(so.OverlordFortune(seat=None, card=card))
        options = tuple(d for d in exploding(card) if valid(run.state, d))
        if not options:
            continue
        number = priority(run.state, options)
        unit = _unit(run.state)
        troop = (int(unit == 0), int(unit == 1), int(unit == 2))
        run.emit(so.OverlordAssigned(seat=None, district=number, troop=troop))
        effects.tile_on_arrival(run, overlord, number)  # tiles affect him (solo.rules.overlord)
        if cards.rank(card) == "Joker":  # counteroffensive
            _gain_fortification(run, overlord, number)
            penalty_game(run, rng)
        return True
    return False


def _gain_fortification(run: Run, overlord: int, number: int) -> None:
    """Gained in ascending superiority: blockades, then the support base, then the support base
    moved there."""
    blockades, bases = run.state.player(overlord).fortifications
    if blockades or bases:
        kind = "blockade" if blockades else "support-base"
        run.emit(so.OverlordFortified(seat=None, district=number, kind=kind, source=0))
        return
    source = next(
        (
            d.number
            for d in run.state.the_pack().districts
            if any(
                f.owner == overlord and f.kind == "support-base"
                for f in run.state.district(d.number).fortifications
            )
        ),
        0,
    )
    if source and source != number:
        run.emit(
            so.OverlordFortified(seat=None, district=number, kind="support-base", source=source)
        )


def penalty_game(run: Run, rng: random.Random) -> None:
    """The overlord subjects the player to a penalty game: the penalty dice."""
    facilities.roll(run, PLAYER, "penalty", 0, rng)


def counterintelligence(run: Run, rng: random.Random) -> None:
    """A joker drawn by the player: every fortune of theirs discarded, and a penalty game."""
    run.emit(so.Counterintelligence(seat=None, owner=PLAYER))
    hand = run.state.player(PLAYER).hand
    if hand:
        why = sources.of(sources.COUNTERINTELLIGENCE)
        run.emit(ef.FortunesDiscarded(seat=None, owner=PLAYER, cards=hand, reason=why))
    penalty_game(run, rng)


def lost(state: State, events: list[GameEvent]) -> str:
    """Why the solo challenge is lost at once ("" while it is not): the player would have
    inflicted strain beyond 15, or the overlord has acquired 40 power."""
    if any(
        isinstance(ev, e.StrainInflicted) and ev.owner == PLAYER and ev.power_lost for ev in events
    ):
        return "strain"
    if state.player(_overlord(state)).power >= state.the_pack().solo.overlord_power:
        return "overlord"
    return ""


def settled(state: State, events: list[GameEvent]) -> list[GameEvent]:
    """A move's events cut at the first one that loses the challenge, the loss recorded right
    after it: the player loses immediately (solo.win), so nothing later in the move happens.
    Once the final scoring has begun it records its own loss after the scores (README)."""
    run = Run(state)
    for at, event in enumerate(events):
        run.emit(event)
        if run.state.over or _scoring(run.state):
            run.emit(*events[at + 1 :])
            break
        reason = lost(run.state, [event])
        if reason:
            run.emit(so.ChallengeLost(seat=None, reason=reason))
            break
    return run.events


def _scoring(state: State) -> bool:
    """Whether the last round's standby phase has reached its end: the final scoring."""
    rounds = state.the_pack().limit("rounds")
    return state.phase == "standby" and state.step == "advance" and state.round >= rounds


def rank(state: State, score: int) -> str:
    """The best rank whose lowest score `score` reaches (below every one: the last)."""
    ranks = state.the_pack().solo.ranks
    return next((letter for lowest, letter in ranks if score >= lowest), ranks[-1][1])


def final(run: Run, score: int) -> str:
    """At the end: the overlord's hideout must be empty and the player at 70 power or more."""
    state = run.state
    if sum(state.player(_overlord(state)).hideout):
        return "hideout"
    if score < state.the_pack().solo.player_power:
        return "power"
    return ""
