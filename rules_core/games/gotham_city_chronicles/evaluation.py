"""How good a position is for a seat (0 lost to 1 won): the bots' heuristic.

The heroes' side gains with progress toward the mission's item-in-area goals (reaching the item,
then carrying it toward its area: the largest term, as the mission is won by it) and with
enemies neutralized; it loses with wounds, a token counting down (an armed bomb: worse as its
count falls, less so with a hero at it who may undo it) and the turns running out. The
villain's value is the complement."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles.geometry import distance
from rules_core.games.gotham_city_chronicles.mission import EndCondition
from rules_core.games.gotham_city_chronicles.state import RESTING, VILLAIN_SEAT, GccState

FAR = 6  # distances beyond this count as far


def _where(state: GccState, item: str) -> str:
    """Where an item is: carried (its carrier's area), on the ground, or inside a token."""
    for hero in state.heroes:
        if item in hero.items:
            return hero.area
    for lying, area in state.ground:
        if lying == item:
            return area
    return next((t.area for t in state.tokens if item in t.contents), "")


def _closeness(state: GccState, start: str, end: str) -> float:
    """1 in the same area, 0 far away or out of reach."""
    if not start or not end:
        return 0.0
    steps = distance(state.board_pack.board, start, end)
    return 0.0 if steps is None else 1 - min(steps, FAR) / FAR


def _goal_progress(state: GccState, end: EndCondition) -> float:
    """0 to 1 toward an item-in-area goal: half for reaching and taking the item (a resting
    hero near it counts half: it takes no action this turn), half for bringing it to its
    area."""
    carriers = [h for h in state.heroes if end.item in h.items]
    if carriers:
        return 0.5 + 0.5 * max(_closeness(state, h.area, end.area) for h in carriers)
    spot = _where(state, end.item)
    standing = [h for h in state.heroes if not h.zones.neutralized]
    return 0.4 * max(
        (_closeness(state, h.area, spot) * (0.5 if h.stance == RESTING else 1.0) for h in standing),
        default=0.0,
    )


def _threat(state: GccState) -> float:
    """0 to 1: how near a counting-down token is to its end (an armed bomb), less when a
    standing hero is at it to undo it (the mission's heroes' action on that token and state)."""
    worst = 0.0
    for token in state.tokens:
        if not token.countdown:
            continue
        undo = any(
            a.side == "heroes" and a.token == token.id and a.state == token.state
            for a in state.board_pack.mission.actions
        )
        near = max(
            (
                _closeness(state, h.area, token.area)
                for h in state.heroes
                if not h.zones.neutralized
            ),
            default=0.0,
        )
        worst = max(worst, (1 - (0.6 * near if undo else 0.0)) / token.countdown)
    return worst


def heroes_value(state: GccState) -> float:
    if state.winner:
        return 1.0 if state.winner == "heroes" else 0.0
    pack = state.board_pack
    value = 0.35
    goals = [e for e in pack.mission.ends if e.winner == "heroes" and e.when == "item_in_area"]
    if goals:
        value += 0.5 * max(_goal_progress(state, g) for g in goals)
    energy = sum(pack.hero(h.id).energy for h in state.heroes) or 1
    value -= 0.2 * sum(h.zones.wounds for h in state.heroes) / energy
    down = sum(1 for c in state.characters if not c.area)
    value += 0.05 * down / max(len(state.characters), 1)
    value -= 0.15 * _threat(state)
    value -= 0.15 * state.turn / pack.mission.turn_limit
    return min(max(value, 0.02), 0.98)


def evaluate(state: GccState, seat: int) -> float:
    if state.pack is None:
        return 0.5
    value = heroes_value(state)
    return 1.0 - value if seat == VILLAIN_SEAT else value
