"""No Man's Land's board lays out a custom pack's city of any size the pack limits allow: every
district's box keeps its size (its words their print) and stands apart from every other, on
the board, the turn's words above them."""

from __future__ import annotations

import copy
import itertools
import random
import tomllib
from typing import Any

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.content_limits import PACK_LIMITS
from rules_core.games.no_mans_land.content import MOST_DISTRICTS, REFERENCE_PACK
from tests.frontend.target_tables import targeted

BOX_WIDTH = 132  # board.js BOX_W: a district's box, in units of a board 600 wide
APART = 8  # the least room between two boxes, in those units


def city_of(count: int) -> dict[str, Any]:
    """The reference pack with its city grown to `count` districts: the reference's seven, then
    a road of new ones from City Hall, each the next's neighbour."""
    with REFERENCE_PACK.open("rb") as handle:
        pack = copy.deepcopy(tomllib.load(handle))
    districts = pack["district"]
    added = [f"block-{k}" for k in range(count - len(districts))]
    road = ["city-hall", *added]
    for k, name in enumerate(added, start=1):
        near = [road[k - 1], *road[k + 1 : k + 2]]
        districts.append(
            {"id": name, "name": f"Block {k}", "c_plus_1": False, "neighbours": near}
            | {"source": "reference", "why": "a test's city"}
        )
    if added:
        districts[0]["neighbours"].append(added[0])
    return pack


def drawn_boxes(count: int) -> tuple[list[dict[str, float]], list[float]]:
    """Each district's box as Gordon's board draws it (a move aimed at every district, so each
    is a target with its area), and the board's viewBox."""
    game = get_game("no-mans-land")
    options = {"content": city_of(count)}
    refused = game.validate_options(2, options)  # past the limit: a game stored before it
    assert refused is None or count > MOST_DISTRICTS
    view: Any = game.view(fold(game, game.setup(2, options, random.Random(1))), 1)
    assert len(view["districts"]) == count
    moves = [
        {"move": {"type": "fight", "district": d["id"]}, "label": f"Fight at {d['name']}"}
        for d in view["districts"]
    ]
    drawn = targeted("no-mans-land", view, 1, moves)
    boxes = [t["area"] for t in drawn["targets"] if t["target"].startswith("district-")]
    assert len(boxes) == count
    return boxes, [float(n) for n in drawn["view_box"].split()]


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] + a["width"] + APART <= b["x"]
        or b["x"] + b["width"] + APART <= a["x"]
        or a["y"] + a["height"] + APART <= b["y"]
        or b["y"] + b["height"] + APART <= a["y"]
    )


@pytest.mark.parametrize("count", [7, 8, 9, 13, MOST_DISTRICTS, PACK_LIMITS.max_list_items])
def test_every_district_stands_apart_on_the_board_at_full_size(count: int) -> None:
    """The ring fitted about seven districts: a custom pack's eighth and more overlapped. Any
    count a game may hold (a new one at most MOST_DISTRICTS, one stored before that limit as many
    as a pack's list holds, max_list_items) is drawn with each box
    at its full width inside a board 600 wide (so its words keep their print), none nearer
    another than APART, and every box on the board."""
    boxes, (left, top, width, height) = drawn_boxes(count)
    assert (left, top, width) == (0, 0, 600)
    assert all(b["width"] == BOX_WIDTH for b in boxes)
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["y"] >= 0 and box["y"] + box["height"] <= height
    crowded = [(a, b) for a, b in itertools.combinations(boxes, 2) if not _apart(a, b)]
    assert not crowded


def test_a_big_city_is_laid_under_the_turns_words() -> None:
    """Past the ring, the turn's words (eight lines at most, 13 units apart) stand above the
    districts, where no box covers them."""
    boxes, _ = drawn_boxes(9)
    assert min(b["y"] for b in boxes) >= 13 * 9
