"""The Gotham City Chronicles content pack (content/VOCABULARY.md), schema-checked: dice faces,
the board, hero boards, tiles, the command post, item cards and the mission."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rules_core.engine.content_limits import (
    ContentError as ContentError,  # the one ContentError, re-exported
)
from rules_core.engine.content_limits import (
    GivenId,
    at_index,
    at_key,
    check_pack_shape,
    fail,
    ids_of,
    quote,
)
from rules_core.engine.option_checks import read_pack
from rules_core.engine.pack_sources import check_rulebook_sources
from rules_core.engine.types import JSON
from rules_core.games.gotham_city_chronicles import reading as read
from rules_core.games.gotham_city_chronicles.board import Board, parse_board
from rules_core.games.gotham_city_chronicles.citations import BOOK
from rules_core.games.gotham_city_chronicles.figures import (
    CommandPost,
    Hero,
    Item,
    Tile,
    parse_command_post,
    parse_hero,
    parse_item,
    parse_tile,
)
from rules_core.games.gotham_city_chronicles.mission import Known, Mission, parse_mission

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
FACES = 6  # every die has six faces (reference: the book does not describe the dice further)
FACE_RANGE = (0, 5)  # successes on one face
# The range of every number the game takes from a pack (each error states it too).
NUMBER_RANGES: dict[str, JSON] = {
    "dice.<colour>.faces[]": [*FACE_RANGE],
    "board.area[].elevation": [0, 10],
    "board.area[].limit": [1, 30],
    "board.area[].<difficult|dangerous>": [0, 5],
    "board.boundary[].level": [0, 10],
    "board.special[].level": [1, 10],
    "hero[].energy": [1, 30],
    "hero[].<size|menace|utility_belt>": [0, 10],
    "hero[].<space>.limit": [0, 10],
    "hero[].movement.multiplier": [1, 10],
    "tile[].<figures>": [1, 10],
    "tile[].life": [1, 30],
    "tile[].<automatic_defense|move_bonus|size|menace>": [0, 10],
    "tile[].reinforcement": [0, 20],
    "command_post.river_costs[]": [0, 20],
    "item[].<encumbrance|size>": [0, 10],
    "mission.turn_limit": [1, 12],
    "mission.<villain_energy|villain_recovery>": [0, 46],
    "mission.action[].difficulty": [1, 20],
}


@dataclass(frozen=True, slots=True)
class Pack:
    """A whole pack; `digest` identifies its content (the codec memoises by it)."""

    __json_key__: ClassVar[str] = "digest"

    digest: str
    name: str
    dice: tuple[tuple[str, tuple[int, ...]], ...]  # colour -> successes per face
    board: Board
    heroes: tuple[Hero, ...]
    tiles: tuple[Tile, ...]
    command_post: CommandPost
    items: tuple[Item, ...]
    mission: Mission

    def faces(self, colour: str) -> tuple[int, ...]:
        return dict(self.dice)[colour]

    def hero(self, hero_id: str) -> Hero:
        return next(h for h in self.heroes if h.id == hero_id)

    def tile(self, tile_id: str) -> Tile:
        return next(t for t in self.tiles if t.id == tile_id)

    def item(self, item_id: str) -> Item:
        return next(i for i in self.items if i.id == item_id)

    def item_called(self, item_id: str) -> str:
        """An item as a sentence names it ("the Tonfa", "Falcone's Ledger"); an id no item of
        the pack has, as it was given."""
        return next((i.called for i in self.items if i.id == item_id), item_id)

    @property
    def cards(self) -> tuple[Item, ...]:
        """The item cards (V D): the pack's only cards."""
        return self.items

    def card(self, card_id: str) -> Item:
        return self.item(card_id)


def _dice(data: Mapping[str, Any]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    dice = read.table(data.get("dice"), "dice")
    found = []
    for colour in read.DIE_COLOURS:
        at = at_key("dice", colour)
        entry = read.sourced(dice.get(colour), at)
        faces = read.items(entry, "faces", at, required=True)
        if len(faces) != FACES:
            raise fail(at_key(at, "faces"), f"a die has {FACES} faces")
        counted: list[int] = []
        for i, face in enumerate(faces):
            if not isinstance(face, int) or isinstance(face, bool) or not 0 <= face <= 5:
                raise fail(at_index(at_key(at, "faces"), i), "must be a whole number from 0 to 5")
            counted.append(face)
        found.append((colour, tuple(counted)))
    extra = sorted(set(dice) - set(read.DIE_COLOURS))
    if extra:
        raise fail(at_key("dice", extra[0]), f"the dice are {', '.join(read.DIE_COLOURS)}")
    return tuple(found)


def _listed(data: Mapping[str, Any], key: str) -> list[object]:
    entries = data.get(key)
    if not isinstance(entries, list) or not entries:
        raise fail(key, f"must be a non-empty list of [[{key}]] tables")
    return entries


def _unique_ids(things: tuple[Any, ...], key: str, kind: str) -> None:
    """Refuse a blank id among the entries of `key`, or one given twice (read.IDS)."""
    read.IDS.check_distinct(ids_of(key, kind, (thing.id for thing in things)))


def _given_ids(pack: Pack) -> tuple[GivenId, ...]:
    """Every id of the pack (read.IDS): the characters the set-up makes first, then the ids the
    pack gives, in the order it gives them."""
    mission = pack.mission
    return (
        *(GivenId(c, path, read.CHARACTER) for c, _, _, path in mission.characters()),
        *ids_of("board.area", read.AREA, (a.id for a in pack.board.areas)),
        GivenId(pack.board.id, "board.id", "the board"),
        *ids_of("item", read.ITEM, (i.id for i in pack.items)),
        *ids_of("hero", read.HERO, (h.id for h in pack.heroes)),
        *ids_of("tile", read.TILE, (t.id for t in pack.tiles)),
        GivenId(mission.id, "mission.id", "the mission"),
        *ids_of("mission.token", read.TOKEN, (t.id for t in mission.tokens)),
        *ids_of("mission.action", read.ACTION, (a.id for a in mission.actions)),
        *ids_of("mission.upkeep", read.UPKEEP, (u.id for u in mission.upkeep)),
        *ids_of("mission.turn_effect", read.TURN_EFFECT, (t.id for _, t in mission.turn_effects)),
        *ids_of("mission.event_tile.events", read.EVENT, (e.id for e in mission.events)),
        *ids_of("mission.end", read.END, (e.id for e in mission.ends)),
    )


def parse_pack(data: object) -> Pack:
    """Check a pack (parsed from TOML or JSON) against the limits and VOCABULARY.md, and build it.

    Any value at all either gives a Pack or raises ContentError("<path>: <rule>").
    """
    check_pack_shape(data)
    if not isinstance(data, dict):
        raise fail("", "must be a table (a JSON object)")
    check_rulebook_sources(data, BOOK)
    dice = _dice(data)
    board = parse_board(data.get("board"), "board")
    items = tuple(parse_item(r, at_index("item", i)) for i, r in enumerate(_listed(data, "item")))
    _unique_ids(items, "item", read.ITEM)
    gadgets = frozenset(i.id for i in items if i.kind == "gadget")
    heroes = tuple(
        parse_hero(r, at_index("hero", i), gadgets) for i, r in enumerate(_listed(data, "hero"))
    )
    _unique_ids(heroes, "hero", read.HERO)
    hero_ids = frozenset(h.id for h in heroes)
    for i, item in enumerate(items):
        if item.user and item.user not in hero_ids:
            raise fail(at_key(at_index("item", i), "user"), f"unknown hero {quote(item.user)}")
    for i, hero in enumerate(heroes):
        if (
            sum(next(x for x in items if x.id == g).weight for g in hero.gadgets)
            > hero.utility_belt
        ):
            raise fail(
                at_key(at_index("hero", i), "gadgets"), "their sizes exceed the utility belt"
            )
    tiles = tuple(parse_tile(r, at_index("tile", i)) for i, r in enumerate(_listed(data, "tile")))
    _unique_ids(tiles, "tile", read.TILE)
    command_post = parse_command_post(data.get("command_post"), "command_post")
    known = Known(
        board.id,
        board.area_ids,
        hero_ids,
        frozenset(t.id for t in tiles),
        frozenset(i.id for i in items if i.kind == "equipment"),
    )
    mission = parse_mission(data.get("mission"), "mission", known)
    _setup_fits(board, heroes, tiles, mission)
    _river_is_the_villains(tiles, mission)
    slots = sum(2 if t.kind == "double" else 1 for t in tiles if t.id in mission.river)
    if slots + (1 if "event" in mission.river else 0) > len(command_post.river_costs):
        raise fail("mission.river", "more river positions than the command post has")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    name = data.get("name")
    pack = Pack(
        digest,
        name if isinstance(name, str) else "custom",
        dice,
        board,
        heroes,
        tiles,
        command_post,
        items,
        mission,
    )
    read.IDS.check_distinct(_given_ids(pack))
    return pack


def _setup_fits(
    board: Board, heroes: tuple[Hero, ...], tiles: tuple[Tile, ...], mission: Mission
) -> None:
    """III D, IX H: the miniatures the set-up places in an area never exceed its occupation
    limit. Reference (README): IX H's placing in an adjacent area would need a choice the book
    gives nobody at set-up, so such a mission is refused rather than placed by a guess."""
    sizes = {h.id: h.size for h in heroes} | {t.id: t.size for t in tiles}
    load: dict[str, int] = {}
    for i, place in enumerate(mission.placements):
        load[place.area] = load.get(place.area, 0) + sizes[place.hero or place.tile] * place.count
        if load[place.area] > board.area(place.area).limit:
            raise fail(
                at_key(at_index("mission.place", i), "area"),
                f"the set-up over-occupies {quote(place.area)} (occupation limit "
                f"{board.area(place.area).limit})",
            )


_SIDE_WORDS = {"heroes": "a heroes' tile", "neutral": "a neutral tile"}


def _river_is_the_villains(tiles: tuple[Tile, ...], mission: Mission) -> None:
    """VI·A·1 8, VI B: the river holds the villain's character tiles and the event tile, the
    tiles the villain activates. A heroes' or neutral tile there would have the villain play its
    characters (README: the river's tiles), so such a mission is refused."""
    by_id = {t.id: t for t in tiles}
    for i, tile_id in enumerate(mission.river):
        tile = by_id.get(tile_id)
        if tile is not None and tile.side != "villain":
            raise fail(
                at_index("mission.river", i),
                f"{quote(tile.name)} is {_SIDE_WORDS[tile.side]}, and the river holds only the"
                " villain's tiles and the event tile, the ones the villain activates (VI·A·1 8)",
            )


def pack_refusal(data: object) -> str | None:
    """Why a caller's pack is refused (`content pack: <path>: <rule>`), or None if it is not."""
    refused = read_pack(lambda: parse_pack(data))
    return refused if isinstance(refused, str) else None


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    return parse_pack(pack_data(path))


def pack_data(path: Path = REFERENCE_PACK) -> dict[str, Any]:
    """A pack's data as written."""
    with path.open("rb") as handle:
        return tomllib.load(handle)


MAX_GADGETS = 20  # bat-gadgets one hero may be given in the `gadgets` option


def with_gadgets(data: Mapping[str, Any], chosen: object) -> Mapping[str, Any] | str:
    """V·D·2: the pack's data with the bat-gadgets chosen at set-up for each hero named (an
    object of hero id -> list of bat-gadget ids), or why the choice is refused; the pack's own
    checks then hold it to the gadgets it has and each belt's size."""
    heroes = [h for h in data.get("hero", ()) if isinstance(h, Mapping)]
    known = {h.get("id") for h in heroes}
    items = [i for i in data.get("item", ()) if isinstance(i, Mapping)]
    in_pack = {i.get("id") for i in items if i.get("kind") == "gadget"}
    if not isinstance(chosen, Mapping) or len(chosen) > len(heroes):
        return "gadgets: an object of the mission's heroes to lists of bat-gadget ids"
    for hero, gadgets in chosen.items():
        if hero not in known:
            return f"gadgets: no hero {quote(str(hero))} in the pack"
        if not isinstance(gadgets, list) or len(gadgets) > MAX_GADGETS:
            return f"gadgets.{hero}: a list of at most {MAX_GADGETS} bat-gadget ids"
        for n, gadget in enumerate(gadgets):
            if not isinstance(gadget, str) or gadget not in in_pack:  # said as the option
                named = quote(gadget) if isinstance(gadget, str) else "that"
                return f"gadgets.{hero}[{n}]: the pack has no bat-gadget {named}"
        board = next(h for h in heroes if h.get("id") == hero)
        if gadgets and not read.value(board.get("utility_belt", 0), f"gadgets.{hero}"):
            named = board.get("name", hero)
            return f"gadgets.{hero}: {named} has no utility belt to hold bat-gadgets"
    given = [
        {**h, "gadgets": list(chosen[h["id"]])} if h.get("id") in chosen else h for h in heroes
    ]
    belts = [json.dumps(g) for h in given for g in h.get("gadgets", ())]
    if len(belts) != len(set(belts)):
        return "gadgets: each bat-gadget card goes in one belt, once"
    return {**data, "hero": given}
