"""The river: activation costs and tiles moved to its end (VI·B·3, VI·A·2 [b], IX B, VI F)."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.river import (
    activation_cost,
    dredge_cost,
    dredged,
    to_the_end,
)

PACK = load_pack()
COSTS = PACK.command_post.river_costs


def test_killer_crocs_tile_activation() -> None:
    """VI·B·3 example: third in the river, Croc's tile costs 3; once activated it goes to the
    river's right end and the others slide left."""
    river = PACK.mission.river
    assert activation_cost(river, "killer-croc", COSTS) == 3
    after = to_the_end(river, "killer-croc")
    assert after == ("thugs-with-crowbar", "brutes-with-chains", "event", "killer-croc")
    assert activation_cost(after, "killer-croc", COSTS) == 4
    assert activation_cost(after, "event", COSTS) == 3


def test_a_double_tile_takes_two_positions_and_costs_where_its_indicator_points() -> None:
    """VI·A·2 [b]."""
    river = ("a", "double", "double", "b")
    assert activation_cost(river, "double", COSTS, cost_at=0) == 2
    assert activation_cost(river, "double", COSTS, cost_at=1) == 3
    assert to_the_end(river, "double") == ("a", "b", "double", "double")


def test_dredging_a_neutralized_tile() -> None:
    """VI F: two cubes per tile, the tile gone from the river; the tiles to its right slide
    left (reading: README), so the one after it now costs the dredged tile's position."""
    assert dredged(("a", "b", "c"), "b") == ("a", "c")
    assert activation_cost(dredged(("a", "b", "c"), "b"), "c", COSTS) == 2
    assert dredge_cost(2) == 4
