"""Pure helpers for positions on the track: ranking, moving with lanes, the finish."""

from __future__ import annotations

from rules_core.games.gotham_race.content import Effect
from rules_core.games.gotham_race.state import FIGURES

Positions = tuple[tuple[int, ...], tuple[int, ...]]  # (xs, lanes)


def ranking(xs: tuple[int, ...], lanes: tuple[int, ...]) -> tuple[int, ...]:
    """Figures from first to last: further in the main direction first, inside lane first."""
    return tuple(sorted(FIGURES, key=lambda f: (-xs[f], lanes[f])))


def placement_order(xs: tuple[int, ...], lanes: tuple[int, ...]) -> tuple[int, ...]:
    """Who places first: last position first; on a shared square the outer lane first."""
    return tuple(reversed(ranking(xs, lanes)))


def relocate(
    xs: tuple[int, ...], lanes: tuple[int, ...], figure: int, to: int, length: int
) -> Positions:
    """Move `figure` to race coordinate `to`: those outside it on the square it leaves shift
    inward; it takes the innermost free lane of its new square.

    Squares are places on the circle (coordinate modulo `length`), so a figure a lap ahead or
    behind on the same square occupies a lane there too.
    """
    here, lane = xs[figure], lanes[figure]
    if to == here:
        return xs, lanes
    left, square = here % length, to % length
    new_lanes = [
        ln - 1 if (xs[g] % length == left and ln > lane) else ln for g, ln in enumerate(lanes)
    ]
    new_lanes[figure] = sum(1 for g in FIGURES if g != figure and xs[g] % length == square)
    new_xs = list(xs)
    new_xs[figure] = to
    return tuple(new_xs), tuple(new_lanes)


def swap(xs: tuple[int, ...], lanes: tuple[int, ...], a: int, b: int) -> Positions:
    """Two figures exchange their places, lane included."""
    new_xs, new_lanes = list(xs), list(lanes)
    new_xs[a], new_xs[b] = xs[b], xs[a]
    new_lanes[a], new_lanes[b] = lanes[b], lanes[a]
    return tuple(new_xs), tuple(new_lanes)


def apply_effect(
    xs: tuple[int, ...],
    lanes: tuple[int, ...],
    finish: int,
    subject: int,
    effect: Effect,
    landmarks: dict[str, int],
    length: int,
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Carry out one card for the figure `subject`; returns the new xs, lanes and finish.

    'Back to the start' puts the figure on the start square, race coordinate 0, from wherever it
    stands: a figure behind the start (it went backwards past it) moves forwards to it.
    """
    op = effect.op
    if op == "finish":
        return xs, lanes, landmarks[effect.landmark]
    if op == "swap":
        other = ranking(xs, lanes)[effect.rank - 1]
        return (*swap(xs, lanes, subject, other), finish)
    if op == "forward":
        to = xs[subject] + effect.n
    elif op == "back":
        to = xs[subject] - effect.n
    elif op == "to_start":
        to = 0
    else:
        other = ranking(xs, lanes)[effect.rank - 1]
        to = xs[other] + effect.n if op == "ahead_of" else xs[other] - effect.n
    return (*relocate(xs, lanes, subject, to, length), finish)


def beyond_finish(x: int, finish: int, length: int) -> int:
    """How many squares a figure stands beyond the finish line (either direction), else 0."""
    if x > finish:
        return x - finish
    behind_line = finish - length
    if x < behind_line:
        return behind_line - x
    return 0


def winner(
    xs: tuple[int, ...], lanes: tuple[int, ...], finish: int, length: int
) -> tuple[int | None, tuple[int, ...]]:
    """The figure furthest beyond the finish (ties: the one ranked ahead), and every distance."""
    distances = tuple(beyond_finish(xs[f], finish, length) for f in FIGURES)
    best = max(distances)
    if best == 0:
        return None, distances
    for figure in ranking(xs, lanes):
        if distances[figure] == best:
            return figure, distances
    raise AssertionError("unreachable: some figure has the best distance")
