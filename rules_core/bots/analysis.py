"""Judging one decision of a game: the best move found, what the played one cost, and how sure
that is.

The search (`mcts_move`) ranks the moves. With many legal moves it visits most of them once or
never, so its per-move means are not a fair basis for comparison; the candidates are therefore
valued afresh, on equal terms: each is played in the same sampled states (the hidden part
resampled from the seat's view, as the search does), followed by the same random moves, and the
game's evaluation is averaged (common random numbers).

1. Candidates: every legal move when there are at most `ALL_MOVES_UP_TO` (no search is needed
   then: its budget goes to the samples), else the search's `SEARCHED_CANDIDATES` most visited
   moves and the played one. A first batch of samples picks the best candidate.
2. The loss of the played move against that best one (its rival; the runner-up when the
   played move itself won the first batch, which may be luck) is then measured on fresh
   samples (the pick's luck in the first batch would inflate it: the winner's curse), paired
   sample by sample, with a confidence interval; the move the fresh samples find better is the
   preferred one. A sequential test: batches are added, up to `MAX_SAMPLES`, only while the
   interval still holds the mark and could leave it within that budget (a loss on the mark
   with every sample alike stops at once: `_futile`), so a clear decision costs one batch and
   a close one up to sixty-four. A mark waits for a second batch (`BATCHES_BEFORE_A_MARK`):
   the normal interval of 24 paired outcomes that are mostly 0 or 1 is too narrow too often,
   and a false mark costs the reader more than a missed one.
   The judging keeps to its time (`Deadline`: the search's seconds and `SAMPLING_SECONDS`):
   past it, no further sample is begun, and the judgement stands on the samples taken so far
   (at least one per move), said so (`cut_short`). A pack within its limits can make a state
   slow to play on (No Man's Land with 120 districts all neighbours and 40 heroes: about 0.1 s
   for each list of legal moves, 46 s for one decision's first 24 paired samples), and a
   decision that ran on past the task's time limit stopped the whole analysis.
3. The grade, as chess sites give it: an inaccuracy, a mistake or a blunder only when the lower
   bound of the loss clears half, one or two times the game's `lost_value_mark`; "too close to
   call" when the loss could be a mistake but could as well be nothing; else "good". A
   judgement cut short by its time before its second batch is never marked: its loss is too
   close to call at worst.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_core.bots.mcts import MctsSettings, apply_move, mcts_move, playout
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import Move

# The analysis's shared version: raised when its notes' wording or its judge changes for every game,
# so that results an earlier one stored can be made again. A change to one game alone raises that
# game's `GameSpec.analysis_version` instead (`analysis_version` below), so the other games'
# analyses stay current. Versions 1-10 were all raised here (1: every analysis stored before
# this was recorded, whatever its notes' words; 2: the judge as it is now, its first notes; 3: a
# preference that rounds to no whole point is not told as one; 4: a search that tried fewer moves
# than the candidates is topped up from the legal moves, so a choice is never judged as forced; 5: a
# move with no alternative says so, not that the analysis agrees, and is marked `forced`; 6: Black
# Metro's solo evaluation races the power pace and the overlord, where it read 0 most of a game; 7:
# Gotham City Chronicles' evaluation values what the villain's turn sets up, where it valued only
# the turns passing, so ending the villain's turn at once read as its best move; 8: its evaluation
# reads a defused bomb as no threat and an armed one at 0 as the nearest, and a position the heroes
# can no longer save (they play no more before the last turn's end or the bomb's explosion) as lost,
# where disarming read as a blunder, the bomb's last heroes' turn as safe and any villain move but
# ending its last turn as a blunder; 9: the judging keeps to its time, a judgement cut short says so
# and is never marked; 10: Gotham City Chronicles' villain's search holds only its own moves
# (`GameSpec.search_own_turn`), so the candidates it ranks in the villain's turn are found by
# another search).
ANALYSIS_VERSION = 10
VALUE_SAMPLES = 24  # a batch of sampled continuations behind each compared move
MAX_SAMPLES = 1536  # at most this many paired samples for the loss of a close decision
BATCHES_BEFORE_A_MARK = 2  # a loss is marked only on this many batches, never on the first
ALL_MOVES_UP_TO = 5  # with this few legal moves every one is valued
SEARCHED_CANDIDATES = 3  # with more, the search's most visited moves are the candidates
Z = 1.96  # the loss's interval: about 95%
# Seconds the samples may take after the search's own: the reference packs' closest decisions
# (1,536 paired samples) take up to about 10 s on one core (Black Metro's, the slowest), so the
# limit is met only where a pack makes the game slow to play on. With the search's most (10 s)
# one decision stays well inside a task's run (GOTHAM_TASK_SOFT_TIME_LIMIT 60 s, a slice 20 s).
SAMPLING_SECONDS = 15.0

GOOD, CLOSE, INACCURACY, MISTAKE, BLUNDER = (
    "good",
    "too close to call",
    "inaccuracy",
    "mistake",
    "blunder",
)
MARKED = (MISTAKE, BLUNDER)  # the grades shown as marks in a replay


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision as the analysing bot sees it."""

    seat: int
    evaluation: dict[int, float]  # each seat's mean value after the preferred move (all samples)
    preferred: Move
    preferred_value: float
    played: Move
    played_value: float
    iterations: int
    mark_at: float  # the game's `lost_value_mark`: a move that surely loses this much is marked
    lost_low: float = 0.0  # the loss's interval (about 95%)
    lost_high: float = 0.0
    samples: int = 0  # paired samples behind the loss
    forced: bool = False  # the seat's one legal move: no choice to grade
    cut_short: bool = False  # stopped by its time before its samples settled the grade

    @property
    def lost(self) -> float:
        """How much less the played move is worth than the preferred one (0 if it is as good)."""
        return max(0.0, self.preferred_value - self.played_value)

    @property
    def grade(self) -> str:
        """good, too close to call, inaccuracy, mistake or blunder (see the module's text)."""
        if self.cut_short and self.lost_low >= self.mark_at:  # a mark waits for its batches
            return CLOSE
        if self.lost_low >= 2 * self.mark_at:
            return BLUNDER
        if self.lost_low >= self.mark_at:
            return MISTAKE
        if self.lost_low >= self.mark_at / 2:
            return INACCURACY
        if self.lost_high >= self.mark_at:
            return CLOSE
        return GOOD

    @property
    def marked(self) -> bool:
        return self.grade in MARKED


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a judgement begins no further sample: `at`, read on `clock` (seconds)."""

    at: float
    clock: Callable[[], float] = time.monotonic

    @staticmethod
    def after(seconds: float, clock: Callable[[], float] = time.monotonic) -> Deadline:
        return Deadline(clock() + seconds, clock)

    def passed(self) -> bool:
        return self.clock() >= self.at


def analysis_version(spec: GameSpec[Any]) -> int:
    """The version of the analysis of this game's replays, stored with each analysis it makes
    (`Analysis.made_by`): the shared version plus the game's own. Neither part ever falls, so
    the sum rises with either, and an analysis stored at the same sum was made by both the same."""
    return ANALYSIS_VERSION + spec.analysis_version


def sample_values(
    spec: GameSpec[Any],
    state: Any,
    seat: int,
    moves: tuple[Move, ...],
    rng: random.Random,
    samples: int,
    depth: int,
    seats: tuple[int, ...],
    until: Deadline | None = None,
) -> list[list[dict[int, float]]]:
    """Per sample, per move, every seat's evaluation after that move and the same continuation.

    Every sample resamples what `seat` cannot see, then plays each move from it with the same
    chance (a copy of one generator), so the moves differ only by what they do. Past `until`,
    no further sample is begun (the first always is): fewer rows than `samples` then.
    """
    rows: list[list[dict[int, float]]] = []
    for _ in range(samples):
        if rows and until is not None and until.passed():
            break
        sample = spec.determinize(state, seat, rng)
        seed = rng.random()
        row = []
        for move in moves:
            chance = random.Random(seed)
            after = playout(spec, apply_move(spec, sample, seat, move, chance), depth, chance)
            row.append({who: spec.evaluate(after, who) for who in seats})
        rows.append(row)
    return rows


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
    """Per move, every seat's mean evaluation over the same `samples` sampled continuations."""
    return _means(sample_values(spec, state, seat, moves, rng, samples, depth, seats), seats)


def _means(
    rows: list[list[dict[int, float]]], seats: tuple[int, ...]
) -> tuple[dict[int, float], ...]:
    """Per move, every seat's mean evaluation over the rows (samples) of `sample_values`."""
    return tuple(
        {who: sum(row[index][who] for row in rows) / len(rows) for who in seats}
        for index in range(len(rows[0]))
    )


def _interval(losses: list[float]) -> tuple[float, float]:
    """The mean loss's interval from paired samples (normal approximation), never narrower than
    `n` samples can support: when every sample agrees (a game with no chance left in the
    continuations), a different outcome in fewer than a few of `n` draws is not ruled out, so
    the half-width is at least 1/n of the value's unit range (24 samples: 0.042; 192: 0.005)."""
    n = len(losses)
    mean = sum(losses) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in losses) / (n - 1)) if n > 1 else 0.0
    half = max(Z * spread / math.sqrt(n), 1.0 / n)
    return mean - half, mean + half


def _settled(low: float, high: float, mark_at: float, batches: int) -> bool:
    """Whether the interval has left the mark: the decision is surely not marked, or surely
    marked on at least `BATCHES_BEFORE_A_MARK` batches."""
    if low >= mark_at:
        return batches >= BATCHES_BEFORE_A_MARK
    return high < mark_at


def _futile(losses: list[float], mark_at: float, most_samples: int) -> bool:
    """Whether `most_samples` cannot settle the mark: every sample alike (a game with no chance
    left in the continuations, as Chronicles' judge at depth 0) and the loss nearer the mark
    than the narrowest interval that budget allows (a 0.0999 against 0.10 would take 10,000
    samples, for an inaccuracy either way). A loss with any spread is never cut short: its mean
    may still move away from the mark."""
    first = losses[0]
    if any(abs(x - first) > 1e-12 for x in losses):
        return False
    return abs(first - mark_at) < 1.0 / most_samples


def candidates(
    spec: GameSpec[Any], state: Any, seat: int, played: Move, rng: random.Random, by: MctsSettings
) -> tuple[tuple[Move, ...], int]:
    """The moves to value and the search's iterations: every legal move when there are few
    (no search), else the search's most visited ones, topped up from the legal moves in their
    order when the search visited fewer (a search of one iteration, or one cut short by its
    time, tries one move: alone with the played one, it made a choice of many look forced);
    the played move always (a stored move the offers spell otherwise, as the second of two
    jokers where the first stands for both, is valued as played)."""
    legal = tuple(spec.legal_moves(state, seat))
    if len(legal) <= ALL_MOVES_UP_TO:  # the played move too if the offers name it otherwise
        return (legal if played in legal else (*legal, played)), 0
    result = mcts_move(spec, state, seat, rng, by)
    ranked = sorted(result.visits, key=lambda m: -result.visits[m])
    others = (m for m in (*ranked, *legal) if m != result.move)
    chosen = tuple(dict.fromkeys((result.move, *others)))[:SEARCHED_CANDIDATES]
    return (chosen if played in chosen else (*chosen, played)), result.iterations


def judge(
    spec: GameSpec[Any],
    state: Any,
    seat: int,
    played: Move,
    rng: random.Random,
    budget: MctsSettings,
    seats: int,
    samples: int = VALUE_SAMPLES,
    most_samples: int = MAX_SAMPLES,
    clock: Callable[[], float] = time.monotonic,
) -> Judgement:
    """Pick the best candidate of `seat`'s decision on a first batch, then measure the played
    move's loss against it on fresh paired samples until the mark is in or out of its interval,
    or the judging's time (the search's seconds and SAMPLING_SECONDS, on `clock`) is spent.

    The evaluation per seat is every seat's expected value after the preferred move, over all
    its samples (the first batch's too: the position's worth, not the loss, is asked there); the
    two moves' values and the loss are the fresh paired samples' alone.
    """
    everyone = tuple(range(seats))
    until = Deadline.after(budget.seconds + SAMPLING_SECONDS, clock)
    moves, iterations = candidates(spec, state, seat, played, rng, budget)
    rows = sample_values(spec, state, seat, moves, rng, samples, budget.depth, everyone, until)
    first, first_taken = _means(rows, everyone), len(rows)
    ranked = sorted(range(len(moves)), key=lambda i: -first[i][seat])
    if len(moves) == 1:  # no choice: nothing to lose
        value = first[0]
        return Judgement(
            seat, value, played, value[seat], played, value[seat], iterations,
            spec.lost_value_mark, samples=first_taken, forced=True,
            cut_short=first_taken < samples,
        )  # fmt: skip
    # the rival: the first batch's best move, or its runner-up when that is the played move (a
    # lucky first batch must not clear the played move without a measured loss)
    rival = next(i for i in ranked if moves[i] != played)
    pair = (moves[rival], played)
    losses: list[float] = []
    totals = [dict.fromkeys(everyone, 0.0), dict.fromkeys(everyone, 0.0)]
    low = high = 0.0
    cut_short = False
    while len(losses) < most_samples:
        batch = min(samples, most_samples - len(losses))
        for row in sample_values(
            spec, state, seat, pair, rng, batch, budget.depth, everyone, until
        ):
            losses.append(row[0][seat] - row[1][seat])
            for index in (0, 1):
                for who in everyone:
                    totals[index][who] += row[index][who]
        low, high = _interval(losses)
        if _settled(low, high, spec.lost_value_mark, math.ceil(len(losses) / samples)):
            break
        if _futile(losses, spec.lost_value_mark, most_samples):
            break
        if len(losses) < most_samples and until.passed():  # it stands on the samples so far
            cut_short = True
            break
    n = len(losses)
    after_rival = {who: total / n for who, total in totals[0].items()}
    after_played = {who: total / n for who, total in totals[1].items()}
    # preferred: the rival if the fresh samples find it better, else the played move itself
    kept = 0 if after_rival[seat] > after_played[seat] else 1
    preferred = pair[kept]
    pooled = {
        who: (total + first[moves.index(preferred)][who] * first_taken) / (n + first_taken)
        for who, total in totals[kept].items()
    }
    return Judgement(
        seat=seat,
        evaluation=pooled,
        preferred=preferred,
        preferred_value=(after_rival, after_played)[kept][seat],
        played=played,
        played_value=after_played[seat],
        iterations=iterations,
        mark_at=spec.lost_value_mark,
        lost_low=max(0.0, low),
        lost_high=max(0.0, high),
        samples=n,
        cut_short=cut_short or first_taken < samples,
    )
