"""The Black Metro content pack (content/reference.toml), schema-checked within the engine's
content limits; every entry says where it comes from (`source`), and an entry of the project's
own (`source = "reference"`) says why (`reason`)."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

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
)
from rules_core.engine.effects import Effect, Refs
from rules_core.engine.pack_sources import check_rulebook_sources
from rules_core.engine.types import JSON
from rules_core.games.black_metro import content_cards as cards
from rules_core.games.black_metro import reading as r
from rules_core.games.black_metro import vocabulary as v
from rules_core.games.black_metro.citations import BOOK
from rules_core.games.black_metro.content_cards import (
    COPIES_RANGE,
    PER_RANGE,
    POWER_RANGE,
    SOLO_POWER_RANGE,
)
from rules_core.games.black_metro.pack import (
    COURT,
    FORTUNE,
    IDS,
    RANKS,
    SUITS,
    SYNDICATE,
    TECHNOLOGY,
    UNIT,
    UNITS,
    Ability,
    Dice,
    District,
    Face,
    Pack,
    Science,
    Unit,
    fortune_ids,
)

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
TILES = ("massive-explosion", "trading-market", "gladiator-arena", "district-explosion")
LIMIT_KEYS = (
    "rounds",
    "resource_max",
    "strain_max",
    "fortunes_in_hand",
    "hideout_personnel",
    "hideout_paragons",
    "hideout_mechasuits",
    "fortification_zones",
    "overwhelm_difference",
    "missions_drawn",
    "missions_returned",
    "extra_syndicates",
)
# The range of every number the game takes from a pack (each error states it too).
LIMIT_RANGE = (0, 30)
# limits below which no game can be played: a game of no rounds, a set-up drawing no mission
LIMIT_AT_LEAST = {"rounds": 1, "missions_drawn": 1}
BACKUP_RANGE = (0, 20)
STRENGTH_RANGE = (0, 8)
JOKER_RANGE = (0, 6)
NUMBER_RANGES: dict[str, JSON] = {
    "limits.<key>": [*LIMIT_RANGE],
    **{f"limits.{k}": [least, LIMIT_RANGE[1]] for k, least in LIMIT_AT_LEAST.items()},
    "backup.<unit>": [*BACKUP_RANGE],
    "unit[].strength": [*STRENGTH_RANGE],
    "<step>.amount": [*v.AMOUNT_RANGE],
    "district[].number": [*v.DISTRICT_RANGE],
    "scoring[].per": [*PER_RANGE],
    "scoring[].power, syndicate[].power, mission[].options[].power": [*POWER_RANGE],
    "fortunes.jokers": [*JOKER_RANGE],
    "mission[].copies": [*COPIES_RANGE],
    "solo.player_power, solo.overlord_power": [*SOLO_POWER_RANGE],
}


# ---- reading ----------------------------------------------------------------------------------


def _limits(data: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    raw = r.table(data.get("limits"), "limits")
    if sorted(raw) != sorted(LIMIT_KEYS):
        raise fail("limits", f"needs exactly {LIMIT_KEYS}")
    limits = tuple(
        (
            k,
            r.whole(
                r.value(raw[k], at_key("limits", k)),
                at_key("limits", k),
                LIMIT_AT_LEAST.get(k, LIMIT_RANGE[0]),
                LIMIT_RANGE[1],
            ),
        )
        for k in LIMIT_KEYS
    )
    given = dict(limits)
    if given["missions_returned"] >= given["missions_drawn"]:
        raise fail("limits.missions_returned", "must be fewer than limits.missions_drawn")
    return limits


def _backup(data: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    raw = r.table(data.get("backup"), "backup")
    if sorted(raw) != sorted(UNITS):
        raise fail("backup", f"needs exactly {UNITS}")
    return tuple(
        (u, r.whole(r.value(raw[u], at_key("backup", u)), at_key("backup", u), *BACKUP_RANGE))
        for u in UNITS
    )


def _units(data: Mapping[str, Any]) -> tuple[Unit, ...]:
    units = []
    for i, raw in enumerate(r.entries(data, "unit")):
        where = at_index("unit", i)
        kind = raw.get("kind")
        if kind not in ("personnel", "fortification"):
            raise fail(at_key(where, "kind"), "must be personnel or fortification")
        per = raw.get("per_fortification", False)
        if not isinstance(per, bool):
            raise fail(at_key(where, "per_fortification"), "must be true or false")
        units.append(
            Unit(
                r.ident(raw, where),
                r.text(raw, "name", where),
                r.text(raw, "plural", where),
                kind,
                r.whole(raw.get("strength"), at_key(where, "strength"), *STRENGTH_RANGE),
                per,
            )
        )
    if tuple(u.id for u in units) != UNITS:
        raise fail("unit", f"the units {UNITS} in that order")
    return tuple(units)


def _science(data: Mapping[str, Any]) -> tuple[Science, ...]:
    levels = []
    for i, raw in enumerate(r.entries(data, "science")):
        where = at_index("science", i)
        if raw.get("level") != i + 1 or isinstance(raw.get("level"), bool):
            raise fail(at_key(where, "level"), "levels 1, 2, 3 in order")
        unlocks = raw.get("unlocks")
        if unlocks not in ("research", "support-base", "doom-mechasuit"):
            raise fail(at_key(where, "unlocks"), "research, support-base or doom-mechasuit")
        levels.append(Science(i + 1, r.costs(raw.get("cost"), at_key(where, "cost")), unlocks))
    if len(levels) != 3 or {s.unlocks for s in levels} != {
        "research",
        "support-base",
        "doom-mechasuit",
    }:
        raise fail(
            "science", "three levels, each unlocking one of research, support-base, doom-mechasuit"
        )
    return tuple(levels)


def _districts(data: Mapping[str, Any], refs: Refs) -> tuple[District, ...]:
    districts = []
    for i, raw in enumerate(r.entries(data, "district")):
        where = at_index("district", i)
        if raw.get("number") != i + 1 or isinstance(raw.get("number"), bool):
            raise fail(at_key(where, "number"), "districts numbered 1 to 12 in order")
        battlefield = raw.get("battlefield", False)
        if not isinstance(battlefield, bool):
            raise fail(at_key(where, "battlefield"), "must be true or false")
        effects = r.as_list(raw.get("effect"), at_key(where, "effect"))
        if len(effects) != 2:
            raise fail(at_key(where, "effect"), "two effects, in list order")
        districts.append(
            District(
                i + 1,
                r.ident(raw, where),
                r.text(raw, "name", where),
                battlefield,
                tuple(
                    r.ability(e, at_index(at_key(where, "effect"), j), v.DISTRICT_OPS, refs)
                    for j, e in enumerate(effects)
                ),
            )
        )
    if len(districts) != 12 or [d.battlefield for d in districts] != [False] * 11 + [True]:
        raise fail("district", "12 districts: facilities 01 to 11 and the battlefield 12")
    return tuple(districts)


def _fortunes(data: Mapping[str, Any], refs: Refs) -> tuple[int, tuple[tuple[str, Effect], ...]]:
    raw = r.table(data.get("fortunes"), "fortunes")
    if r.value(raw.get("ranks"), "fortunes.ranks") != list(RANKS):
        raise fail("fortunes.ranks", f"the ranks {RANKS}")
    if r.value(raw.get("assignment"), "fortunes.assignment") != list(RANKS[:10]):
        raise fail("fortunes.assignment", "ace to 10")
    if r.value(raw.get("ace_districts"), "fortunes.ace_districts") != [1, 11]:
        raise fail("fortunes.ace_districts", "an ace is 01 or 11")
    jokers = r.whole(r.value(raw.get("jokers"), "fortunes.jokers"), "fortunes.jokers", *JOKER_RANGE)
    suits = []
    for i, entry in enumerate(r.entries(data, "suit")):
        where = at_index("suit", i)
        suits.append(
            (
                r.ident(entry, where),
                v.SUIT_OPS.compile(entry.get("gives"), at_key(where, "gives"), refs),
            )
        )
    if tuple(s for s, _ in suits) != SUITS:
        raise fail("suit", f"the suits {SUITS} in that order")
    return jokers, tuple(suits)


def _court(data: Mapping[str, Any], refs: Refs) -> tuple[tuple[str, Effect, Effect | None], ...]:
    court = []
    for i, raw in enumerate(r.entries(data, "dominance_fortune")):
        where = at_index("dominance_fortune", i)
        solo = raw.get("solo")
        court.append(
            (
                r.text(raw, "rank", where),
                v.DOMINANCE_FORTUNE_OPS.compile(raw.get("effect"), at_key(where, "effect"), refs),
                None
                if solo is None
                else v.DOMINANCE_FORTUNE_OPS.compile(solo, at_key(where, "solo"), refs),
            )
        )
    if tuple(r for r, _, _ in court) != COURT:
        raise fail("dominance_fortune", f"the ranks {COURT} in that order")
    return tuple(court)


def _blockades(data: Mapping[str, Any]) -> tuple[tuple[int, int, int], tuple[tuple[int, ...], ...]]:
    raw = r.table(data.get("blockades"), "blockades")
    rules = tuple(
        r.whole(r.value(raw.get(k), at_key("blockades", k)), at_key("blockades", k), 0, 5)
        for k in (
            "extra_strength_per_blockade",
            "strain_per_missing_strength",
            "discards_per_blockade",
        )
    )
    rows = []
    for i, row in enumerate(
        r.as_list(r.value(raw.get("table"), "blockades.table"), "blockades.table")
    ):
        at = at_index("blockades.table", i)
        if not isinstance(row, list) or len(row) != 4:
            raise fail(at, "[blockades, strength, fortunes discarded, strain]")
        rows.append(tuple(r.whole(x, at_index(at, j), 0, 15) for j, x in enumerate(row)))
    return (rules[0], rules[1], rules[2]), tuple(rows)


def _dice(data: Mapping[str, Any], refs: Refs) -> tuple[Dice, ...]:
    dice = []
    for i, raw in enumerate(r.entries(data, "dice")):
        where = at_index("dice", i)
        faces = r.as_list(raw.get("faces"), at_key(where, "faces"))
        if len(faces) != 6:
            raise fail(at_key(where, "faces"), "six faces")
        read = []
        for j, face in enumerate(faces):
            at = at_index(at_key(where, "faces"), j)
            r.source(face, at)
            if "options" in face:
                options = r.as_list(face["options"], at_key(at, "options"))
                read.append(
                    Face(
                        tuple(
                            Ability(
                                r.steps(o, at_index(at_key(at, "options"), k), v.DICE_OPS, refs)
                            )
                            for k, o in enumerate(options)
                        ),
                        r.text(face, "name", at),
                    )
                )
            else:
                read.append(Face((r.ability(face, at, v.DICE_OPS, refs),)))
        dice.append(Dice(r.ident(raw, where), r.text(raw, "name", where), tuple(read)))
    if tuple(d.id for d in dice) != v.DICE:
        raise fail("dice", f"the dice {v.DICE} in that order")
    if any(len(f.options) < 2 for f in dice[3].faces):
        raise fail("dice[3].faces", "each event face offers at least two options")
    return tuple(dice)


def _tiles(data: Mapping[str, Any]) -> tuple[tuple[str, str, str], ...]:
    tiles = []
    for i, raw in enumerate(r.entries(data, "tile")):
        where = at_index("tile", i)
        effect = raw.get("effect")
        if effect not in ("closed", "market", "arena"):
            raise fail(at_key(where, "effect"), "closed, market or arena")
        tiles.append((r.ident(raw, where), r.text(raw, "name", where), effect))
    if tuple(t for t, _, _ in tiles) != TILES:
        raise fail("tile", f"the tiles {TILES} in that order")
    return tuple(tiles)


def parse_pack(data: object) -> Pack:
    """Check a pack (parsed from TOML or JSON) against the limits and the schema, and build it.

    Any value at all either gives a Pack or raises ContentError("<path>: <rule>").
    """
    check_pack_shape(data)
    if not isinstance(data, dict):
        raise fail("", "must be a table (a JSON object)")
    check_rulebook_sources(data, BOOK)
    refs: Refs = {"tile": frozenset(TILES), "personnel": frozenset(UNITS[:3])}
    research = r.table(data.get("research"), "research")
    r.source(research, "research")
    jokers, suits = _fortunes(data, refs)
    rules, table = _blockades(data)
    syndicates = cards.syndicates(data)
    candidates = cards.candidates(data, refs, frozenset(fortune_ids(jokers)))
    first_game = r.table(data.get("first_game"), "first_game")
    draft = Pack(
        digest="",
        name=str(data.get("name") or "custom")[:80],
        limits=_limits(data),
        backup=_backup(data),
        units=_units(data),
        science=_science(data),
        research_cost=r.costs(research.get("cost"), "research.cost"),
        districts=_districts(data, refs),
        jokers=jokers,
        suits=suits,
        court=_court(data, refs),
        blockade_table=table,  # type: ignore[arg-type]
        blockade_rules=rules,
        dice=_dice(data, refs),
        tiles=_tiles(data),
        scoring=cards.scoring(data)[0],
        tie_breakers=cards.scoring(data)[1],
        technologies=cards.technologies(data, refs),
        missions=cards.missions(data, refs),
        syndicates=syndicates,
        candidates=candidates,
        first_game=r.steps(
            r.value(first_game.get("setup"), "first_game.setup"),
            "first_game.setup",
            v.SETUP_OPS,
            refs,
        ),
        opponent=cards.opponent(data, refs),
        solo=cards.solo(data, refs, {s.id for s in syndicates}, {c.id for c in candidates}),
    )
    if len(draft.syndicates) < 5 or len(draft.mission_ids()) < 8 or len(draft.candidates) < 4:
        raise fail("cards", "at least 5 syndicates (4 players + 1), 8 missions, 4 candidates")
    IDS.check_distinct(_given_ids(draft))
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    return replace(draft, digest=digest)


def _given_ids(pack: Pack) -> tuple[GivenId, ...]:
    """Every id of the pack (pack.IDS): the fortunes the game makes of its ranks, suits and
    jokers first, then the ids its entries give, in the order it gives them."""
    fortunes = tuple(
        GivenId(f, "fortunes.jokers" if f.startswith("Joker-") else "fortunes.ranks", FORTUNE)
        for f in pack.fortune_ids()
    )
    return (
        *fortunes,
        *ids_of("unit", UNIT, (u.id for u in pack.units)),
        *ids_of("district", "a district", (d.id for d in pack.districts)),
        *ids_of("suit", "a suit", (s for s, _ in pack.suits)),
        *ids_of("dice", "a die", (d.id for d in pack.dice)),
        *ids_of("tile", "a tile", (t for t, _, _ in pack.tiles)),
        *ids_of("technology", TECHNOLOGY, (t.id for t in pack.technologies)),
        *ids_of("mission", "a mission", (m.id for m in pack.missions)),
        *ids_of("syndicate", SYNDICATE, (s.id for s in pack.syndicates)),
        *ids_of("candidate", "a candidate", (c.id for c in pack.candidates)),
        GivenId(pack.opponent.id, "opponent.id", "the solo opponent"),
    )


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))
