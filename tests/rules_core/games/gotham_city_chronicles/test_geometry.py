"""Board geometry on the reference board: the book's movement examples, costs, distance,
lines of sight, over-occupation, melee reach and thrown items."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules_core.games.gotham_city_chronicles.board import parse_board
from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.geometry import (
    MoveKind,
    Occupant,
    action_hindering,
    clear_sight,
    cubes_to_buy,
    distance,
    elevation_dice,
    entry_areas,
    landing_area,
    melee_reach,
    move_cost,
    move_hindering,
    move_kind,
    over_occupies,
)

PACK = load_pack()
BOARD = PACK.board
BATMAN = PACK.hero("batman")
GORDON = PACK.hero("commissioner-gordon")
MONTOYA = PACK.hero("renee-montoya")
CROC = PACK.tile("killer-croc")
BRUTE = PACK.tile("brutes-with-chains")


def hero(h: Any) -> Occupant:
    return Occupant("heroes", h.size, h.menace)


def villain(t: Any) -> Occupant:
    return Occupant("villain", t.size, t.menace)


def test_batmans_movement_into_killer_crocs_area() -> None:
    """V·C·5 example: unencumbered, Batman's first movement gives 2 move points; the simple move
    across the white boundary into Killer Croc's area costs 1 (nobody hinders him in the office);
    the unspent point is lost when the movement ends."""
    pool = BATMAN.move_bonus(0)
    assert pool == 2
    kind = move_kind(BOARD, "office", "walkway")
    assert kind == MoveKind("simple")
    cost = move_cost(kind, move_hindering("heroes", []), BOARD.area("office").difficult)
    assert cost == 1
    assert pool - cost == 1  # lost at End the Movement (V·C·5 [k])


def test_renee_montoyas_movement_with_a_level_2_climb_and_bought_move_points() -> None:
    """V·C·5 example: a pool of 2, a simple move for 1, then a level 2 climb costing 3: she has
    1 point left and spends 2 cubes (one point each) for the 2 missing."""
    pool = MONTOYA.move_bonus(0)
    assert pool == 2
    first = move_kind(BOARD, "loading-dock", "loading-pit")
    assert first == MoveKind("simple")
    pool -= move_cost(first, move_hindering("heroes", []), 0)
    assert pool == 1
    climb = move_kind(BOARD, "loading-pit", "walkway")
    assert climb == MoveKind("climb", 2)
    cost = move_cost(climb, 0, BOARD.area("loading-pit").difficult)
    assert cost == 3
    cubes = cubes_to_buy(cost - pool, MONTOYA.movement.multiplier)
    assert cubes == 2
    assert cubes <= MONTOYA.movement.limit
    assert pool + cubes * MONTOYA.movement.multiplier - cost == 0


def test_the_costs_of_each_move_type() -> None:
    """V·C·5 [e]: fall 1, jump 1 + level, climb 1 + level, each plus hindering and the start
    area's difficult terrain."""
    fall = move_kind(BOARD, "walkway", "loading-pit")
    jump = move_kind(BOARD, "rooftop", "neighbouring-roof")
    assert fall == MoveKind("fall", 2)
    assert jump == MoveKind("jump", 1)
    assert move_cost(fall, 0, 0) == 1
    assert move_cost(jump, 0, BOARD.area("rooftop").difficult) == 3  # 1 + level 1 + roof 1
    assert move_cost(MoveKind("simple"), 2, 1) == 4
    assert move_kind(BOARD, "boiler-room", "chemical-vats") is None  # a wall, no special move
    assert move_kind(BOARD, "street", "office") is None  # not touching


def test_move_hindering_counts_sizes_and_never_goes_negative() -> None:
    """IX N: enemies' sizes minus allies' sizes in the area left, at least 0."""
    assert move_hindering("heroes", [villain(CROC)]) == 3
    assert move_hindering("heroes", [villain(CROC), hero(GORDON)]) == 1
    assert move_hindering("heroes", [villain(BRUTE), hero(GORDON), hero(MONTOYA)]) == 0
    assert move_hindering("villain", [hero(BATMAN), Occupant("neutral", 4, 4)]) == 2


def test_batarang_throw_is_not_hindered_beside_gordon() -> None:
    """V·C·2 example: in the brute's area Gordon's menace cancels the brute's: index 0."""
    assert action_hindering("heroes", [villain(BRUTE), hero(GORDON)]) == 0
    assert action_hindering("heroes", [villain(BRUTE)]) == BRUTE.menace


def test_distance_counts_moves_not_their_cost() -> None:
    """IX J."""
    assert distance(BOARD, "office", "office") == 0
    assert distance(BOARD, "office", "walkway") == 1
    assert distance(BOARD, "street", "walkway") == 2  # across the orange doors, then the climb
    assert distance(BOARD, "office", "street") == 3  # walkway, fall to the floor, street
    assert distance(BOARD, "street", "rooftop") == 2  # fire escape, then the jump


def test_lines_of_sight_follow_the_book_on_the_drawn_lines() -> None:
    """IX L and III G."""
    assert clear_sight(BOARD, "office", "office")  # own area
    assert clear_sight(BOARD, "street", "warehouse-floor")  # orange boundary
    assert clear_sight(BOARD, "water-tower", "street")  # shared letter A
    assert clear_sight(BOARD, "walkway", "warehouse-floor")  # shared letter B
    assert clear_sight(BOARD, "street", "chemical-vats")  # line over the floor
    assert clear_sight(BOARD, "walkway", "loading-dock")  # down over the pit (lower)
    assert not clear_sight(BOARD, "boiler-room", "chemical-vats")  # through a wall
    assert not clear_sight(BOARD, "office", "loading-pit")  # crosses the walkway at level 2
    assert not clear_sight(BOARD, "water-tower", "office")  # meets a wall
    assert not clear_sight(BOARD, "street", "rooftop")  # meets a wall
    assert clear_sight(BOARD, "rooftop", "water-tower")  # ends on a promontory
    assert not clear_sight(BOARD, "office", "chemical-vats")  # no line drawn


def _board(areas: list[tuple[str, int, bool]], lines: list[dict[str, Any]]) -> Any:
    """A small board: areas in a row joined by special boundaries."""
    raw = {
        "id": "test",
        "name": "Test",
        "source": "reference",
        "area": [
            {"id": a, "name": a, "elevation": e, "limit": 4, "promontory": p, "source": "reference"}
            for a, e, p in areas
        ],
        "boundary": [
            {"areas": [one[0], two[0]], "kind": "special", "source": "reference"}
            for one, two in itertools.pairwise(areas)
        ],
        "sight": [{**line, "source": "reference"} for line in lines],
    }
    return parse_board(raw, "board")


def test_a_promontory_blocks_lines_that_cross_it_not_those_that_end_on_it() -> None:
    """III G, IX L."""
    board = _board(
        [("a", 0, False), ("tower", 1, True), ("b", 0, False)],
        [
            {"between": ["a", "b"], "crosses": ["tower"]},
            {"between": ["a", "tower"]},
        ],
    )
    assert not clear_sight(board, "a", "b")
    assert clear_sight(board, "a", "tower")
    assert clear_sight(board, "tower", "a")


def test_between_two_levels_an_area_at_the_higher_level_blocks() -> None:
    """IX L: the extra condition for ends at different levels."""
    lines = [{"between": ["low", "high"], "crosses": ["mid"]}]
    assert clear_sight(
        _board([("low", 0, False), ("mid", 1, False), ("high", 2, False)], lines), "low", "high"
    )
    assert not clear_sight(
        _board([("low", 0, False), ("mid", 2, False), ("high", 2, False)], lines), "low", "high"
    )
    assert not clear_sight(
        _board([("low", 0, False), ("mid", 3, False), ("high", 2, False)], lines), "high", "low"
    )
    level = [{"between": ["x", "y"], "crosses": ["mid"]}]
    assert clear_sight(
        _board([("x", 2, False), ("mid", 2, False), ("y", 2, False)], level), "x", "y"
    )


def test_over_occupation_and_where_a_figure_comes_in() -> None:
    """IX H, VI E: the office holds 4; a size-3 Croc over-occupies it when Batman is there;
    a figure that cannot come into an area goes to an adjacent one it fits in, or stays out."""
    assert not over_occupies(BOARD, "office", 0, CROC.size)
    assert over_occupies(BOARD, "office", BATMAN.size, CROC.size)
    assert entry_areas(BOARD, "office", {}, 3) == ("office",)
    assert entry_areas(BOARD, "office", {"office": 2}, 3) == ("walkway",)
    assert entry_areas(BOARD, "office", {"office": 2, "walkway": 6}, 3) == ()


def test_melee_reaches_an_adjacent_area_only_when_it_would_be_over_occupied() -> None:
    """V·C·1 [b]: same area, or an adjacent area the attacker would over-occupy and sees."""
    assert melee_reach(BOARD, "office", "office", 0, 2)
    assert not melee_reach(BOARD, "office", "walkway", 2, 2)
    assert melee_reach(BOARD, "office", "walkway", 7, 2)
    assert not melee_reach(BOARD, "loading-pit", "walkway", 7, 2)  # special boundary


def test_shooting_down_adds_a_yellow_die() -> None:
    """V·C·2 [e], VI·D·2 [c]."""
    assert elevation_dice(BOARD, "walkway", "loading-pit") == ("yellow",)
    assert elevation_dice(BOARD, "loading-pit", "walkway") == ()
    assert elevation_dice(BOARD, "office", "walkway") == ()


@pytest.mark.parametrize(
    ("successes", "lands"),
    [(3, "chemical-vats"), (2, "chemical-vats"), (1, "warehouse-floor"), (0, "street")],
)
def test_a_missed_throw_lands_along_the_line(successes: int, lands: str) -> None:
    """V·D·1 [e]: enough successes reach the target; fewer land that many moves along the
    line of sight toward it."""
    assert distance(BOARD, "street", "chemical-vats") == 2
    assert landing_area(BOARD, "street", "chemical-vats", successes) == lands
