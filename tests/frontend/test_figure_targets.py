"""The figures on the play page's boards as targets (frontend/static/frontend/targets.js) under
node, drawn from a real seat's view with its real legal moves (panels/board_targets.js): a No
Man's Land hero and a Chronicles hero are picked for their own moves, the place a move goes to
stays a target of it, and a target drawn twice (a Chronicles hero's figure and hero board) is
one target wherever it is picked."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.frontend.target_tables import (
    figures_named,
    gordon_moving,
    heroes_moving,
    offered,
    targeted,
)

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def _counted(n: int) -> str:
    return f"{n} move{'s' if n > 1 else ''}"


def test_gordons_heroes_are_targets_of_their_own_moves() -> None:
    """Gordon's heroes were lines of words inside their districts' boxes: a hero's move counted
    on the district it goes to alone, so nothing showed one hero's moves. Each hero is now a
    target of his own moves, named by his name with their count, described by what the board
    shows of him besides (whose hero, his strength, where he stands); picking him leaves
    exactly his moves, and the district a move goes to still counts it."""
    slug, game, state, seat = gordon_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    heroes = [(h, d) for d in view["districts"] for h in d["heroes"]]
    assert len(heroes) == 3
    steps = [{"click": f"figure-{h['id']}"} for h, _ in heroes]
    drawn = targeted(slug, view, seat, moves, steps)
    shown = {t["target"]: t for t in drawn["targets"]}
    for (hero, district), step in zip(heroes, drawn["steps"], strict=True):
        aim = f"figure-{hero['id']}"
        his = [m for m in moves if m["move"].get("piece") == hero["id"]]
        assert his and all(hero["name"] in m["label"] for m in his)
        t = shown[aim]
        assert (t["group"], t["name"]) == ("board", f"{hero['name']}: {_counted(len(his))}")
        assert t["description"] == (
            f"Gordon's hero, strength {hero['strength']}, at {district['name']}"
        )
        assert t["text"].startswith(f"{hero['name']} {hero['strength']}")  # as drawn before
        assert (step["picked"], step["shown"]) == (aim, [m["label"] for m in his])
        assert step["chosen"] == [t["name"]]
        for m in his:  # each of his moves still counted on the district it goes to
            assert f"district-{m['move']['to']}" in shown


def test_a_chronicles_hero_is_picked_for_his_moves_on_his_figure_and_board_alike() -> None:
    """A Chronicles hero's move counted on the area it goes to, the figure it attacks or the
    hero it gives to alone: Batman's figure and hero board read "3 moves" when nine of the
    moves were his, and Commissioner Gordon's board and Renee Montoya's (every move of theirs
    a move to an area) were no targets at all. A move now counts on the hero acting as well,
    once on him though it names him twice, and his figure and hero board, one target, read
    the same count and are both highlighted when either is picked."""
    slug, game, state, seat = heroes_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    # a move naming Batman twice (acting on himself) counts once on him
    himself = {"type": "attack", "hero": "batman", "target": "batman", "kind": "melee"}
    moves.append({"move": himself, "label": "Batman: melee attack on himself"})
    targets = targeted(slug, view, seat, moves)["targets"]
    for hero in view["heroes"]:
        his = [m["label"] for m in moves if hero["id"] in figures_named(m["move"])]
        assert his, hero["id"]
        named = sorted(t["name"] for t in targets if t["target"] == f"figure-{hero['id']}")
        expected = [f"{hero['name']}'s hero board", hero["name"]][: 2 if hero["area"] else 1]
        assert named == sorted(f"{name}: {_counted(len(his))}" for name in expected)
    assert {"area-walkway", "area-rooftop"} <= {t["target"] for t in targets}
    batman = [t["name"] for t in targets if t["target"] == "figure-batman"]
    [step] = targeted(slug, view, seat, moves, [{"click": "figure-batman"}])["steps"]
    assert sorted(step["chosen"]) == sorted(batman)
    assert step["shown"] == [m["label"] for m in moves if "batman" in figures_named(m["move"])]


def test_the_focus_on_a_hero_board_stays_on_it_when_the_board_is_drawn_again() -> None:
    """A hero's figure and hero board share a target: drawn again (after another's move) the
    page put the focus back on the first element of that target, the figure, though it was
    on the hero board. It goes back to the one it was on."""
    slug, game, state, seat = heroes_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    board = [t for t in targeted(slug, view, seat, moves)["targets"] if t["group"] == "board"]
    last = board[-1]
    assert last["name"].split(": ")[0].endswith("'s hero board")
    assert any(t["target"] == last["target"] and t is not last for t in board)  # his figure
    steps = [{"tab": "board"}, {"key": "End"}, {"redraw": True}, {"key": "Enter"}]
    walked = targeted(slug, view, seat, moves, steps)["steps"]
    assert [s["focus"] for s in walked] == [board[0]["name"], *[last["name"]] * 3]
    assert walked[-1]["picked"] == last["target"] and walked[-1]["pressed"] == "true"
