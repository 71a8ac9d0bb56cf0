"""Pure questions about the table: strength at a district (personnel, fortifications, active
abilities), the abilities a player has in play, and a mission's requirement."""

from __future__ import annotations

from rules_core.engine.effects import Effect
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.state import BlackMetroState, troop_size, troop_strength

State = BlackMetroState


def abilities(state: State, seat: int) -> tuple[Effect, ...]:
    """The abilities in play for `seat`: charged technologies (ascending level) and the charged
    candidate's general ability."""
    return tuple(ability for _, ability in sourced_abilities(state, seat))


def sourced_abilities(state: State, seat: int) -> tuple[tuple[str, Effect], ...]:
    """`abilities`, each after the card it is on (its source, sources.py)."""
    pack = state.the_pack()
    player = state.player(seat)
    techs = sorted(player.technologies, key=lambda t: pack.technology(t).level)
    found = [(sources.of(sources.TECHNOLOGY, t), pack.technology(t).ability) for t in techs]
    if player.candidate and player.candidate_charged and seat != state.overlord:
        candidate = player.candidate
        found.append((sources.of(sources.CANDIDATE, candidate), pack.candidate(candidate).ability))
    return tuple(found)


def facility_bonuses(state: State, seat: int, number: int) -> tuple[tuple[str, Effect], ...]:
    """`seat`'s abilities giving more for using an effect of district `number` (the reference's
    Trading Platform at 03, Refinery Contract at 01), each after the card it is on."""
    return tuple(
        (by, ability)
        for by, ability in sourced_abilities(state, seat)
        if ability.op == "facility_bonus" and ability.get("district") == number
    )


def bonus(state: State, seat: int, op: str) -> int:
    """The sum of `amount` over `seat`'s active abilities of operation `op`."""
    return sum(int(str(a.get("amount"))) for a in abilities(state, seat) if a.op == op)


def has(state: State, seat: int, op: str) -> bool:
    return any(a.op == op for a in abilities(state, seat))


def fortifications_of(state: State, seat: int, number: int) -> int:
    return sum(1 for f in state.district(number).fortifications if f.owner == seat)


def support_base_strength(state: State, seat: int, number: int) -> int:
    """A support base counts 1 for each of its owner's fortifications at its district."""
    district = state.district(number)
    if not any(f.owner == seat and f.kind == "support-base" for f in district.fortifications):
        return 0
    return fortifications_of(state, seat, number) * state.the_pack().unit("support-base").strength


def strength(state: State, seat: int, number: int) -> int:
    """Total strength of `seat` at a district: its personnel, its fortifications and active
    abilities (only with personnel there: fortifications alone do not contest)."""
    troop = state.district(number).personnel[seat]
    if not troop_size(troop):
        return 0
    bonus = sum(int(str(a.get("amount"))) for a in strength_bonuses(state, seat, number))
    return troop_strength(troop) + support_base_strength(state, seat, number) + bonus


def strength_bonuses(state: State, seat: int, number: int) -> tuple[Effect, ...]:
    """`seat`'s abilities adding strength at a district: where it has fortifications and
    specialised personnel (the reference's Voltaic Edge), or three personnel or more."""
    troop = state.district(number).personnel[seat]
    fortified = troop[1] + troop[2] > 0 and fortifications_of(state, seat, number) > 0
    crowded = troop_size(troop) >= 3
    return tuple(
        ability
        for ability in abilities(state, seat)
        if ability.op == "strength_bonus"
        and (
            (ability.get("where") == "fortified_specialised" and fortified)
            or (ability.get("where") == "three_personnel" and crowded)
        )
    )


def fortified_bonus(state: State, number: int) -> bool:
    """Whether a contender's strength at a district counts a bonus for its fortifications and
    specialised personnel there (troubleshooting.cards.technologies.voltaic-edge)."""
    return any(
        ability.get("where") == "fortified_specialised"
        for seat in contenders(state, number)
        for ability in strength_bonuses(state, seat, number)
    )


def contenders(state: State, number: int) -> tuple[int, ...]:
    """The players with personnel at a district."""
    return tuple(p for p in state.everyone if state.district(number).has_personnel(p))


def overwhelm_difference(state: State, seat: int) -> int:
    reduced = [
        int(str(a.get("amount"))) for a in abilities(state, seat) if a.op == "overwhelm_difference"
    ]
    return min([state.the_pack().limit("overwhelm_difference"), *reduced])


def measure(state: State, seat: int, what: str) -> int:
    """A player's count of something a mission, a syndicate or a tie-breaker compares."""
    player = state.player(seat)
    if what in ("gold", "intel", "drakownium", "strain"):
        return player.resource(what)
    if what == "fortunes":
        return len(player.hand)
    if what == "fulfilled_missions":
        return len(player.fulfilled)
    if what == "technologies":
        return len(player.technologies) + len(player.downed)
    if what == "fortifications":
        return sum(fortifications_of(state, seat, d.number) for d in state.the_pack().districts)
    on_board = [state.district(d.number).personnel[seat] for d in state.the_pack().districts]
    if what == "personnel":
        return sum(player.hideout) + sum(troop_size(t) for t in on_board)
    if what == "paragons":
        return player.hideout[1] + sum(t[1] for t in on_board)
    if what == "overwhelmed":
        return sum(player.overwhelmed)
    raise ValueError(what)


def guarded_blockades(state: State, seat: int) -> int:
    """Districts where `seat` has personnel beside its own blockade."""
    return sum(
        1
        for d in state.the_pack().districts
        if state.district(d.number).has_personnel(seat)
        and any(
            f.owner == seat and f.kind == "blockade"
            for f in state.district(d.number).fortifications
        )
    )


def window_district(state: State, seat: int) -> int:
    """The district a mission window of `seat` is about: the one its after-dominance question
    names, else the contest under way. (A game stored under rules version 1 can stand in such a
    window after the dominance phase's last contest, where no contest is under way.)"""
    prompt = state.flow.prompt_for(seat)
    named = prompt.get("district") if prompt is not None else None
    return named if isinstance(named, int) else state.contest


def met(state: State, seat: int, needs: Effect, number: int) -> bool:
    """Whether `seat` meets a mission option's requirement (at `number`, the district)."""
    amount = int(str(needs.get("amount")))
    op = needs.op
    if op in ("strength_here", "overwhelmed_here") and not 1 <= number <= len(state.districts):
        return False  # no district is contested (past the dominance phase's last)
    if op == "strength_here":
        return strength(state, seat, number) >= amount
    if op == "overwhelmed_here":
        return state.overwhelmed_here[number - 1] >= amount
    if op == "guarded_blockades":
        return guarded_blockades(state, seat) >= amount
    if op == "districts_dominated":
        return state.dominated(seat) >= amount
    if op == "discard_fortunes":
        return len(state.player(seat).hand) >= amount
    if op == "have":
        return measure(state, seat, str(needs.get("measure"))) >= amount
    if op == "at_most":
        return measure(state, seat, str(needs.get("measure"))) <= amount
    raise ValueError(op)


def asked_about_missions(state: State, seat: int) -> bool:
    """Whether `seat` is asked at a mission window: whenever they hold an unfulfilled mission.
    How many they hold is public, which they hold is not, so being asked (seen by everyone)
    tells the others nothing of whether one can be fulfilled; the seat may always pass."""
    return seat != state.overlord and bool(state.player(seat).missions)
