"""The dominance phase's events: a district contested, the fortune exchange's effects, personnel
overwhelmed, fortifications destroyed, missions fulfilled, the relic changing hands."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.games.black_metro.citations import cite
from rules_core.games.black_metro.state import NOBODY


def _as_stored(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the dominance alone, whatever the strengths counted or the dominator won
    (rules version 34 cites the power acquired and a fortified strength bonus): kept as it
    was stored."""
    return {**data, "fortified_bonus": False, "cites_power": False}


@dataclass(frozen=True, slots=True)
class DistrictContested(GameEvent):
    """Strengths compared at a district; the greatest alone asserts dominance (-1: a tie for the
    greatest, and nothing happens there) and acquires 1 power. `fortified_bonus`: a contender's
    strength counts a charged (face-up) ability's bonus for fortifications and specialised
    personnel there (the reference's Voltaic Edge), citing its entry (`cites_power` False: a
    version-1 event, cited as stored)."""

    type: ClassVar[str] = "district_contested"
    in_words: ClassVar[str] = (
        "Players' strengths at a district are compared, and the greatest, if alone, asserts "
        "dominance there."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "phases.dominance",
        "district-dominance",
        "quick-reference.dominance",
        "units",
        "units.personnel",
        "units.fortifications",
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_as_stored,)
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "troubleshooting.cards.technologies.voltaic-edge", "district-dominance.power"
    )
    district: int
    strengths: tuple[int, ...]  # per player (0: no personnel there)
    dominator: int
    fortified_bonus: bool = False  # a strength counts it (False in a version-1 event)
    cites_power: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        bonus = cite("troubleshooting.cards.technologies.voltaic-edge")
        power = cite("district-dominance.power")
        return (
            *self.citations,
            *(bonus if self.fortified_bonus else ()),
            *(power if self.dominator >= 0 and self.cites_power else ()),
        )


@dataclass(frozen=True, slots=True)
class DominanceSettled(GameEvent):
    """The district's dominance is carried out: its dominating player may now fulfil a mission
    timed for after asserting dominance."""

    type: ClassVar[str] = "dominance_settled"
    in_words: ClassVar[str] = (
        "Dominance at a district is carried out, and its dominating player may fulfil a mission "
        "timed for it."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "quick-reference.dominance", "appendix.missions"
    )
    district: int
    dominator: int


@dataclass(frozen=True, slots=True)
class AttackForgone(GameEvent):
    """The dominating player plays no dominance fortune here."""

    type: ClassVar[str] = "attack_forgone"
    in_words: ClassVar[str] = (
        "The dominating player at a district attacks with no dominance fortune."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("district-dominance.fortune")
    owner: int


def _taken_unknown(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 showed the card taken to its taker alone (rules version 20 shows it to whoever
    knew it on the discard)."""
    return {**data, "knower": NOBODY}


@dataclass(frozen=True, slots=True)
class DiscardTaken(GameEvent):
    """The top fortune of the discard into a hand: its taker sees it, and so does whoever knew
    it on top of the discard (`knower`: the player who laid it there face down, EVERYONE for a
    card played or turned up face up, NOBODY for the taker's own; the state's hand_knowers)."""

    type: ClassVar[str] = "discard_taken"
    in_words: ClassVar[str] = (
        "A player takes the top fortune of the discard into their hand; whoever knew that card "
        "on the discard sees which."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_taken_unknown,)
    secret: ClassVar[Mapping[str, Hidden]] = {"card": Hidden("field:owner,knower")}
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes.dominance")
    owner: int
    card: str
    knower: int = NOBODY


@dataclass(frozen=True, slots=True)
class BenefitChosen(GameEvent):
    """A joker gives the benefit of any one suit, chosen by its player."""

    type: ClassVar[str] = "benefit_chosen"
    in_words: ClassVar[str] = "A player who played a joker chooses which suit's benefit it gives."
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    owner: int
    suit: str


@dataclass(frozen=True, slots=True)
class FortificationsDestroyed(GameEvent):
    """Another player's fortifications left without their personnel go back to the backup."""

    type: ClassVar[str] = "fortifications_destroyed"
    in_words: ClassVar[str] = (
        "Another player's fortifications left at a district without their personnel are destroyed "
        "and go back to the backup."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("district-dominance.destroy")
    owner: int
    district: int
    blockades: int
    support_bases: int


@dataclass(frozen=True, slots=True)
class MissionFulfilled(GameEvent):
    """A mission placed face up, one of its options chosen, its power acquired."""

    type: ClassVar[str] = "mission_fulfilled"
    in_words: ClassVar[str] = (
        "A player fulfils a mission, laying it face up, choosing one of its options and acquiring "
        "its power."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "appendix.missions", "troubleshooting.cards.missions"
    )
    owner: int
    card: str
    option: int
    power: int


@dataclass(frozen=True, slots=True)
class MissionPassed(GameEvent):
    """A player asked about a mission fulfils none now (`seat` None: where no mission of the
    window's timing could be, the game's own step, missions.pass_unasked)."""

    type: ClassVar[str] = "mission_passed"
    in_words: ClassVar[str] = "A player asked about a mission fulfils none for now."
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.missions")
    owner: int


def _relic_power(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 gave whoever took the relic 1 power, the solo overlord too."""
    return {**data, "power": 1 if data["how"] == "taken" else 0}


@dataclass(frozen=True, slots=True)
class RelicMoved(GameEvent):
    """City dominance: the relic taken (1 power, none to the solo overlord, who acquires power
    only by dominance, battlefields and syndicate backing), retained, or given after a tie."""

    type: ClassVar[str] = "relic_moved"
    in_words: ClassVar[str] = (
        "City dominance settles the relic: a player takes it, keeps it, or is given it after a tie."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_relic_power,)
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.relic", "phases.dominance")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("solo.rules.power")
    owner: int
    how: str  # taken | retained | given
    power: int  # what taking it acquired (0 unless taken)

    def cited(self) -> tuple[Citation, ...]:
        if self.how == "taken" and self.power == 0:
            return (*self.citations, *cite("solo.rules.power"))
        return self.citations


@dataclass(frozen=True, slots=True)
class CityTied(GameEvent):
    """Several players asserted dominance over the most districts: the relic player gives the
    relic to another of them."""

    type: ClassVar[str] = "city_tied"
    in_words: ClassVar[str] = (
        "Players tie for dominance over the most districts, so the relic player gives the relic to "
        "another of them."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.relic", "phases.dominance")
    tied: tuple[int, ...]


DOMINANCE_EVENTS: tuple[type[GameEvent], ...] = (
    DistrictContested,
    DominanceSettled,
    AttackForgone,
    DiscardTaken,
    BenefitChosen,
    FortificationsDestroyed,
    MissionFulfilled,
    MissionPassed,
    RelicMoved,
    CityTied,
)
