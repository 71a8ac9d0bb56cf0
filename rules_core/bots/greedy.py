"""Greedy: one move ahead on the game's own evaluation, from the seat's determinized view.

A move is scored by playing it in a few sampled states and letting the game run on (others'
moves at random, dice sampled) until the seat is to move again, then asking `evaluate`: so a
card placed face down is judged by how the round it starts tends to end.

At most MOST_SCORED moves are scored, drawn at random from the legal moves: a content pack
within its limits can offer thousands (No Man's Land with 120 districts all neighbours and 40
heroes: 4,761 moves, about 650 s to score them all), and greedy is the bot a game falls back to
once its thinking time is spent, so its cost must not grow with the pack. Every state of the
reference packs offers fewer (the most seen: 73), so their games are unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from rules_core.engine.spec import GameSpec
from rules_core.engine.types import Move, Rejection

SAMPLES = 3
MOST_SCORED = 128  # legal moves scored at most, a random choice of them when there are more
HORIZON = 40  # other seats' moves played out at most before evaluating


def _score(spec: GameSpec[Any], view: Any, seat: int, move: Move, rng: random.Random) -> float:
    played = spec.decide_and_evolve(view, seat, move, rng)
    if isinstance(played, Rejection):
        return -1.0
    state = played[1]
    for _ in range(HORIZON):
        if spec.outcome(state) is not None:
            break
        acting = spec.to_act(state)
        if not acting or seat in acting:
            break
        actor = min(acting)
        reply = spec.decide_and_evolve(
            state, actor, rng.choice(spec.legal_moves(state, actor)), rng
        )
        if isinstance(reply, Rejection):
            break
        state = reply[1]
    return spec.evaluate(state, seat)


def move_scores(
    spec: GameSpec[Any], state: Any, seat: int, rng: random.Random
) -> dict[Move, float]:
    """Each legal move's mean sampled evaluation for `seat`, one move ahead (in a random order):
    of MOST_SCORED moves drawn at random when more are legal."""
    moves = spec.legal_moves(spec.determinize(state, seat, rng), seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    if len(moves) == 1:
        return {moves[0]: 0.0}
    views = [spec.determinize(state, seat, rng) for _ in range(SAMPLES)]
    rng.shuffle(moves)
    return {
        move: sum(_score(spec, view, seat, move, rng) for view in views) / SAMPLES
        for move in moves[:MOST_SCORED]
    }


def greedy_move(spec: GameSpec[Any], state: Any, seat: int, rng: random.Random) -> Move:
    """The legal move with the best mean sampled evaluation for `seat`; ties at random."""
    scores = move_scores(spec, state, seat, rng)
    return max(scores, key=lambda m: scores[m])
