"""Black Metro's events: what happens at the table, each citing the sections it follows and
declaring what of its data not everybody sees (a card drawn into a hand, a deck's order)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.fork_shuffle import UnseenCardsShuffled
from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.visibility import NOBODY_COUNT
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.citations import DISTRICT_SECTIONS, cite, sections_for
from rules_core.games.black_metro.events_harm import Overwhelmed as Overwhelmed
from rules_core.games.black_metro.events_harm import StrainInflicted as StrainInflicted
from rules_core.games.black_metro.pack import Pack
from rules_core.games.black_metro.state import NOBODY, Troop

OWNER = Hidden("field:owner")  # a card only its owner sees (a hand, a mission)
OWNER_COUNT = Hidden("field:owner", "count")


# ---- set-up -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    """Colours taken, the relic given, the decks shuffled (their order seen by nobody)."""

    type: ClassVar[str] = "game_started"
    in_words: ClassVar[str] = (
        "The succession tournament is set up: colours are taken, the first player gets the relic, "
        "and the fortune, mission and syndicate decks are shuffled."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {
        "fortune_deck": NOBODY_COUNT,
        "mission_deck": NOBODY_COUNT,
        "syndicate_deck": NOBODY_COUNT,
    }
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "starting",
        "starting.gather",
        "starting.first-player",
        "starting.shuffle",
        "setup",
        "setup.main-board",
        "setup.play-area",
        "setup.hideout",
        "setup.backup",
        "setup.overwhelmed",
        "setup.science-cards",
        "components.miniatures",
        "components.cards",
        "requirements",
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "solo", "solo.setup", "solo.setup.gather", "solo.setup.first-player", "solo.setup.shuffle"
    )
    seats: int
    solo: bool
    first_game: bool
    relic: int
    fortune_deck: tuple[str, ...]
    mission_deck: tuple[str, ...]
    syndicate_deck: tuple[str, ...]
    pack: Pack

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + (self.may_cite if self.solo else ())


def _not_solo(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not tell the solo challenge's set-up (rules version 34 does, and cites
    it): read as not solo, cited as it was stored."""
    return {**data, "solo": False}


@dataclass(frozen=True, slots=True)
class SyndicatesRevealed(GameEvent):
    """Syndicates turned face up, unturned: one more than the players (solo: the three named,
    citing the solo set-up's)."""

    type: ClassVar[str] = "syndicates_revealed"
    in_words: ClassVar[str] = (
        "Syndicates are turned face up, one more than there are players, or the three the solo "
        "challenge names."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_not_solo,)
    citations: ClassVar[tuple[Citation, ...]] = cite("starting.syndicates", "appendix.syndicates")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("solo.setup.syndicates")
    syndicates: tuple[str, ...]
    solo: bool = False  # the three the solo challenge names (False in a version-1 event)

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + (self.may_cite if self.solo else ())


def _known_to_nobody_else(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 showed the cards drawn to their drawer alone (the state tells who else knows
    them: rules version 13)."""
    return {**data, "knower": NOBODY}


@dataclass(frozen=True, slots=True)
class MissionsDrawn(GameEvent):
    """Missions from the top of the deck into a player's hand: they see which, and so does the
    player who had put them back at the bottom (`knower`; NOBODY for cards nobody else knew), as
    the deck is never shuffled (the state's `mission_knowers`). One event draws cards that one
    other player, or nobody, knew. `solo`: drawn by the solo challenge's set-up, which cites
    its section (public: the table sees the game is solo and at its set-up)."""

    type: ClassVar[str] = "missions_drawn"
    in_words: ClassVar[str] = (
        "A player draws missions from the top of the mission deck, and only they see which, "
        "besides a player who put one back there and knows it."
    )
    version: ClassVar[int] = 3
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _known_to_nobody_else,
        _not_solo,
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": Hidden("field:owner,knower")}
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.missions", "troubleshooting.cards")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("solo.setup.missions")
    owner: int
    cards: tuple[str, ...]
    knower: int = NOBODY
    solo: bool = False  # drawn by the solo challenge's set-up (False in a version-1 or 2 event)

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + (self.may_cite if self.solo else ())


def _unrevealed(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 showed the mission returned to its returner alone, revealed or not (rules
    version 14 shows a revealed one to everybody)."""
    return {**data, "knower": NOBODY}


@dataclass(frozen=True, slots=True)
class MissionReturned(GameEvent):
    """A mission put back face down at the bottom of the mission deck: its returner chose it and
    knows it lies there (the state's `mission_knowers`); the others see a mission go back, or
    see which when the penalty dice had revealed it (`knower` EVERYONE, appendix.dice.penalty:
    the table saw that card leave the hand)."""

    type: ClassVar[str] = "mission_returned"
    in_words: ClassVar[str] = (
        "A player puts a mission back face down at the bottom of the mission deck; the others "
        "see which only if it had been revealed."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_unrevealed,)
    secret: ClassVar[Mapping[str, Hidden]] = {"card": Hidden("field:owner,knower")}
    citations: ClassVar[tuple[Citation, ...]] = cite("starting.missions")
    owner: int
    card: str
    knower: int = NOBODY


@dataclass(frozen=True, slots=True)
class CandidateChosen(GameEvent):
    type: ClassVar[str] = "candidate_chosen"
    in_words: ClassVar[str] = "A player chooses the candidate they play."
    citations: ClassVar[tuple[Citation, ...]] = cite("starting.candidates", "appendix.candidates")
    owner: int
    candidate: str


@dataclass(frozen=True, slots=True)
class CandidateCharged(GameEvent):
    type: ClassVar[str] = "candidate_charged"
    in_words: ClassVar[str] = "A candidate card is charged at set-up, ready for use."
    citations: ClassVar[tuple[Citation, ...]] = cite("starting.candidates", "appendix.candidates")
    owner: int


@dataclass(frozen=True, slots=True)
class TechnologyToGain(GameEvent):
    """A player is to gain a technology: the lowest level of a type of their choosing."""

    type: ClassVar[str] = "technology_to_gain"
    in_words: ClassVar[str] = (
        "A player is to gain a technology: the lowest level of a type they choose."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.gain", "appendix.science")
    owner: int


def _kind_unknown(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 of `technology_gained` kept no type beside the card: read as version 2, ""."""
    return {**data, "kind": ""}


def _research_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 cited the science appendix alone, researched or not (rules version 34 cites
    the technologies' research requirement for a researched one): kept as it was stored."""
    return {**data, "cites_research": False}


@dataclass(frozen=True, slots=True)
class TechnologyGained(GameEvent):
    """A technology gained or researched: downed (face down) until charged. Which one, and of
    what type, is its owner's: a replay withholds a move's `kind` (the type a set-up gains)
    as this event hides its own (api/shown_moves.py). A researched one (that is public) cites
    the research requirement (`cites_research` False: version 2 or 1, cited as stored)."""

    type: ClassVar[str] = "technology_gained"
    in_words: ClassVar[str] = (
        "A player gains or researches a technology, which lies face down until it is charged."
    )
    version: ClassVar[int] = 3
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _kind_unknown,
        _research_uncited,
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"technology": OWNER, "kind": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.science")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.cards.technologies")
    owner: int
    technology: str
    researched: bool = False  # researched (not gained): the frequency jammer may answer it
    kind: str = ""  # its type (neuro, logistic, battle, resource); "" in a version-1 event
    cites_research: bool = True  # False in an event of version 2 or 1 (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if self.researched and self.cites_research:
            return self.citations + self.may_cite
        return self.citations


# ---- what effects do --------------------------------------------------------------------------


def _source_unknown(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record where a change came from (rules version 25 does; for personnel
    gained, 34): read as ""."""
    return {**data, "source": ""}


def _source_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 cited the resources' limit alone, whatever its source (rules version 27 cites
    the source's section too): kept as it was stored."""
    return {**data, "cites_source": False}


# the sections each kind of source a resource change records (sources.py) stands on, all of
# them in `ResourceChanged.may_cite`; a change cites its own (`citations.sections_for`): the
# district whose effect it is (a candidate's district ability with the candidates'), the dice
# named, a resolved fortune's suit or joker, the tile, a technology's or a candidate's ability,
# a seat's or the solo overlord's set-up, advancing or researching
RESOURCE_SECTIONS: Mapping[str, tuple[str, ...]] = {
    sources.DISTRICT: (*DISTRICT_SECTIONS, "troubleshooting.cards.candidates"),
    sources.DICE: tuple(f"appendix.dice.{d}" for d in ("fortune", "supply", "penalty", "event")),
    sources.SUIT: ("appendix.fortunes",),
    sources.JOKER: ("appendix.fortunes",),
    sources.TILE: ("appendix.tiles",),
    sources.TECHNOLOGY: ("appendix.science",),
    sources.CANDIDATE: ("appendix.candidates",),
    sources.SETUP: ("starting.candidates",),
    sources.of(sources.OVERLORD, "setup"): ("solo.setup.opponent",),
    sources.SCIENCE: ("appendix.science",),
    sources.RESEARCH: ("appendix.science",),
}


@dataclass(frozen=True, slots=True)
class ResourceChanged(GameEvent):
    """A tracker moves: `amount` got (or, negative, spent or lost); beyond 15 is not kept.
    `source`: what gives or takes it (sources.py; "" in a version-1 event), whose section it
    cites (RESOURCE_SECTIONS; `cites_source` False: a version-2 event, rules versions 25-26,
    which cited the resources' limit alone and keeps the citations it was stored with)."""

    type: ClassVar[str] = "resource_changed"
    in_words: ClassVar[str] = (
        "A player gets, spends or loses gold, intel or drakownium, never keeping more than 15 of "
        "one; the story names what gives or takes it."
    )
    version: ClassVar[int] = 3
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _source_unknown,
        _source_uncited,
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.resources")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *sorted({s for sections in RESOURCE_SECTIONS.values() for s in sections})
    )
    owner: int
    resource: str
    amount: int
    source: str = ""
    cites_source: bool = True  # False in an event of version 2 or 1 (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if not self.cites_source:
            return self.citations
        return (*self.citations, *cite(*sections_for(self.source, RESOURCE_SECTIONS)))


@dataclass(frozen=True, slots=True)
class StrainHealed(GameEvent):
    type: ClassVar[str] = "strain_healed"
    in_words: ClassVar[str] = "A player heals some of their strain."
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.rounding")
    owner: int
    amount: int


@dataclass(frozen=True, slots=True)
class PowerChanged(GameEvent):
    """Power acquired (or lost); the track goes below its start and laps on."""

    type: ClassVar[str] = "power_changed"
    in_words: ClassVar[str] = "A player acquires or loses power on the power track."
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.power-tracker")
    owner: int
    amount: int


def _not_short(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not tell a recruit short of what was asked (rules version 34 does, and
    cites the box's pieces as the limit): read as not short, cited as it was stored."""
    return {**data, "short": False}


@dataclass(frozen=True, slots=True)
class Recruited(GameEvent):
    """Subordinates from the backup (or, when it has none, the overwhelmed bag) to a hideout;
    with a `district`, straight to it. `short`: fewer than asked (troubleshooting.units)."""

    type: ClassVar[str] = "recruited"
    in_words: ClassVar[str] = (
        "A player recruits subordinates from their backup into their hideout, or straight to a "
        "district."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_not_short,)
    citations: ClassVar[tuple[Citation, ...]] = cite("setup.hideout", "setup.backup")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.units")
    owner: int
    from_backup: int
    from_overwhelmed: int
    district: int = 0
    short: bool = False  # fewer than asked (False in a version-1 event)

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + (self.may_cite if self.short else ())


@dataclass(frozen=True, slots=True)
class PersonnelGained(GameEvent):
    """Personnel gained (ignoring the limits that would stop it, weakest first); `source`: the
    set-up giving it (sources.py), the Colonel's citing its entry (a candidate is public)."""

    type: ClassVar[str] = "personnel_gained"
    in_words: ClassVar[str] = (
        "A player gains personnel, weakest first, whatever limits would otherwise stop it."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_source_unknown,)
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.gain")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.cards.candidates.colonel")
    owner: int
    troop: Troop
    source: str = ""  # what gives it (sources.py; "" in a version-1 event)

    def cited(self) -> tuple[Citation, ...]:
        """The Colonel's set-up places its specialised personnel in the hideout."""
        colonel = self.source == sources.of(sources.SETUP, "colonel")
        return self.citations + (self.may_cite if colonel and self.troop[0] == 0 else ())


@dataclass(frozen=True, slots=True)
class ExcessReturned(GameEvent):
    """Personnel beyond a hideout's limits go back to the backup, 1 power each."""

    type: ClassVar[str] = "excess_returned"
    in_words: ClassVar[str] = (
        "Personnel beyond a hideout's limits go back to the backup, each giving its player 1 power."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.units.personnel")
    owner: int
    troop: Troop


# ---- the round --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundBegan(GameEvent):
    type: ClassVar[str] = "round_began"
    in_words: ClassVar[str] = "A new round begins with the assignment phase."
    citations: ClassVar[tuple[Citation, ...]] = cite("phases", "how-to-win", "phases.assignment")
    round: int


@dataclass(frozen=True, slots=True)
class TurnBegan(GameEvent):
    """A player's assignment turn (players with empty hideouts are skipped)."""

    type: ClassVar[str] = "turn_began"
    in_words: ClassVar[str] = (
        "A player's assignment turn begins, skipping any player whose hideout is empty."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "phases.assignment", "quick-reference.assignment", "advanced.golden.timing"
    )
    player: int


def _forced_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the assignment's sections alone, forced or not (rules version 27 cites
    the lost attack's for a forced one): kept as it was stored."""
    return {**data, "cites_forced": False}


@dataclass(frozen=True, slots=True)
class PersonnelAssigned(GameEvent):
    """Personnel from the hideout to one district where the player had none; `forced`, 1
    personnel to the facility of an assignment fortune attack its player lost, which cites the
    lost attack's section (`cites_forced` False: a version-1 event, cited as stored)."""

    type: ClassVar[str] = "personnel_assigned"
    in_words: ClassVar[str] = (
        "A player assigns personnel from their hideout to a district where they have none yet."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "phases.assignment", "quick-reference.assignment", "units.personnel"
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_forced_uncited,)
    may_cite: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.cards.fortunes.assignment")
    owner: int
    district: int
    troop: Troop
    forced: bool = False  # by a fortune attack lost
    cites_forced: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if self.forced and self.cites_forced:
            return (*self.citations, *cite("troubleshooting.cards.fortunes.assignment"))
        return self.citations


@dataclass(frozen=True, slots=True)
class AssignmentFinished(GameEvent):
    """The turn player's assignment is complete: blockades of others there ask for 1 more
    strength each, or strain twice the strength missing."""

    type: ClassVar[str] = "assignment_finished"
    in_words: ClassVar[str] = (
        "A player's assignment to a district is complete, and other players' blockades there ask "
        "for more strength or cost strain."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "phases.assignment", "appendix.fortifications.blockades", "appendix.fortifications"
    )
    owner: int
    district: int
    strength: int
    blockades: int


@dataclass(frozen=True, slots=True)
class TurnPassed(GameEvent):
    """The turn player plays no (more) fortune: the turn ends."""

    type: ClassVar[str] = "turn_passed"
    in_words: ClassVar[str] = "A player plays no more fortunes and ends their assignment turn."
    citations: ClassVar[tuple[Citation, ...]] = cite("quick-reference.assignment")
    owner: int


@dataclass(frozen=True, slots=True)
class PhaseBegan(GameEvent):
    type: ClassVar[str] = "phase_began"
    in_words: ClassVar[str] = "A new phase of the round begins: dominance, resolution or standby."
    citations: ClassVar[tuple[Citation, ...]] = cite("phases")
    phase: str


@dataclass(frozen=True, slots=True)
class UnseenShuffled(UnseenCardsShuffled):
    """A fork's new deal: the cards nobody had seen shuffled again (rules_core.engine.fork_shuffle),
    citing the set-up that shuffled them first."""

    citations: ClassVar[tuple[Citation, ...]] = GameStarted.citations


SETUP_EVENTS: tuple[type[GameEvent], ...] = (
    GameStarted,
    UnseenShuffled,
    SyndicatesRevealed,
    MissionsDrawn,
    MissionReturned,
    CandidateChosen,
    CandidateCharged,
    TechnologyToGain,
    TechnologyGained,
)
EFFECT_EVENTS: tuple[type[GameEvent], ...] = (
    ResourceChanged,
    StrainInflicted,
    StrainHealed,
    PowerChanged,
    Recruited,
    PersonnelGained,
    ExcessReturned,
    Overwhelmed,
)
ROUND_EVENTS: tuple[type[GameEvent], ...] = (
    RoundBegan,
    TurnBegan,
    PersonnelAssigned,
    AssignmentFinished,
    TurnPassed,
    PhaseBegan,
)
ALL_EVENTS: tuple[type[GameEvent], ...] = (*SETUP_EVENTS, *EFFECT_EVENTS, *ROUND_EVENTS)
