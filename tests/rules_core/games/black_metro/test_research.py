"""Researching a technology (appendix.science): any of the player's own deck up to their
scientific level, downed face down and hidden from the others until charged."""

from __future__ import annotations

import json
import random

from rules_core.engine.updating import updated
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro import events_resolution as r
from rules_core.games.black_metro import facilities, sources
from rules_core.games.black_metro.content import parse_pack
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro import test_example_round as example
from tests.rules_core.games.black_metro.helpers import BLUE, GAME, GREEN, RED, play
from tests.rules_core.games.black_metro.test_discards import _pack

LEVEL_1 = {"calm-protocol", "expiditry-matrix", "voltaic-edge", "trading-platform"}


def _at_the_laboratory(science: int, downed: tuple[str, ...] = ()) -> BlackMetroState:
    """The example round at 08 Oakland Laboratory, Blue to resolve it at a scientific level."""
    state = example._dominated()
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="")
    state, _ = play(state, BLUE, "done_resolving")
    state, _ = play(state, RED, "done_resolving")
    assert state.resolving == 8
    blue = updated(state.player(BLUE), science=science, downed=downed, intel=9, drakownium=9)
    return state.with_player(BLUE, blue)


def _research_offered(state: BlackMetroState) -> set[str]:
    return {
        str(m.get("choice")).removeprefix("research:")
        for m in GAME.legal_moves(state, BLUE)
        if m.type == "use_effect" and str(m.get("choice")).startswith("research:")
    }


def test_each_technology_up_to_the_players_level_may_be_researched_by_name() -> None:
    assert _research_offered(_at_the_laboratory(1)) == LEVEL_1
    level_2 = _research_offered(_at_the_laboratory(2))
    assert "siege-doctrine" in level_2 and "synaptic-dampener" in level_2
    assert len(level_2) == 8 and "overwhelm-array" not in level_2  # level 3 needs level III


def test_a_level_2_technology_is_researched_without_the_level_1_of_its_type() -> None:
    """Only gained technologies come lowest first (troubleshooting.gain); research does not."""
    state = _at_the_laboratory(2)
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="research:siege-doctrine")
    assert state.player(BLUE).downed == (f"siege-doctrine@{BLUE}",)
    assert state.player(BLUE).technologies == ()


def test_a_technology_already_held_is_not_offered_again() -> None:
    state = _at_the_laboratory(1, downed=(f"voltaic-edge@{BLUE}",))
    assert _research_offered(state) == LEVEL_1 - {"voltaic-edge"}


def test_the_others_see_a_technology_researched_and_paid_for_not_which() -> None:
    state = _at_the_laboratory(2)
    _, events = play(state, BLUE, "use_effect", effect=1, choice="research:siege-doctrine")
    used = next(ev for ev in events if isinstance(ev, r.EffectUsed))
    gained = next(ev for ev in events if isinstance(ev, e.TechnologyGained))
    assert gained.researched
    for other in (RED, GREEN, None):
        shown = json.dumps([GAME.redact(ev, other, False) for ev in events])
        assert "siege" not in shown and "battle" not in shown
        assert GAME.narrate(state, used, other, False).count("research a technology") == 1
        paid = [ev for ev in events if isinstance(ev, e.ResourceChanged) and ev.amount < 0]
        assert {GAME.redact(ev, other, False)["amount"] for ev in paid} == {-3, -1}
    assert "Siege Doctrine" in GAME.narrate(state, used, BLUE, False)
    assert "researches Siege Doctrine" in GAME.narrate(state, gained, BLUE, False)


def test_the_others_believe_a_downed_card_may_be_any_researched_at_its_owners_level() -> None:
    """A level II player's one downed technology, for the bots' determinization of another
    seat: any level I or II technology of theirs (researched), never a level III."""
    state = example._dominated()
    green = updated(
        state.player(GREEN), science=2, technologies=(), downed=(f"siege-doctrine@{GREEN}",)
    )
    state = state.with_player(GREEN, green)
    pack = state.the_pack()
    drawn = {
        GAME.determinize(state, RED, random.Random(seed)).player(GREEN).downed[0]
        for seed in range(60)
    }
    levels = {pack.technology(card).level for card in drawn}
    assert levels == {1, 2} and all(card.endswith(f"@{GREEN}") for card in drawn)


def test_the_laboratory_advances_a_level_paid_for_its_level_card() -> None:
    """08 Oakland Laboratory's first effect may advance the scientific level instead of
    researching (appendix.science): Blue at level I pays level II's card and reaches it, each
    payment naming the level it buys."""
    state = _at_the_laboratory(1)
    state, events = play(state, BLUE, "use_effect", effect=1, choice="advance")
    paid = [ev for ev in events if isinstance(ev, e.ResourceChanged)]
    assert {(ev.resource, ev.amount) for ev in paid} == {("intel", -3), ("drakownium", -1)}
    assert {ev.source for ev in paid} == {sources.of(sources.SCIENCE, 2)}
    assert state.player(BLUE).science == 2


def test_a_technology_whose_id_holds_a_colon_is_researched_by_its_whole_id() -> None:
    """A pack's technology ids are any text, a colon included: the laboratory's research names
    the technology after "research:", and the whole rest of the choice is its id."""
    pack = _pack()
    tech = next(t for t in pack["technology"] if t["id"] == "calm-protocol")
    tech["id"] = "calm:protocol"
    state = updated(_at_the_laboratory(1), pack=parse_pack(pack))
    state, _ = play(state, BLUE, "use_effect", effect=1, choice="research:calm:protocol")
    assert state.player(BLUE).downed == (f"calm:protocol@{BLUE}",)


def test_a_research_step_takes_a_technology_whose_id_begins_as_the_laboratorys_way_does() -> None:
    """A pack's technology may be called "research:calm": a step that only researches (a supply
    face's, carried out with that technology chosen) takes it by its whole id and pays nothing,
    unlike the laboratory's research-or-advance step, whose way "research:<id>" pays the
    research cost for the technology after the colon."""
    pack = _pack()
    tech = next(t for t in pack["technology"] if t["id"] == "calm-protocol")
    tech["id"] = "research:calm"
    state = updated(_at_the_laboratory(1), pack=parse_pack(pack))
    steps = state.the_pack().die("supply").faces[3].options[0].steps  # research 1, advance
    assert [step.op for step in steps] == ["research", "advance"]
    assert "research:calm" in facilities.step_ways(state, BLUE, 8, steps[0])
    run = Run(state)
    source = sources.of(sources.DICE, "supply", 4)
    facilities.carry_out(run, BLUE, 8, steps[:1], "research:calm", random.Random(0), source)
    assert run.state.player(BLUE).downed == (f"research:calm@{BLUE}",)
    assert not [ev for ev in run.events if isinstance(ev, e.ResourceChanged)]
