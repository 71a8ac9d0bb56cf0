"""The solo challenge's events: the overlord's fortunes, assignments and fortifications, a
queen's solo effect, and the challenge lost."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.games.black_metro.citations import cite
from rules_core.games.black_metro.events import OWNER
from rules_core.games.black_metro.state import NOBODY, Troop


@dataclass(frozen=True, slots=True)
class OverlordFortune(GameEvent):
    """The top fortune discarded face up to name where the overlord assigns."""

    type: ClassVar[str] = "overlord_fortune"
    in_words: ClassVar[str] = (
        "In the solo challenge, the top fortune is turned up to name where the overlord assigns."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("solo.rules.assign", "solo.rules")
    card: str


@dataclass(frozen=True, slots=True)
class OverlordAssigned(GameEvent):
    type: ClassVar[str] = "overlord_assigned"
    in_words: ClassVar[str] = "The overlord assigns personnel to a district."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "solo.rules.assign", "solo.rules.overlord.gain", "solo.rules.overlord"
    )
    district: int
    troop: Troop


@dataclass(frozen=True, slots=True)
class OverlordFortified(GameEvent):
    """A fortification gained by the overlord (or, none left, his support base moved there)."""

    type: ClassVar[str] = "overlord_fortified"
    in_words: ClassVar[str] = (
        "The overlord gains a fortification at a district, or moves his support base there when he "
        "has none left."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "solo.rules.fortunes.joker", "solo.rules.overlord.gain"
    )
    district: int
    kind: str
    source: int  # 0: gained from his backup


def _known_to_nobody(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 hid the card from everybody (the state tells who knows it: rules version 11)."""
    return {**data, "owner": NOBODY}


@dataclass(frozen=True, slots=True)
class FortuneToDeck(GameEvent):
    """The solo queen: the discard's top card back on top of the fortune deck, known there to
    whoever knew it on the discard (`owner`: the player who laid it face down, or EVERYONE for a
    card played or turned up face up)."""

    type: ClassVar[str] = "fortune_to_deck"
    in_words: ClassVar[str] = (
        "A queen in the solo challenge puts the top fortune of the discard back on top of the "
        "fortune deck."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_known_to_nobody,)
    secret: ClassVar[Mapping[str, Hidden]] = {"card": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "solo.rules.fortunes.queen", "solo.rules.fortunes"
    )
    card: str
    owner: int


@dataclass(frozen=True, slots=True)
class Counterintelligence(GameEvent):
    """A joker came into the solo player's hand: the overlord's counterintelligence, the whole
    hand discarded (the events that follow) and a penalty game."""

    type: ClassVar[str] = "counterintelligence"
    in_words: ClassVar[str] = (
        "A joker drawn in the solo challenge is the overlord's counterintelligence: the player "
        "discards every fortune and plays a penalty game."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("solo.rules.fortunes.joker")
    owner: int


@dataclass(frozen=True, slots=True)
class ChallengeLost(GameEvent):
    """The solo challenge lost: strain beyond 15, the overlord at 40 power, his personnel left in
    his hideout after 8 rounds, or fewer than 70 power."""

    type: ClassVar[str] = "challenge_lost"
    in_words: ClassVar[str] = (
        "The solo challenge is lost: too much strain, the overlord reaching his winning power, his "
        "hideout not emptied in time, or too little power at the end."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("solo.win", "solo")
    reason: str  # strain | overlord | hideout | power


SOLO_EVENTS: tuple[type[GameEvent], ...] = (
    OverlordFortune,
    OverlordAssigned,
    OverlordFortified,
    FortuneToDeck,
    Counterintelligence,
    ChallengeLost,
)
