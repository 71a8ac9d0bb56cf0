"""How good a position is for a seat (0 lost to 1 won): the bots' heuristic.

The heroes' side gains with the safe opened, the Ledger carried and brought near the street,
enemies neutralized; it loses with wounds, an armed bomb and the turns running out. The
villain's value is the complement."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles.geometry import distance
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT, GccState

LEDGER, STREET = "ledger", "street"  # the reference mission's goal (others: 0.5 + progress)


def heroes_value(state: GccState) -> float:
    if state.winner:
        return 1.0 if state.winner == "heroes" else 0.0
    pack = state.board_pack
    value = 0.5
    carriers = [h for h in state.heroes if LEDGER in h.items]
    if carriers:
        value += 0.15
        far = distance(pack.board, carriers[0].area, STREET)
        if far is not None:
            value += 0.15 * (1 - min(far, 6) / 6)
    energy = sum(pack.hero(h.id).energy for h in state.heroes) or 1
    value -= 0.25 * sum(h.zones.wounds for h in state.heroes) / energy
    down = sum(1 for c in state.characters if not c.area)
    value += 0.1 * down / max(len(state.characters), 1)
    if any(t.state == "armed" for t in state.tokens):
        value -= 0.1
    value -= 0.1 * state.turn / pack.mission.turn_limit
    return min(max(value, 0.02), 0.98)


def evaluate(state: GccState, seat: int) -> float:
    if state.pack is None:
        return 0.5
    value = heroes_value(state)
    return 1.0 - value if seat == VILLAIN_SEAT else value
