"""The words a screen reader hears of the play page's targets (frontend/static/frontend/
targets.js) under node, on each game's board drawn from a real seat's view with its real legal
moves (panels/board_targets.js): each target described by what the board shows of it besides
its name."""

from __future__ import annotations

import re
import shutil
from typing import Any

import pytest

from tests.frontend.target_tables import (
    TABLES,
    falcone_moving,
    falcones_first_turn,
    figures_named,
    gordon_fighting,
    gordon_moving,
    heroes_moving,
    metro_attacking_at_a_district,
    metro_jamming,
    offered,
    race_drawing,
    strategy_setting_up,
    targeted,
    villain_activating,
)

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_a_chronicles_hero_board_is_described_by_the_words_on_its_lines() -> None:
    """Batman's hero board was a button named "Batman's hero board" alone: its stance, cubes and
    what he carries (its two lines) never reached a screen reader. It is described by both
    lines' words after his name (the first alone when he carries nothing), which a sighted
    player reads as before."""
    slug, game, state, seat = heroes_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    batman = next(h for h in view["heroes"] if h["id"] == "batman")
    carried = ", ".join(view["names"][i] for i in batman["items"] + batman["gadgets"])
    line = "(active): reserve 12, fatigue 0, wounds 0 of 12"
    assert "Batarangs" in carried
    his = len([m for m in moves if "batman" in figures_named(m["move"])])
    for described in (f"{line} carries {carried}", line):
        targets = targeted(slug, view, seat, moves)["targets"]
        boards = [t for t in targets if t["name"].split(": ")[0].endswith("'s hero board")]
        assert boards[0]["name"] == f"Batman's hero board: {his} moves"
        assert (boards[0]["text"], boards[0]["description"]) == (f"Batman {line}", described)
        batman["items"], batman["gadgets"] = [], []  # then he carries nothing


def test_a_chronicles_river_tile_is_described_by_its_cost_and_what_it_does() -> None:
    """A river tile was a button named by the tile alone: the cost printed under its name, and
    what it does (its hover title), never reached a screen reader. Each is described by both
    (the hover title's words after the tile's name, which it is named by already)."""
    slug, game, state, seat = villain_activating()
    view: Any = game.view(state, seat)
    targets = targeted(slug, view, seat, offered(game, state, seat))["targets"]
    tiles = [t for t in targets if t["target"].startswith("tile-")]
    assert [t["target"] for t in tiles] == [f"tile-{tile}" for tile in view["river"]]
    does = {t["id"]: t["text"] for t in view["texts"]}
    for t, tile, cost in zip(tiles, view["river"], view["river_costs"], strict=False):
        assert does[tile] and t["description"] == f"cost {cost}: {does[tile]}"
    # a neutralized tile says so on its cost line, and in its description
    first = view["river"][0]
    view["face_down"] = [first]
    targets = targeted(slug, view, seat, offered(game, state, seat))["targets"]
    described = next(t["description"] for t in targets if t["target"] == f"tile-{first}")
    assert described.startswith(f"cost {view['river_costs'][0]} · neutralized: ")


def _descriptions(
    slug: str, view: Any, seat: int, moves: list[dict[str, Any]]
) -> dict[tuple[str, str], Any]:
    """Each board target's description (None without one), by its target and, where two
    targets share one (a Chronicles hero's figure and board), its name."""
    targets = targeted(slug, view, seat, moves)["targets"]
    return {
        (t["target"], t["name"].rsplit(": ", 1)[0]): t for t in targets if t["group"] == "board"
    }


def test_a_chronicles_area_and_figure_are_described_by_what_the_board_shows_of_them() -> None:
    """An area made a button was named alone ("Street: 1 move"): its marks line ("level 0 ·
    limit 10 · A"), and the tokens and equipment lying there, never reached a screen reader; a
    figure, its mark of initials alone. An area is described by its hover title's words after
    its name (the marks in words, a reinforcement area said so) and what lies there; a figure
    by its hover title's words after its name (its stance or life, what it does). What a
    sighted player reads is unchanged."""
    slug, game, state, seat = heroes_moving()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    safe = view["tokens"][0]
    safe["area"] = "street"
    item = "batarangs"
    view["ground"] = [[item, "street"]]
    shown = _descriptions(slug, view, seat, moves)
    street = shown[("area-street", "Street")]
    lying = f"{view['names'][safe['id']]}: {safe['state']} {view['names'][item]}"
    marks = "level 0, limit 10, A"
    assert street["description"] == f"reinforcement area, {marks} {lying}"
    assert "Streetlevel 0 · limit 10 · A" in street["text"]
    areas = {a["id"]: a for a in view["board"]["areas"]}
    aimed = [aim for aim, _ in shown if aim.startswith("area-")]
    assert len(aimed) >= 5
    for aim in aimed:
        area = areas[aim.removeprefix("area-")]
        said = "reinforcement area, " if area["reinforcement"] else ""
        heading = f"{said}level {area['elevation']}, limit {area['limit']}"
        assert shown[(aim, area["name"])]["description"].startswith(heading)
    does = {t["id"]: t["text"] for t in view["texts"]}
    batman = shown[("figure-batman", "Batman")]
    assert batman["description"] == f"active: {does['batman']}"
    croc = next(c for c in view["characters"] if c["id"] == "killer-croc-1")
    described = shown[("figure-killer-croc-1", "Killer Croc")]["description"]
    assert described == f"life {croc['life']}: {does[croc['tile']]}"


def test_a_no_mans_land_district_is_described_by_its_crime_characters_and_heroes() -> None:
    """A district made a button was named alone ("the Docks: 2 moves"): its crime, Falcone's
    characters and Gordon's heroes there, its C+1 mark, never reached a screen reader. Each is
    described by them (the crime and each figure by its hover title, in words: a face-down
    crime is "?" on the board), a district with nothing there left undescribed."""
    slug, game, state, seat = gordon_fighting()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    docks = next(d for d in view["districts"] if d["id"] == "docks")
    docks["characters"] = [{"id": "two-face", "name": "Two-Face", "strength": 2}]
    shown = _descriptions(slug, view, seat, moves)
    assert shown[("district-docks", "the Docks")]["description"] == (
        "face-down crime Falcone's character Two-Face, strength 2 "
        "Gordon's hero Renee Montoya, strength 1"
    )
    # Gordon's heroes move: the C+1 district says so, a destroyed one too, an empty one nothing
    slug, game, state, seat = gordon_moving()
    moves = offered(game, state, seat)
    view = game.view(state, seat)
    heights = next(d for d in view["districts"] if d["id"] == "heights")
    heights["destroyed"] = True
    heights["crime"] = {
        "face_down": False,
        "card": {"name": "Arson", "strength": 1},
        "ruled_out": [],
        "known": None,
    }
    shown = _descriptions(slug, view, seat, moves)
    diamond = shown[("district-diamond", "the Diamond District")]
    assert diamond["description"] == "(C+1)"
    assert diamond["text"] == "the Diamond District (C+1)"
    assert shown[("district-heights", "Gotham Heights")]["description"] == "destroyed Arson (1)"
    assert shown[("district-narrows", "the Narrows")]["description"] is None


def test_a_black_metro_district_is_described_by_what_it_prints() -> None:
    """A district made a button was named alone ("06 Ancient Shrine: 2 moves"): the personnel,
    fortifications and tile in it, whose dominance its border shows, and what it does (its
    hover title, less the district's name) never reached a screen reader. Each is described by
    them, in that order."""
    slug, game, state, seat = metro_attacking_at_a_district()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    shrine = next(d for d in view["districts"] if d["number"] == 6)
    shrine["tile"], shrine["dominated_by"] = "explosion", "Green"
    shrine["fortifications"] = [{"owner": "Red", "kind": "barricade"}]
    shown = _descriptions(slug, view, seat, moves)
    does = "effects: heal 3 strain; or draw 1 fortune"
    assert shown[("district-6", "06 Ancient Shrine")]["description"] == (
        f"Green: 1 sub Red's barricade explosion Green asserted dominance here this round {does}"
    )
    bank = shown[("district-3", "03 Gilded Bank")]
    assert bank["description"] == (
        "Green's blockade effects: get 3 gold; or inflict 3 strain, then get 3 gold"
    )


def test_a_strategy_block_is_described_by_what_it_prints() -> None:
    """A Gotham City Strategy block made a button was named alone ("Diamond Row: 1 move"): its
    income, the villains' threats and henchmen on it (their hover titles, in words), Batman and
    who rules it (in full) never reached a screen reader. Each is described by them."""
    slug, game, state, seat = strategy_setting_up()
    moves = offered(game, state, seat)
    view: Any = game.view(state, seat)
    joker = view["players"][seat]
    joker["threats"][0], joker["henchmen"][0], joker["villain_at"] = 2, 1, 0
    view["batman"]["at"], view["blocks"][0]["rulers"] = 0, [seat]
    shown = _descriptions(slug, view, seat, moves)
    assert shown[("block-0", "Diamond Row")]["description"] == (
        "income: money The Joker (you): 2 threats, 1 henchmen, the villain is here BATMAN "
        "ruled by The Joker"
    )
    assert shown[("block-1", "Gotham Opera House")]["description"] == "income: information"


def test_a_race_deck_is_described_by_the_cards_left_in_it() -> None:
    """A Gotham Race deck made a button was named "Deck 1: 1 move" alone, the count of cards
    printed under it lost to a screen reader: it is described by it."""
    slug, game, state, seat = race_drawing()
    view: Any = game.view(state, seat)
    shown = _descriptions(slug, view, seat, offered(game, state, seat))
    left = [len(d) if isinstance(d, list) else d["count"] for d in view["decks"]]
    assert [t["description"] for t in shown.values()] == [f"{n} left" for n in left]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.__name__)
def test_no_target_is_described_by_its_own_name(table: Any) -> None:
    """A Chronicles area's, figure's and river tile's description, and a Black Metro district's,
    began with its name (its hover title's words: "Street (reinforcement area): level 0, …"),
    or said it again after the rest ("Green's blockade 03 Gilded Bank: get 3 gold; …"), so a
    screen reader said the name twice, once as the button's name and again in its description.
    No target's description says its name: only what the board shows of it besides."""
    slug, game, state, seat = table()
    targets = targeted(slug, game.view(state, seat), seat, offered(game, state, seat))["targets"]
    for t in [t for t in targets if t["description"]]:
        name = t["name"].rsplit(": ", 1)[0]
        said = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", t["description"], re.IGNORECASE)
        assert said is None, (name, t["description"])


@pytest.mark.parametrize(
    ("table", "where"),
    [
        (gordon_moving, "a highlighted hero or district on the board"),
        (falcone_moving, "a highlighted district or character on the board or card in your hand"),
        (falcones_first_turn, "a highlighted district on the board or card in your hand"),
        (heroes_moving, "a highlighted area, hero or villain's figure on the board"),
        (villain_activating, "a highlighted river tile on the board"),
        (metro_jamming, "a highlighted technology on the board"),
        (
            metro_attacking_at_a_district,
            "a highlighted district or player on the board or card in your hand",
        ),
        (race_drawing, "a highlighted deck on the board"),
    ],
    ids=lambda t: getattr(t, "__name__", "where"),
)
def test_the_hint_calls_each_target_what_its_board_calls_it(table: Any, where: str) -> None:
    """The play page's hint named a target by its kind alone: "Pick a highlighted figure or
    district" over No Man's Land's heroes, Chronicles' heroes and villain's figures alike, "a
    highlighted tile" over the river, "a highlighted place" over a Black Metro technology. A
    board module may call a target better (No Man's Land's heroes and characters, Chronicles'
    heroes, villain's figures and river tiles, Black Metro's technologies); the rest keep
    their kind's word."""
    slug, game, state, seat = table()
    drawn = targeted(slug, game.view(state, seat), seat, offered(game, state, seat))
    assert drawn["where"] == where
