"""Black Metro's fortune events: fortunes drawn into a hand, discarded unplayed (saying why, and
citing the sections of that reason), the discard shuffled into a new deck; and fortunes played
face up, in an exchange that ends when nobody counters, then discarded."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.upcasting import cited_as_stored
from rules_core.engine.visibility import NOBODY_COUNT
from rules_core.games.black_metro import sources
from rules_core.games.black_metro.cards import is_dominance
from rules_core.games.black_metro.citations import cite, sections_for
from rules_core.games.black_metro.events import OWNER


@dataclass(frozen=True, slots=True)
class FortunesDrawn(GameEvent):
    """Fortunes from the top of the deck into a hand (only its holder sees which)."""

    type: ClassVar[str] = "fortunes_drawn"
    in_words: ClassVar[str] = (
        "A player draws fortunes from the top of the fortune deck into their hand."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    owner: int
    cards: tuple[str, ...]


def _reason_unknown(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record why fortunes were discarded (rules version 26 does)."""
    return {**data, "reason": ""}


def _reason_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 cited the fortunes' appendix alone, whatever its reason (rules version 27
    cites the reason's sections too): kept as it was stored."""
    return {**data, "cites_reason": False}


# the sections each kind of reason a discard records (sources.py) stands on, all of them in
# `FortunesDiscarded.may_cite`, and those a discard cites (`discard_sections`): a reroll (any
# roll), a sabotage (the Gambler's), a blockade, a mission (the book's example discards for
# one), the hand limit (with the standby draw), a die face (the penalty dice's 5, event 2: the
# section of the dice named), the solo overlord's counterintelligence (a joker drawn). A mission's
# discards cite the missions' rule alone: the mission may be a standby or a dominance one (its
# `mission_fulfilled`, next, names it and cites its timing)
DISCARD_SECTIONS: Mapping[str, tuple[str, ...]] = {
    sources.REROLL: ("appendix.dice",),
    sources.SABOTAGE: ("troubleshooting.cards.candidates.gambler",),
    sources.BLOCKADE: ("appendix.fortifications.blockades",),
    sources.MISSION: ("appendix.missions",),
    sources.HAND_LIMIT: ("phases.standby.fortunes",),
    sources.DICE: ("appendix.dice.penalty", "appendix.dice.event"),
    sources.COUNTERINTELLIGENCE: ("solo.rules.fortunes.joker",),
}


# before rules version 36 a mission's discards also cited the book's worked example of a standby
# mission, whatever the mission, beside no rule of the standby phase: an older event keeps them
DISCARD_SECTIONS_BEFORE_36: Mapping[str, tuple[str, ...]] = {
    **DISCARD_SECTIONS,
    sources.MISSION: ("appendix.missions", "example.standby.mission"),
}


def discard_sections(reason: str, *, as_stored_before_36: bool = False) -> tuple[str, ...]:
    """The sections a discard for `reason` cites beside the fortunes' appendix: its kind's
    (DISCARD_SECTIONS; DISCARD_SECTIONS_BEFORE_36 for an event stored before rules version 36),
    a die face's narrowed to the dice it names ("dice:penalty:5": appendix.dice.penalty); none
    for a reason of no kind there (a custom pack's effect discarding at a district, or its own
    dice)."""
    table = DISCARD_SECTIONS_BEFORE_36 if as_stored_before_36 else DISCARD_SECTIONS
    return sections_for(reason, table)


@dataclass(frozen=True, slots=True)
class FortunesDiscarded(GameEvent):
    """Fortunes from a hand onto the discard without being played (face down: the discard pile
    may not be looked through). `reason`: why, in the open (sources.py: a reroll, a sabotage, a
    blockade, a mission, the hand limit, or the effect that discards them; "" in a version-1
    event); the cards stay their owner's to know. It cites its reason's sections
    (`discard_sections`; `cites_reason` False: a version-2 event, rules version 26, which cited
    the fortunes' appendix alone and keeps the citations it was stored with; `old_citations`: a
    version-3 event, which cited a mission's discards as stored, the standby example too)."""

    type: ClassVar[str] = "fortunes_discarded"
    in_words: ClassVar[str] = (
        "A player discards fortunes face down from their hand without playing them; the story "
        "says why."
    )
    version: ClassVar[int] = 4
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _reason_unknown,
        _reason_uncited,
        cited_as_stored,
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *sorted({s for sections in DISCARD_SECTIONS.values() for s in sections})
    )
    owner: int
    cards: tuple[str, ...]
    reason: str = ""
    cites_reason: bool = True  # False in an event of version 2 or 1 (cited as stored)
    old_citations: bool = False  # True in an event of version 3 or older (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        if not self.cites_reason:
            return self.citations
        sections = discard_sections(self.reason, as_stored_before_36=self.old_citations)
        return (*self.citations, *cite(*sections))


@dataclass(frozen=True, slots=True)
class FortuneDeckReshuffled(GameEvent):
    """The discard shuffled into a new fortune deck (its order seen by nobody)."""

    type: ClassVar[str] = "fortune_deck_reshuffled"
    in_words: ClassVar[str] = "The fortune discard is shuffled into a new fortune deck."
    secret: ClassVar[Mapping[str, Hidden]] = {"deck": NOBODY_COUNT}
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.cards")
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiscardsAsked(GameEvent):
    """A player is asked to discard `count` fortunes of their choice, one at a time (rules
    version 29: before, every set of that many was one move, which a large hand made millions
    of). `reason`: why (sources.py: a mission, whose `card` and `option` are fulfilled once the
    last is discarded, or the die face that discards them, whose option `option` goes on once
    they are: its last `left` steps at `district`, chosen as `choice`, seen by the owner alone
    as it may name their missions). It cites the reason's sections (`old_citations`: a
    version-1 event, which cited a mission's as stored, the standby example too)."""

    type: ClassVar[str] = "discards_asked"
    secret: ClassVar[Mapping[str, Hidden]] = {"choice": OWNER}
    in_words: ClassVar[str] = (
        "A player is asked to discard fortunes of their choice, one at a time; the story says why."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    # asked for a mission's discards or a die face's (discarding.ask's callers): their reasons'
    # sections alone (a reroll, a sabotage, a blockade, the hand limit or the overlord's
    # counterintelligence discards a card at a time, never asked this way)
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *DISCARD_SECTIONS[sources.MISSION], *DISCARD_SECTIONS[sources.DICE]
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (cited_as_stored,)
    owner: int
    count: int
    reason: str
    card: str = ""
    option: int = 0
    district: int = 0
    left: int = 0
    choice: str = ""
    old_citations: bool = False  # True in an event of version 1 (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        sections = discard_sections(self.reason, as_stored_before_36=self.old_citations)
        return (*self.citations, *cite(*sections))


def _counter_uncited(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the fortunes' appendix alone, countering or not (rules version 34 cites
    the dominance fortunes' rule for a dominance counter): kept as it was stored."""
    return {**data, "cites_counter": False}


@dataclass(frozen=True, slots=True)
class FortunePlayed(GameEvent):
    """A fortune played face up: to use a facility's first effect, or to attack (`target`);
    a dominance fortune countering cites that only the first of an exchange is an attack
    (`cites_counter` False: a version-1 event, cited as stored)."""

    type: ClassVar[str] = "fortune_played"
    in_words: ClassVar[str] = (
        "A player plays a fortune face up, to use a facility's first effect, to attack another "
        "player or to counter."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_counter_uncited,)
    may_cite: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.cards.fortunes.dominance")
    owner: int
    card: str
    district: int
    target: int  # the attacked seat, or -1 to use the facility's first effect
    counter: bool = False
    choice: str = ""  # how the facility's effect is resolved (public: played face up)
    cites_counter: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        """A dominance fortune played to counter is no attack (only the exchange's first is)."""
        if self.counter and self.cites_counter and is_dominance(self.card):
            return self.citations + self.may_cite
        return self.citations


@dataclass(frozen=True, slots=True)
class ExchangeEnded(GameEvent):
    """Nobody counters: the last card played is resolved (its player is `winner`)."""

    type: ClassVar[str] = "exchange_ended"
    in_words: ClassVar[str] = (
        "Nobody counters any more, so the last fortune played takes effect for its player."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    winner: int
    card: str


@dataclass(frozen=True, slots=True)
class FortuneResolved(GameEvent):
    """A played fortune goes to the discard once its effect is done."""

    type: ClassVar[str] = "fortune_resolved"
    in_words: ClassVar[str] = (
        "The fortunes played in an exchange go to the discard once their effect is done."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    owner: int
    cards: tuple[str, ...]  # every card of the exchange, discarded


@dataclass(frozen=True, slots=True)
class CounterDeclined(GameEvent):
    """The player asked to counter plays no fortune: the exchange ends."""

    type: ClassVar[str] = "counter_declined"
    in_words: ClassVar[str] = (
        "A player who could counter a fortune plays none, and the exchange ends."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.fortunes")
    owner: int


FORTUNE_EVENTS: tuple[type[GameEvent], ...] = (
    FortunesDrawn,
    FortunesDiscarded,
    DiscardsAsked,
    FortuneDeckReshuffled,
    FortunePlayed,
    CounterDeclined,
    ExchangeEnded,
    FortuneResolved,
)
