"""No Man's Land's events: what happens at the table, each citing the sections it follows and
declaring what not everybody sees (Falcone's hand, face-down crimes, the decks' order)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.fork_shuffle import UnseenCardsShuffled
from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.visibility import ACTOR, NOBODY_COUNT
from rules_core.games.no_mans_land.citations import (
    FALCONE,
    FALCONE_PHASES,
    GORDON,
    GORDON_PHASES,
    cite,
    phase_section,
)


@dataclass(frozen=True, slots=True)
class Ending:
    """One of the book's three ways the game ends: its section and the table's words for it."""

    section: str
    words: str


# by the `ending` GameFinished records (and the outcome's details name)
ENDINGS = {
    "overrun": Ending("ending-the-game.city-overrun", "Gotham is overrun: Falcone wins"),
    "batsignal": Ending(
        "ending-the-game.batsignal-deck-empty", "Gordon drew the last Batsignal card: Falcone wins"
    ),
    "counters": Ending(
        "ending-the-game.counters-exhausted",
        "Falcone's supply of corruption counters is exhausted: Gordon has held out and wins",
    ),
}


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    """Both decks shuffled (their order seen by nobody); the heroes take their districts.
    `content`: the content pack played, as canonical JSON ("" in games of rules versions 1
    and 2: the reference pack of the day)."""

    type: ClassVar[str] = "game_started"
    in_words: ClassVar[str] = (
        "Falcone's deck and the Batsignal deck are shuffled, and Gordon's heroes take their "
        "districts."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {
        "falcone_deck": NOBODY_COUNT,
        "signal_deck": NOBODY_COUNT,
    }
    citations: ClassVar[tuple[Citation, ...]] = cite("sequence-of-play", "corruption-counters")
    falcone_deck: tuple[str, ...]
    signal_deck: tuple[str, ...]
    content: str


@dataclass(frozen=True, slots=True)
class CardsDealt(GameEvent):
    """Falcone's opening hand (seen by him), dealt as his draw phase deals."""

    type: ClassVar[str] = "cards_dealt"
    in_words: ClassVar[str] = "Falcone is dealt his opening hand."
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("sequence-of-play.falcones-turn.draw")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PhaseBegan(GameEvent):
    """A phase of a side's turn begins (the first phase of a turn begins the turn)."""

    type: ClassVar[str] = "phase_began"
    in_words: ClassVar[str] = "A phase of Falcone's or Gordon's turn begins."
    citations: ClassVar[tuple[Citation, ...]] = cite("sequence-of-play")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *(phase_section(FALCONE, p) for p in FALCONE_PHASES),
        *(phase_section(GORDON, p) for p in GORDON_PHASES),
        "sequence-of-play.falcones-turn",
        "sequence-of-play.gordons-turn",
    )
    player: int
    phase: str

    def cited(self) -> tuple[Citation, ...]:
        side = "falcones-turn" if self.player == FALCONE else "gordons-turn"
        return (
            *self.citations,
            *cite(f"sequence-of-play.{side}", phase_section(self.player, self.phase)),
        )


@dataclass(frozen=True, slots=True)
class OverrunChecked(GameEvent):
    """Before anything else at Falcone's start of turn: are crimes in more than half of the
    districts still standing?"""

    type: ClassVar[str] = "overrun_checked"
    in_words: ClassVar[str] = (
        "At the start of Falcone's turn, before anything else, the crimes are counted to see "
        "whether they hold more than half of the standing districts."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "ending-the-game.city-overrun",
        "start-of-turn-phase",
        "sequence-of-play.falcones-turn.start-of-turn",
    )
    crimes: int  # districts standing with a crime, face up or face down
    standing: int  # districts not destroyed
    overrun: bool


@dataclass(frozen=True, slots=True)
class DistrictDestroyed(GameEvent):
    """An Arson in play takes effect at the start of Falcone's turn: its district burns down,
    with the crime and Falcone's characters there."""

    type: ClassVar[str] = "district_destroyed"
    in_words: ClassVar[str] = (
        "An Arson in play burns its district down, with the crime and Falcone's characters there."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "start-of-turn-phase", "sequence-of-play.falcones-turn.start-of-turn"
    )
    district: str
    card: str
    removed: tuple[str, ...]  # Falcone's characters lost with it


@dataclass(frozen=True, slots=True)
class CountersTaken(GameEvent):
    """Falcone takes corruption counters from the supply of unspent counters: his income (one,
    plus one a crime; rules version 1 also owed one a crime at a C+1 district, which is now his
    choice: ExtraCountersChosen) or a card's gain."""

    type: ClassVar[str] = "counters_taken"
    in_words: ClassVar[str] = (
        "Falcone takes corruption counters from the supply, as his income or because a card gives "
        "them."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("corruption-counters")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "income-phase", "sequence-of-play.falcones-turn.income"
    )
    amount: int  # counters taken (fewer than owed only when the supply runs out)
    owed: int  # counters he was required to take
    income: bool  # the income phase's take (else a card's)

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *(self.may_cite if self.income else ()))


@dataclass(frozen=True, slots=True)
class ExtraCountersChosen(GameEvent):
    """In his income phase Falcone may take one extra counter for each crime at a C+1 district:
    how many of those he takes (none to keep the supply, and the game, going longer)."""

    type: ClassVar[str] = "extra_counters_chosen"
    in_words: ClassVar[str] = (
        "In his income phase Falcone chooses how many extra counters to take for his crimes in C+1 "
        "districts."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("income-phase", "corruption-counters")
    amount: int  # extra counters taken
    offered: int  # extra counters he could have taken (C+1 crimes, as far as the supply holds)


@dataclass(frozen=True, slots=True)
class CharacterRecruited(GameEvent):
    """Falcone spends counters in his movement phase to put a character into play."""

    type: ClassVar[str] = "character_recruited"
    in_words: ClassVar[str] = "Falcone spends counters to put a character into play at a district."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "sequence-of-play.falcones-turn.movement", "corruption-counters"
    )
    card: str
    district: str
    cost: int


@dataclass(frozen=True, slots=True)
class CrimeCommitted(GameEvent):
    """Falcone spends counters in his movement phase to play a crime face up."""

    type: ClassVar[str] = "crime_committed"
    in_words: ClassVar[str] = "Falcone spends counters to play a crime face up at a district."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "sequence-of-play.falcones-turn.movement", "corruption-counters"
    )
    card: str
    district: str
    cost: int


@dataclass(frozen=True, slots=True)
class CrimeHidden(GameEvent):
    """Falcone spends counters to play a crime face down: everybody sees where, only he which."""

    type: ClassVar[str] = "crime_hidden"
    in_words: ClassVar[str] = (
        "Falcone spends counters to play a crime face down: everyone sees where, but only he knows "
        "which crime it is."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "sequence-of-play.falcones-turn.movement", "corruption-counters", "income-phase"
    )
    card: str
    district: str
    cost: int


@dataclass(frozen=True, slots=True)
class PieceMoved(GameEvent):
    """A character or hero moves to a neighbouring district in its side's movement phase."""

    type: ClassVar[str] = "piece_moved"
    in_words: ClassVar[str] = (
        "A character of Falcone's or one of Gordon's heroes moves to a neighbouring district."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("sequence-of-play")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "sequence-of-play.falcones-turn.movement", "sequence-of-play.gordons-turn.movement"
    )
    piece: str
    origin: str
    to: str

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite(phase_section(self.seat or FALCONE, "movement")))


@dataclass(frozen=True, slots=True)
class SignalPlayed(GameEvent):
    """Gordon plays a Batsignal card at the start of his turn (Oracle's Tip names a district)."""

    type: ClassVar[str] = "signal_played"
    in_words: ClassVar[str] = "Gordon plays a Batsignal card at the start of his turn."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "start-of-turn-phase", "sequence-of-play.gordons-turn.start-of-turn"
    )
    card: str
    district: str


@dataclass(frozen=True, slots=True)
class CrimeRevealed(GameEvent):
    """A face-down crime is turned face up."""

    type: ClassVar[str] = "crime_revealed"
    in_words: ClassVar[str] = "A face-down crime is turned face up."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "start-of-turn-phase", "sequence-of-play.gordons-turn.start-of-turn"
    )
    district: str
    card: str


@dataclass(frozen=True, slots=True)
class FightResolved(GameEvent):
    """Gordon's heroes fight crime at a district in his crimefighting phase: matching the crime's
    and the characters' strength stops the crime and arrests the characters; otherwise a
    face-down crime is turned face up."""

    type: ClassVar[str] = "fight_resolved"
    in_words: ClassVar[str] = (
        "Gordon's heroes fight crime at a district: matching the strength against them stops the "
        "crime and arrests Falcone's characters there."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("sequence-of-play.gordons-turn.crimefighting")
    district: str
    card: str  # the Batsignal card played with the fight ("" for none)
    crime: str  # the crime fought ("" for none), revealed by the fight
    heroes: int
    opposition: int
    stopped: bool
    arrested: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn(GameEvent):
    """Falcone draws up to his hand size in his draw phase (seen by him)."""

    type: ClassVar[str] = "cards_drawn"
    in_words: ClassVar[str] = "Falcone draws cards up to his hand size."
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("sequence-of-play.falcones-turn.draw")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SignalDrawn(GameEvent):
    """Gordon chooses to draw the top Batsignal card in his draw phase (seen by him)."""

    type: ClassVar[str] = "signal_drawn"
    in_words: ClassVar[str] = "Gordon draws the top card of the Batsignal deck."
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "sequence-of-play.gordons-turn.draw", "ending-the-game.batsignal-deck-empty"
    )
    card: str


@dataclass(frozen=True, slots=True)
class GameFinished(GameEvent):
    """The game ends one of the book's three ways."""

    type: ClassVar[str] = "game_finished"
    in_words: ClassVar[str] = (
        "The game ends because the city is overrun, the last Batsignal card is drawn, or Falcone "
        "must take counters from an empty supply."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ending-the-game")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(*(e.section for e in ENDINGS.values()))
    winner: int
    ending: str

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite(ENDINGS[self.ending].section))


@dataclass(frozen=True, slots=True)
class UnseenShuffled(UnseenCardsShuffled):
    """A fork's new deal: the cards nobody had seen shuffled again (rules_core.engine.fork_shuffle),
    citing the set-up that shuffled them first."""

    citations: ClassVar[tuple[Citation, ...]] = GameStarted.citations


EVENT_TYPES: dict[str, type[GameEvent]] = {
    cls.type: cls
    for cls in (
        GameStarted,
        UnseenShuffled,
        CardsDealt,
        PhaseBegan,
        OverrunChecked,
        DistrictDestroyed,
        CountersTaken,
        ExtraCountersChosen,
        CharacterRecruited,
        CrimeCommitted,
        CrimeHidden,
        PieceMoved,
        SignalPlayed,
        CrimeRevealed,
        FightResolved,
        CardsDrawn,
        SignalDrawn,
        GameFinished,
    )
}
