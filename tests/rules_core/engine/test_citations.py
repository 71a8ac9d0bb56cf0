"""Where a game cites the rulebook, in its players' words (rules_core/engine/citations.py).

A rulebook section's page lists the events and refusals that apply it. Players read those as
sentences of the game, never as ids: every event type carries `in_words` and every rejection
code its `rejection_words`, for each game the service ships (the test-only Duel writes none, and
its uses fall back to their names spelt out).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest

from rules_core.engine import GameSpec, from_json, get_game
from rules_core.engine.citations import citation_uses, in_words
from rules_core.engine.fork_shuffle import UnseenCardsShuffled
from rules_core.engine.types import Citation, GameEvent
from rules_core.rulebooks import get_book
from tests.golden.playthroughs import case_path, cases
from tests.shipped import shipped_games

MOST = 160  # characters: one sentence, short enough to read in a list


def _named(spec: GameSpec[Any]) -> list[tuple[str, str]]:
    """Every event type and rejection code of a game, with its words."""
    events = [(f"event {n}", t.in_words) for n, t in spec.event_types.items()]
    codes = [(f"rejection {c}", spec.rejection_words.get(c, "")) for c in spec.rejections]
    return events + codes


def _faults(words: str) -> list[str]:
    """What keeps `words` from being one sentence a player can read ([] when nothing)."""
    faults = []
    if not words[:1].isupper():
        faults.append("does not start with a capital letter")
    if not words.endswith("."):
        faults.append("does not end with a full stop")
    if "_" in words or "`" in words:
        faults.append("holds an id or code (an underscore or a backtick)")
    if len(words) > MOST:
        faults.append(f"is {len(words)} characters long (at most {MOST})")
    return faults


def test_the_five_shipped_games_are_checked() -> None:
    assert {g.slug for g in shipped_games()} == {
        "black-metro",
        "gotham-city-chronicles",
        "gotham-city-strategy",
        "gotham-race",
        "no-mans-land",
    }


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_every_event_and_refusal_of_a_game_has_words_a_player_can_read(
    spec: GameSpec[Any],
) -> None:
    faults = [
        f"{name}: {fault}: {words!r}" for name, words in _named(spec) for fault in _faults(words)
    ]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_refusal_words_name_exactly_the_games_rejection_codes(spec: GameSpec[Any]) -> None:
    assert set(spec.rejection_words) == set(spec.rejections)


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_every_refusal_cites_a_section_that_states_its_rule_and_no_bare_heading(
    spec: GameSpec[Any],
) -> None:
    """A refusal cites where the book states the rule it applies: at least one of its sections
    states a rule, and none is a heading whose rules all sit in its subsections (Gotham Race's
    'preparation' was one). A board's legend or the box's contents may stand beside the rule."""
    faults = []
    for code, citations in spec.rejections.items():
        sections = [get_book(c.book).section(c.section) for c in citations]
        if not any(s.normative for s in sections):
            faults.append(f"{code}: no section that states a rule: {[s.id for s in sections]}")
        faults += [f"{code}: {s.id} is a bare heading" for s in sections if s.no_rule == "heading"]
    assert faults == []


def _event_faults(name: str, lead: Citation, cited: Sequence[Citation]) -> list[str]:
    """What keeps an event's citations (`cited`, `lead` first) from leading with the rule it
    carries out: a lead that states no rule, a bare heading, or a worked example beside none of
    the sections it illustrates (its parent or those it names related)."""
    sections = [get_book(c.book).section(c.section) for c in cited]
    ids = {s.id for s in sections}
    head = get_book(lead.book).section(lead.section)
    faults = [f"{name}: leads with {head.id}, which states no rule"] if not head.normative else []
    faults += [f"{name}: {s.id} is a bare heading" for s in sections if s.no_rule == "heading"]
    return faults + [
        f"{name}: {s.id} is an example of nothing it cites"
        for s in sections
        if s.no_rule == "example" and not ids & {s.parent, *s.related}
    ]


@pytest.mark.parametrize("slug", [g.slug for g in shipped_games()])
def test_every_event_leads_with_a_section_that_states_its_rule_and_no_bare_heading(
    slug: str,
) -> None:
    """An event type cites first the section whose rule it carries out (a player follows its
    first citation), never a heading whose rules sit in its subsections (City Strategy's
    'turn.level', 'glossary'), and a worked example only beside the rule it works."""
    faults = []
    for name, kind in get_game(slug).event_types.items():
        faults += _event_faults(name, kind.citations[0], (*kind.citations, *kind.may_cite))
    assert faults == []


@pytest.mark.parametrize("slug", sorted({c[0] for c in cases()}))
def test_every_event_played_cites_so_within_what_its_type_declares(slug: str) -> None:
    """The same of each event the golden playthroughs record, as `cited` gives it from its
    data (a fight's rule, a race won backwards), within its type's `citations` and `may_cite`
    (what a section's page lists)."""
    spec = get_game(slug)
    faults = []
    for _, players, seed in [c for c in cases() if c[0] == slug]:
        steps = json.loads(case_path(slug, players, seed).read_text())["steps"]
        for step in steps:
            for record in step["events"]:
                kind = spec.event_types[record["type"]]
                event = from_json(kind, {**record["data"], "seat": step["seat"]})
                cited = event.cited()
                faults += _event_faults(event.type, cited[0], cited)
                if not set(cited) <= {*kind.citations, *kind.may_cite}:
                    faults.append(f"{event.type}: cites beyond its type: {cited}")
    assert sorted(set(faults)) == []


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_a_games_words_tell_its_events_apart(spec: GameSpec[Any]) -> None:
    """Two event types said alike would read as one on a section's page (a subclass that only
    re-cites its base, such as a game's fork shuffle, keeps the base's words)."""
    said: dict[str, list[str]] = {}
    for name, event_type in spec.event_types.items():
        said.setdefault(event_type.in_words, []).append(name)
    assert [names for names in said.values() if len(names) > 1] == []


def test_the_fork_shuffle_of_every_game_keeps_the_engines_words() -> None:
    for spec in shipped_games():
        for event_type in spec.event_types.values():
            if issubclass(event_type, UnseenCardsShuffled):
                assert event_type.in_words == UnseenCardsShuffled.in_words


def test_a_use_carries_the_words_of_its_event_or_refusal() -> None:
    race = next(g for g in shipped_games() if g.slug == "gotham-race")
    uses = {(u.kind, u.name): u for u in citation_uses(race)}
    drawn = uses["event", "card_drawn"]
    assert drawn.words == race.event_types["card_drawn"].in_words
    assert drawn.words == "A player draws the top card of a deck of their choice."
    empty = uses["rejection", "deck_empty"]
    assert empty.words == "Drawing from a deck that has no cards left."
    assert all(u.words == in_words(u.words, u.name) for u in uses.values())


class _Wordless(GameEvent):
    type: ClassVar[str] = "card_burnt"
    citations: ClassVar[tuple[Citation, ...]] = (Citation("book", "a"),)


class _Unworded:
    """A game that has written no words yet (as the test-only Duel)."""

    slug = "unworded"
    event_types: Mapping[str, type[GameEvent]] = {"card_burnt": _Wordless}
    rejections: Mapping[str, tuple[Citation, ...]] = {"no_fire": (Citation("book", "b"),)}
    rejection_words: Mapping[str, str] = {}


def test_a_game_without_words_falls_back_to_its_names_spelt_out() -> None:
    uses = citation_uses(_Unworded())  # type: ignore[arg-type]
    assert [(u.kind, u.words) for u in uses] == [("event", "card burnt"), ("rejection", "no fire")]
