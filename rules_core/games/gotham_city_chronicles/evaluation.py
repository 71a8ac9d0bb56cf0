"""How good a position is for a seat (0 lost to 1 won): the bots' heuristic.

The heroes' side gains with progress toward the mission's item-in-area goals (reaching the item,
then carrying it toward its area: the largest term, as the mission is won by it) and with
enemies neutralized (the villain's characters: a heroes' side one down is no gain); it loses
with wounds (those dealt, and those the villain's attack under way and the characters of the
tile being activated may still deal, to a hero or a heroes' side character), the villain's own
objective (a token counting down, an armed bomb: worse as its count falls, less so with a hero
near it who may undo it; or one a villain's character stands ready to start, most when it may
act in this activation), the villain's characters near their enemies, the villain's energy
spent before its turn passes, and the turns running out (`pressure.py` has the villain's
terms). Once the heroes play no more before the villain's end comes (the last turn's end, or a
bomb at 0 going off at the next upkeep: `pressure.villain_sure`), the position is as good as
lost for them. The villain's value is the complement."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles.mission import EndCondition
from rules_core.games.gotham_city_chronicles.pressure import (
    armable,
    closeness,
    countdown_threat,
    menace,
    unspent,
    villain_sure,
    wounds_in_hand,
)
from rules_core.games.gotham_city_chronicles.state import RESTING, VILLAIN_SEAT, GccState


def _where(state: GccState, item: str) -> str:
    """Where an item is: carried (its carrier's area), on the ground, or inside a token."""
    for hero in state.heroes:
        if item in hero.items:
            return hero.area
    for lying, area in state.ground:
        if lying == item:
            return area
    return next((t.area for t in state.tokens if item in t.contents), "")


def _goal_progress(state: GccState, end: EndCondition) -> float:
    """0 to 1 toward an item-in-area goal: half for reaching and taking the item (a resting
    hero near it counts half in the heroes' turn: it takes no action this turn; the stance
    counts for nothing once that turn is over, as the next heroes' turn declares it anew,
    V·B·3), half for bringing it to its area."""
    carriers = [h for h in state.heroes if end.item in h.items]
    if carriers:
        return 0.5 + 0.5 * max(closeness(state, h.area, end.area) for h in carriers)
    spot = _where(state, end.item)
    standing = [h for h in state.heroes if not h.zones.neutralized]
    heroes_turn = state.flow.phase == "heroes"
    return 0.4 * max(
        (
            closeness(state, h.area, spot) * (0.5 if heroes_turn and h.stance == RESTING else 1.0)
            for h in standing
        ),
        default=0.0,
    )


LOWEST, HIGHEST = 0.02, 0.98  # the heuristic's range: never as sure as a game over


def heroes_value(state: GccState) -> float:
    if state.winner:
        return 1.0 if state.winner == "heroes" else 0.0
    if villain_sure(state):  # the heroes play no more before the villain's end comes
        return LOWEST
    pack = state.board_pack
    value = 0.35
    goals = [e for e in pack.mission.ends if e.winner == "heroes" and e.when == "item_in_area"]
    if goals:
        value += 0.5 * max(_goal_progress(state, g) for g in goals)
    energy = sum(pack.hero(h.id).energy for h in state.heroes) or 1
    value -= 0.3 * (sum(h.zones.wounds for h in state.heroes) + wounds_in_hand(state)) / energy
    enemies = [c for c in state.characters if pack.tile(c.tile).side == "villain"]
    value += 0.05 * sum(1 for c in enemies if not c.area) / max(len(enemies), 1)
    value -= 0.4 * max(countdown_threat(state), armable(state))
    value -= 0.05 * menace(state)
    value += 0.1 * unspent(state)
    value -= 0.15 * state.turn / pack.mission.turn_limit
    return min(max(value, LOWEST), HIGHEST)


def evaluate(state: GccState, seat: int) -> float:
    if state.pack is None:
        return 0.5
    value = heroes_value(state)
    return 1.0 - value if seat == VILLAIN_SEAT else value
