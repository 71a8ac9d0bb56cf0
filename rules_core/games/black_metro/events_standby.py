"""The standby phase's and the game end's events: its steps, cards charged, syndicate backing,
the event dice's choice and explosions, missions revealed, the final scoring."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.black_metro.citations import cite

STEP_SECTIONS = {
    "recover": ("phases.standby.recall", "quick-reference.standby"),
    "charge": ("phases.standby.charge",),
    "missions": ("phases.standby.missions", "appendix.missions"),
    "syndicates": ("phases.standby.syndicates", "troubleshooting.cards.syndicates"),
    "fortunes": ("phases.standby.fortunes", "appendix.fortunes"),
    "penalty": ("phases.standby.dice", "appendix.dice.penalty"),
    "event": ("phases.standby.dice", "appendix.dice.event"),
    "explosion": ("phases.standby.dice", "appendix.tiles"),
    "advance": ("phases.standby.advance",),
}


@dataclass(frozen=True, slots=True)
class StandbyStep(GameEvent):
    """The standby phase moves to its next step (each from the relic player clockwise)."""

    type: ClassVar[str] = "standby_step"
    in_words: ClassVar[str] = (
        "The standby phase moves on to its next step, taken by each player from the relic player "
        "clockwise."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("phases.standby", "advanced.golden.timing")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *sorted({s for sections in STEP_SECTIONS.values() for s in sections})
    )
    step: str

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + cite(*STEP_SECTIONS.get(self.step, ()))


@dataclass(frozen=True, slots=True)
class CardsCharged(GameEvent):
    """A player's downed technologies turned face up, their candidate charged."""

    type: ClassVar[str] = "cards_charged"
    in_words: ClassVar[str] = (
        "A player's downed technologies are turned face up and charged, and their candidate with "
        "them."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("phases.standby.charge", "appendix.science")
    owner: int
    technologies: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TechnologiesDowned(GameEvent):
    """Every charged technology of a player turned face down (event 4)."""

    type: ClassVar[str] = "technologies_downed"
    in_words: ClassVar[str] = "The event dice turn every charged technology of a player face down."
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice.event")
    owner: int


@dataclass(frozen=True, slots=True)
class BackingReceived(GameEvent):
    """The one player strictly leading an unturned syndicate's criterion gets its power."""

    type: ClassVar[str] = "backing_received"
    in_words: ClassVar[str] = (
        "The one player who alone leads an unturned syndicate's criterion receives its backing in "
        "power."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "phases.standby.syndicates", "appendix.syndicates", "troubleshooting.cards.syndicates"
    )
    owner: int
    syndicate: str
    power: int


@dataclass(frozen=True, slots=True)
class OverwhelmedKept(GameEvent):
    """A player leaves (the rest of) their overwhelmed personnel in the bag."""

    type: ClassVar[str] = "overwhelmed_kept"
    in_words: ClassVar[str] = (
        "A player recovers no more personnel and leaves the rest in their overwhelmed bag."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("phases.standby.recall")
    owner: int


@dataclass(frozen=True, slots=True)
class BackingPassed(GameEvent):
    type: ClassVar[str] = "backing_passed"
    in_words: ClassVar[str] = "A player receives no syndicate's backing this round."
    citations: ClassVar[tuple[Citation, ...]] = cite("phases.standby.syndicates")
    owner: int


@dataclass(frozen=True, slots=True)
class EventChosen(GameEvent):
    """The relic player chooses which of the event's options every player follows."""

    type: ClassVar[str] = "event_chosen"
    in_words: ClassVar[str] = (
        "The relic player chooses which option of the event dice every player follows."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice.event", "phases.standby.dice")
    owner: int
    face: int
    option: int


@dataclass(frozen=True, slots=True)
class FortuneTurnedUp(GameEvent):
    """The top fortune discarded face up: the district it names explodes (an ace names 01 or
    11, a joker any: the relic player chooses)."""

    type: ClassVar[str] = "fortune_turned_up"
    in_words: ClassVar[str] = (
        "The top fortune is turned up to name the district an explosion strikes."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice.event")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("solo.rules.fortunes.joker")
    card: str
    tile: str
    chooser: int = -1  # who chooses among the districts it names (-1: nobody, it names one)

    def cited(self) -> tuple[Citation, ...]:
        """A joker nobody chooses a district for is the solo overlord's counterforce."""
        if self.card.startswith("Joker") and self.chooser < 0:
            return (*self.citations, *cite("solo.rules.fortunes.joker"))
        return self.citations


def _exploded_as_stored(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the event dice and the tiles' appendix alone (rules version 34 cites the
    box's tiles for a tile laid and, in the solo challenge, event 1's hold on the overlord):
    kept as it was stored."""
    return {**data, "solo_event": False, "cites_tile": False}


def _tile_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the event dice and the tiles' appendix alone (rules version 34 cites the
    box's tiles too): kept as it was stored."""
    return {**data, "cites_tile": False}


@dataclass(frozen=True, slots=True)
class DistrictExploded(GameEvent):
    """Every fortification at the district destroyed, a tile laid there until the next
    dominance phase (no tile: event 1's, chosen next, `TileLaid`), one of the box's
    (components.tiles). `solo_event`: event 1's explosion in the solo challenge, whose tile
    affects the overlord's personnel too (`cites_tile` False: a version-1 event, cited as
    stored)."""

    type: ClassVar[str] = "district_exploded"
    in_words: ClassVar[str] = (
        "An explosion destroys every fortification at a district, and a tile lies there until the "
        "next dominance phase."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice.event", "appendix.tiles")
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _exploded_as_stored,
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "solo.rules.overlord.result-1", "components.tiles"
    )
    district: int
    tile: str
    solo_event: bool = False  # False in a version-1 event
    cites_tile: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        return (
            *self.citations,
            *cite(
                *(("solo.rules.overlord.result-1",) if self.solo_event else ()),
                *(("components.tiles",) if self.tile and self.cites_tile else ()),
            ),
        )


@dataclass(frozen=True, slots=True)
class TileLaid(GameEvent):
    """Event 1's tile, chosen once the explosion has struck its district (rules version 6; a
    game of an earlier version chose it first and laid it with the explosion)."""

    type: ClassVar[str] = "tile_laid"
    in_words: ClassVar[str] = (
        "The tile chosen for an explosion is laid on its district until the next dominance phase."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice.event", "appendix.tiles")
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_tile_uncited,)
    may_cite: ClassVar[tuple[Citation, ...]] = cite("components.tiles")
    district: int
    tile: str
    cites_tile: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + (self.may_cite if self.cites_tile else ())


@dataclass(frozen=True, slots=True)
class MissionRevealed(GameEvent):
    type: ClassVar[str] = "mission_revealed"
    in_words: ClassVar[str] = "A player reveals one of their missions to the table."
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice.penalty")
    owner: int
    card: str


def _rank_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the final scoring alone, ranked or not (rules version 27 cites the solo
    evaluation's sections for a ranked one): kept as it was stored."""
    return {**data, "cites_rank": False}


@dataclass(frozen=True, slots=True)
class GameScored(GameEvent):
    """Final scoring by the table; the winners after the tie-breakers in order. A solo game's,
    ranked, cites the challenge's evaluation and its win (`cites_rank` False: a version-1
    event, cited as stored)."""

    type: ClassVar[str] = "game_scored"
    in_words: ClassVar[str] = (
        "The final scoring counts each player's power, and the tie-breakers settle any tie for the "
        "throne."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "final-scoring",
        "how-to-win",
        "troubleshooting.final-scoring",
        "appendix.missions",
        "appendix.candidates",
        "troubleshooting.power-tracker",
        "troubleshooting.rounding",
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_rank_uncited,)
    may_cite: ClassVar[tuple[Citation, ...]] = cite("solo.evaluation", "solo.win")
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rank: str = ""  # the solo challenge's evaluation (S to F)
    cites_rank: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if self.rank and self.cites_rank:
            return (*self.citations, *self.may_cite)
        return self.citations


STANDBY_EVENTS: tuple[type[GameEvent], ...] = (
    StandbyStep,
    CardsCharged,
    TechnologiesDowned,
    BackingReceived,
    OverwhelmedKept,
    BackingPassed,
    EventChosen,
    FortuneTurnedUp,
    DistrictExploded,
    TileLaid,
    MissionRevealed,
    GameScored,
)
