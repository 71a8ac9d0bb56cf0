"""Strain inflicted and personnel overwhelmed say why (rules version 28): each event records its
cause, cites the section of that cause and is told with it; one stored before keeps the
citations it was stored with and is told as it was. And the events whose citations follow
their data may cite exactly what they can cite."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.types import JSON, Citation, GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.engine.updating import updated
from rules_core.games.black_metro import language as w
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.citations import DISTRICT_SECTIONS, cite
from rules_core.games.black_metro.content import REFERENCE_PACK, parse_pack
from rules_core.games.black_metro.events import PersonnelAssigned
from rules_core.games.black_metro.events_fortunes import DISCARD_SECTIONS, FortunesDiscarded
from rules_core.games.black_metro.events_harm import (
    OVERWHELM_SECTIONS,
    STRAIN_SECTIONS,
    Overwhelmed,
    StrainInflicted,
)
from rules_core.games.black_metro.events_standby import GameScored
from rules_core.games.black_metro.state import BlackMetroState
from rules_core.rulebooks import resolve
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    started,
)
from tests.rules_core.games.black_metro.test_story import _random_games

ASTRAL_TOWER, GILDED_BANK = 11, 3

# every kind of cause of strain, the sections it cites beside the strain limit, and how the
# story tells it in the book's example round (Blue's 2 blockades at 11 Astral Tower, a
# gladiator arena laid on 03 Gilded Bank)
STRAIN_CAUSES: Mapping[str, tuple[tuple[str, ...], str]] = {
    sources.of(sources.BLOCKADE, ASTRAL_TOWER): (
        ("appendix.fortifications.blockades",),
        "Red inflicts 4 strain for Blue's 2 blockades at 11 Astral Tower.",
    ),
    sources.of(sources.TILE, GILDED_BANK): (
        ("appendix.tiles",),
        "Red inflicts 4 strain from the gladiator arena at 03 Gilded Bank.",
    ),
    sources.of(sources.DISTRICT, GILDED_BANK, 2): (
        ("districts.gilded-bank",),
        "Red inflicts 4 strain for the second effect of 03 Gilded Bank.",
    ),
    sources.of(sources.DICE, "penalty", 1): (
        ("appendix.dice.penalty",),
        "Red inflicts 4 strain from the 1 on the penalty dice.",
    ),
    sources.of(sources.SETUP, "banker"): (
        ("starting.candidates",),
        "Red inflicts 4 strain for The Banker's set-up.",
    ),
    sources.of(sources.SETUP): (
        ("starting.candidates",),
        "Red inflicts 4 strain for the first game's set-up.",
    ),
    sources.of(sources.HANDICAP, "colonel"): (
        ("solo.setup.candidate",),
        "Red inflicts 4 strain for choosing The Colonel in the solo challenge.",
    ),
    sources.of(sources.OVERLORD, "setup"): (
        ("solo.setup.opponent",),
        "Red inflicts 4 strain for the overlord's set-up.",
    ),
    sources.of(sources.DOMINANCE, GILDED_BANK, GREEN): (
        ("district-dominance.strain",),
        "Red inflicts 4 strain for having less strength than Green at 03 Gilded Bank.",
    ),
    sources.of(sources.FORTUNE, "K", GREEN): (
        ("appendix.fortunes.dominance",),
        "Red inflicts 4 strain from Green's king.",
    ),
    sources.of(sources.UNFULFILLED, 2): (
        ("appendix.missions",),
        "Red inflicts 4 strain for 2 unfulfilled missions.",
    ),
    sources.of(sources.RECOVER): (
        ("phases.standby.recall",),
        "Red inflicts 4 strain to recover overwhelmed personnel.",
    ),
}

# the same for personnel overwhelmed (Red's 1 subordinate, from 03 Gilded Bank)
OVERWHELM_CAUSES: Mapping[str, tuple[tuple[str, ...], str]] = {
    sources.of(sources.DOMINANCE, GILDED_BANK, BLUE): (
        ("district-dominance.overwhelm",),
        "by Blue's dominance",
    ),
    sources.of(sources.FORTUNE, "Joker", GREEN): (
        ("appendix.fortunes.dominance",),
        "by Green's joker",
    ),
    sources.of(sources.SOLO_FORTUNE, "K", GREEN): (
        ("solo.rules.fortunes.king",),
        "by Green's king",
    ),
    sources.of(sources.DICE, "event", 5): (
        ("appendix.dice.event",),
        "by event 5 (arms reallocation)",
    ),
    sources.of(sources.HANDICAP, "technologist"): (
        ("solo.setup.candidate",),
        "for choosing The Technologist in the solo challenge",
    ),
    sources.of(sources.SETUP, "banker"): (("starting.candidates",), "for The Banker's set-up"),
}


def _table() -> BlackMetroState:
    """The example round with a gladiator arena on 03 Gilded Bank."""
    state = example_round()
    return state.with_district(
        GILDED_BANK, updated(state.district(GILDED_BANK), tile="gladiator-arena")
    )


def test_each_cause_of_strain_is_cited_and_told_in_the_games_words() -> None:
    """ "Red inflicts 4 strain." gave no reason; the book's example round says "because Blue
    has built 2 blockades there". Each cause is recorded, cites its section beside the strain
    limit and is told; every kind sources.py names for harm is here."""
    state = _table()
    kinds = {sources.parts(c)[0] for c in STRAIN_CAUSES}
    assert kinds == {sources.parts(k)[0] for k in STRAIN_SECTIONS}
    for code, (sections, words) in STRAIN_CAUSES.items():
        event = StrainInflicted(seat=None, owner=RED, amount=4, power_lost=0, cause=code)
        assert event.cited() == cite("troubleshooting.resources", *sections), code
        assert GAME.narrate(state, event, None, False) == words
        assert to_json(event) == {
            "seat": None,
            "owner": RED,
            "amount": 4,
            "power_lost": 0,
            "cause": code,
            "cites_cause": True,
        }
    at_15 = StrainInflicted(seat=None, owner=RED, amount=0, power_lost=2, cause="recover:")
    assert GAME.narrate(state, at_15, None, False) == (
        "Red is at 15 strain and loses 2 power instead of inflicting 2 more to recover "
        "overwhelmed personnel."
    )


def test_each_cause_of_an_overwhelm_is_cited_and_told_in_the_games_words() -> None:
    state = _table()
    kinds = {sources.parts(c)[0] for c in OVERWHELM_CAUSES}
    assert kinds == {sources.parts(k)[0] for k in OVERWHELM_SECTIONS} - {sources.OVERLORD}
    for code, (sections, words) in OVERWHELM_CAUSES.items():
        event = Overwhelmed(seat=None, owner=RED, district=GILDED_BANK, troop=(1, 0, 0), cause=code)
        assert event.cited() == cite("setup.overwhelmed", *sections), code
        told = GAME.narrate(state, event, None, False)
        assert told == f"Red's 1 subordinate at 03 Gilded Bank is overwhelmed {words}.", code


def test_a_cause_the_book_has_no_section_for_cites_the_events_own_alone() -> None:
    """A custom pack's own dice, a district past the book's, or a solo version of a fortune
    the book does not change that way (the solo queen overwhelming)."""
    for code in ("dice:own:1", "district:13:1"):
        event = StrainInflicted(seat=None, owner=RED, amount=1, power_lost=0, cause=code)
        assert event.cited() == StrainInflicted.citations
    queen = Overwhelmed(seat=None, owner=RED, district=3, troop=(1, 0, 0), cause="solo_fortune:Q:1")
    assert queen.cited() == Overwhelmed.citations


def test_strain_or_an_overwhelm_stored_before_rules_version_28_keeps_its_citations() -> None:
    """A version-1 event recorded no cause and cited the strain limit and Highfield Hospital,
    or the overwhelmed bag: read again it cites what was stored beside it and is told as it
    was."""
    strain: dict[str, JSON] = {"owner": RED, "amount": 2, "power_lost": 0}
    read = upcast(StrainInflicted, strain, 1)
    assert read == {**strain, "cause": "", "cites_cause": False}
    event = from_json(StrainInflicted, {**read, "seat": None})
    assert event.cited() == cite("troubleshooting.resources", "districts.highfield-hospital")
    assert GAME.narrate(started(2), event, None, False) == "Red inflicts 2 strain."
    bag: dict[str, JSON] = {"owner": RED, "district": 0, "troop": [0, 1, 0]}
    read = upcast(Overwhelmed, bag, 1)
    assert read == {**bag, "cause": "", "cites_cause": False}
    overwhelmed = from_json(Overwhelmed, {**read, "seat": None})
    assert overwhelmed.cited() == cite("setup.overwhelmed")
    assert GAME.narrate(started(2), overwhelmed, None, False) == "Red's 1 paragon is overwhelmed."


def test_all_strain_and_every_overwhelm_in_random_games_names_its_cause() -> None:
    """Whatever inflicts strain or overwhelms personnel at the table, the event records it,
    cites its section, and every seat's story tells it: none reads as a bare "Red inflicts 1
    strain." or "… is overwhelmed."."""
    bare = re.compile(r"^(\S+|the overlord)('s .+)? (inflicts \d+ strain|is overwhelmed)\.$", re.I)
    assert bare.match("Red inflicts 1 strain.") and bare.match("Red's 1 paragon is overwhelmed.")
    kinds: set[str] = set()
    for players, state, event in _random_games():
        if not isinstance(event, (StrainInflicted, Overwhelmed)):
            continue
        kind = sources.parts(event.cause)[0]
        kinds.add(f"{event.type} {kind}")
        table = STRAIN_SECTIONS if isinstance(event, StrainInflicted) else OVERWHELM_SECTIONS
        assert kind in table, event
        assert len(event.cited()) == len(type(event).citations) + 1, event
        why = (
            w.strain_cause(state, event.cause, event.owner)
            if isinstance(event, StrainInflicted)
            else w.overwhelm_cause(state, event.cause)
        )
        for seat in range(players):
            told = GAME.narrate(state, event, seat, False)
            assert why and why in told and not bare.match(told), (event, told)
    assert {
        "strain_inflicted blockade",
        "strain_inflicted dominance",
        "strain_inflicted district",
        "strain_inflicted setup",
        "overwhelmed dominance",
    } <= kinds, kinds


def _harm_codes(table: Mapping[str, tuple[str, ...]]) -> list[str]:
    """A cause of each kind in `table`, of every district and dice it may name."""
    codes = []
    for kind in table:
        if kind == sources.DISTRICT:
            codes += [sources.of(kind, n, 1) for n in range(1, len(DISTRICT_SECTIONS) + 1)]
        elif kind == sources.DICE:
            codes += [sources.of(kind, d, 1) for d in ("fortune", "supply", "penalty", "event")]
        elif kind in (sources.FORTUNE, sources.SOLO_FORTUNE):
            codes.append(sources.of(kind, "K", 1))
        else:
            codes.append(kind if ":" in kind else sources.of(kind, 3, 1))
    return codes


DISCARDS = (  # a discard for each reason (sources.py)
    "reroll:supply",
    "sabotage:1:supply",
    "blockade:3",
    "mission:",
    "hand_limit:",
    "dice:penalty:5",
    "dice:event:2",
    "counterintelligence:",
)


def _examples() -> Mapping[type[GameEvent], Iterable[GameEvent]]:
    """Events of each type whose citations follow its data, in every case it knows."""
    troop = (1, 0, 0)
    return {
        StrainInflicted: [
            StrainInflicted(seat=None, owner=0, amount=1, power_lost=0, cause=c, cites_cause=s)
            for c in _harm_codes(STRAIN_SECTIONS)
            for s in (True, False)
        ],
        Overwhelmed: [
            Overwhelmed(seat=None, owner=0, district=3, troop=troop, cause=c, cites_cause=s)
            for c in _harm_codes(OVERWHELM_SECTIONS)
            for s in (True, False)
        ],
        PersonnelAssigned: [
            PersonnelAssigned(seat=0, owner=0, district=3, troop=troop, forced=f, cites_forced=s)
            for f in (True, False)
            for s in (True, False)
        ],
        FortunesDiscarded: [
            FortunesDiscarded(seat=0, owner=0, cards=("J-clubs",), reason=c) for c in DISCARDS
        ],
        GameScored: [GameScored(seat=None, scores=(70,), winners=(0,), rank=r) for r in ("", "S")],
    }


def test_events_citing_by_their_data_may_cite_exactly_what_they_cite() -> None:
    """`may_cite` lists the sections an event of the type cites in some cases: the rulebook
    lists the event where the game applies each (rule_coverage). `personnel_assigned` listed
    the blockades and tiles, which it never cites (the strain and tile effects that follow an
    assignment do); `overwhelmed` the overlord's forced effects, which nothing overwhelms by.
    For each type whose citations follow its data, every case together cites its own
    sections and exactly those it may cite."""
    assert set(DISCARD_SECTIONS) == {
        sources.REROLL,
        sources.SABOTAGE,
        sources.BLOCKADE,
        sources.MISSION,
        sources.HAND_LIMIT,
        sources.DICE,
        sources.COUNTERINTELLIGENCE,
    }  # every reason the discards above give
    for kind, events in _examples().items():
        cited: set[Citation] = {c for event in events for c in event.cited()}
        assert cited == {*kind.citations, *kind.may_cite}, kind.type
        for citation in cited:
            resolve(citation)
    assert PersonnelAssigned.may_cite == cite("troubleshooting.cards.fortunes.assignment")


def test_a_solo_handicap_names_a_candidate_whose_id_holds_a_colon_by_its_whole_id() -> None:
    """A candidate's id may hold ":" (pack.IDS): the cause "handicap:<candidate>" names the
    candidate after the kind, all of it, as the set-up's and the ability's do."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    raw["candidate"][2]["id"] = "the:technologist"
    raw["solo"]["strong_candidates"]["value"] = ["the:technologist", "colonel"]
    state = updated(_table(), pack=parse_pack(raw))
    cause = sources.of(sources.HANDICAP, "the:technologist")
    event = Overwhelmed(seat=None, owner=RED, district=GILDED_BANK, troop=(1, 0, 0), cause=cause)
    assert GAME.narrate(state, event, None, False) == (
        "Red's 1 subordinate at 03 Gilded Bank is overwhelmed for choosing The Technologist in "
        "the solo challenge."
    )
