"""The figures on the play page's boards as targets (frontend/static/frontend/targets.js) under
node, drawn from a real seat's view with its real legal moves (panels/board_targets.js): a No
Man's Land hero and a Chronicles hero are picked for their own moves, the place a move goes to
stays a target of it, and a target drawn twice (a Chronicles hero's figure and hero board) is
one target wherever it is picked."""

from __future__ import annotations

import shutil
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import GameSpec
from tests.frontend.target_tables import (
    falcone_moving,
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


def test_falcones_characters_are_targets_of_their_own_moves() -> None:
    """Falcone's characters were lines of words inside their districts' boxes: a character's
    move counted on the district it goes to alone, and up to four "Falcone Thug" cards share
    one name. Each character is a target of its own moves, named as a player tells them apart
    (by its name and where it stands, two of one name there numbered top first), described by
    what the board shows of it besides (whose character, its strength); picking it leaves
    exactly its moves, and the district a move goes to still counts it."""
    slug, game, state, seat = falcone_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    named = {
        "thug-1": "Falcone Thug (1) in the Narrows",
        "penguin-1": "the Penguin in the Narrows",
        "thug-3": "Falcone Thug (2) in the Narrows",
        "thug-2": "Falcone Thug in Park Row",
    }
    characters = {c["id"]: c for d in view["districts"] for c in d["characters"]}
    assert set(characters) == set(named)
    steps = [{"click": f"figure-{c}"} for c in named]
    drawn = targeted(slug, view, seat, moves, steps)
    shown = {t["target"]: t for t in drawn["targets"]}
    for (card, name), step in zip(named.items(), drawn["steps"], strict=True):
        aim = f"figure-{card}"
        its = [m for m in moves if m["move"].get("piece") == card]
        assert len(its) == 2
        t = shown[aim]
        assert (t["group"], t["name"], t["noun"]) == ("board", f"{name}: 2 moves", "character")
        assert t["description"] == f"Falcone's character, strength {characters[card]['strength']}"
        assert t["text"].startswith(f"{characters[card]['name']} {characters[card]['strength']}")
        assert (step["picked"], step["shown"]) == (aim, [m["label"] for m in its])
        assert step["chosen"] == [t["name"]]
    # each move still counted on the district it goes to: three go to the Docks
    assert shown["district-docks"]["name"] == "the Docks: 3 moves"
    # the thugs are numbered in the order drawn, top first
    tops = [shown[f"figure-{c}"]["area"]["y"] for c in ("thug-1", "penguin-1", "thug-3")]
    assert tops == sorted(tops)


def test_a_character_of_a_hostile_name_is_named_by_its_words() -> None:
    """A custom pack names its characters and districts: the board draws them as text, never as
    markup, in the words a sighted player reads and in its target's name."""
    slug, game, state, seat = falcone_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    hostile = '<img src=x onerror="alert(1)">Thug & <b>Co</b>'
    place = "<script>alert(2)</script> Row"
    row = next(d for d in view["districts"] if d["id"] == "park-row")
    row["name"], row["characters"][0]["name"] = place, hostile
    shown = {t["target"]: t for t in targeted(slug, view, seat, moves)["targets"]}
    thug = shown["figure-thug-2"]
    assert thug["name"] == f"{hostile} in {place}: 2 moves"
    assert thug["text"].startswith(f"{hostile} 1")
    assert shown["district-park-row"]["name"].startswith(f"{place}: ")


def falcone_moving_in_a_crowd() -> tuple[str, GameSpec[Any], Any, int]:
    """As falcone_moving, Gordon's three heroes in the Narrows too: six figures there."""
    slug, game, state, seat = falcone_moving()
    heroes = tuple(replace(h, district="narrows") for h in state.heroes)
    return slug, game, replace(state, heroes=heroes), seat


def gordon_moving_in_a_crowd() -> tuple[str, GameSpec[Any], Any, int]:
    """As gordon_moving, his three heroes, three of Falcone's characters and a crime in the
    Narrows."""
    slug, game, state, seat = gordon_moving()
    _, _, crowd, _ = falcone_moving_in_a_crowd()
    crowded = replace(state, heroes=crowd.heroes, villains=crowd.villains, crimes=crowd.crimes)
    return slug, game, crowded, seat


@pytest.mark.parametrize(
    "table",
    [gordon_moving, falcone_moving, falcone_moving_in_a_crowd, gordon_moving_in_a_crowd],
    ids=lambda t: t.__name__,
)
def test_a_no_mans_land_figure_is_a_comfortable_click_over_its_district(table: Any) -> None:
    """A hero was his line of small print alone (9 units high, a sliver to click). Each figure
    (a hero, a character) is a row of its district's box (half a row from four figures on):
    its hit area some 24 px high at the board's full width (23 of its 600 units at 640 px) and
    wider than high, inside its district's box (which grows for a third row and more), over no
    other figure."""
    slug, game, state, seat = table()
    view: Any = game.view(state, seat)
    targets = targeted(slug, view, seat, offered(game, state, seat))["targets"]
    boxes = {t["target"]: t["area"] for t in targets if t["target"].startswith("district-")}
    figures = [t for t in targets if t["target"].startswith("figure-")]
    assert figures
    where = {
        f"figure-{f['id']}": f"district-{d['id']}"
        for d in view["districts"]
        for f in [*d["characters"], *d["heroes"]]
    }

    def inside(a: dict[str, float], b: dict[str, float]) -> bool:
        return (
            b["x"] <= a["x"]
            and a["x"] + a["width"] <= b["x"] + b["width"]
            and b["y"] <= a["y"]
            and a["y"] + a["height"] <= b["y"] + b["height"]
        )

    def apart(a: dict[str, float], b: dict[str, float]) -> bool:
        return (
            a["x"] + a["width"] <= b["x"]
            or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"]
            or b["y"] + b["height"] <= a["y"]
        )

    for k, t in enumerate(figures):
        area, box = t["area"], boxes.get(where[t["target"]])
        assert area["height"] >= 23 and area["width"] >= 2 * area["height"], t
        if box:  # the district is a target too
            assert inside(area, box), (t["name"], area, box)
        assert all(apart(area, other["area"]) for other in figures[k + 1 :]), t["name"]
