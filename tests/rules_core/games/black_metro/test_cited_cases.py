"""The sections an event cites in some cases only (rules version 34), each cited exactly when
it applies, from what the event records in the open: the solo set-up's syndicates and
missions, a research, a dominance counter, a district's power and Voltaic Edge's bonus, a
district resolved (its kind, the solo overlord left out, the Expiditry Matrix), the Laughing
Tavern's recall, a recruit short of the box's pieces, the Colonel's set-up, a tile laid and
the solo challenge's event 1. An event stored before keeps the citations it was stored with."""

from __future__ import annotations

import random

import pytest

from rules_core.engine.codec import from_json
from rules_core.engine.types import JSON, GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.engine.updating import updated
from rules_core.games.black_metro import (
    dominance,
    effects,
    facilities,
    resolution,
    sources,
    standby,
)
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import events_standby as s
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import GAME, RED, started, through_setup
from tests.rules_core.games.black_metro.test_abilities import _at, _with
from tests.rules_core.games.black_metro.test_solo import _solo


def _sections(event: GameEvent) -> set[str]:
    return {c.section for c in event.cited()}


def _extra(event: GameEvent) -> set[str]:
    """What the event cites beyond its type's citations, all of it declared in `may_cite`."""
    cited = _sections(event)
    assert cited <= {c.section for c in (*event.citations, *event.may_cite)}, event
    return cited - {c.section for c in event.citations}


def _setup(players: int) -> list[GameEvent]:
    return GAME.setup(players, {}, random.Random(0))


@pytest.mark.parametrize(
    ("kind", "section"),
    [(e.MissionsDrawn, "solo.setup.missions"), (e.SyndicatesRevealed, "solo.setup.syndicates")],
)
def test_the_solo_set_up_cites_its_sections_and_a_table_of_two_does_not(
    kind: type[GameEvent], section: str
) -> None:
    solo = [event for event in _setup(1) if isinstance(event, kind)]
    duo = [event for event in _setup(2) if isinstance(event, kind)]
    assert solo and duo
    assert all(_extra(event) == {section} for event in solo)
    assert all(_extra(event) == set() for event in duo)


def test_missions_an_effect_draws_in_the_solo_challenge_are_not_its_set_up() -> None:
    state, _ = _solo()
    run = Run(state)
    effects.draw_missions(run, 0, 1)
    assert [_extra(event) for event in run.events] == [set()]


def test_a_researched_technology_cites_the_research_requirement_a_gained_one_does_not() -> None:
    state = through_setup(started(2, first_game=True))
    run = Run(state)
    effects.research_technology(run, RED, "voltaic-edge")
    effects.gain_technology(run, RED, "neuro")
    researched, gained = run.events
    assert isinstance(researched, e.TechnologyGained) and researched.researched
    assert _extra(researched) == {"troubleshooting.cards.technologies"}
    assert _extra(gained) == set()


def test_only_a_dominance_fortune_countering_cites_that_the_first_alone_attacks() -> None:
    def played(card: str, counter: bool) -> ef.FortunePlayed:
        return ef.FortunePlayed(seat=0, owner=0, card=card, district=3, target=1, counter=counter)

    dominance_rule = {"troubleshooting.cards.fortunes.dominance"}
    assert _extra(played("K-hearts", True)) == dominance_rule
    assert _extra(played("Joker-1", True)) == dominance_rule
    assert _extra(played("K-hearts", False)) == set()  # the attack
    assert _extra(played("7-hearts", True)) == set()  # an assignment fortune's counter


def _fortified(state: BlackMetroState, technologies: tuple[str, ...]) -> BlackMetroState:
    """Red with a paragon and a blockade at 04, Blue with 2 subordinates there."""
    state = _at(_at(state, 4, 0, (1, 1, 0)), 4, 1, (2, 0, 0))
    forts = (Fortification(0, "blockade"),)
    state = state.with_district(4, updated(state.district(4), fortifications=forts))
    return _with(state, 0, technologies=technologies)


def _contested(state: BlackMetroState) -> d.DistrictContested:
    run = Run(state)
    dominance._contest(run, 4)
    contested = run.events[0]
    assert isinstance(contested, d.DistrictContested)
    return contested


def test_a_district_contested_cites_voltaic_edge_when_it_counts_and_the_power_won() -> None:
    table = through_setup(started(2, first_game=True))
    boosted = _contested(_fortified(table, ("voltaic-edge",)))
    assert boosted.strengths == (4, 2) and boosted.fortified_bonus
    voltaic = "troubleshooting.cards.technologies.voltaic-edge"
    assert _extra(boosted) == {voltaic, "district-dominance.power"}
    plain = _contested(_fortified(table, ()))  # 3 against 2: no bonus, Red still dominates
    assert plain.strengths == (3, 2) and _extra(plain) == {"district-dominance.power"}
    tied = _contested(_at(_fortified(table, ()), 4, 1, (3, 0, 0)))
    assert tied.dominator == -1 and _extra(tied) == set()  # nobody acquires power


def test_a_district_resolved_cites_its_kind_the_overlord_left_out_and_the_matrix() -> None:
    state, _ = _solo()
    overlord = state.overlord
    assert overlord is not None
    state = _at(_at(state, 3, 0, (1, 0, 0)), 3, overlord, (2, 0, 0))
    beside = resolution._resolving(state, 3, (0,))
    assert _extra(beside) == {"troubleshooting.districts", "solo.rules.resolution"}
    alone = resolution._resolving(_at(state, 3, overlord, (0, 0, 0)), 3, (0,))
    assert _extra(alone) == {"troubleshooting.districts"}
    at_12 = _at(_at(state, 12, overlord, (1, 0, 0)), 12, 0, (2, 0, 0))
    battlefield = resolution._resolving(at_12, 12, (0,))
    assert _extra(battlefield) == {"troubleshooting.districts"}  # no facility: nothing to use
    remote = resolution._resolving(state, 5, (0,))  # no personnel at 05: the matrix's
    assert _extra(remote) == {
        "troubleshooting.districts",
        "troubleshooting.cards.technologies.expiditry-matrix",
    }


def test_the_tavern_s_recall_cites_its_entry_and_the_standby_phase_s_does_not() -> None:
    state = _at(through_setup(started(2, first_game=True)), 5, RED, (2, 1, 0))
    (step,) = state.the_pack().district(5).effects[1].steps
    run = Run(state)
    facilities._do(run, RED, 5, step, "2,1,0", sources.of(sources.DISTRICT, 5, 2))
    recalled, recruited = run.events
    assert recalled == r.Recalled(seat=None, owner=RED, district=5, troop=(2, 1, 0), by_effect=True)
    assert _extra(recalled) == {"troubleshooting.districts.laughing-tavern"}
    assert isinstance(recruited, e.Recruited) and recruited.district == 5
    run = Run(state)
    standby._do(run, "recall", random.Random(0))
    home = [event for event in run.events if isinstance(event, r.Recalled)]
    assert [(ev.owner, ev.district, ev.by_effect) for ev in home][:1] == [(RED, 5, False)]
    assert all(_extra(event) == set() for event in home)


def test_only_the_tavern_s_own_recall_cites_its_entry() -> None:
    def recalled(district: int, by_effect: bool) -> r.Recalled:
        troop = (1, 0, 0)
        return r.Recalled(seat=None, owner=0, district=district, troop=troop, by_effect=by_effect)

    assert _extra(recalled(5, True)) == {"troubleshooting.districts.laughing-tavern"}
    assert _extra(recalled(5, False)) == set()  # the standby phase's recall
    assert _extra(recalled(3, True)) == set()  # a custom pack's recall elsewhere


def _short_recruit() -> list[GameEvent]:
    """Red, with 1 subordinate in the backup and 1 overwhelmed, recruiting 3; or 1."""
    state = through_setup(started(2, first_game=True))
    backup, bag = state.player(RED).backup, state.player(RED).overwhelmed
    state = _with(state, RED, backup=(1, *backup[1:]), overwhelmed=(1, *bag[1:]))
    recruits = []
    for amount in (3, 1):
        run = Run(state)
        effects.recruit(run, RED, amount)
        recruits += run.events
    return recruits


def test_a_recruit_short_of_the_pieces_asked_cites_the_box_s_units() -> None:
    short, whole = _short_recruit()
    assert isinstance(short, e.Recruited) and short.short
    assert (short.from_backup, short.from_overwhelmed) == (1, 1)
    assert _extra(short) == {"troubleshooting.units"}
    assert isinstance(whole, e.Recruited) and not whole.short and _extra(whole) == set()


def test_the_colonel_s_specialised_personnel_gained_at_set_up_cites_its_entry() -> None:
    state = through_setup(started(2, first_game=True))
    pack = state.the_pack()
    gains = {
        source: steps[0]
        for source, steps in (
            (sources.of(sources.SETUP, "colonel"), pack.candidate("colonel").setup),
            (sources.of(sources.OVERLORD, "setup"), pack.opponent.setup),
        )
    }
    cited = {}
    for source, step in gains.items():
        assert step.op == "gain_personnel"
        run = Run(state)
        effects.setup_step(run, RED, step, random.Random(0), source)
        (gained,) = run.events
        assert isinstance(gained, e.PersonnelGained) and gained.source == source
        cited[source] = _extra(gained)
    assert cited == {
        "setup:colonel": {"troubleshooting.cards.candidates.colonel"},
        "overlord:setup": set(),
    }


def _struck(state: BlackMetroState, step: str, tile: str) -> s.DistrictExploded:
    run = Run(updated(state, flow=updated(state.flow, step=step)))
    standby.strike(run, 4, tile)
    exploded = run.events[0]
    assert isinstance(exploded, s.DistrictExploded)
    return exploded


def test_an_explosion_cites_the_box_s_tiles_and_in_solo_event_1_s_hold_on_the_overlord() -> None:
    solo, _ = _solo()
    result_1 = "solo.rules.overlord.result-1"
    assert _extra(_struck(solo, "event", "")) == {result_1}  # its tile chosen next
    assert _extra(_struck(solo, "explosion", "district-explosion")) == {"components.tiles"}
    duo = through_setup(started(2, first_game=True))
    assert _extra(_struck(duo, "event", "")) == set()
    laid = s.TileLaid(seat=None, district=4, tile="massive-explosion")
    assert _extra(laid) == {"components.tiles"}


# an event of each type as stored before rules version 34: (type, its version, its data)
STORED: list[tuple[type[GameEvent], int, dict[str, JSON]]] = [
    (e.SyndicatesRevealed, 1, {"syndicates": ["builders-union"]}),
    (e.MissionsDrawn, 2, {"owner": 0, "cards": ["m#1"], "knower": -1}),
    (e.MissionsDrawn, 1, {"owner": 0, "cards": ["m#1"]}),
    (e.TechnologyGained, 2, {"owner": 0, "technology": "t@0", "researched": True, "kind": ""}),
    (e.TechnologyGained, 1, {"owner": 0, "technology": "t@0", "researched": True}),
    (
        ef.FortunePlayed,
        1,
        {"owner": 0, "card": "K-hearts", "district": 3, "target": 1, "counter": True},
    ),
    (d.DistrictContested, 1, {"district": 4, "strengths": [4, 2], "dominator": 0}),
    (r.DistrictResolving, 1, {"district": 3, "players": [0]}),
    (r.Recalled, 1, {"owner": 0, "district": 5, "troop": [1, 0, 0]}),
    (e.Recruited, 1, {"owner": 0, "from_backup": 1, "from_overwhelmed": 0, "district": 5}),
    (e.PersonnelGained, 1, {"owner": 0, "troop": [0, 1, 0]}),
    (s.DistrictExploded, 1, {"district": 4, "tile": "district-explosion"}),
    (s.TileLaid, 1, {"district": 4, "tile": "massive-explosion"}),
]


@pytest.mark.parametrize(("kind", "version", "data"), STORED)
def test_an_event_stored_before_keeps_the_citations_it_was_stored_with(
    kind: type[GameEvent], version: int, data: dict[str, JSON]
) -> None:
    stored = from_json(kind, {**upcast(kind, data, version), "seat": None})
    assert stored.cited() == kind.citations


def _cited_in_order(event: GameEvent) -> list[str]:
    return [c.section for c in event.cited()]


def test_a_missions_discards_cite_the_missions_rule_and_keep_the_standby_example_as_stored() -> (
    None
):
    """A mission's discards cited the book's worked example of a standby mission whatever the
    mission, beside no rule of the standby phase (rules version 36 cites the missions' rule
    alone); an event stored before keeps the example it was stored with."""
    why = sources.of(sources.MISSION)
    discarded = ef.FortunesDiscarded(seat=0, owner=0, cards=("4-hearts",), reason=why)
    asked = ef.DiscardsAsked(seat=0, owner=0, count=2, reason=why, card="m#1", option=1)
    for event in (discarded, asked):
        assert _cited_in_order(event) == ["appendix.fortunes", "appendix.missions"]
    as_stored = ["appendix.fortunes", "appendix.missions", "example.standby.mission"]
    old_discard: dict[str, JSON] = {"owner": 0, "cards": ["4-hearts"], "reason": why}
    old_ask: dict[str, JSON] = {"owner": 0, "count": 2, "reason": why, "card": "m#1", "option": 1}
    for kind, version, data in (
        (ef.FortunesDiscarded, 3, old_discard),
        (ef.DiscardsAsked, 1, old_ask),
    ):
        stored = from_json(kind, {**upcast(kind, data, version), "seat": 0})
        assert _cited_in_order(stored) == as_stored
    reroll: dict[str, JSON] = {**old_discard, "reason": sources.of(sources.REROLL)}
    stored = from_json(ef.FortunesDiscarded, {**upcast(ef.FortunesDiscarded, reroll, 3), "seat": 0})
    assert _cited_in_order(stored) == [
        "appendix.fortunes",
        "appendix.dice",
    ]  # no other reason moved
