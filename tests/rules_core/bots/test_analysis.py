"""Judging a decision: the preferred and the played move are valued on the same footing."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from rules_core.bots.analysis import (
    ALL_MOVES_UP_TO,
    BATCHES_BEFORE_A_MARK,
    MAX_SAMPLES,
    SAMPLING_SECONDS,
    SEARCHED_CANDIDATES,
    Judgement,
    _futile,
    _interval,
    _settled,
    candidates,
    judge,
    move_values,
    sample_values,
)
from rules_core.bots.mcts import MctsSettings, mcts_move
from rules_core.engine import GameSpec, Move, all_games
from tests.rules_core.bots.test_bots import opening

GAMES = all_games()


def verdict(low: float, high: float, mark_at: float = 0.10) -> Judgement:
    move, other = Move("a", ()), Move("b", ())
    mean = (low + high) / 2
    return Judgement(0, {0: 0.5}, move, 0.5 + mean, other, 0.5, 10, mark_at, low, high, 48)


def test_grades_follow_the_lower_bound_of_the_loss_against_the_mark() -> None:
    assert verdict(0.21, 0.30).grade == "blunder" and verdict(0.21, 0.30).marked
    assert verdict(0.11, 0.19).grade == "mistake" and verdict(0.11, 0.19).marked
    assert verdict(0.06, 0.09).grade == "inaccuracy" and not verdict(0.06, 0.09).marked
    close = verdict(0.0, 0.25)  # could be a blunder, could be nothing
    assert close.grade == "too close to call" and not close.marked
    assert verdict(0.0, 0.04).grade == "good"
    assert verdict(0.11, 0.19).lost == pytest.approx(0.15)


def test_the_loss_interval_comes_from_paired_samples() -> None:
    low, high = _interval([0.2, 0.2, 0.2, 0.2])  # all agree: as wide as 4 samples support
    assert (low, high) == pytest.approx((0.2 - 1 / 4, 0.2 + 1 / 4))
    low, high = _interval([0.10] * 24)  # a loss of exactly the mark, 24 times: not yet sure
    assert low < 0.10 < high and not _settled(low, high, 0.10, 1)
    low, high = _interval([0.10] * 192)
    assert high - low == pytest.approx(2 / 192)
    low, high = _interval([0.0, 0.4] * 8)  # the spread's interval, wider than the floor
    spread = (16 * 0.2**2 / 15) ** 0.5
    assert low < 0.2 < high and high - low == pytest.approx(2 * 1.96 * spread / 4, rel=1e-6)
    assert _settled(0.0, 0.04, 0.10, 1) and _settled(0.11, 0.19, 0.10, 2)
    assert not _settled(0.0, 0.12, 0.10, 2)


def test_samples_are_added_only_while_the_mark_is_inside_the_interval() -> None:
    """The sequential test is about the mark: an interval wholly above it (a mark, whatever the
    grade) or wholly below it (no mark) is settled; one that holds it is not."""
    assert _settled(0.11, 0.35, 0.10, 2) and _settled(0.02, 0.09, 0.10, 1)
    assert not _settled(0.05, 0.10, 0.10, 3) and not _settled(0.09, 0.30, 0.10, 3)


def test_a_mark_is_never_given_on_the_first_batch_alone() -> None:
    """Clearing the mark on one batch of 24 is not enough: the normal interval of 24 paired
    outcomes near 0 or 1 is too often too narrow, so a second batch must agree. Clearing it
    from below (no mark) settles at once."""
    assert not _settled(0.16, 0.44, 0.10, 1)
    assert _settled(0.16, 0.44, 0.10, BATCHES_BEFORE_A_MARK)
    assert _settled(0.0, 0.05, 0.10, 1)


def test_a_loss_that_cannot_leave_the_mark_within_the_budget_stops_sampling() -> None:
    """A deterministic loss of 0.0999 against a mark of 0.10 needs over 10,000 samples to be
    settled: within 1,536 it never is, so the judge stops at once. A noisy loss goes on while
    its mean may still move away from the mark, whatever the mean seen so far."""
    assert _futile([0.0999] * 24, 0.10, 1536)
    assert not _futile([0.0999] * 24, 0.10, 15360)  # the reference's budget can settle it
    assert not _futile([0.13] * 24, 0.10, 1536)  # settled soon: 1/n shrinks past 0.03
    noisy = [0.0, 0.33] * 12  # mean 0.165 near a mark of 0.15, interval [0.09, 0.24]
    assert not _futile(noisy, 0.15, 1536) and not _settled(*_interval(noisy), 0.15, 1)
    assert not _futile([0.1001, 0.0999] * 12, 0.10, 1536)  # a spread: the mean may move


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_moves_are_valued_under_the_same_chance(spec: GameSpec[Any]) -> None:
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    move = spec.legal_moves(state, seat)[0]
    same = move_values(spec, state, seat, (move, move), random.Random(4), 6, 8, (0, 1))
    assert same[0] == same[1] and set(same[0]) == {0, 1}
    assert all(0.0 <= value <= 1.0 for value in same[0].values())


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_a_move_the_search_never_tried_is_still_valued(spec: GameSpec[Any]) -> None:
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=2, seconds=5)
    searched = mcts_move(spec, state, seat, random.Random(8), budget)
    untried = [m for m in spec.legal_moves(state, seat) if m not in searched.visits]
    assert untried, "the position needs more moves than the search budget"
    judged = judge(spec, state, seat, untried[-1], random.Random(8), budget, 2, samples=6)
    assert judged.played == untried[-1] and set(judged.evaluation) == {0, 1}
    assert 0.0 <= judged.played_value <= 1.0 and judged.lost_low <= judged.lost <= judged.lost_high
    assert judged.samples % 6 == 0 and 6 <= judged.samples <= MAX_SAMPLES


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_with_many_moves_the_candidates_are_the_searchs_most_visited_and_the_played(
    spec: GameSpec[Any],
) -> None:
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    legal = spec.legal_moves(state, seat)
    budget = MctsSettings(iterations=40, seconds=5)
    played = legal[-1]
    moves, iterations = candidates(spec, state, seat, played, random.Random(5), budget)
    if len(legal) <= ALL_MOVES_UP_TO:
        assert moves == tuple(legal) and iterations == 0  # every move, no search
        return
    searched = mcts_move(spec, state, seat, random.Random(5), budget)
    assert moves[0] == searched.move and iterations == searched.iterations
    assert played in moves and len(set(moves)) == len(moves) <= SEARCHED_CANDIDATES + 1
    fewest = min(searched.visits[m] for m in moves[:SEARCHED_CANDIDATES])
    others = [m for m in searched.visits if m not in moves]
    assert all(searched.visits[m] <= fewest for m in others)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_a_search_of_one_iteration_still_leaves_a_choice_to_judge(spec: GameSpec[Any]) -> None:
    """A search of one iteration (the analysis allows it; a search cut short by its time does
    the same) visits one move. When that was the move played, it alone was valued: the judge
    took a choice of many for a forced move, "The analysis agrees", whatever the others were
    worth. The candidates are topped up from the legal moves."""
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    legal = spec.legal_moves(state, seat)
    if len(legal) <= ALL_MOVES_UP_TO:
        return  # every move is valued, no search
    budget = MctsSettings(iterations=1, seconds=5)
    searched = mcts_move(spec, state, seat, random.Random(3), budget)
    assert len(searched.visits) == 1
    moves, _ = candidates(spec, state, seat, searched.move, random.Random(3), budget)
    assert moves[0] == searched.move and len(set(moves)) == len(moves) == SEARCHED_CANDIDATES
    assert set(moves) <= set(legal)  # the played move is measured against two others


def test_every_move_is_valued_when_there_are_few() -> None:
    """Gotham Race's draw: four decks, each valued without a search; the best of them is the
    played move's rival, preferred unless the fresh samples find the played move better."""
    spec = next(g for g in GAMES if g.slug == "gotham-race")
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    legal = spec.legal_moves(state, seat)
    assert len(legal) <= 5
    budget = MctsSettings(iterations=8, seconds=5)
    judged = judge(spec, state, seat, legal[0], random.Random(3), budget, 2, samples=8)
    first = move_values(spec, state, seat, tuple(legal), random.Random(3), 8, budget.depth, (0, 1))
    best = max(range(len(legal)), key=lambda i: first[i][seat])
    assert judged.preferred in (legal[best], legal[0])
    assert judged.iterations == 0  # all are valued: the search had nothing to add
    if judged.preferred != judged.played:  # the evaluation pools the first batch with the rest
        assert judged.preferred == legal[best] and judged.preferred_value > judged.played_value
        ends = sorted((first[best][seat], judged.preferred_value))
        assert ends[0] - 1e-9 <= judged.evaluation[seat] <= ends[1] + 1e-9


def test_noise_between_near_equal_moves_is_not_graded_a_mistake() -> None:
    """At the race's first draw the four decks are near enough alike: over several seeds no draw
    is graded a mistake (the interval keeps the noise of the samples from becoming a verdict)."""
    spec = next(g for g in GAMES if g.slug == "gotham-race")
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=8, seconds=5)
    grades = set()
    for seed in range(6):
        for move in spec.legal_moves(state, seat):
            grades.add(judge(spec, state, seat, move, random.Random(seed), budget, 2).grade)
    assert grades <= {"good", "too close to call", "inaccuracy"}


def test_the_played_move_when_it_is_the_preferred_one_lost_nothing() -> None:
    spec = GAMES[0]
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=30, seconds=5)
    some = spec.legal_moves(state, seat)[0]
    preferred = judge(spec, state, seat, some, random.Random(2), budget, 2, samples=4).preferred
    judged = judge(spec, state, seat, preferred, random.Random(2), budget, 2, samples=4)
    if judged.preferred == preferred:
        assert judged.played_value == judged.preferred_value
        assert judged.lost == 0.0 and judged.grade == "good"
    else:  # the fresh samples found the rival better: the loss is theirs
        assert judged.lost == pytest.approx(judged.preferred_value - judged.played_value)
    assert judged.mark_at == spec.lost_value_mark
    assert set(judged.evaluation) == {0, 1}


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_a_played_move_that_wins_the_first_batch_is_still_measured_against_the_runner_up(
    spec: GameSpec[Any],
) -> None:
    """A lucky first batch does not clear the played move: its loss against the first batch's
    runner-up is measured on fresh paired samples (the judge's interval is theirs)."""
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    budget = MctsSettings(iterations=30, seconds=5)
    legal = spec.legal_moves(state, seat)
    rng = random.Random(6)  # the judge's own draws, repeated: candidates, then the first batch
    moves, _ = candidates(spec, state, seat, legal[0], rng, budget)
    first = move_values(spec, state, seat, moves, rng, 4, budget.depth, (0, 1))
    order = sorted(range(len(moves)), key=lambda i: -first[i][seat])
    winner, runner_up = moves[order[0]], moves[order[1]]
    if winner != legal[0]:  # the judge's candidates hold the played move: redo with the winner
        rng = random.Random(6)
        moves, _ = candidates(spec, state, seat, winner, rng, budget)
        first = move_values(spec, state, seat, moves, rng, 4, budget.depth, (0, 1))
        order = sorted(range(len(moves)), key=lambda i: -first[i][seat])
        winner, runner_up = moves[order[0]], moves[order[1]]
    fresh = sample_values(spec, state, seat, (runner_up, winner), rng, 4, budget.depth, (0, 1))
    low, high = _interval([row[0][seat] - row[1][seat] for row in fresh])
    judged = judge(spec, state, seat, winner, random.Random(6), budget, 2, 4, most_samples=4)
    assert judged.played == winner and judged.samples == 4
    assert (judged.lost_low, judged.lost_high) == pytest.approx((max(0.0, low), max(0.0, high)))
    assert judged.lost_high > 0.0 or high <= 0.0  # an interval measured, not assumed [0, 0]
    rival_better = sum(row[0][seat] for row in fresh) > sum(row[1][seat] for row in fresh)
    assert judged.preferred == (runner_up if rival_better else winner)


def test_a_played_move_the_offers_name_otherwise_is_judged_as_played() -> None:
    """A stored move the offers spell otherwise today (the second of two alike cards, where the
    first now stands for both) is valued too: with few legal moves it was left out of the
    candidates, and the judge failed looking it up when it proved the best."""
    spec = GAMES[0]
    state = opening(spec, 2, seed=0)  # Black Metro's resolution, 3 moves (seed 3 now assigns)
    seat = min(spec.to_act(state))
    legal = spec.legal_moves(state, seat)
    twin = Move.of("twin")  # a move no offer names, worth the most

    class Twinned:
        def __getattr__(self, name: str) -> Any:
            return getattr(spec, name)

        def evaluate(self, at: Any, who: int) -> float:
            return 1.0 if at == "twin" else 0.0

        def legal_moves(self, at: Any, who: int) -> list[Move]:
            return list(legal) if at is state else []

        def determinize(self, at: Any, who: int, rng: random.Random) -> Any:
            return at

        def decide_and_evolve(self, at: Any, who: int, move: Move, rng: random.Random) -> Any:
            return [], move.type

        def outcome(self, at: Any) -> Any:
            return None if at is state else at

    assert len(legal) <= ALL_MOVES_UP_TO
    moves, _ = candidates(Twinned(), state, seat, twin, random.Random(1), MctsSettings(8, 5))
    assert moves == (*legal, twin)
    judged = judge(Twinned(), state, seat, twin, random.Random(1), MctsSettings(8, 5), 2, 4)
    assert judged.preferred == judged.played == twin and judged.lost == 0.0


def test_a_single_candidate_loses_nothing() -> None:
    spec = GAMES[0]
    state = opening(spec, 2)
    seat = min(spec.to_act(state))
    move = spec.legal_moves(state, seat)[0]

    class OneMove:  # the game, with only the played move legal in the judged position
        def __getattr__(self, name: str) -> Any:
            return getattr(spec, name)

        def legal_moves(self, at: Any, who: int) -> list[Move]:
            return [move] if at is state else spec.legal_moves(at, who)

    judged = judge(OneMove(), state, seat, move, random.Random(1), MctsSettings(8, 5), 2, 4)
    assert judged.preferred == judged.played == move and judged.samples == 4
    assert (judged.lost, judged.lost_low, judged.lost_high, judged.grade) == (0.0, 0.0, 0.0, "good")
    assert judged.forced  # told as the only legal move, not as a choice the analysis agrees with


class Fork:
    """A one-decision game: "keep" is worth everything to seat 0, "throw" nothing."""

    lost_value_mark = 0.10

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        return [Move.of("keep"), Move.of("throw")] if state == "start" else []

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        return state

    def decide_and_evolve(self, state: Any, seat: int, move: Move, rng: random.Random) -> Any:
        return [], move.type

    def outcome(self, state: Any) -> Any:
        return None if state == "start" else state

    def evaluate(self, state: Any, seat: int) -> float:
        return 1.0 if (state == "keep") == (seat == 0) else 0.0


def test_a_sure_blunder_is_marked_on_its_second_batch_not_its_first() -> None:
    budget = MctsSettings(iterations=8, seconds=5, depth=0)
    # Fork holds only the part of a GameSpec that judging reaches, so it is a spec by cast
    fork = cast("GameSpec[Any]", Fork())
    judged = judge(fork, "start", 0, Move.of("throw"), random.Random(1), budget, 2)
    assert judged.preferred == Move.of("keep") and judged.grade == "blunder"
    assert judged.samples == 2 * 24 and judged.lost == 1.0
    kept = judge(fork, "start", 0, Move.of("keep"), random.Random(1), budget, 2)
    assert kept.grade == "good" and kept.samples == 24  # no mark: one batch settles it


class Coin:
    """A one-decision game close on the mark: "sure" is worth 0.6 to seat 0, "coin" 1 and 0 in
    turn, so the loss of playing "coin" is the mark itself (0.10) with a spread, and never
    settles. Each sampled state costs a tenth of a second on its clock (`now`): a game slow to
    play on."""

    lost_value_mark = 0.10

    def __init__(self) -> None:
        self.samples_begun = 0
        self.tosses = 0

    def now(self) -> float:
        return self.samples_begun * 0.1

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        return [Move.of("sure"), Move.of("coin")] if state == "start" else []

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        self.samples_begun += 1
        return state

    def decide_and_evolve(self, state: Any, seat: int, move: Move, rng: random.Random) -> Any:
        if move.type == "sure":
            return [], "sure"
        self.tosses += 1
        return [], "won" if self.tosses % 2 else "lost"

    def outcome(self, state: Any) -> Any:
        return None if state == "start" else state

    def evaluate(self, state: Any, seat: int) -> float:
        value = {"sure": 0.6, "won": 1.0, "lost": 0.0}[state]
        return value if seat == 0 else 1.0 - value


def test_a_close_decision_samples_up_to_its_most_when_time_allows() -> None:
    coin = Coin()
    budget = MctsSettings(iterations=8, seconds=0.8, depth=0)
    judged = judge(cast("GameSpec[Any]", coin), "start", 0, Move.of("coin"), random.Random(1),
                   budget, 2, clock=lambda: 0.0)  # fmt: skip
    assert judged.samples == MAX_SAMPLES and not judged.cut_short


def test_a_judgement_stops_sampling_at_its_time_and_says_so() -> None:
    """A decision in a game slow to play on (a No Man's Land pack with thousands of legal
    moves: 46 s for 24 samples) ran far past the analysis's time, stopping the whole analysis at
    the task's limit: the judging now begins no sample past its time (the search's seconds and
    SAMPLING_SECONDS), stands on those taken, says so, and marks nothing on them."""
    coin = Coin()
    budget = MctsSettings(iterations=8, seconds=0.8, depth=0)
    judged = judge(cast("GameSpec[Any]", coin), "start", 0, Move.of("coin"), random.Random(1),
                   budget, 2, clock=coin.now)  # fmt: skip
    allowed = round((budget.seconds + SAMPLING_SECONDS) / 0.1)  # samples the time pays for
    assert allowed <= coin.samples_begun <= allowed + 1
    assert judged.cut_short and judged.samples == coin.samples_begun - 24  # the first batch's
    assert not judged.marked


def test_a_judgement_out_of_time_in_its_first_batch_still_weighs_each_move_once() -> None:
    coin = Coin()
    budget = MctsSettings(iterations=8, seconds=0.8, depth=0)
    late = iter([0.0, *[1000.0] * 100])  # the time is spent as soon as the judging begins
    judged = judge(cast("GameSpec[Any]", coin), "start", 0, Move.of("coin"), random.Random(1),
                   budget, 2, clock=lambda: next(late))  # fmt: skip
    assert coin.samples_begun == 2  # one sample for the first batch, one paired
    assert judged.cut_short and judged.samples == 1 and judged.grade == "too close to call"
