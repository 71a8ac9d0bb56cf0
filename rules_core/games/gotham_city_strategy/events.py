"""Gotham City Strategy events: frozen dataclasses, each handled by one function in rules.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.engine.visibility import ACTOR, NOBODY_COUNT
from rules_core.games.gotham_city_strategy.citations import cite
from rules_core.games.gotham_city_strategy.content import Op, Pack
from rules_core.games.gotham_city_strategy.state import Decision, Plan

BEHIND_SCREEN = Hidden("field:owner")  # the amounts reach the owner's screen (issue: see README)


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    type: ClassVar[str] = "game_started"
    secret: ClassVar[Mapping[str, Hidden]] = {
        "deck": NOBODY_COUNT,
        "batman_deck": NOBODY_COUNT,
        "pack.plots": NOBODY_COUNT,
        "pack.batman_cards": NOBODY_COUNT,
    }
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "setup", "components", "glossary", "glossary.villain"
    )
    villains: tuple[str, ...]
    variant: bool
    deck: tuple[str, ...]
    batman_deck: tuple[str, ...]
    pack: Pack


@dataclass(frozen=True, slots=True)
class CardsDealt(GameEvent):
    type: ClassVar[str] = "cards_dealt"
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("setup")
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Awaiting(GameEvent):
    """The game now waits for a decision (queued after those already waiting, or first)."""

    type: ClassVar[str] = "awaiting"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")
    decision: Decision
    first: bool


@dataclass(frozen=True, slots=True)
class Answered(GameEvent):
    """One unit of the first waiting decision is done (`block`: where, for 'different' ones)."""

    type: ClassVar[str] = "answered"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")
    block: int


@dataclass(frozen=True, slots=True)
class Declined(GameEvent):
    """The first waiting decision ends (chosen, stopped early, or nothing left to choose)."""

    type: ClassVar[str] = "declined"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")


@dataclass(frozen=True, slots=True)
class ThreatPlaced(GameEvent):
    """A threat from the reserve (or moved from `source` when the reserve is empty) onto a block."""

    type: ClassVar[str] = "threat_placed"
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "glossary.threats", "turn.plot.effect.placing", "turn.plot.batman-blocks"
    )
    block: int
    source: int


@dataclass(frozen=True, slots=True)
class ThreatRemoved(GameEvent):
    """`owner`'s threat leaves a block (back to their reserve); `seat` is who removed it."""

    type: ClassVar[str] = "threat_removed"
    citations: ClassVar[tuple[Citation, ...]] = cite("glossary.order-value", "turn.plot.bat-signal")
    owner: int
    block: int


@dataclass(frozen=True, slots=True)
class HenchmenMoved(GameEvent):
    """`count` of `owner`'s henchmen go from one location to another (-1: the hideout)."""

    type: ClassVar[str] = "henchmen_moved"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move", "glossary.hideout")
    owner: int
    source: int
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class HenchmanLost(GameEvent):
    """A henchman returns to the reserves (no longer recruited)."""

    type: ClassVar[str] = "henchman_lost"
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.effect.carry-out", "glossary.henchmen"
    )
    owner: int
    source: int


@dataclass(frozen=True, slots=True)
class VillainMoved(GameEvent):
    type: ClassVar[str] = "villain_moved"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move", "glossary.hideout")
    owner: int
    target: int


@dataclass(frozen=True, slots=True)
class ResourcesChanged(GameEvent):
    """Money and information change behind a screen (gains, payments, incomes, costs)."""

    type: ClassVar[str] = "resources_changed"
    secret: ClassVar[Mapping[str, Hidden]] = {"money": BEHIND_SCREEN, "information": BEHIND_SCREEN}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "glossary.money",
        "glossary.information",
        "glossary.income",
        "glossary.resource",
        "glossary.reserves",
        "glossary.ruling",
        "two-player",
        "turn.plot.income",
        "turn.plot.effect.resources",
    )
    owner: int
    money: int
    information: int
    reason: str


@dataclass(frozen=True, slots=True)
class TurnStarted(GameEvent):
    type: ClassVar[str] = "turn_started"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn")


@dataclass(frozen=True, slots=True)
class LevelAdvanced(GameEvent):
    type: ClassVar[str] = "level_advanced"
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.level", "turn.level.verify", "turn.level.verify.example", "glossary.level"
    )
    level: int


@dataclass(frozen=True, slots=True)
class AbilityChosen(GameEvent):
    type: ClassVar[str] = "ability_chosen"
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.level.ability", "turn.level.ability.example", "glossary.ability"
    )
    card: str


@dataclass(frozen=True, slots=True)
class CardPlayed(GameEvent):
    """A Criminal Plot card played face up (or revealed, in the variant); its steps follow."""

    type: ClassVar[str] = "card_played"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot")
    card: str
    steps: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class CardFaceDown(GameEvent):
    """Variant: the card for the next turn, face down."""

    type: ClassVar[str] = "card_face_down"
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("variant")
    card: str


@dataclass(frozen=True, slots=True)
class BatmanDeckShuffled(GameEvent):
    type: ClassVar[str] = "batman_deck_shuffled"
    secret: ClassVar[Mapping[str, Hidden]] = {"deck": NOBODY_COUNT}
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.bat-signal")
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BatmanCardDrawn(GameEvent):
    type: ClassVar[str] = "batman_card_drawn"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.bat-signal")
    card: str
    steps: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class BatmanMoved(GameEvent):
    """Batman goes to a block (or the Batcave, -1)."""

    type: ClassVar[str] = "batman_moved"
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.plot.bat-signal",
        "turn.plot.bat-signal.example",
        "turn.plot.batman-blocks",
        "glossary.block",
    )
    target: int


@dataclass(frozen=True, slots=True)
class BatmanLeveledUp(GameEvent):
    type: ClassVar[str] = "batman_leveled_up"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.fight-batman")


@dataclass(frozen=True, slots=True)
class DieRolled(GameEvent):
    """A roll of the Batman die for a card effect (`seat` rolled)."""

    type: ClassVar[str] = "die_rolled"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")
    face: str


@dataclass(frozen=True, slots=True)
class FightResolved(GameEvent):
    """A fight at `block`: the aggressor against a villain or Batman (defender -1), both totals."""

    type: ClassVar[str] = "fight_resolved"
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "turn.fight-villains",
        "turn.fight-villains.example",
        "turn.fight-batman",
        "glossary.fight-value",
        "glossary.figures",
    )
    block: int
    aggressor: int  # a seat, or -1 for Batman
    defender: int  # a seat, or -1 for Batman
    aggressor_face: str
    defender_face: str
    aggressor_total: int
    defender_total: int
    winner: int  # a seat, or -1 for Batman


@dataclass(frozen=True, slots=True)
class Recruited(GameEvent):
    type: ClassVar[str] = "recruited"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.recruit", "glossary.henchmen")
    count: int
    cost: int


@dataclass(frozen=True, slots=True)
class StepChanged(GameEvent):
    """The turn moves on: levels, resolve, actions, moving (and back to actions)."""

    type: ClassVar[str] = "step_changed"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn")
    step: str
    steps: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class ProgramStepped(GameEvent):
    """One step of the card being resolved is done."""

    type: ClassVar[str] = "program_stepped"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.plot.effect.carry-out")


@dataclass(frozen=True, slots=True)
class MovePlanned(GameEvent):
    """The figures a player has chosen to move so far (applied when the move is done)."""

    type: ClassVar[str] = "move_planned"
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.move")
    plan: Plan


@dataclass(frozen=True, slots=True)
class CardDrawn(GameEvent):
    type: ClassVar[str] = "card_drawn"
    secret: ClassVar[Mapping[str, Hidden]] = {"card": ACTOR}
    citations: ClassVar[tuple[Citation, ...]] = cite("turn.draw")
    card: str


@dataclass(frozen=True, slots=True)
class FinalTurnsBegan(GameEvent):
    type: ClassVar[str] = "final_turns_began"
    citations: ClassVar[tuple[Citation, ...]] = cite("end", "turn.draw")
    turns: int


@dataclass(frozen=True, slots=True)
class GameFinished(GameEvent):
    type: ClassVar[str] = "game_finished"
    citations: ClassVar[tuple[Citation, ...]] = cite("end", "glossary.level")
    winners: tuple[int, ...]
    reason: str


EVENT_TYPES: dict[str, type[GameEvent]] = {
    cls.type: cls
    for cls in (
        GameStarted,
        CardsDealt,
        Awaiting,
        Answered,
        Declined,
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
        StepChanged,
        ProgramStepped,
        MovePlanned,
        CardDrawn,
        FinalTurnsBegan,
        GameFinished,
    )
}
