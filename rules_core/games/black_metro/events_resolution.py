"""The resolution phase's events: a district resolved player by player, the effects used and
what they do (dice rolled, personnel recalled, recruited, recovered and promoted, science,
fortifications, syndicates)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import Citation, GameEvent, Hidden
from rules_core.games.black_metro.choices_seen import split_recorded
from rules_core.games.black_metro.citations import DISTRICT_SECTIONS, cite
from rules_core.games.black_metro.events import OWNER
from rules_core.games.black_metro.state import Troop


def _resolving_as_stored(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 cited the resolution alone, whoever resolved (rules version 34 cites the kind
    of district, the solo overlord's personnel left out, the Expiditry Matrix): kept as it
    was stored."""
    return {**data, "overlord_there": False, "remote": False, "cites_kind": False}


@dataclass(frozen=True, slots=True)
class DistrictResolving(GameEvent):
    """A district's players use its effects in turn, from the relic player clockwise: a
    facility's every player with personnel there, the battlefield's dominating player
    (troubleshooting.districts). `overlord_there`: the solo overlord's personnel are at the
    facility and use nothing; `remote`: a player uses their candidate's district ability there
    without personnel, by a charged (face-up) Expiditry Matrix (`cites_kind` False: a version-1
    event, cited as stored)."""

    type: ClassVar[str] = "district_resolving"
    in_words: ClassVar[str] = (
        "A district is resolved, its players using its effects in turn from the relic player "
        "clockwise."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "phases.resolution", "quick-reference.resolution", "advanced.golden.timing", "districts"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        "troubleshooting.cards.technologies.expiditry-matrix",
        "troubleshooting.districts",
        "solo.rules.resolution",
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (
        _resolving_as_stored,
    )
    district: int
    players: tuple[int, ...]
    overlord_there: bool = False  # False in a version-1 event
    remote: bool = False  # False in a version-1 event
    cites_kind: bool = True  # False in a version-1 event (cited as stored)

    def cited(self) -> tuple[Citation, ...]:
        return (
            *self.citations,
            *cite(
                *(("troubleshooting.cards.technologies.expiditry-matrix",) if self.remote else ()),
                *(("troubleshooting.districts",) if self.cites_kind else ()),
                *(("solo.rules.resolution",) if self.overlord_there else ()),
            ),
        )


@dataclass(frozen=True, slots=True)
class EffectUsed(GameEvent):
    """A player uses a district's effect (1 or 2, in list order) or their candidate's district
    ability (0), with what they chose for it."""

    type: ClassVar[str] = "effect_used"
    in_words: ClassVar[str] = (
        "A player uses one of a district's effects, or their candidate's district ability, with "
        "what they chose for it."
    )
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (split_recorded,)
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "troubleshooting.phases.resolution", "advanced.golden.abilities"
    )
    may_cite: ClassVar[tuple[Citation, ...]] = cite(
        *DISTRICT_SECTIONS, "troubleshooting.cards.candidates"
    )
    owner: int
    district: int
    effect: int
    choice: str  # what everybody sees done ("?" for a part naming cards from the hand)
    cards: tuple[str, ...] = ()  # those parts, in order: their player's (choices_seen)

    def cited(self) -> tuple[Citation, ...]:
        extra = cite(DISTRICT_SECTIONS[self.district - 1])
        if self.effect == 0:
            extra += cite("troubleshooting.cards.candidates")
        return self.citations + extra


@dataclass(frozen=True, slots=True)
class ResolutionDone(GameEvent):
    """A player is done at a district."""

    type: ClassVar[str] = "resolution_done"
    in_words: ClassVar[str] = "A player is done with the effects at a district."
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.phases.resolution")
    owner: int


@dataclass(frozen=True, slots=True)
class DiceRolled(GameEvent):
    type: ClassVar[str] = "dice_rolled"
    in_words: ClassVar[str] = (
        "A player rolls or rerolls one of the game's dice: fortune, supply, penalty or event."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice")
    owner: int
    dice: str
    face: int
    reroll: bool = False


@dataclass(frozen=True, slots=True)
class RollKept(GameEvent):
    """The roller keeps the result (no fortune discarded to reroll)."""

    type: ClassVar[str] = "roll_kept"
    in_words: ClassVar[str] = (
        "A player keeps the result rolled instead of discarding a fortune to reroll."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice")
    owner: int


@dataclass(frozen=True, slots=True)
class RollToResolve(GameEvent):
    """A kept face that asks its roller a choice (what to research, where to build...)."""

    type: ClassVar[str] = "roll_to_resolve"
    in_words: ClassVar[str] = "A kept die result asks its roller to choose how to resolve it."
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice", "appendix.dice.supply")
    owner: int
    dice: str
    face: int
    district: int
    option: int = 0  # the event dice: -1 the relic player chooses an option, else its index
    start: int = 0  # the face's step the choice begins at (those before it are done already)


@dataclass(frozen=True, slots=True)
class RollResolved(GameEvent):
    """The roller's choice for a kept face (done next)."""

    type: ClassVar[str] = "roll_resolved"
    in_words: ClassVar[str] = "A player says how they resolve the die result they kept."
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (split_recorded,)
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.dice", "appendix.dice.supply")
    owner: int
    choice: str  # as EffectUsed's
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StepAsked(GameEvent):
    """A later choosing step of an effect asked of its player on its own, once the steps
    before it are done (rules version 30: before, one move named the way of every step, so
    their options multiplied). Public: the effect's source (`reason`, sources.py), its option
    `option` (a die face's), the last `left` of its steps (the first of them the step asked),
    at `district`; `taken`: missions already returned by a step returning "up to N"."""

    type: ClassVar[str] = "step_asked"
    in_words: ClassVar[str] = (
        "A player resolving an effect is asked the way of its next choosing step on its own."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "advanced.golden.abilities", "advanced.golden.exceptions"
    )
    owner: int
    reason: str
    option: int
    district: int
    left: int
    taken: int = 0


@dataclass(frozen=True, slots=True)
class StepPassed(GameEvent):
    """A later choosing step of an effect that the steps before it left with no way, passed
    over and the rest of the effect done (advanced.golden.exceptions; rules version 32: before,
    it was passed over without a word). Public, as `step_asked`: the effect's source, its
    option, the last `left` of its steps (the first of them the step passed over)."""

    type: ClassVar[str] = "step_passed"
    in_words: ClassVar[str] = (
        "A step of an effect that nothing now allows is passed over; the rest is resolved."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "advanced.golden.abilities", "advanced.golden.exceptions"
    )
    owner: int
    reason: str
    option: int
    left: int


@dataclass(frozen=True, slots=True)
class StepChosen(GameEvent):
    """The way chosen for the step asked (done next); as EffectUsed's choice, a way naming
    cards from the hand or the technology researched is its player's alone (choices_seen)."""

    type: ClassVar[str] = "step_chosen"
    in_words: ClassVar[str] = "A player chooses the way of the step of an effect they were asked."
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": OWNER}
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "advanced.golden.abilities", "advanced.golden.exceptions"
    )
    owner: int
    choice: str
    cards: tuple[str, ...] = ()


def _not_by_effect(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not tell a recall by an effect from the standby phase's (rules version 34
    does, and cites the Laughing Tavern's entry for its): read as the standby's, cited as it
    was stored."""
    return {**data, "by_effect": False}


@dataclass(frozen=True, slots=True)
class Recalled(GameEvent):
    """Personnel from a district back to the hideout; `by_effect`: by the effect recalling
    from the district resolved and recruiting there (05 Laughing Tavern's, citing its entry),
    not by the standby phase."""

    type: ClassVar[str] = "recalled"
    in_words: ClassVar[str] = "A player recalls personnel from a district back to their hideout."
    citations: ClassVar[tuple[Citation, ...]] = cite("setup.hideout")
    version: ClassVar[int] = 2
    upcasts: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = (_not_by_effect,)
    may_cite: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.districts.laughing-tavern")
    owner: int
    district: int
    troop: Troop
    by_effect: bool = False  # False in a version-1 event

    def cited(self) -> tuple[Citation, ...]:
        return self.citations + (self.may_cite if self.by_effect and self.district == 5 else ())


@dataclass(frozen=True, slots=True)
class Recovered(GameEvent):
    """Personnel from the overwhelmed bag to the hideout."""

    type: ClassVar[str] = "recovered"
    in_words: ClassVar[str] = (
        "A player recovers personnel from their overwhelmed bag to their hideout."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.districts.highfield-hospital")
    owner: int
    troop: Troop


@dataclass(frozen=True, slots=True)
class Promoted(GameEvent):
    """A subordinate at a district back to the backup, a specialised personnel in its place
    (from the backup, else from the overwhelmed bag)."""

    type: ClassVar[str] = "promoted"
    in_words: ClassVar[str] = (
        "A subordinate at a district goes back to the backup, and a paragon or a doom mechasuit "
        "takes its place."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "districts.crossfire-armoury", "troubleshooting.districts.crossfire-armoury"
    )
    owner: int
    district: int
    unit: int  # 1 paragon, 2 doom mechasuit
    from_overwhelmed: bool


@dataclass(frozen=True, slots=True)
class ScienceAdvanced(GameEvent):
    type: ClassVar[str] = "science_advanced"
    in_words: ClassVar[str] = "A player advances to the next scientific level."
    citations: ClassVar[tuple[Citation, ...]] = cite("appendix.science", "districts.oakland-lab")
    owner: int
    level: int


@dataclass(frozen=True, slots=True)
class FortificationBuilt(GameEvent):
    type: ClassVar[str] = "fortification_built"
    in_words: ClassVar[str] = (
        "A player builds a fortification, a blockade or a support base, at a district."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "appendix.fortifications", "districts.broadswade"
    )
    owner: int
    district: int
    kind: str


@dataclass(frozen=True, slots=True)
class FortificationMoved(GameEvent):
    type: ClassVar[str] = "fortification_moved"
    in_words: ClassVar[str] = "A fortification is moved from one district to another."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "districts.broadswade", "troubleshooting.units.fortifications"
    )
    owner: int  # the fortification's owner
    kind: str
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class SyndicateTurned(GameEvent):
    """A revealed syndicate turned (or, turned already, back to unturned)."""

    type: ClassVar[str] = "syndicate_turned"
    in_words: ClassVar[str] = "A revealed syndicate is turned, or turned back."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "appendix.syndicates", "districts.astral-tower"
    )
    syndicate: str


@dataclass(frozen=True, slots=True)
class SabotageDeclined(GameEvent):
    """The Gambler lets another player's roll stand."""

    type: ClassVar[str] = "sabotage_declined"
    in_words: ClassVar[str] = (
        "The Gambler lets another player's roll stand instead of sabotaging it."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite("troubleshooting.cards.candidates.gambler")
    owner: int


@dataclass(frozen=True, slots=True)
class TechnologyJammed(GameEvent):
    """The Technologist's frequency jammer: another player's charged technology downed."""

    type: ClassVar[str] = "technology_jammed"
    in_words: ClassVar[str] = (
        "After the Technologist researches, their frequency jammer downs another player's charged "
        "technology of that level, or else of a lower one."
    )
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "troubleshooting.cards.candidates.technologist",
        "appendix.candidates",
        "advanced.golden.exceptions",
    )
    owner: int  # the technology's owner
    technology: str  # its plain id: once downed, the card itself is face down


@dataclass(frozen=True, slots=True)
class JamForgone(GameEvent):
    type: ClassVar[str] = "jam_forgone"
    in_words: ClassVar[str] = "The Technologist leaves the frequency jammer unused."
    citations: ClassVar[tuple[Citation, ...]] = cite(
        "troubleshooting.cards.candidates.technologist"
    )
    owner: int


RESOLUTION_EVENTS: tuple[type[GameEvent], ...] = (
    SabotageDeclined,
    TechnologyJammed,
    JamForgone,
    DistrictResolving,
    EffectUsed,
    ResolutionDone,
    DiceRolled,
    RollKept,
    RollToResolve,
    RollResolved,
    StepAsked,
    StepPassed,
    StepChosen,
    Recalled,
    Recovered,
    Promoted,
    ScienceAdvanced,
    FortificationBuilt,
    FortificationMoved,
    SyndicateTurned,
)
