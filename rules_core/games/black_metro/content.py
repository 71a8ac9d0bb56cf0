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
from rules_core.engine.content_limits import at_index, at_key, check_pack_shape, fail
from rules_core.engine.effects import Effect, EffectRegistry, Refs
from rules_core.engine.types import JSON
from rules_core.games.black_metro import vocabulary as v
from rules_core.games.black_metro.pack import (
    COURT,
    RANKS,
    SUITS,
    UNITS,
    Ability,
    Candidate,
    Dice,
    District,
    Face,
    Mission,
    MissionOption,
    Opponent,
    Pack,
    Science,
    ScoringRow,
    Solo,
    Syndicate,
    Technology,
    Unit,
)

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
SCORED = (
    "unfulfilled_missions",
    "strain",
    "support_base_strength",
    "charged_technologies",
    "gold",
    "intel",
    "drakownium",
    "candidate_fortune",
)
PRIORITIES = ("weakest_player_personnel", "player_support_base", "player_fortifications")
TILES = ("massive-explosion", "trading-market", "gladiator-arena", "district-explosion")
TIMINGS = ("standby", "after_dominance", "end_of_dominance")
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
BACKUP_RANGE = (0, 20)
STRENGTH_RANGE = (0, 8)
POWER_RANGE = (-5, 10)
PER_RANGE = (1, 10)
JOKER_RANGE = (0, 6)
COPIES_RANGE = (1, 4)
SOLO_POWER_RANGE = (1, 500)
NUMBER_RANGES: dict[str, JSON] = {
    "limits.<key>": [*LIMIT_RANGE],
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


def _source(raw: object, where: str) -> None:
    if not isinstance(raw, dict):
        raise fail(where, "must be a table")
    source = raw.get("source")
    if source == "reference":
        reason = raw.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise fail(where, "a reference value gives its reason")
    elif not isinstance(source, str) or not source.startswith("rulebook "):
        raise fail(where, 'source must be "reference" or "rulebook <section>"')


def _value(raw: object, where: str) -> object:
    """The `value` of a `{ value, source }` table."""
    if not isinstance(raw, dict) or "value" not in raw:
        raise fail(where, "must be { value = ..., source = ... }")
    _source(raw, where)
    return raw["value"]


def _int(raw: object, where: str, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise fail(where, f"must be a whole number from {low} to {high}")
    return raw


def _text(raw: Mapping[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise fail(where, f"needs a text {key}")
    return value


def _table(raw: object, key: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise fail(key, "must be a table")
    return raw


def _entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    """The entries of a `[[key]]` list, each with its source."""
    entries = data.get(key)
    if not isinstance(entries, list):
        raise fail(key, f"must be a list of [[{key}]] tables")
    for i, entry in enumerate(entries):
        _source(entry, at_index(key, i))
    return entries


def _list(raw: object, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise fail(where, "must be a list")
    return raw


def _steps(raw: object, where: str, registry: EffectRegistry, refs: Refs) -> tuple[Effect, ...]:
    steps = _list(raw, where)
    if not steps:
        raise fail(where, "needs at least one step")
    return tuple(registry.compile(s, at_index(where, i), refs) for i, s in enumerate(steps))


def _ability(raw: object, where: str, registry: EffectRegistry, refs: Refs) -> Ability:
    _source(raw, where)
    assert isinstance(raw, dict)
    if_able = raw.get("if_able", False)
    if not isinstance(if_able, bool):
        raise fail(at_key(where, "if_able"), "must be true or false")
    return Ability(_steps(raw.get("steps"), at_key(where, "steps"), registry, refs), if_able)


def _costs(raw: object, where: str) -> tuple[tuple[str, int], ...]:
    costs = []
    for i, item in enumerate(_list(raw, where)):
        at = at_index(where, i)
        if not isinstance(item, dict) or item.get("resource") not in v.RESOURCES:
            raise fail(at, f"needs a resource of {v.RESOURCES}")
        costs.append((item["resource"], _int(item.get("amount"), at_key(at, "amount"), 1, 15)))
    return tuple(costs)


def _limits(data: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    raw = _table(data.get("limits"), "limits")
    if sorted(raw) != sorted(LIMIT_KEYS):
        raise fail("limits", f"needs exactly {LIMIT_KEYS}")
    return tuple(
        (k, _int(_value(raw[k], at_key("limits", k)), at_key("limits", k), *LIMIT_RANGE))
        for k in LIMIT_KEYS
    )


def _backup(data: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    raw = _table(data.get("backup"), "backup")
    if sorted(raw) != sorted(UNITS):
        raise fail("backup", f"needs exactly {UNITS}")
    return tuple(
        (u, _int(_value(raw[u], at_key("backup", u)), at_key("backup", u), *BACKUP_RANGE))
        for u in UNITS
    )


def _units(data: Mapping[str, Any]) -> tuple[Unit, ...]:
    units = []
    for i, raw in enumerate(_entries(data, "unit")):
        where = at_index("unit", i)
        kind = raw.get("kind")
        if kind not in ("personnel", "fortification"):
            raise fail(at_key(where, "kind"), "must be personnel or fortification")
        per = raw.get("per_fortification", False)
        if not isinstance(per, bool):
            raise fail(at_key(where, "per_fortification"), "must be true or false")
        units.append(
            Unit(
                _text(raw, "id", where),
                _text(raw, "name", where),
                _text(raw, "plural", where),
                kind,
                _int(raw.get("strength"), at_key(where, "strength"), *STRENGTH_RANGE),
                per,
            )
        )
    if tuple(u.id for u in units) != UNITS:
        raise fail("unit", f"the units {UNITS} in that order")
    return tuple(units)


def _science(data: Mapping[str, Any]) -> tuple[Science, ...]:
    levels = []
    for i, raw in enumerate(_entries(data, "science")):
        where = at_index("science", i)
        if raw.get("level") != i + 1 or isinstance(raw.get("level"), bool):
            raise fail(at_key(where, "level"), "levels 1, 2, 3 in order")
        unlocks = raw.get("unlocks")
        if unlocks not in ("research", "support-base", "doom-mechasuit"):
            raise fail(at_key(where, "unlocks"), "research, support-base or doom-mechasuit")
        levels.append(Science(i + 1, _costs(raw.get("cost"), at_key(where, "cost")), unlocks))
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
    for i, raw in enumerate(_entries(data, "district")):
        where = at_index("district", i)
        if raw.get("number") != i + 1 or isinstance(raw.get("number"), bool):
            raise fail(at_key(where, "number"), "districts numbered 1 to 12 in order")
        battlefield = raw.get("battlefield", False)
        if not isinstance(battlefield, bool):
            raise fail(at_key(where, "battlefield"), "must be true or false")
        effects = _list(raw.get("effect"), at_key(where, "effect"))
        if len(effects) != 2:
            raise fail(at_key(where, "effect"), "two effects, in list order")
        districts.append(
            District(
                i + 1,
                _text(raw, "id", where),
                _text(raw, "name", where),
                battlefield,
                tuple(
                    _ability(e, at_index(at_key(where, "effect"), j), v.DISTRICT_OPS, refs)
                    for j, e in enumerate(effects)
                ),
            )
        )
    if len(districts) != 12 or [d.battlefield for d in districts] != [False] * 11 + [True]:
        raise fail("district", "12 districts: facilities 01 to 11 and the battlefield 12")
    return tuple(districts)


def _fortunes(data: Mapping[str, Any], refs: Refs) -> tuple[int, tuple[tuple[str, Effect], ...]]:
    raw = _table(data.get("fortunes"), "fortunes")
    if _value(raw.get("ranks"), "fortunes.ranks") != list(RANKS):
        raise fail("fortunes.ranks", f"the ranks {RANKS}")
    if _value(raw.get("assignment"), "fortunes.assignment") != list(RANKS[:10]):
        raise fail("fortunes.assignment", "ace to 10")
    if _value(raw.get("ace_districts"), "fortunes.ace_districts") != [1, 11]:
        raise fail("fortunes.ace_districts", "an ace is 01 or 11")
    jokers = _int(_value(raw.get("jokers"), "fortunes.jokers"), "fortunes.jokers", *JOKER_RANGE)
    suits = []
    for i, entry in enumerate(_entries(data, "suit")):
        where = at_index("suit", i)
        suits.append(
            (
                _text(entry, "id", where),
                v.SUIT_OPS.compile(entry.get("gives"), at_key(where, "gives"), refs),
            )
        )
    if tuple(s for s, _ in suits) != SUITS:
        raise fail("suit", f"the suits {SUITS} in that order")
    return jokers, tuple(suits)


def _court(data: Mapping[str, Any], refs: Refs) -> tuple[tuple[str, Effect, Effect | None], ...]:
    court = []
    for i, raw in enumerate(_entries(data, "dominance_fortune")):
        where = at_index("dominance_fortune", i)
        solo = raw.get("solo")
        court.append(
            (
                _text(raw, "rank", where),
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
    raw = _table(data.get("blockades"), "blockades")
    rules = tuple(
        _int(_value(raw.get(k), at_key("blockades", k)), at_key("blockades", k), 0, 5)
        for k in (
            "extra_strength_per_blockade",
            "strain_per_missing_strength",
            "discards_per_blockade",
        )
    )
    rows = []
    for i, row in enumerate(_list(_value(raw.get("table"), "blockades.table"), "blockades.table")):
        at = at_index("blockades.table", i)
        if not isinstance(row, list) or len(row) != 4:
            raise fail(at, "[blockades, strength, fortunes discarded, strain]")
        rows.append(tuple(_int(x, at_index(at, j), 0, 15) for j, x in enumerate(row)))
    return (rules[0], rules[1], rules[2]), tuple(rows)


def _dice(data: Mapping[str, Any], refs: Refs) -> tuple[Dice, ...]:
    dice = []
    for i, raw in enumerate(_entries(data, "dice")):
        where = at_index("dice", i)
        faces = _list(raw.get("faces"), at_key(where, "faces"))
        if len(faces) != 6:
            raise fail(at_key(where, "faces"), "six faces")
        read = []
        for j, face in enumerate(faces):
            at = at_index(at_key(where, "faces"), j)
            _source(face, at)
            if "options" in face:
                options = _list(face["options"], at_key(at, "options"))
                read.append(
                    Face(
                        tuple(
                            Ability(_steps(o, at_index(at_key(at, "options"), k), v.DICE_OPS, refs))
                            for k, o in enumerate(options)
                        )
                    )
                )
            else:
                read.append(Face((_ability(face, at, v.DICE_OPS, refs),)))
        dice.append(Dice(_text(raw, "id", where), _text(raw, "name", where), tuple(read)))
    if tuple(d.id for d in dice) != v.DICE:
        raise fail("dice", f"the dice {v.DICE} in that order")
    if any(len(f.options) < 2 for f in dice[3].faces):
        raise fail("dice[3].faces", "each event face offers at least two options")
    return tuple(dice)


def _tiles(data: Mapping[str, Any]) -> tuple[tuple[str, str, str], ...]:
    tiles = []
    for i, raw in enumerate(_entries(data, "tile")):
        where = at_index("tile", i)
        effect = raw.get("effect")
        if effect not in ("closed", "market", "arena"):
            raise fail(at_key(where, "effect"), "closed, market or arena")
        tiles.append((_text(raw, "id", where), _text(raw, "name", where), effect))
    if tuple(t for t, _, _ in tiles) != TILES:
        raise fail("tile", f"the tiles {TILES} in that order")
    return tuple(tiles)


def _scoring(data: Mapping[str, Any]) -> tuple[tuple[ScoringRow, ...], tuple[str, ...]]:
    rows = []
    for i, raw in enumerate(_entries(data, "scoring")):
        where = at_index("scoring", i)
        measure = raw.get("measure")
        if measure not in SCORED:
            raise fail(at_key(where, "measure"), f"one of {SCORED}")
        rows.append(
            ScoringRow(
                measure,
                _int(raw.get("per"), at_key(where, "per"), *PER_RANGE),
                _int(raw.get("power", 0), at_key(where, "power"), *POWER_RANGE),
                _int(raw.get("strain", 0), at_key(where, "strain"), 0, 15),
            )
        )
    raw_ties = _table(data.get("tie_breakers"), "tie_breakers")
    ties = _list(_value(raw_ties.get("order"), "tie_breakers.order"), "tie_breakers.order")
    for i, tie in enumerate(ties):
        if not isinstance(tie, str) or _criterion(tie) is None:
            raise fail(at_index("tie_breakers.order", i), "most:<measure> or fewest:<measure>")
    return tuple(rows), tuple(ties)


def _criterion(text: str) -> tuple[bool, str] | None:
    """`most:gold` -> (True, "gold"); None when it is not one."""
    way, _, measure = text.partition(":")
    if way not in ("most", "fewest") or measure not in v.MEASURES:
        return None
    return way == "most", measure


def _technologies(data: Mapping[str, Any], refs: Refs) -> tuple[Technology, ...]:
    techs = []
    for i, raw in enumerate(_entries(data, "technology")):
        where = at_index("technology", i)
        kind = raw.get("type")
        if kind not in v.TECH_TYPES:
            raise fail(at_key(where, "type"), f"one of {v.TECH_TYPES}")
        techs.append(
            Technology(
                _text(raw, "id", where),
                _text(raw, "name", where),
                kind,
                _int(raw.get("level"), at_key(where, "level"), 1, 3),
                v.TECHNOLOGY_OPS.compile(raw.get("ability"), at_key(where, "ability"), refs),
            )
        )
    if sorted((t.type, t.level) for t in techs) != sorted(
        (kind, level) for kind in v.TECH_TYPES for level in (1, 2, 3)
    ):
        raise fail("technology", "one technology of each type and level (12)")
    return tuple(techs)


def _missions(data: Mapping[str, Any], refs: Refs) -> tuple[Mission, ...]:
    missions = []
    for i, raw in enumerate(_entries(data, "mission")):
        where = at_index("mission", i)
        timing = raw.get("timing")
        if timing not in TIMINGS:
            raise fail(at_key(where, "timing"), f"one of {TIMINGS}")
        options = _list(raw.get("options"), at_key(where, "options"))
        if len(options) != 3:
            raise fail(at_key(where, "options"), "three options")
        read = []
        for j, option in enumerate(options):
            at = at_index(at_key(where, "options"), j)
            if not isinstance(option, dict):
                raise fail(at, "must be { needs = ..., power = N }")
            read.append(
                MissionOption(
                    v.MISSION_OPS.compile(option.get("needs"), at_key(at, "needs"), refs),
                    _int(option.get("power"), at_key(at, "power"), *POWER_RANGE),
                )
            )
        missions.append(
            Mission(
                _text(raw, "id", where),
                _text(raw, "name", where),
                timing,
                _int(raw.get("copies"), at_key(where, "copies"), *COPIES_RANGE),
                tuple(read),
            )
        )
    return tuple(missions)


def _syndicates(data: Mapping[str, Any]) -> tuple[Syndicate, ...]:
    syndicates = []
    for i, raw in enumerate(_entries(data, "syndicate")):
        where = at_index("syndicate", i)
        criterion = raw.get("criterion")
        read = _criterion(criterion) if isinstance(criterion, str) else None
        if read is None:
            raise fail(at_key(where, "criterion"), "most:<measure> or fewest:<measure>")
        syndicates.append(
            Syndicate(
                _text(raw, "id", where),
                _text(raw, "name", where),
                read[0],
                read[1],
                _int(raw.get("power"), at_key(where, "power"), *POWER_RANGE),
            )
        )
    return tuple(syndicates)


def _candidates(
    data: Mapping[str, Any], refs: Refs, fortunes: frozenset[str]
) -> tuple[Candidate, ...]:
    candidates = []
    for i, raw in enumerate(_entries(data, "candidate")):
        where = at_index("candidate", i)
        fortune = raw.get("fortune")
        if fortune not in fortunes or str(fortune).partition("-")[0] not in COURT:
            raise fail(at_key(where, "fortune"), "a dominance fortune (J, Q, K or a joker)")
        candidates.append(
            Candidate(
                _text(raw, "id", where),
                _text(raw, "name", where),
                str(fortune),
                _steps(raw.get("setup"), at_key(where, "setup"), v.SETUP_OPS, refs),
                _int(raw.get("district"), at_key(where, "district"), 1, 11),
                _steps(
                    raw.get("district_ability"),
                    at_key(where, "district_ability"),
                    v.CANDIDATE_DISTRICT_OPS,
                    refs,
                ),
                v.CANDIDATE_OPS.compile(raw.get("ability"), at_key(where, "ability"), refs),
            )
        )
    if len({c.fortune for c in candidates}) != len(candidates):
        raise fail("candidate", "each candidate has its own fortune")
    return tuple(candidates)


def _opponent(data: Mapping[str, Any], refs: Refs) -> Opponent:
    raw = _table(data.get("opponent"), "opponent")
    _source(raw, "opponent")
    return Opponent(
        _text(raw, "id", "opponent"),
        _text(raw, "name", "opponent"),
        _steps(raw.get("setup"), "opponent.setup", v.SETUP_OPS, refs),
        _steps(raw.get("round_6"), "opponent.round_6", v.SETUP_OPS, refs),
    )


def _solo(data: Mapping[str, Any], refs: Refs, syndicates: set[str], candidates: set[str]) -> Solo:
    raw = _table(data.get("solo"), "solo")

    def ids(key: str, known: set[str]) -> tuple[str, ...]:
        where = at_key("solo", key)
        values = _list(_value(raw.get(key), where), where)
        if not values or any(x not in known for x in values):
            raise fail(where, "names known ids")
        return tuple(values)

    ranks = []
    for i, row in enumerate(_list(_value(raw.get("ranks"), "solo.ranks"), "solo.ranks")):
        at = at_index("solo.ranks", i)
        if not isinstance(row, list) or len(row) != 2 or not isinstance(row[1], str):
            raise fail(at, "[lowest score, rank]")
        ranks.append((_int(row[0], at_index(at, 0), 0, 500), row[1]))
    if [r[0] for r in ranks] != sorted((r[0] for r in ranks), reverse=True) or ranks[-1][0]:
        raise fail("solo.ranks", "best first, the last from 0")
    return Solo(
        _int(
            _value(raw.get("player_power"), "solo.player_power"),
            "solo.player_power",
            *SOLO_POWER_RANGE,
        ),
        _int(
            _value(raw.get("overlord_power"), "solo.overlord_power"),
            "solo.overlord_power",
            *SOLO_POWER_RANGE,
        ),
        ids("syndicates", syndicates),
        ids("strong_candidates", candidates),
        _steps(
            _value(raw.get("strong_candidate_setup"), "solo.strong_candidate_setup"),
            "solo.strong_candidate_setup",
            v.SETUP_OPS,
            refs,
        ),
        ids("priorities", set(PRIORITIES)),
        tuple(ranks),
    )


def parse_pack(data: object) -> Pack:
    """Check a pack (parsed from TOML or JSON) against the limits and the schema, and build it.

    Any value at all either gives a Pack or raises ContentError("<path>: <rule>").
    """
    check_pack_shape(data)
    if not isinstance(data, dict):
        raise fail("", "must be a table (a JSON object)")
    refs: Refs = {"tile": frozenset(TILES), "personnel": frozenset(UNITS[:3])}
    research = _table(data.get("research"), "research")
    _source(research, "research")
    jokers, suits = _fortunes(data, refs)
    rules, table = _blockades(data)
    syndicates = _syndicates(data)
    candidates = _candidates(data, refs, frozenset(_fortune_ids(jokers)))
    first_game = _table(data.get("first_game"), "first_game")
    draft = Pack(
        digest="",
        name=str(data.get("name") or "custom")[:80],
        limits=_limits(data),
        backup=_backup(data),
        units=_units(data),
        science=_science(data),
        research_cost=_costs(research.get("cost"), "research.cost"),
        districts=_districts(data, refs),
        jokers=jokers,
        suits=suits,
        court=_court(data, refs),
        blockade_table=table,  # type: ignore[arg-type]
        blockade_rules=rules,
        dice=_dice(data, refs),
        tiles=_tiles(data),
        scoring=_scoring(data)[0],
        tie_breakers=_scoring(data)[1],
        technologies=_technologies(data, refs),
        missions=_missions(data, refs),
        syndicates=syndicates,
        candidates=candidates,
        first_game=_steps(
            _value(first_game.get("setup"), "first_game.setup"),
            "first_game.setup",
            v.SETUP_OPS,
            refs,
        ),
        opponent=_opponent(data, refs),
        solo=_solo(data, refs, {s.id for s in syndicates}, {c.id for c in candidates}),
    )
    if len(draft.syndicates) < 5 or len(draft.mission_ids()) < 8 or len(draft.candidates) < 4:
        raise fail("cards", "at least 5 syndicates (4 players + 1), 8 missions, 4 candidates")
    for kind, ids in (
        ("syndicate", [s.id for s in draft.syndicates]),
        ("mission", [m.id for m in draft.missions]),
        ("candidate", [c.id for c in draft.candidates]),
        ("technology", [t.id for t in draft.technologies]),
    ):
        if len(set(ids)) != len(ids):
            raise fail(kind, f"{kind} ids must be unique")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    return replace(draft, digest=digest)


def _fortune_ids(jokers: int) -> tuple[str, ...]:
    suited = tuple(f"{rank}-{suit}" for suit in SUITS for rank in RANKS)
    return suited + tuple(f"Joker-{n}" for n in range(1, jokers + 1))


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))
