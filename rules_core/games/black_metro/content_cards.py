"""Reading the card tables of a Black Metro content pack: scoring and tie-breakers,
technologies, missions, syndicates, candidates, the solo opponent and the solo rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.engine.content_limits import at_index, at_key, fail
from rules_core.engine.effects import Refs
from rules_core.games.black_metro import reading as r
from rules_core.games.black_metro import vocabulary as v
from rules_core.games.black_metro.pack import (
    COURT,
    Candidate,
    Mission,
    MissionOption,
    Opponent,
    ScoringRow,
    Solo,
    Syndicate,
    Technology,
)

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
TIMINGS = ("standby", "after_dominance", "end_of_dominance")
POWER_RANGE = (-5, 10)
PER_RANGE = (1, 10)
COPIES_RANGE = (1, 4)
SOLO_POWER_RANGE = (1, 500)


def scoring(data: Mapping[str, Any]) -> tuple[tuple[ScoringRow, ...], tuple[str, ...]]:
    rows = []
    for i, raw in enumerate(r.entries(data, "scoring")):
        where = at_index("scoring", i)
        measure = raw.get("measure")
        if measure not in SCORED:
            raise fail(at_key(where, "measure"), f"one of {SCORED}")
        rows.append(
            ScoringRow(
                measure,
                r.whole(raw.get("per"), at_key(where, "per"), *PER_RANGE),
                r.whole(raw.get("power", 0), at_key(where, "power"), *POWER_RANGE),
                r.whole(raw.get("strain", 0), at_key(where, "strain"), 0, 15),
            )
        )
    raw_ties = r.table(data.get("tie_breakers"), "tie_breakers")
    ties = r.as_list(r.value(raw_ties.get("order"), "tie_breakers.order"), "tie_breakers.order")
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


def technologies(data: Mapping[str, Any], refs: Refs) -> tuple[Technology, ...]:
    techs = []
    for i, raw in enumerate(r.entries(data, "technology")):
        where = at_index("technology", i)
        kind = raw.get("type")
        if kind not in v.TECH_TYPES:
            raise fail(at_key(where, "type"), f"one of {v.TECH_TYPES}")
        techs.append(
            Technology(
                r.ident(raw, where),
                r.text(raw, "name", where),
                kind,
                r.whole(raw.get("level"), at_key(where, "level"), 1, 3),
                v.TECHNOLOGY_OPS.compile(raw.get("ability"), at_key(where, "ability"), refs),
            )
        )
    if sorted((t.type, t.level) for t in techs) != sorted(
        (kind, level) for kind in v.TECH_TYPES for level in (1, 2, 3)
    ):
        raise fail("technology", "one technology of each type and level (12)")
    return tuple(techs)


def missions(data: Mapping[str, Any], refs: Refs) -> tuple[Mission, ...]:
    missions = []
    for i, raw in enumerate(r.entries(data, "mission")):
        where = at_index("mission", i)
        timing = raw.get("timing")
        if timing not in TIMINGS:
            raise fail(at_key(where, "timing"), f"one of {TIMINGS}")
        options = r.as_list(raw.get("options"), at_key(where, "options"))
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
                    r.whole(option.get("power"), at_key(at, "power"), *POWER_RANGE),
                )
            )
        missions.append(
            Mission(
                r.ident(raw, where),
                r.text(raw, "name", where),
                timing,
                r.whole(raw.get("copies"), at_key(where, "copies"), *COPIES_RANGE),
                tuple(read),
            )
        )
    return tuple(missions)


def syndicates(data: Mapping[str, Any]) -> tuple[Syndicate, ...]:
    syndicates = []
    for i, raw in enumerate(r.entries(data, "syndicate")):
        where = at_index("syndicate", i)
        criterion = raw.get("criterion")
        read = _criterion(criterion) if isinstance(criterion, str) else None
        if read is None:
            raise fail(at_key(where, "criterion"), "most:<measure> or fewest:<measure>")
        syndicates.append(
            Syndicate(
                r.ident(raw, where),
                r.text(raw, "name", where),
                read[0],
                read[1],
                r.whole(raw.get("power"), at_key(where, "power"), *POWER_RANGE),
            )
        )
    return tuple(syndicates)


def candidates(
    data: Mapping[str, Any], refs: Refs, fortunes: frozenset[str]
) -> tuple[Candidate, ...]:
    candidates = []
    for i, raw in enumerate(r.entries(data, "candidate")):
        where = at_index("candidate", i)
        fortune = raw.get("fortune")
        if (
            not isinstance(fortune, str)  # a list or an object is no id (nor hashable)
            or fortune not in fortunes
            or fortune.partition("-")[0] not in COURT
        ):
            raise fail(at_key(where, "fortune"), "a dominance fortune (J, Q, K or a joker)")
        candidates.append(
            Candidate(
                r.ident(raw, where),
                r.text(raw, "name", where),
                (str(fortune).partition("-")[0], str(fortune).partition("-")[2]),
                r.steps(raw.get("setup"), at_key(where, "setup"), v.SETUP_OPS, refs),
                r.whole(raw.get("district"), at_key(where, "district"), 1, 11),
                r.steps(
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


def opponent(data: Mapping[str, Any], refs: Refs) -> Opponent:
    raw = r.table(data.get("opponent"), "opponent")
    r.source(raw, "opponent")
    return Opponent(
        r.ident(raw, "opponent"),
        r.text(raw, "name", "opponent"),
        r.steps(raw.get("setup"), "opponent.setup", v.SETUP_OPS, refs),
        r.steps(raw.get("round_6"), "opponent.round_6", v.SETUP_OPS, refs),
    )


def solo(data: Mapping[str, Any], refs: Refs, syndicates: set[str], candidates: set[str]) -> Solo:
    raw = r.table(data.get("solo"), "solo")

    def ids(key: str, known: set[str]) -> tuple[str, ...]:
        where = at_key("solo", key)
        values = r.as_list(r.value(raw.get(key), where), where)
        if not values or any(not isinstance(x, str) or x not in known for x in values):
            raise fail(where, "names known ids")
        return tuple(values)

    ranks = []
    for i, row in enumerate(r.as_list(r.value(raw.get("ranks"), "solo.ranks"), "solo.ranks")):
        at = at_index("solo.ranks", i)
        if not isinstance(row, list) or len(row) != 2 or not isinstance(row[1], str):
            raise fail(at, "[lowest score, rank]")
        ranks.append((r.whole(row[0], at_index(at, 0), 0, 500), row[1]))
    if (
        not ranks
        or [r[0] for r in ranks] != sorted((r[0] for r in ranks), reverse=True)
        or ranks[-1][0]
    ):
        raise fail("solo.ranks", "at least one rank, best first, the last from 0")
    return Solo(
        r.whole(
            r.value(raw.get("player_power"), "solo.player_power"),
            "solo.player_power",
            *SOLO_POWER_RANGE,
        ),
        r.whole(
            r.value(raw.get("overlord_power"), "solo.overlord_power"),
            "solo.overlord_power",
            *SOLO_POWER_RANGE,
        ),
        ids("syndicates", syndicates),
        ids("strong_candidates", candidates),
        r.steps(
            r.value(raw.get("strong_candidate_setup"), "solo.strong_candidate_setup"),
            "solo.strong_candidate_setup",
            v.SETUP_OPS,
            refs,
        ),
        ids("priorities", set(PRIORITIES)),
        tuple(ranks),
    )
