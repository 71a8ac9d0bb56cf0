"""Judging one decision of a game: the move the analysing bot prefers and what the played one cost.

The search (`mcts_move`) picks the preferred move and gives each seat's expected value. With
many legal moves it visits most of them once or never, so its per-move means are not a fair
basis for comparison. Both the preferred and the played move are therefore valued afresh, on
equal terms: each is played in the same sampled states (the hidden part resampled from the
seat's view, as the search does), followed by the same number of random moves, and the game's
evaluation is averaged.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules_core.bots.mcts import MctsSettings, apply_move, mcts_move, playout
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import Move

VALUE_SAMPLES = 24  # sampled continuations behind each compared move


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision as the analysing bot sees it."""

    seat: int
    evaluation: dict[int, float]  # each seat's expected value after the preferred move, 0 to 1
    preferred: Move
    preferred_value: float
    played: Move
    played_value: float
    iterations: int
    mark_at: float  # the game's `lost_value_mark`: a move that loses this much is marked

    @property
    def lost(self) -> float:
        """How much less the played move is worth than the preferred one (0 if it is as good)."""
        return max(0.0, self.preferred_value - self.played_value)

    @property
    def marked(self) -> bool:
        return self.lost >= self.mark_at


def move_values(
    spec: GameSpec[Any],
    state: Any,
    seat: int,
    moves: tuple[Move, ...],
    rng: random.Random,
    samples: int,
    depth: int,
    seats: tuple[int, ...],
) -> tuple[dict[int, float], ...]:
    """Per move, every seat's mean evaluation over the same `samples` sampled continuations.

    Every sample resamples what `seat` cannot see, then plays each move from it with the same
    chance (a copy of one generator), so the moves differ only by what they do.
    """
    totals = [dict.fromkeys(seats, 0.0) for _ in moves]
    for _ in range(samples):
        sample = spec.determinize(state, seat, rng)
        seed = rng.random()
        for index, move in enumerate(moves):
            chance = random.Random(seed)
            after = playout(spec, apply_move(spec, sample, seat, move, chance), depth, chance)
            for who in seats:
                totals[index][who] += spec.evaluate(after, who)
    return tuple({who: total / samples for who, total in move.items()} for move in totals)


def judge(
    spec: GameSpec[Any],
    state: Any,
    seat: int,
    played: Move,
    rng: random.Random,
    budget: MctsSettings,
    seats: int,
    samples: int = VALUE_SAMPLES,
) -> Judgement:
    """Search `seat`'s decision in `state`, then value the preferred and the played move alike.

    The evaluation per seat is every seat's expected value after the preferred move.
    """
    result = mcts_move(spec, state, seat, rng, budget)
    compared = (result.move,) if played == result.move else (result.move, played)
    values = move_values(
        spec, state, seat, compared, rng, samples, budget.depth, tuple(range(seats))
    )
    return Judgement(
        seat=seat,
        evaluation=values[0],
        preferred=result.move,
        preferred_value=values[0][seat],
        played=played,
        played_value=values[-1][seat],
        iterations=result.iterations,
        mark_at=spec.lost_value_mark,
    )
