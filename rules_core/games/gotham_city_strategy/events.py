"""Gotham City Strategy events: what happens at the table, each folded by one handler in
evolve.py. A decision a card or a fight asks for is opened by the event that causes it and
closed by the event that answers it; the log holds no interpreter steps (the five event types
of the first log format, read only to replay old games, are in legacy.py).

Here: the set-up, threats, the played card and its lines, Batman and fights; the figures' events
are in figure_events.py, money and information's in resource_events.py, a turn's frame and the
game's end in turn_events.py. `TABLE_EVENTS` lists them all."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.fork_shuffle import UnseenCardsShuffled
from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.upcasting import cited_as_stored
from rules_core.engine.visibility import ACTOR, NOBODY_COUNT
from rules_core.games.gotham_city_strategy.citations import REMOVALS, VARIANT, cite
from rules_core.games.gotham_city_strategy.content import Pack
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    HenchmenMoved,
    HenchmenSentHome,
    MovementBegan,
    MovementEnded,
    MovePlanned,
    Recruited,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.resource_events import (
    ResourcesChanged,
    ResourcesTaken,
    ScreenShown,
    Stolen,
)
from rules_core.games.gotham_city_strategy.turn_events import (
    AbilityChosen,
    CardDrawn,
    FinalTurnsBegan,
    GameFinished,
    LevelAdvanced,
    TurnStarted,
)

Upcast = Callable[[dict[str, Any]], dict[str, Any]]  # (JSON: not resolvable in hints here)


def _without_steps(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 stored the card's steps; version 2 reads them from the pack."""
    return {k: v for k, v in data.items() if k != "steps"}


# the set-up, the box and the villains; rules version 11 and older cited the glossary's
# heading too (an event stored then keeps it)
SETUP_SECTIONS = cite("setup", "components", "glossary.villain")
SETUP_AS_STORED = cite("setup", "components", "glossary", "glossary.villain")


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    type: ClassVar[str] = "game_started"
    in_words: ClassVar[str] = (
        "The villains set out from their hideouts with their threats, money and information, and "
        "the plot and Batman decks are shuffled."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {
        "deck": NOBODY_COUNT,
        "batman_deck": NOBODY_COUNT,
        "pack.plots": NOBODY_COUNT,
        "pack.batman_cards": NOBODY_COUNT,
    }
    citations: ClassVar[tuple[Citation, ...]] = SETUP_SECTIONS
    villains: tuple[str, ...]
    variant: bool
    deck: tuple[str, ...]
    batman_deck: tuple[str, ...]
    pack: Pack
    log_format: int = 2  # 1: the first log format (interpreter steps; see legacy.py)
    old_citations: bool = False  # a version 1 or 2 event: cited the glossary's heading too

    version: ClassVar[int] = 3
    upcasts: ClassVar[tuple[Upcast, ...]] = (
        lambda d: {**d, "log_format": 1},
        cited_as_stored,
    )

    def cited(self) -> tuple[Citation, ...]:
        return SETUP_AS_STORED if self.old_citations else self.citations


@dataclass(frozen=True, slots=True)
class CardsDealt(GameEvent):
    type: ClassVar[str] = "cards_dealt"
    in_words: ClassVar[str] = "A villain is dealt their opening hand of Criminal Plot cards."
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("setup")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ThreatPlaced(GameEvent):
    """A threat from the reserve (or moved from `source` when the reserve is empty) onto a block."""

    type: ClassVar[str] = "threat_placed"
    in_words: ClassVar[str] = (
        "A villain places a threat on a block, from their reserve or, when the reserve is empty, "
        "moved from another block."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "glossary.threats", "turn.plot.effect.placing", "turn.plot.batman-blocks"
    )
    block: int
    source: int


@dataclass(frozen=True, slots=True)
class ThreatRemoved(GameEvent):
    """`owner`'s threat leaves a block (back to their reserve); `seat` is who removed it."""

    type: ClassVar[str] = "threat_removed"
    in_words: ClassVar[str] = (
        "A villain's threat is removed from a block and goes back to their reserve."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("glossary.threats")
    # by Batman's arrival, his won fight or a card (citations.REMOVALS); version 1 did not say
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "glossary.order-value",
        "turn.plot.bat-signal",
        "turn.fight-batman",
        "turn.plot.effect.carry-out",
    )
    owner: int
    block: int
    by: str = ""  # batman | fight | card ("": a version 1 event)

    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Upcast, ...]] = (lambda d: {**d, "by": ""},)

    def cited(self) -> tuple[Citation, ...]:
        if not self.by:  # as version 1 cited every removal
            return cite(*REMOVALS["batman"])
        return (*self.citations, *cite(*REMOVALS[self.by]))


@dataclass(frozen=True, slots=True)
class CardPlayed(GameEvent):
    """A Criminal Plot card played face up (or revealed, in the variant)."""

    type: ClassVar[str] = "card_played"
    in_words: ClassVar[str] = (
        "The villain on turn plays a Criminal Plot card face up, or in the variant reveals the "
        "card they put face down."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Upcast, ...]] = (_without_steps,)
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot")
    card: str


@dataclass(frozen=True, slots=True)
class CardFaceDown(GameEvent):
    """Variant: the card for the next turn, face down."""

    type: ClassVar[str] = "card_face_down"
    in_words: ClassVar[str] = (
        "In the variant, a villain puts a card face down to play on their next turn."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite(VARIANT)
    card: str


@dataclass(frozen=True, slots=True)
class BatmanDeckShuffled(GameEvent):
    type: ClassVar[str] = "batman_deck_shuffled"
    in_words: ClassVar[str] = (
        "The Batman deck has run out, so its discards are shuffled into a new Batman deck."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"deck": NOBODY_COUNT}
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.bat-signal")
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BatmanCardDrawn(GameEvent):
    type: ClassVar[str] = "batman_card_drawn"
    in_words: ClassVar[str] = (
        "A Bat-Signal calls Batman, and a Batman card is drawn to say where he goes."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Upcast, ...]] = (_without_steps,)
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.bat-signal")
    card: str


@dataclass(frozen=True, slots=True)
class BatmanMoved(GameEvent):
    """Batman goes to a block (or the Batcave, -1)."""

    type: ClassVar[str] = "batman_moved"
    in_words: ClassVar[str] = "Batman goes to a block, or back to the Batcave."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.batman-blocks")
    # to a block: what his arrival does; to the Batcave: beaten in a fight
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.bat-signal",
        "turn.plot.bat-signal.example",
        "glossary.block",
        "turn.fight-batman",
    )
    target: int

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *(self.may_cite[3:] if self.target < 0 else self.may_cite[:3]))


@dataclass(frozen=True, slots=True)
class BatmanLeveledUp(GameEvent):
    type: ClassVar[str] = "batman_leveled_up"
    in_words: ClassVar[str] = "Beaten in a fight, Batman rises a level on his dial."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.fight-batman")


@dataclass(frozen=True, slots=True)
class DieRolled(GameEvent):
    """A roll of the Batman die for a card effect (`seat` rolled)."""

    type: ClassVar[str] = "die_rolled"
    in_words: ClassVar[str] = "A villain rolls the Batman die because a card tells them to."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")
    face: str


@dataclass(frozen=True, slots=True)
class FightResolved(GameEvent):
    """A fight at `block`: the aggressor against a villain or Batman (defender -1), both totals."""

    type: ClassVar[str] = "fight_resolved"
    in_words: ClassVar[str] = (
        "A fight on a block, between two villains or a villain and Batman, is settled by a roll of "
        "the Batman die for each side."
    )
    # what a villain's figures are, cited after the rule of the fight: between villains (the
    # book's example is a tie), or a villain against Batman
    citations: ClassVar[tuple[Citation, ...]] = cite("glossary.figures")
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "turn.fight-villains",
        "turn.fight-villains.example",
        "turn.fight-batman",
        "glossary.fight-value",
    )
    block: int
    aggressor: int  # a seat, or -1 for Batman
    defender: int  # a seat, or -1 for Batman
    aggressor_face: str
    defender_face: str
    aggressor_total: int
    defender_total: int
    winner: int  # a seat, or -1 for Batman
    old_citations: bool = False  # a version 1 event: led with what figures are, as stored

    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Upcast, ...]] = (cited_as_stored,)

    def cited(self) -> tuple[Citation, ...]:
        """The fight's rule first, then what a villain's figures are."""
        if self.aggressor < 0 or self.defender < 0:
            fight = self.may_cite[2:]
        else:
            tie = self.aggressor_total == self.defender_total
            fight = self.may_cite[: 2 if tie else 1]
        return (*self.citations, *fight) if self.old_citations else (*fight, *self.citations)


@dataclass(frozen=True, slots=True)
class IncomeCollected(GameEvent):
    """The block printed on the played card pays its rulers (the payments follow)."""

    type: ClassVar[str] = "income_collected"
    in_words: ClassVar[str] = (
        "The block printed on the played card pays its income to each villain who rules it."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.income", "glossary.income")
    card: str


@dataclass(frozen=True, slots=True)
class CardCarriedOut(GameEvent):
    """The player chooses to carry out the played card's effect (its lines follow)."""

    type: ClassVar[str] = "card_carried_out"
    in_words: ClassVar[str] = (
        "A villain who meets the played card's requirement chooses to carry out its effect."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect")
    card: str


@dataclass(frozen=True, slots=True)
class EffectCarriedOut(GameEvent):
    """One line of a card read aloud and done: the `index`-th effect of `card`."""

    type: ClassVar[str] = "effect_carried_out"
    in_words: ClassVar[str] = "One line of the played card is read out and done."
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")
    card: str
    index: int


@dataclass(frozen=True, slots=True)
class CardResolved(GameEvent):
    """The played card is done with and goes to the discard pile; the actions follow."""

    type: ClassVar[str] = "card_resolved"
    in_words: ClassVar[str] = (
        "The played card goes to the discard pile, and the villain's actions follow."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot", "turn")
    card: str


@dataclass(frozen=True, slots=True)
class Stopped(GameEvent):
    """The seat stops short of all a card or a win allowed it (placing, removing)."""

    type: ClassVar[str] = "stopped"
    in_words: ClassVar[str] = (
        "A villain stops short of all the threats or henchmen a card or a won fight lets them "
        "place or remove."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")


@dataclass(frozen=True, slots=True)
class UnseenShuffled(UnseenCardsShuffled):
    """A fork's new deal: the cards nobody had seen shuffled again (rules_core.engine.fork_shuffle),
    citing the set-up that shuffled them first."""

    citations: ClassVar[tuple[Citation, ...]] = SETUP_SECTIONS
    old_citations: bool = False  # a version 1 event: cited the glossary's heading too

    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Upcast, ...]] = (cited_as_stored,)

    def cited(self) -> tuple[Citation, ...]:
        return SETUP_AS_STORED if self.old_citations else self.citations


TABLE_EVENTS: tuple[type[GameEvent], ...] = (
    GameStarted,
    CardsDealt,
    ThreatPlaced,
    ThreatRemoved,
    HenchmenMoved,
    HenchmanLost,
    VillainMoved,
    ResourcesChanged,
    TurnStarted,
    LevelAdvanced,
    AbilityChosen,
    CardPlayed,
    CardFaceDown,
    BatmanDeckShuffled,
    BatmanCardDrawn,
    BatmanMoved,
    BatmanLeveledUp,
    DieRolled,
    FightResolved,
    Recruited,
    IncomeCollected,
    CardCarriedOut,
    ResourcesTaken,
    EffectCarriedOut,
    CardResolved,
    Stopped,
    Stolen,
    ScreenShown,
    HenchmanPlaced,
    HenchmenSentHome,
    MovementBegan,
    MovementEnded,
    MovePlanned,
    CardDrawn,
    FinalTurnsBegan,
    GameFinished,
)
