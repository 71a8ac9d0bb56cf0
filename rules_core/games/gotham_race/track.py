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
    if through_backwards(x, finish, length):
        return finish - length - x
    return 0


def through_backwards(x: int, finish: int, length: int) -> bool:
    """Whether a figure stands beyond the finish line against the main direction."""
    return x < finish - length


def to_cross(x: int, finish: int, length: int) -> tuple[int, bool]:
    """How many squares a figure not beyond the finish must still move to stand beyond it, the
    shorter way round, and whether that way is against the main direction (equal: forwards)."""
    forwards = finish - x + 1
    backwards = x - (finish - length) + 1
    return (backwards, True) if backwards < forwards else (forwards, False)


def finishing_order(
    xs: tuple[int, ...], lanes: tuple[int, ...], distances: tuple[int, ...]
) -> tuple[int, ...]:
    """The figures beyond the finish (`distances`, as `winner` gives them), furthest first; on
    equal distances the one ranked ahead in the race first (README, 'finish')."""
    ahead = ranking(xs, lanes)
    return tuple(sorted((f for f in ahead if distances[f]), key=lambda f: -distances[f]))


def winner(
    xs: tuple[int, ...], lanes: tuple[int, ...], finish: int, length: int
) -> tuple[int | None, tuple[int, ...]]:
    """The figure furthest beyond the finish (ties: the one ranked ahead), and every distance."""
    distances = tuple(beyond_finish(xs[f], finish, length) for f in FIGURES)
    order = finishing_order(xs, lanes, distances)
    return (order[0] if order else None), distances
