"""The reference pack loads, cites real sections, and any broken pack is refused by path."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings

from rules_core.engine.content_limits import PACK_LIMITS
from rules_core.engine.pack_sources import rulebook_sources
from rules_core.games.gotham_city_chronicles.content import (
    REFERENCE_PACK,
    ContentError,
    load_pack,
    pack_refusal,
    parse_pack,
)
from tests.rules_core.games.pack_mutations import (
    assert_pack_or_content_error,
    drop_at,
    edited,
    mutated_packs,
    set_at,
)

RAW: dict[str, Any] = tomllib.loads(REFERENCE_PACK.read_text())
PACK = load_pack()


def test_a_value_an_example_gives_only_in_part_is_marked_the_references() -> None:
    """Rules version 32: V·D·1 [a] gives only the total of 5 of the tonfa and the submachine
    gun, and VI·B·3 [b] only the third river position's cost of 3, so the weights and the list
    of costs are the reference's; the example is cited for what it prints (Gordon's bonus at a
    total of 5, Retaliation's limit 5), and the values keep agreeing with it."""
    items = {item["id"]: item for item in RAW["item"]}
    weights = [items[i]["encumbrance"] for i in ("tonfa", "submachine-gun")]
    assert [w["source"] for w in weights] == ["reference", "reference"]
    assert sum(w["value"] for w in weights) == 5
    costs = RAW["command_post"]["river_costs"]
    assert costs["source"] == "reference" and costs["value"][2] == 3
    gordon = next(h for h in RAW["hero"] if h["id"] == "commissioner-gordon")
    assert gordon["encumbrance"][1] == {
        "up_to": 5,
        "bonus": {"value": 1, "source": "rulebook v-d-1-a"},
    }
    limit = gordon["skills"][0]["encumbrance_limit"]
    assert limit == {"value": 5, "source": "rulebook v-d-1-a"}
    assert "vi-b-3-b" not in [section for _, section in rulebook_sources(RAW)]
    # V·C·2's example gives Batman's throw a yellow die with a free reroll, no item's size
    assert items["batarangs"]["source"] == "reference"
    assert items["batarangs"]["bonuses"] == [{"when": "ranged", "dice": ["yellow+reroll"]}]


def test_the_reference_pack_stays_within_the_shared_limits() -> None:
    size = len(json.dumps(RAW, sort_keys=True, separators=(",", ":")).encode())
    assert size <= PACK_LIMITS.max_bytes


def test_the_reference_pack_holds_what_the_examples_name() -> None:
    assert [h.name for h in PACK.heroes] == ["Batman", "Commissioner Gordon", "Renee Montoya"]
    croc = PACK.tile("killer-croc")
    assert croc.melee[0].dice == ("yellow+reroll", "yellow")  # VI·D·5
    assert croc.melee[0].multiplier == 4
    assert PACK.tile("thugs-with-crowbar").automatic_defense == 1  # V·C·1 example
    assert PACK.tile("brutes-with-chains").automatic_defense == 2  # V·C·2 example
    # Killer Croc third in the river costs 3 (VI·B·3 [b] example)
    assert PACK.command_post.river_costs[PACK.mission.river.index("killer-croc")] == 3
    assert PACK.mission.token("safe").contents == ("ledger", "submachine-gun")
    safe = next(a for a in PACK.mission.actions if a.id == "open-safe")
    assert (safe.complex, safe.difficulty) == (True, 3)  # V·C·3 [a] example
    bomb = next(a for a in PACK.mission.actions if a.id == "arm-bomb")
    assert (bomb.side, bomb.complex) == ("villain", False)  # VI·D·5 example
    gordon_load = PACK.item("tonfa").weight + PACK.item("submachine-gun").weight
    assert gordon_load == 5  # V·D·1 [a] example
    assert PACK.item("submachine-gun").moral_code
    assert PACK.hero("batman").trait == "Moral Code"
    assert [len(PACK.faces(c)) for c in ("white", "yellow", "orange", "red", "black")] == [6] * 5


def test_a_pack_refusal_reads_content_pack_path_rule() -> None:
    broken = copy.deepcopy(RAW)
    broken["board"]["area"][2]["limit"] = 0
    assert pack_refusal(broken) == (
        "content pack: board.area[2].limit: must be a whole number from 1 to 30"
    )
    assert pack_refusal(RAW) is None


def test_a_set_up_that_over_occupies_an_area_is_refused() -> None:
    """III D, IX H (reading): Killer Croc (size 3) placed beside Batman (size 2) in the office
    (occupation limit 4) would over-occupy it; the pack is refused, not set up over the limit."""
    crowded = copy.deepcopy(RAW)
    assert crowded["mission"]["place"][3]["tile"] == "killer-croc"
    crowded["mission"]["place"][3]["area"] = "office"
    assert pack_refusal(crowded) == (
        'content pack: mission.place[3].area: the set-up over-occupies "office" '
        "(occupation limit 4)"
    )


def _with(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    return edited(RAW, change)


_set, _drop = set_at, drop_at


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("dice", "white", "faces", to=[0, 1]), "dice.white.faces: a die has 6 faces"),
        (
            _set("dice", "red", "faces", 2, to=6),
            "dice.red.faces[2]: must be a whole number from 0 to 5",
        ),
        (_drop("dice", "black"), "dice.black: must be a table"),
        (
            _set("dice", "green", to={}),
            "dice.green: the dice are white, yellow, orange, red, black",
        ),
        (
            _set("dice", "white", "source", to="my book"),
            'dice.white.source: must be "reference" or "rulebook <section id>"',
        ),
        (
            _set("board", "area", 1, "id", to="street"),
            'board.area[1].id: "street" is already the id of an area (board.area[0].id)',
        ),
        (
            _set("board", "area", 0, "letters", to=["ab"]),
            "board.area[0].letters[0]: must be one capital letter",
        ),
        (
            _set("board", "boundary", 0, "areas", to=["street", "moon"]),
            "board.boundary[0].areas: must name two different areas of the board",
        ),
        (
            _set("board", "boundary", 0, "kind", to="red"),
            "board.boundary[0].kind: must be one of white, orange, special, wall",
        ),
        (
            _set("board", "boundary", 0, "level", to=2),
            "board.boundary[0].level: only a wall has a level",
        ),
        (
            _set("board", "boundary", 1, "areas", to=["loading-dock", "street"]),
            "board.boundary[1].areas: these two areas already have a boundary",
        ),
        (
            _set("board", "special", 0, "areas", to=["loading-dock", "loading-pit"]),
            "board.special[0].areas: a special move crosses a special boundary or a wall",
        ),
        (
            _set("board", "special", 0, "kind", to="swim"),
            "board.special[0].kind: must be one of fall, jump, climb",
        ),
        (
            _set("board", "boundary", 12, "kind", to="white"),
            'board: promontory "water-tower" is reached only by special moves',
        ),
        (
            _set("board", "sight", 7, "crosses", to=["boiler-room"]),
            "board.sight[7].crosses: each area of a line touches the next one",
        ),
        (
            _set("board", "sight", 7, "crosses", to=["street"]),
            "board.sight[7].crosses: a line crosses each area once, not its ends",
        ),
        (_set("item", to=[]), "item: must be a non-empty list of [[item]] tables"),
        (
            _set("item", 0, "type", to="sword"),
            "item[0].type: must be one of object, tool, melee, ranged",
        ),
        (_set("item", 0, "user", to="robin"), 'item[0].user: unknown hero "robin"'),
        (_set("item", 5, "article", to="an"), "item[5].article: must be one of the, none"),
        (
            _drop("mission", "token", 1, "verb_phrases"),
            'mission.token[1].verb_phrases: must give each state a verb phrase ("explodes", '
            '"is armed")',
        ),
        (
            _drop("mission", "token", 1, "verb_phrases", "exploded"),
            "mission.token[1].verb_phrases.exploded: must give each state a verb phrase "
            '("explodes", "is armed")',
        ),
        (
            _set("mission", "token", 1, "verb_phrases", "exploded", to="x" * 61),
            "mission.token[1].verb_phrases.exploded: at most 60 characters",
        ),
        (
            _set("mission", "token", 1, "verb_phrases", "exploded", to="goes\noff"),
            "mission.token[1].verb_phrases.exploded: must be one line of text",
        ),
        (
            _set("mission", "token", 1, "verb_phrases", "melted", to="melts"),
            "mission.token[1].verb_phrases.melted: is not one of the token's states",
        ),
        (
            _set("item", 0, "bonuses", 0, to={"when": "melee"}),
            "item[0].bonuses[0]: a bonus line adds dice, automatic successes or a skill",
        ),
        (
            _set("item", 0, "bonuses", 0, "when", to="movement"),
            "item[0].bonuses[0].when: a movement line is not read: a movement rolls no dice, and"
            " no skill this pack can give (ambidexterity, attraction, blast, retaliation) acts"
            " during one",
        ),
        (
            _set("item", 0, "bonuses", 0, "when", to="ranged"),
            "item[0].bonuses[0].when: a ranged line is read on a ranged weapon only (an attack"
            " takes the bonuses of its weapon cards, V·C·1 [e], V·C·2 [e])",
        ),
        (
            _set("item", 0, "bonuses", 0, "when", to="manipulation"),
            "item[0].bonuses[0].when: a manipulation line is read on a tool only (a manipulation"
            " or a thought takes the bonuses of the tool cards, V·C·3 [a] iv, V·C·4)",
        ),
        (
            _set("item", 0, "bonuses", 0, "when", to="permanent"),
            "item[0].bonuses[0]: a permanent line gives a skill and nothing else (V D 6.4)",
        ),
        (
            _set("item", 0, "bonuses", 0, "dice", to=["purple"]),
            "item[0].bonuses[0].dice[0]: must be a die colour (white, yellow, orange, red, black), "
            "with +reroll or not",
        ),
        (_set("hero", 0, "gadgets", to=["tonfa"]), 'hero[0].gadgets[0]: unknown id "tonfa"'),
        (
            _set("hero", 0, "utility_belt", to=0),
            "hero[0].gadgets: their sizes exceed the utility belt",
        ),
        (
            _set("hero", 1, "encumbrance", 1, "up_to", to=2),
            "hero[1].encumbrance[1].up_to: the table's totals rise from left to right",
        ),
        (
            _set("hero", 2, "melee", "die", to="blue"),
            "hero[2].melee.die: must be a die colour (white, "
            "yellow, orange, red, black), with +reroll or not",
        ),
        (
            _set("hero", 2, "recovery", "active", to=11),
            "hero[2].recovery.active: must be a whole number from 0 to 10",
        ),
        (
            _set("hero", 0, "skills", 0, "skill", to="flight"),
            "hero[0].skills[0].skill: must be one of ambidexterity, attraction, blast, retaliation",
        ),
        (
            _set("hero", 0, "skills", 0, "level", to=0),
            "hero[0].skills[0].level: must be a whole number from 1 to 10",
        ),
        (
            _set("tile", 0, "melee", 0, "dice", to=[]),
            "tile[0].melee[0].dice: a tile's characteristic has at least one die",
        ),
        (_set("tile", 0, "cost_at", to=1), "tile[0].cost_at: must be a whole number from 0 to 0"),
        (
            _set("tile", 1, "level", to="boss"),
            "tile[1].level: must be one of leader, lieutenant, elite, henchman",
        ),
        (
            _set("command_post", "river_costs", "value", 0, to=-1),
            "command_post.river_costs[0]: must be a whole number from 0 to 20",
        ),
        (
            _set("command_post", "river_costs", "value", to=[1, 2]),
            "mission.river: more river positions than the command post has",
        ),
        (
            _set("mission", "board", to="moon-base"),
            'mission.board: the pack\'s board is "ace-warehouse"',
        ),
        (_set("mission", "heroes", to=[]), "mission.heroes: from 1 to 3 different heroes"),
        (
            _set("mission", "river", to=["event", "event"]),
            "mission.river: each tile at most once, and at least one",
        ),
        (
            _set("mission", "turn_limit", to=13),
            "mission.turn_limit: must be a whole number from 1 to 12",
        ),
        (
            _set("mission", "place", 0, "tile", to="killer-croc"),
            "mission.place[0]: places either a hero or a tile's characters",
        ),
        (
            _set("mission", "token", 0, "contents", to=["batarangs"]),
            'mission.token[0].contents[0]: unknown id "batarangs"',
        ),
        (
            _set("mission", "action", 0, "state", to="armed"),
            "mission.action[0].state: must be one of closed, open",
        ),
        (
            _set("mission", "action", 0, "effect", 0, "state", to="armed"),
            'mission.action[0].effect[0]: not a state of "safe"',
        ),
        (
            _set("mission", "action", 0, "effect", 0, "op", to="teleport"),
            "mission.action[0].effect[0]: op must be one of ['count_down', 'explode', 'open', "
            "'place_token', 'reinforcement_points', 'set_state', 'start_countdown']",
        ),
        (
            _set("mission", "upkeep", 0, "countdown", to="soon"),
            "mission.upkeep[0].countdown: must be one of any, running, zero",
        ),
        (
            _drop("mission", "event_tile", "events"),
            "mission.event_tile.events: must be a non-empty list",
        ),
        (
            _set("mission", "end", 0, "winner", to="joker"),
            "mission.end[0].winner: must be one of heroes, villain",
        ),
        (_set("mission", "end", 0, "area", to="moon"), 'mission.end[0].area: unknown id "moon"'),
        (_set("mission", to=[]), "mission: must be a table"),
    ],
)
def test_a_broken_pack_is_refused_with_its_path_and_rule(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    with pytest.raises(ContentError) as refused:
        parse_pack(_with(change))
    assert str(refused.value) == message


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(mutated_packs(RAW))
def test_a_mutated_pack_gives_a_pack_or_a_content_error(pack: dict[str, Any]) -> None:
    assert_pack_or_content_error(parse_pack, pack)


def test_the_schema_says_where_each_mission_table_without_a_source_takes_it_from() -> None:
    """Provenance (design: content packs): every value says where it comes from. A mission's
    table with no `source` of its own takes the mission's; VOCABULARY.md says which do, so each
    of the reference's is named there."""
    words = (REFERENCE_PACK.parent / "VOCABULARY.md").read_text(encoding="utf-8")
    sentence = " ".join(words.split("take the mission's source")[0].split(".")[-1].split())
    mission: dict[str, Any] = RAW["mission"]
    unsourced = {
        key
        for key, value in mission.items()
        if (isinstance(value, dict) and "source" not in value)
        or (
            isinstance(value, list)
            and any(isinstance(v, dict) and "source" not in v for v in value)
        )
    }
    assert {"place", "dissipation"} <= unsourced
    assert {key for key in unsourced if f"`{key}`" not in sentence} == set()
