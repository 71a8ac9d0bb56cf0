"""How good a position is for a villain, 0 to 1: the bots' heuristic (levels, progress towards
the next, ruled blocks, resources, henchmen), softmax over the table."""

from __future__ import annotations

import math

from rules_core.games.gotham_city_strategy import board, choices
from rules_core.games.gotham_city_strategy.state import TOP_LEVEL, GcsState

PROGRESS_WEIGHT = 0.7  # a requirement met is worth most of a level


def evaluate(state: GcsState, seat: int) -> float:
    if state.phase == "over":
        winners = [s for s in range(len(state.players)) if state.winner >> s & 1]
        return 1.0 / len(winners) if seat in winners else 0.0
    if not state.players:
        return 0.0
    ruled = board.ruled_counts(state)
    scores = [
        p.level
        + PROGRESS_WEIGHT * _progress(state, s, ruled[s])
        + 0.2 * ruled[s]
        + 0.03 * (p.money + p.information)
        + 0.1 * p.recruited
        for s, p in enumerate(state.players)
    ]
    weights = [math.exp(x) for x in scores]
    return weights[seat] / sum(weights)


def _progress(state: GcsState, seat: int, ruled: int) -> float:
    """How far `seat` is towards its next level's requirement, 0 to 1."""
    if state.players[seat].level >= TOP_LEVEL:
        return 1.0
    have, need = choices.requirement(state, seat, ruled)
    return min(have / need, 1.0) if need > 0 else 1.0
