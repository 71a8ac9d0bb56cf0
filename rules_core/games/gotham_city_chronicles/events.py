"""Gotham City Chronicles events: what happens at the table, each folded by one handler in
evolve.py and each citing the sections that govern it. Dice are rolled in `decide`; their faces
are in the events, so a replay never rolls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.types import Citation, GameEvent
from rules_core.games.gotham_city_chronicles.citations import cite
from rules_core.games.gotham_city_chronicles.content import Pack

# the events of rolling actions (dice_events), of a mission's objects (mission_events), of a
# movement (movement_events) and of the villain's side (villain_events), re-exported so that
# this module lists every event
from rules_core.games.gotham_city_chronicles.dice_events import (
    AttackCounted as AttackCounted,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    AttackRolled as AttackRolled,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    Attracted as Attracted,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    Blasted as Blasted,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ComplexActionResolved as ComplexActionResolved,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ComplexActionRolled as ComplexActionRolled,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    DefenseCounted as DefenseCounted,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    DefenseImpossible as DefenseImpossible,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    DefenseRolled as DefenseRolled,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    DiceRerolled as DiceRerolled,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    EquipmentHandedOver as EquipmentHandedOver,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    EquipmentOffered as EquipmentOffered,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    FreeRerollPicked as FreeRerollPicked,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ItemDropped as ItemDropped,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ItemPickedUp as ItemPickedUp,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ItemThrown as ItemThrown,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ItemUsedUp as ItemUsedUp,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    NothingToDefend as NothingToDefend,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    OfferDeclined as OfferDeclined,
)
from rules_core.games.gotham_city_chronicles.dice_events import (
    ThrowRolled as ThrowRolled,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    AreaDiceRolled as AreaDiceRolled,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    ContentsLaid as ContentsLaid,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    ContentsTaken as ContentsTaken,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    Demobilized as Demobilized,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    EffectOrderAsked as EffectOrderAsked,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    EffectOrderChosen as EffectOrderChosen,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    Exploded as Exploded,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    MissionActionDone as MissionActionDone,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    RiverDredged as RiverDredged,
)
from rules_core.games.gotham_city_chronicles.mission_events import (
    TokenChanged as TokenChanged,
)
from rules_core.games.gotham_city_chronicles.movement_events import (
    Moved as Moved,
)
from rules_core.games.gotham_city_chronicles.movement_events import (
    MovementDeclared as MovementDeclared,
)
from rules_core.games.gotham_city_chronicles.movement_events import (
    MovementEnded as MovementEnded,
)
from rules_core.games.gotham_city_chronicles.movement_events import (
    MovePointsBought as MovePointsBought,
)
from rules_core.games.gotham_city_chronicles.movement_events import (
    TerrainDiceRolled as TerrainDiceRolled,
)
from rules_core.games.gotham_city_chronicles.movement_events import (
    TerrainRolled as TerrainRolled,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    CharacterActivated as CharacterActivated,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    CharacterActivationEnded as CharacterActivationEnded,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    CharacterNeutralized as CharacterNeutralized,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    CharacterWounded as CharacterWounded,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    EventTriggered as EventTriggered,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    Reinforced as Reinforced,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    ReinforcementPoints as ReinforcementPoints,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    TileActivated as TileActivated,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    TileActivationEnded as TileActivationEnded,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    TileNeutralized as TileNeutralized,
)
from rules_core.games.gotham_city_chronicles.villain_events import (
    VillainTurnEnded as VillainTurnEnded,
)


@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    """The mission is set up: its board, heroes (each with the seat that plays it), tiles in the
    river, figures, tokens and the command post's cubes."""

    type: ClassVar[str] = "game_started"
    in_words: ClassVar[str] = (
        "The mission is set up: its board, the heroes and who plays them, the villain's tiles in "
        "the river, the figures, tokens and command post cubes."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "iii",
        "v",
        "v-a",
        "vi-a",
        "vi-a-1",
        "vi-a-2-a",
        "vi-e.character-pool",
        "ii.turn-track",
        "v-d-2",
    )
    pack: Pack
    seats: int
    hero_seats: tuple[int, ...]  # the seat of each of the mission's heroes, in its order


@dataclass(frozen=True, slots=True)
class TurnAdvanced(GameEvent):
    """The side with initiative moves the turn marker one space on."""

    type: ClassVar[str] = "turn_advanced"
    in_words: ClassVar[str] = "A new game turn begins and the turn marker moves one space on."
    citations: ClassVar[tuple[Citation, ...]] = cite("iv-a", "iv-a-1", "ii.turn-track")
    turn: int


@dataclass(frozen=True, slots=True)
class HeroesTurnBegan(GameEvent):
    """The heroes' turn: cubes spent during the villain's turn go to fatigue."""

    type: ClassVar[str] = "heroes_turn_began"
    in_words: ClassVar[str] = (
        "The heroes' turn begins, and the cubes they spent during the villain's turn go to fatigue."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("iv-b", "iv-d", "v-b", "v-b-1", "v-b-2")


@dataclass(frozen=True, slots=True)
class StanceDeclared(GameEvent):
    """A hero takes a stance and recovers its cubes (`recovered` from fatigue, `healed` moved
    from the wound zone to fatigue when fatigue ran short)."""

    type: ClassVar[str] = "stance_declared"
    in_words: ClassVar[str] = (
        "A hero takes the active or the resting stance and recovers cubes from fatigue."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-b-3", "v-a.recovery-values")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("v-b-3-a", "v-b-3-b", "ix-b")
    hero: str
    stance: str
    recovered: int
    healed: int

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *cite("v-b-3-a" if self.stance == "active" else "v-b-3-b"))


@dataclass(frozen=True, slots=True)
class HeroWounded(GameEvent):
    """Wounds move a hero's cubes to the wound zone; all of them there: neutralized."""

    type: ClassVar[str] = "hero_wounded"
    in_words: ClassVar[str] = (
        "Wounds move a hero's cubes to the wound zone, and a hero with every cube there is "
        "neutralized."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-a", "v-a.energy-zones")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("ix-b")
    hero: str
    wounds: int
    neutralized: bool

    def cited(self) -> tuple[Citation, ...]:
        return (*self.citations, *(cite("ix-b") if self.neutralized else ()))


@dataclass(frozen=True, slots=True)
class HeroesFinished(GameEvent):
    """A seat's heroes want no more actions this turn."""

    type: ClassVar[str] = "heroes_finished"
    in_words: ClassVar[str] = "A heroes' player wants no more actions this turn."
    citations: ClassVar[tuple[Citation, ...]] = cite("v-b-4", "v-b-5")


@dataclass(frozen=True, slots=True)
class HeroesActionsEnded(GameEvent):
    """The game ends the actions of a heroes' seat (`player`) with nothing else to do: all its
    heroes rest (`resting`), or it is the last seat left to act and can take no action (rules
    version 21, heroes_actions.heroes_rest; by nobody)."""

    type: ClassVar[str] = "heroes_actions_ended"
    in_words: ClassVar[str] = (
        "A heroes' player with nothing left to do this turn, all its heroes resting or none "
        "able to act, has its actions ended without being asked."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-b-4", "v-b-5")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("v-b-3-b")
    player: int
    resting: bool

    def cited(self) -> tuple[Citation, ...]:
        return (*cite("v-b-3-b"), *self.citations) if self.resting else self.citations


@dataclass(frozen=True, slots=True)
class HeroesActionsReopened(GameEvent):
    """Heroes' seats (`players`) that had finished their actions may act again, another hero
    having acted since: after each action the heroes choose the acting hero anew while any
    active hero wishes to act, and the turn ends only when they decide it unanimously (IV,
    V·B·4, V·B·5; rules version 27, heroes_actions.heroes_reopened; by nobody)."""

    type: ClassVar[str] = "heroes_actions_reopened"
    in_words: ClassVar[str] = (
        "Heroes' players who had finished may act again, since another hero has acted: the "
        "heroes' turn ends when none of them wishes to act any more."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("iv", "v-b-4", "v-b-5")
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HeroesTurnEnded(GameEvent):
    """Every seat of the heroes is finished: end-of-turn effects, and spent cubes to fatigue."""

    type: ClassVar[str] = "heroes_turn_ended"
    in_words: ClassVar[str] = (
        "Every heroes' player has finished, so the heroes' turn ends and their spent cubes go to "
        "fatigue."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("v-b-6", "v-b-7")


@dataclass(frozen=True, slots=True)
class VillainTurnBegan(GameEvent):
    """The villain's turn: cubes on the command post's spaces go to fatigue, then the mission's
    recovery value comes back from fatigue to the reserve (as many as fatigue holds: `recovery`
    is the mission's value, not the cubes moved; the story tells those, from the state)."""

    type: ClassVar[str] = "villain_turn_began"
    in_words: ClassVar[str] = (
        "The villain's turn begins: spent cubes go to fatigue, and the mission's recovery comes "
        "back from fatigue to the reserve, or as many as fatigue holds if fewer."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "iv-b", "iv-d", "vi-b", "vi-b-1", "vi-b-2", "vi-a-1"
    )
    recovery: int


EVENT_TYPES: dict[str, type[GameEvent]] = {
    e.type: e
    for e in (
        GameStarted,
        TurnAdvanced,
        HeroesTurnBegan,
        StanceDeclared,
        MovementDeclared,
        MovePointsBought,
        Moved,
        TerrainDiceRolled,
        TerrainRolled,
        HeroWounded,
        MovementEnded,
        HeroesFinished,
        HeroesActionsEnded,
        HeroesActionsReopened,
        HeroesTurnEnded,
        VillainTurnBegan,
    )
}


@dataclass(frozen=True, slots=True)
class UpkeepTriggered(GameEvent):
    """A mission effect of the upkeep phase whose condition holds; its effects follow."""

    type: ClassVar[str] = "upkeep_triggered"
    in_words: ClassVar[str] = (
        "A mission effect of the upkeep phase whose condition holds takes effect."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("iv-a-2", "i")
    effect: str


@dataclass(frozen=True, slots=True)
class TurnEffectTriggered(GameEvent):
    """A mission effect of the start or end of a side's turn whose condition holds."""

    type: ClassVar[str] = "turn_effect_triggered"
    in_words: ClassVar[str] = (
        "A mission effect for the start or end of a side's turn whose condition holds takes effect."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("i")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("v-b-2", "v-b-6", "vi-b-2", "vi-b-5")
    effect: str
    step: str  # heroes_start | heroes_end | villain_start | villain_end

    def cited(self) -> tuple[Citation, ...]:
        section = {
            "heroes_start": "v-b-2",
            "heroes_end": "v-b-6",
            "villain_start": "vi-b-2",
            "villain_end": "vi-b-5",
        }[self.step]
        return (*self.citations, *cite(section))


@dataclass(frozen=True, slots=True)
class DissipationPlaced(GameEvent):
    """A dissipation token is placed active side up; what it does is the mission's."""

    type: ClassVar[str] = "dissipation_placed"
    in_words: ClassVar[str] = "A dissipation token is placed in an area, active side up."
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-o", "i")
    may_cite: ClassVar[tuple[Citation, ...]] = cite("ix-p", "ix-q")
    kind: str
    area: str
    side: str


@dataclass(frozen=True, slots=True)
class DissipationTurned(GameEvent):
    """At the start of its side's turn an active token turns to its dissipating face, and a
    dissipating one is removed."""

    type: ClassVar[str] = "dissipation_turned"
    in_words: ClassVar[str] = (
        "At the start of its side's turn, an active dissipation token turns to its dissipating "
        "side, or a dissipating one is removed."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("ix-o", "v-b-2", "vi-b-2")
    kind: str
    area: str
    removed: bool
    # the side that placed the token, whose turn is starting; "" in events before rules
    # version 11, which turned the first token of that kind and face in the area, any side's
    side: str = ""


@dataclass(frozen=True, slots=True)
class GameFinished(GameEvent):
    """An end-game condition of the mission holds: the game ends at once."""

    type: ClassVar[str] = "game_finished"
    in_words: ClassVar[str] = (
        "One of the mission's end conditions holds, and the game ends at once."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("iv-c", "iv-e", "i")
    winner: str
    condition: str


EVENT_TYPES.update(
    {
        e.type: e
        for e in (
            CharacterWounded,
            CharacterNeutralized,
            TileNeutralized,
            TileActivated,
            EventTriggered,
            ReinforcementPoints,
            Reinforced,
            CharacterActivated,
            MissionActionDone,
            TokenChanged,
            ContentsLaid,
            ContentsTaken,
            Exploded,
            AreaDiceRolled,
            RiverDredged,
            Demobilized,
            CharacterActivationEnded,
            TileActivationEnded,
            VillainTurnEnded,
            UpkeepTriggered,
            TurnEffectTriggered,
            EffectOrderAsked,
            EffectOrderChosen,
            DissipationPlaced,
            DissipationTurned,
            GameFinished,
            ComplexActionRolled,
            DiceRerolled,
            FreeRerollPicked,
            ComplexActionResolved,
            ItemPickedUp,
            ItemDropped,
            AttackRolled,
            AttackCounted,
            DefenseRolled,
            DefenseCounted,
            DefenseImpossible,
            NothingToDefend,
            ThrowRolled,
            ItemThrown,
            EquipmentOffered,
            EquipmentHandedOver,
            OfferDeclined,
            Attracted,
            Blasted,
            ItemUsedUp,
        )
    }
)
