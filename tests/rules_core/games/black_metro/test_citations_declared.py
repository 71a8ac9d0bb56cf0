"""What each event type declares it cites (`citations`, and `may_cite`: the sections an event
of the type cites in some cases) is what its events cite: the rulebook lists an event under
each section it declares (rules_core/engine/citations.py, the rules pages, the book's rule
coverage), so a section declared and never cited lists the event where the game does not apply
it, and one cited and not declared leaves it out.

Seeded random games at 1 to 4 players (the first game's set-up and the candidates', the solo
challenge) show what the events cite; sections that only a rare table or a custom pack makes an
event cite are built here (and in test_cited_cases, each case of rules version 34: until then
fourteen sections were declared by ten types and cited by none of their events, as the events
did not record what tells when they apply)."""

from __future__ import annotations

import functools
import random
import tomllib
from collections.abc import Iterator, Mapping
from typing import Any

from rules_core.engine.types import JSON, GameEvent
from rules_core.engine.updating import updated
from rules_core.games.black_metro import dominance, facilities, sources, standby
from rules_core.games.black_metro.events import RESOURCE_SECTIONS, ResourceChanged
from rules_core.games.black_metro.events_dominance import RelicMoved
from rules_core.games.black_metro.events_fortunes import DiscardsAsked
from rules_core.games.black_metro.run import Run
from tests.rules_core.games.black_metro.helpers import GAME, GREEN, RED, play, through_setup
from tests.rules_core.games.black_metro.test_cited_cases import _short_recruit
from tests.rules_core.games.black_metro.test_discards import REFERENCE, _standby_missions
from tests.rules_core.games.black_metro.test_harm import _examples
from tests.rules_core.games.black_metro.test_solo import _solo
from tests.rules_core.games.black_metro.test_story import RESOURCE_CITED, _random_games

# (players, first game) and the seeds each is played with
TABLES = {(1, False): range(16), **{(n, g): range(4) for n in (2, 3, 4) for g in (False, True)}}


def _games() -> Iterator[GameEvent]:
    """Every event of the seeded random games (up to 3,000 moves each)."""
    tables = [(n, seed, first) for (n, first), seeds in TABLES.items() for seed in seeds]
    for _, _, event in _random_games(tables, moves=3000):
        yield event


def _pack() -> dict[str, Any]:
    with REFERENCE.open("rb") as file:
        return tomllib.load(file)


def _face_discarding_two(dice: str, face: int) -> list[GameEvent]:
    """The events of `dice`'s `face` made, by a custom pack, to discard 2 fortunes of the
    roller's choice (Red, holding 5): asked one at a time (rules version 29). An event face
    keeps two options, the first made the discard, chosen for every player."""
    pack = _pack()
    faces = next(d for d in pack["dice"] if d["id"] == dice)["faces"]
    discard = {"op": "discard_fortunes", "amount": 2}
    if "options" in faces[face - 1]:
        faces[face - 1]["options"][0] = [discard]
    else:
        faces[face - 1]["steps"] = [discard]
    pack["first_game"]["setup"]["value"] += [{"op": "draw", "card": "fortune", "amount": 5}]
    options: dict[str, JSON] = {"first_game": True, "content": pack}
    state = GAME.initial_state()
    for event in GAME.setup(2, options, random.Random(0)):
        state = GAME.evolve(state, event)
    run = Run(through_setup(state))
    if dice == "event":
        standby.apply_event(run, face, 0, random.Random(0))
    else:
        facilities.apply_face(run, RED, dice, face, 0, random.Random(0))
    return run.events


def _overlord_takes_the_relic() -> list[GameEvent]:
    """City dominance in the solo challenge, the player holding the relic and the overlord
    asserting dominance at more districts: he takes it with no power (solo.rules.power)."""
    state, _ = _solo()
    overlord = state.overlord
    assert overlord is not None
    asserted = (overlord, overlord, 0) + (-1,) * 9
    run = Run(updated(state, relic=0, asserted=asserted))
    dominance._city(run)
    return run.events


def _rare() -> Iterator[GameEvent]:
    """Events only a rare table or a custom pack writes, each built: the data-driven types'
    every case (a strain, an overwhelming, an assignment, a discard for each cause or reason,
    a ranked and a plain scoring: test_harm), a resource changed by each source the tables name
    (a custom pack's effect at 02, 06 or 12 getting one; a custom opponent's set-up), the
    example round's mission fulfilled with fortunes chosen one at a time, a die face
    discarding several fortunes, the overlord taking the relic, a recruit short of the box's
    pieces (test_cited_cases)."""
    for events in _examples().values():
        yield from events
    codes = [*RESOURCE_CITED, *(sources.of(sources.DISTRICT, n, 1) for n in (2, 6, 12))]
    codes.append(sources.of(sources.OVERLORD, "setup"))
    for code in codes:
        yield ResourceChanged(seat=None, owner=0, resource="gold", amount=1, source=code)
    mission = "believe-in-destiny#1"
    yield from play(_standby_missions(), GREEN, "fulfil_mission", card=mission, option=1)[1]
    yield from _face_discarding_two("penalty", 5)
    yield from _face_discarding_two("event", 2)
    yield from _overlord_takes_the_relic()
    yield from _short_recruit()


@functools.cache
def _cited() -> Mapping[type[GameEvent], frozenset[str]]:
    """The sections the events of each type cite, in the games and the rare cases."""
    found: dict[type[GameEvent], set[str]] = {}
    for event in (*_games(), *_rare()):
        found.setdefault(type(event), set()).update(c.section for c in event.cited())
    return {kind: frozenset(sections) for kind, sections in found.items()}


def _declared(kind: type[GameEvent]) -> set[str]:
    return {c.section for c in (*kind.citations, *kind.may_cite)}


def test_every_event_of_random_games_cites_only_what_its_type_declares() -> None:
    for event in _games():
        cited = {c.section for c in event.cited()}
        assert cited <= _declared(type(event)), (event, cited - _declared(type(event)))
        assert {c.section for c in type(event).citations} <= cited, event


def test_a_rare_table_or_a_custom_pack_cites_only_what_its_events_declare() -> None:
    rare = list(_rare())
    asked = [e for e in rare if isinstance(e, DiscardsAsked)]
    assert {e.reason for e in asked} == {"mission:", "dice:penalty:5", "dice:event:2"}
    taken = [e for e in rare if isinstance(e, RelicMoved)]
    assert [(e.how, e.power) for e in taken] == [("taken", 0)]
    for event in rare:
        assert {c.section for c in event.cited()} <= _declared(type(event)), event


def test_every_section_a_type_may_cite_is_cited_by_one_of_its_events() -> None:
    """`may_cite` lists exactly what the events cite beyond the type's citations: each section
    is cited by an event of the type, in the games or a rare case built for it."""
    for kind in GAME.event_types.values():
        may = {c.section for c in kind.may_cite}
        cited = _cited().get(kind, frozenset())
        assert may <= cited, (kind.type, may - cited)


def test_a_resource_change_may_cite_every_section_its_sources_name() -> None:
    """The resources' limit and the golden rules' exceptions are not among them: a change
    never cited them (a gain short of the limit is a smaller amount, not another section)."""
    may = {c.section for c in ResourceChanged.may_cite}
    assert may == {s for sections in RESOURCE_SECTIONS.values() for s in sections}
