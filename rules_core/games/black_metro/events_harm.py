"""Black Metro's harm to a player: strain inflicted and personnel overwhelmed, each recording its
cause (sources.py; rules version 28) and citing the section of that cause, as a resource change
cites its source's (events.RESOURCE_SECTIONS)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.citations import DISTRICT_SECTIONS, cite, sections_for
from rules_core.games.black_metro.state import Troop

_DICE = tuple(f"appendix.dice.{d}" for d in ("fortune", "supply", "penalty", "event"))
_SETUPS: Mapping[str, tuple[str, ...]] = {  # what a set-up may inflict or overwhelm (SETUP_OPS)
    sources.SETUP: ("starting.candidates",),
    sources.HANDICAP: ("solo.setup.candidate",),
    sources.of(sources.OVERLORD, "setup"): ("solo.setup.opponent",),
}

# the sections each kind of cause of strain stands on (`StrainInflicted.may_cite`); an event
# cites its own cause's (`citations.sections_for`): a district's effect, a die face, a set-up
# (a candidate's, the solo challenge's strong candidate's, the overlord's), the tile or the
# other players' blockades where personnel are assigned, a district dominance lost, a
# dominance fortune, the final scoring's unfulfilled missions, overwhelmed personnel recovered
STRAIN_SECTIONS: Mapping[str, tuple[str, ...]] = {
    sources.DISTRICT: DISTRICT_SECTIONS,
    sources.DICE: _DICE,
    **_SETUPS,
    sources.TILE: ("appendix.tiles",),
    sources.BLOCKADE: ("appendix.fortifications.blockades",),
    sources.DOMINANCE: ("district-dominance.strain",),
    sources.FORTUNE: ("appendix.fortunes.dominance",),
    sources.UNFULFILLED: ("appendix.missions",),
    sources.RECOVER: ("phases.standby.recall",),
}

# the same for personnel overwhelmed (`Overwhelmed.may_cite`): a die face (the event dice's
# arms reallocation), a set-up, a district dominance won by 3 strength or more, a dominance
# fortune (the joker; in the solo challenge the king)
OVERWHELM_SECTIONS: Mapping[str, tuple[str, ...]] = {
    sources.DICE: _DICE,
    **_SETUPS,
    sources.DOMINANCE: ("district-dominance.overwhelm",),
    sources.FORTUNE: ("appendix.fortunes.dominance",),
    sources.SOLO_FORTUNE: ("solo.rules.fortunes.king",),
}


def _all(table: Mapping[str, tuple[str, ...]]) -> tuple[Citation, ...]:
    return cite(*sorted({s for sections in table.values() for s in sections}))


def _cause_unknown(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded no cause and cited its type's sections alone (rules version 28
    records the cause and cites its section): kept as it was stored."""
    return {**data, "cause": "", "cites_cause": False}


@dataclass(frozen=True, slots=True)
class StrainInflicted(GameEvent):
    """A player inflicts strain on themself; what would pass 15 costs power instead. `cause`:
    why (sources.py; "" in a version-1 event), whose section it cites (STRAIN_SECTIONS;
    `cites_cause` False: a version-1 event, rules versions 1-27, which cited the strain limit
    and Highfield Hospital whatever the cause, and keeps the citations it was stored with)."""

    type: ClassVar[str] = "strain_inflicted"
    in_words: ClassVar[str] = (
        "A player inflicts strain on themselves, and any strain beyond 15 costs them power "
        "instead; the story names what inflicts it."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_cause_unknown,)
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.resources")
    stored: ClassVar[tuple[Citation, ...]] = cite(  # what a version-1 event cited
        "troubleshooting.resources", "districts.highfield-hospital"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = _all(STRAIN_SECTIONS)
    owner: int
    amount: int  # strain added to the tracker
    power_lost: int  # strain beyond 15
    cause: str = ""
    cites_cause: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if not self.cites_cause:
            return self.stored
        return (*self.citations, *cite(*sections_for(self.cause, STRAIN_SECTIONS)))


@dataclass(frozen=True, slots=True)
class Overwhelmed(GameEvent):
    """Personnel into their owner's overwhelmed bag, from a district (0: from the hideout).
    `cause`: why (sources.py; "" in a version-1 event), whose section it cites
    (OVERWHELM_SECTIONS; `cites_cause` False: a version-1 event, rules versions 1-27, which
    cited the overwhelmed bag alone and keeps that)."""

    type: ClassVar[str] = "overwhelmed"
    in_words: ClassVar[str] = (
        "A player's personnel are overwhelmed and go into their overwhelmed bag; the story "
        "names what overwhelms them."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_cause_unknown,)
    citations: ClassVar[tuple[Citation, ...]] = cite("setup.overwhelmed")
    may_cite: ClassVar[tuple[Citation, ...]] = _all(OVERWHELM_SECTIONS)
    owner: int
    district: int
    troop: Troop
    cause: str = ""
    cites_cause: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if not self.cites_cause:
            return self.citations
        return (*self.citations, *cite(*sections_for(self.cause, OVERWHELM_SECTIONS)))
