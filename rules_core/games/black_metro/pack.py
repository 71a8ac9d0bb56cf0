"""The shapes of Black Metro's content pack (read and checked by content.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_core.engine.content_limits import PackIds
from rules_core.engine.effects import Effect

SUITS = ("diamonds", "clubs", "hearts", "spades")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURT = ("J", "Q", "K", "Joker")  # the dominance fortunes, weakest first
PERSONNEL = ("subordinate", "paragon", "doom-mechasuit")
FORTIFICATIONS = ("blockade", "support-base")
UNITS = (*PERSONNEL, *FORTIFICATIONS)
# What the game joins ids with, which no id a pack gives may hold: the parts of a choice, one a
# choosing step, by "|" (facilities.carry_out, choices_seen: a technology researched, a mission
# returned or a syndicate turned); the cards of one part (missions returned, fortunes discarded)
# by "," (facilities._do); a mission card's mission and copy by "#" (`mission_ids`, `card`); a
# technology card's technology and owner by "@" (`technology`). The ":" and ">" of a way
# ("research:<technology>", "<owner>:<kind>:<from>><to>") and the ":" of a source
# ("handicap:<candidate>", sources.py) are read after the op, the prefix or the kind that names
# the rest, so an id may hold them (test_facilities, test_research, test_pack_ids).
# A part of a choice is read by its id alone as a fortune discarded, a technology researched, a
# syndicate turned or a unit promoted or recovered, whichever language.one_choice finds first,
# and a card parameter as a fortune or a technology (`card`): those four kinds share their ids.
# Before any id, a part is read as the words "advance" and "no" (advancing the scientific level
# or not, facilities._step_options), which no id may be.
FORTUNE, UNIT, TECHNOLOGY, SYNDICATE = "a fortune card", "a unit", "a technology", "a syndicate"
IDS = PackIds(
    ("|", ",", "#", "@"),
    reserved=("advance", "no"),
    shared=((FORTUNE, TECHNOLOGY, SYNDICATE, UNIT),),
)


@dataclass(frozen=True, slots=True)
class Ability:
    """One effect of a district or a die face: steps done in order (costs first)."""

    steps: tuple[Effect, ...]
    if_able: bool = False  # resolved as far as possible (advanced.golden.exceptions)


@dataclass(frozen=True, slots=True)
class District:
    number: int
    id: str
    name: str
    battlefield: bool
    effects: tuple[Ability, ...]

    @property
    def label(self) -> str:
        return f"{self.number:02d} {self.name}"


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    name: str
    plural: str
    kind: str  # personnel | fortification
    strength: int
    per_fortification: bool  # the support base: its strength per fortification of its owner there


@dataclass(frozen=True, slots=True)
class Science:
    level: int
    cost: tuple[tuple[str, int], ...]
    unlocks: str  # research | support-base | doom-mechasuit


@dataclass(frozen=True, slots=True)
class Face:
    """A die face: one ability, or (the event dice) options the relic player chooses from;
    an event face's name is the one its lore gives it ("chaotic winds"; "" in packs recorded
    before rules version 5, and on the other dice)."""

    options: tuple[Ability, ...]
    name: str = ""


@dataclass(frozen=True, slots=True)
class Dice:
    id: str
    name: str
    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class ScoringRow:
    measure: str
    per: int
    power: int
    strain: int


@dataclass(frozen=True, slots=True)
class Technology:
    id: str
    name: str
    type: str
    level: int
    ability: Effect


@dataclass(frozen=True, slots=True)
class MissionOption:
    needs: Effect
    power: int


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    timing: str
    copies: int
    options: tuple[MissionOption, ...]


@dataclass(frozen=True, slots=True)
class Syndicate:
    id: str
    name: str
    most: bool  # False: the fewest
    measure: str
    power: int


@dataclass(frozen=True, slots=True)
class Candidate:
    id: str
    name: str
    fortune: tuple[str, str]  # the candidate fortune's rank and suit (not a card id)
    setup: tuple[Effect, ...]
    district: int
    district_ability: tuple[Effect, ...]
    ability: Effect


@dataclass(frozen=True, slots=True)
class Opponent:
    id: str
    name: str
    setup: tuple[Effect, ...]
    round_6: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Solo:
    player_power: int
    overlord_power: int
    syndicates: tuple[str, ...]
    strong_candidates: tuple[str, ...]
    strong_setup: tuple[Effect, ...]
    priorities: tuple[str, ...]
    ranks: tuple[tuple[int, str], ...]  # lowest score for each rank, best first


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as a person reads it (a fortune, a mission, a technology)."""

    id: str
    name: str
    text: str = ""


def fortune_ids(jokers: int) -> tuple[str, ...]:
    """The fortune deck's ids with `jokers` jokers: `<rank>-<suit>` for each suit and rank, then
    `Joker-<n>`."""
    suited = tuple(f"{rank}-{suit}" for suit in SUITS for rank in RANKS)
    return suited + tuple(f"Joker-{n}" for n in range(1, jokers + 1))


@dataclass(frozen=True, slots=True)
class Pack:
    """A whole pack; `digest` identifies its content (the codec encodes it once)."""

    __json_key__: ClassVar[str] = "digest"

    digest: str
    name: str
    limits: tuple[tuple[str, int], ...]
    backup: tuple[tuple[str, int], ...]
    units: tuple[Unit, ...]
    science: tuple[Science, ...]
    research_cost: tuple[tuple[str, int], ...]
    districts: tuple[District, ...]
    jokers: int
    suits: tuple[tuple[str, Effect], ...]  # what each suit gives once its fortune is resolved
    court: tuple[tuple[str, Effect, Effect | None], ...]  # rank, effect, solo effect
    blockade_table: tuple[tuple[int, int, int, int], ...]
    blockade_rules: tuple[int, int, int]  # extra strength, strain per missing, discards each
    dice: tuple[Dice, ...]
    tiles: tuple[tuple[str, str, str], ...]  # id, name, effect
    scoring: tuple[ScoringRow, ...]
    tie_breakers: tuple[str, ...]
    technologies: tuple[Technology, ...]
    missions: tuple[Mission, ...]
    syndicates: tuple[Syndicate, ...]
    candidates: tuple[Candidate, ...]
    first_game: tuple[Effect, ...]
    opponent: Opponent
    solo: Solo

    def limit(self, key: str) -> int:
        return dict(self.limits)[key]

    def district(self, number: int) -> District:
        return self.districts[number - 1]

    def unit(self, unit_id: str) -> Unit:
        return next(u for u in self.units if u.id == unit_id)

    def die(self, dice_id: str) -> Dice:
        return next(d for d in self.dice if d.id == dice_id)

    def technology(self, card: str) -> Technology:
        """A technology by its id, or by a player's card of it (`<id>@<player>`)."""
        tech_id = card.partition("@")[0]
        return next(t for t in self.technologies if t.id == tech_id)

    def mission(self, mission_id: str) -> Mission:
        return next(m for m in self.missions if m.id == mission_id)

    def syndicate(self, syndicate_id: str) -> Syndicate:
        return next(s for s in self.syndicates if s.id == syndicate_id)

    def candidate_fortune(self, candidate_id: str) -> str:
        """The id of the fortune card a candidate stands for."""
        return "-".join(self.candidate(candidate_id).fortune)

    def candidate(self, candidate_id: str) -> Candidate:
        return next(c for c in self.candidates if c.id == candidate_id)

    def suit_gives(self, suit: str) -> Effect:
        return dict(self.suits)[suit]

    def fortune_ids(self) -> tuple[str, ...]:
        """The fortunes (55 in the book): `<rank>-<suit>` and `Joker-<n>`."""
        return fortune_ids(self.jokers)

    @property
    def cards(self) -> tuple[CardFace, ...]:
        """Every card of the game by id (the technologies by their plain ids)."""
        faces = [self.card(c) for c in (*self.fortune_ids(), *self.mission_ids())]
        return (*faces, *(CardFace(t.id, t.name) for t in self.technologies))

    def card(self, card_id: str) -> CardFace:
        """A fortune (`3-diamonds`), a mission card (`war-chest#1`) or a technology card
        (`voltaic-edge@0`) as it reads."""
        if "#" in card_id:
            return CardFace(card_id, self.mission(card_id.partition("#")[0]).name)
        if "@" in card_id or any(t.id == card_id for t in self.technologies):
            return CardFace(card_id, self.technology(card_id).name)
        rank, _, suit = card_id.partition("-")
        if rank not in RANKS and rank != "Joker":
            raise KeyError(card_id)
        return CardFace(card_id, "joker" if rank == "Joker" else f"{rank} of {suit}")

    def mission_ids(self) -> tuple[str, ...]:
        """Every mission card: `<mission>#<copy>`."""
        return tuple(f"{m.id}#{c}" for m in self.missions for c in range(1, m.copies + 1))
