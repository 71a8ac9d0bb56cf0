"""Positions on the track: ranking, lanes, moving, swapping and the finish (rulebook examples)."""

import random

import pytest

from rules_core.engine import fold
from rules_core.games.gotham_race import GAME, track
from rules_core.games.gotham_race.content import Effect
from rules_core.games.gotham_race.events import CardResolved

A, B, C, D = 0, 1, 2, 3
LANDMARKS = {"snail": 18, "hedgehog": 21}


def test_ranking_puts_the_inside_lane_first_on_a_shared_square() -> None:
    # Example 2's layout: A last; B and C share a square with B inside; D leads.
    xs, lanes = (2, 6, 6, 9), (0, 0, 1, 0)
    assert track.ranking(xs, lanes) == (D, B, C, A)
    assert track.placement_order(xs, lanes) == (A, C, B, D)


def test_start_spaces_give_the_first_round_order_by_start_number() -> None:
    xs, lanes = (0, 0, 0, 0), (3, 2, 1, 0)
    assert track.placement_order(xs, lanes) == (A, B, C, D)


def test_moving_onto_an_occupied_square_takes_the_next_lane_out() -> None:
    xs, lanes = (5, 1, 9, 9), (0, 0, 0, 1)
    new_xs, new_lanes = track.relocate(xs, lanes, B, 9, 40)
    assert new_xs == (5, 9, 9, 9)
    assert new_lanes == (0, 2, 0, 1)


def test_figures_outside_shift_inward_when_the_inside_lane_frees_up() -> None:
    xs, lanes = (4, 4, 4, 0), (0, 1, 2, 0)
    new_xs, new_lanes = track.relocate(xs, lanes, A, 7, 40)
    assert new_xs == (7, 4, 4, 0)
    assert new_lanes == (0, 0, 1, 0)


def test_a_figure_a_lap_apart_on_the_same_square_takes_a_lane_there() -> None:
    # Square 30 of 40: A stands there a lap behind (coordinate -10) on the inside lane.
    xs, lanes = (-10, 25, 20, 27), (0, 0, 0, 0)
    new_xs, new_lanes = track.relocate(xs, lanes, D, 30, 40)
    assert new_xs == (-10, 25, 20, 30)
    assert new_lanes == (0, 0, 0, 1)
    # When A leaves the square, D (outside it there) shifts inward.
    assert track.relocate(new_xs, new_lanes, A, -8, 40) == ((-8, 25, 20, 30), (0, 0, 0, 0))
    # The lane does not make the lapped figure rank ahead: race distance does.
    assert track.ranking(new_xs, new_lanes) == (D, B, C, A)


def test_back_to_the_start_moves_a_figure_behind_the_start_forwards() -> None:
    xs, lanes = (5, -2, -4, -9), (0, 0, 0, 0)
    to_start = Effect("to_start")
    assert track.apply_effect(xs, lanes, 24, B, to_start, LANDMARKS, 40) == (
        (5, 0, -4, -9),
        (0, 0, 0, 0),
        24,
    )


def test_swap_exchanges_squares_and_lanes() -> None:
    xs, lanes = (3, 8, 8, 0), (0, 0, 1, 0)
    assert track.swap(xs, lanes, A, C) == ((8, 8, 3, 0), (1, 0, 0, 0))


def test_effects_relative_to_other_ranks() -> None:
    xs, lanes = (10, 6, 3, 0), (0, 0, 0, 0)
    ahead = Effect("ahead_of", n=5, rank=2)
    assert track.apply_effect(xs, lanes, 24, A, ahead, LANDMARKS, 40)[0] == (11, 6, 3, 0)
    behind = Effect("behind", n=1, rank=1)
    assert track.apply_effect(xs, lanes, 24, B, behind, LANDMARKS, 40)[0] == (10, 9, 3, 0)
    back = Effect("back", n=6)
    assert track.apply_effect(xs, lanes, 24, D, back, LANDMARKS, 40)[0] == (10, 6, 3, -6)
    to_start = Effect("to_start")
    assert track.apply_effect(xs, lanes, 24, A, to_start, LANDMARKS, 40)[:2] == (
        (0, 6, 3, 0),
        (1, 0, 0, 0),
    )
    finish = Effect("finish", landmark="snail")
    assert track.apply_effect(xs, lanes, 24, A, finish, LANDMARKS, 40)[2] == 18


def test_beyond_the_finish_in_both_directions() -> None:
    assert track.beyond_finish(27, 24, 40) == 3
    assert track.beyond_finish(24, 24, 40) == 0
    assert track.beyond_finish(-16, 24, 40) == 0
    assert track.beyond_finish(-19, 24, 40) == 3


def test_winner_is_furthest_beyond_and_ties_go_to_the_figure_ranked_ahead() -> None:
    xs, lanes = (27, 27, -19, 2), (1, 0, 0, 0)
    figure, distances = track.winner(xs, lanes, 24, 40)
    assert distances == (3, 3, 3, 0)
    assert figure == B
    assert track.winner((26, 1, -21, 2), (0, 0, 0, 0), 24, 40)[0] == C
    assert track.winner((20, 1, 3, 2), (0, 0, 0, 0), 24, 40) == (None, (0, 0, 0, 0))


def test_a_moved_finish_can_leave_a_figure_beyond_it() -> None:
    # Example 3: the finish moves to the snail, behind the leader, who then stands beyond it.
    xs, lanes = (20, 12, 5, 0), (0, 0, 0, 0)
    _, _, finish = track.apply_effect(
        xs, lanes, 24, D, Effect("finish", landmark="snail"), LANDMARKS, 40
    )
    assert track.winner(xs, lanes, finish, 40)[0] == A


def test_a_moved_finish_sign_is_the_finish_both_ways_round() -> None:
    """Reading (README, 'finish', 'questions.main-direction'): the sign stands at its animal and
    is the finish both ways round, so moving it forward to the sheep brings its far side within
    reach of a figure gone back past the start; a card naming the animal it stands at already
    moves nothing."""
    xs, lanes = (-12, 12, 5, 0), (0, 0, 0, 0)
    landmarks = {**LANDMARKS, "sheep": 30}
    assert track.winner(xs, lanes, 24, 40)[0] is None  # 16 back is the fish's far side
    _, _, finish = track.apply_effect(
        xs, lanes, 24, D, Effect("finish", landmark="sheep"), landmarks, 40
    )
    assert finish == 30 and track.winner(xs, lanes, finish, 40) == (A, (2, 0, 0, 0))
    assert track.apply_effect(
        xs, lanes, 30, B, Effect("finish", landmark="sheep"), landmarks, 40
    ) == (xs, lanes, 30)


XS, LANES = (2, 6, 6, 9), (0, 1, 0, 0)  # ranking D (9), C (6, inside), B (6, outside), A (2)


@pytest.mark.parametrize(
    ("effect", "subject", "xs", "lanes", "finish"),
    [
        (Effect("forward", n=3), A, (5, 6, 6, 9), (0, 1, 0, 0), 24),
        (Effect("back", n=2), D, (2, 6, 6, 7), (0, 1, 0, 0), 24),
        (Effect("to_start"), C, (2, 6, 0, 9), (0, 0, 0, 0), 24),
        (Effect("ahead_of", n=1, rank=1), A, (10, 6, 6, 9), (0, 1, 0, 0), 24),
        (Effect("behind", n=2, rank=1), A, (7, 6, 6, 9), (0, 1, 0, 0), 24),
        (Effect("swap", rank=1), A, (9, 6, 6, 2), (0, 1, 0, 0), 24),
        (Effect("finish", landmark="snail"), A, XS, LANES, 18),
    ],
    ids=["forward", "back", "to-start", "ahead-of", "behind", "swap", "finish"],
)
def test_each_card_moves_its_figure_exactly(
    effect: Effect, subject: int, xs: tuple[int, ...], lanes: tuple[int, ...], finish: int
) -> None:
    """Every instruction of the action cards ('cards'), one of each kind, to the square."""
    assert track.apply_effect(XS, LANES, 24, subject, effect, LANDMARKS, 40) == (xs, lanes, finish)


def test_the_figures_on_a_square_always_fill_its_lanes_from_the_inside_once_each() -> None:
    """'game-play.race': a figure takes the innermost free lane and those outside a leaving
    figure move in, so after every card a square with k figures has lanes 0 to k-1, once each
    (what makes the lane shift in `relocate` touch only figures outside the one leaving)."""
    resolved = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = fold(GAME, GAME.setup(1 + seed % 4, {}, random.Random(seed)))
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
            assert isinstance(events, list)
            for event in events:
                if isinstance(event, CardResolved):
                    resolved += 1
                    squares: dict[int, list[int]] = {}
                    for x, lane in zip(event.xs, event.lanes, strict=True):
                        squares.setdefault(x % 40, []).append(lane)
                    assert all(sorted(ls) == list(range(len(ls))) for ls in squares.values())
            state = fold(GAME, events, state)
    assert resolved > 100
