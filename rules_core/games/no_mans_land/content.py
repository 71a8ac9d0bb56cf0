"""The No Man's Land content pack: the city, the heroes, Falcone's deck and the Batsignal deck,
schema-checked when it loads (every value names its source: the rulebook or the reference)."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_core.engine.content_limits import ContentError as ContentError
from rules_core.engine.content_limits import (
    GivenId,
    PackIds,
    at_index,
    at_key,
    canonical_json,
    check_pack_shape,
    fail,
    ids_of,
)
from rules_core.engine.effects import STANDARD, Effect, Operation, Whole
from rules_core.engine.pack_sources import check_rulebook_sources, check_source
from rules_core.engine.recent import PACKS_KEPT, Recent
from rules_core.engine.types import JSON
from rules_core.engine.wording import counted
from rules_core.games.no_mans_land.citations import BOOK

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
# What the game joins ids with: nothing (a move names one card, district or piece whole; a
# card's copies are "<id>-<n>", never split again), so a pack's ids may hold any character. A
# stored game's pack is read again by this parser (`pack_of`): a separator declared here later
# would refuse stored games too, so its check would belong with `check_limits`, at creation only.
# A piece moved is a hero or one of Falcone's character cards, named by its id alone and told
# apart by looking through the heroes first (language.piece_name): a hero's id and Falcone's
# cards' share their ids. Those, and no id blank, are checked by `check_limits`, for the same
# reason.
DISTRICT, HERO = "a district", "a hero"
FALCONE_CARD, SIGNAL_CARD = "a card of Falcone's deck", "a Batsignal card"
IDS = PackIds(shared=((HERO, FALCONE_CARD),))
SUPPLY_RANGE = (1, 200)
NUMBER_RANGES: dict[str, JSON] = {
    "counters.supply": list(SUPPLY_RANGE),
    "counters.start": [0, 20],
    "counters.face_down_cost": [0, 9],
    "hands.falcone": [1, 8],
    "hands.gordon": [1, 8],
    "movement.falcone_steps": [1, 3],
    "movement.gordon_steps": [1, 3],
    "crimefighting.fights": [1, 9],
    "hero[].strength": [1, 9],
    "falcone[].cost": [0, 9],
    "falcone[].strength": [1, 9],
    "falcone[].copies": [1, 9],
    "batsignal[].copies": [1, 9],
}

# Falcone's cards: a crime may pay corruption back when played, or burn its district down at the
# start of his turn. Batsignal cards: a boost in one fight, a face-down crime turned up, an extra
# step for every hero.
FALCONE_EFFECTS = (
    STANDARD.extended(
        Operation(
            "destroy",
            words=lambda e: (
                "at the start of Falcone's turn, burns its district down unless a hero is there"
            ),
        ),
    )
    .only("gain", "destroy")
    .reworded(
        # the book's words: counters are taken from the supply (corruption-counters)
        "gain",
        lambda e: (
            f"Falcone takes {counted(int(str(e.get('amount'))), 'corruption counter')} "
            "from the supply"
        ),
    )
)
SIGNAL_EFFECTS = STANDARD.extended(
    Operation(
        "boost",
        {"strength": Whole(1, 9)},
        words=lambda e: f"+{e.get('strength')} strength in one fight",
    ),
    Operation("reveal", words=lambda e: "turn one face-down crime face up"),
    Operation(
        "hasten",
        {"steps": Whole(1, 3)},
        words=lambda e: f"every hero may move {e.get('steps')} district further this turn",
    ),
).only("boost", "reveal", "hasten")
# The city and decks a new game's pack may have (README, "A custom pack's limits"): the moves
# offered in one state grow with them (districts x cards in hand for Falcone's plays, pieces x
# neighbours for the moves, districts x boosts for the fights), and the bots weigh every one.
# The reference pack has 7 districts of 2 neighbours, 3 heroes, 17 and 8 cards; within these
# limits a state offers at most MOST_MOVES (README), where 120 districts all neighbours and 40
# heroes offered 4,761.
MOST_DISTRICTS = 16
MOST_NEIGHBOURS = 6
MOST_HEROES = 6
MOST_FALCONE_CARDS = 30  # copies counted
MOST_SIGNAL_CARDS = 20  # copies counted
MOST_MOVES = 389  # 8 crimes of a full hand x 2 faces x 16 districts + 22 characters x 6 + end
SIZE_LIMITS: dict[str, JSON] = {  # as the catalog states them (paths as in NUMBER_RANGES)
    "district": MOST_DISTRICTS,
    "district[].neighbours": MOST_NEIGHBOURS,
    "hero": MOST_HEROES,
    "falcone[].copies, summed": MOST_FALCONE_CARDS,
    "batsignal[].copies, summed": MOST_SIGNAL_CARDS,
}
KINDS = ("character", "crime")
TIMINGS = ("start", "crimefighting")


def number(step: Effect, name: str) -> int:
    """A whole-number argument of a compiled step (the schema made it one)."""
    value = step.get(name)
    assert isinstance(value, int)
    return value


@dataclass(frozen=True, slots=True)
class District:
    id: str
    name: str
    c_plus_1: bool
    neighbours: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    strength: int
    start: str


@dataclass(frozen=True, slots=True)
class Card:
    """One card of Falcone's deck or the Batsignal deck (one id per copy)."""

    id: str
    name: str
    kind: str  # character | crime | batsignal
    cost: int
    strength: int
    timing: str  # batsignal cards: start | crimefighting
    effect: tuple[Effect, ...]

    @property
    def text(self) -> str:
        registry = SIGNAL_EFFECTS if self.kind == "batsignal" else FALCONE_EFFECTS
        said = [
            ("when played face up, " if step.op == "gain" else "") + registry.say(step)
            for step in self.effect
        ]
        if self.kind == "batsignal":
            return f"{'start of turn' if self.timing == 'start' else 'crimefighting'}: " + (
                ", ".join(said)
            )
        head = f"{self.kind}, cost {self.cost}, strength {self.strength}"
        return head + (f"; {', '.join(said)}" if said else "")

    def has(self, op: str) -> bool:
        return any(step.op == op for step in self.effect)

    @property
    def gain(self) -> int:
        """The counters Falcone must take from the supply when this crime is played face up."""
        return sum(number(step, "amount") for step in self.effect if step.op == "gain")


@dataclass(frozen=True, slots=True)
class Pack:
    name: str
    supply: int
    start_counters: int
    face_down_cost: int  # every crime played face down costs this, whatever the card
    falcone_hand: int
    gordon_hand: int
    falcone_steps: int
    gordon_steps: int
    fights: int
    districts: tuple[District, ...]
    heroes: tuple[Hero, ...]
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        return _index(self)[card_id]

    def district(self, district_id: str) -> District:
        return next(d for d in self.districts if d.id == district_id)

    def hero(self, hero_id: str) -> Hero:
        return next(h for h in self.heroes if h.id == hero_id)

    def falcone_cards(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if c.kind != "batsignal")

    def signal_cards(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if c.kind == "batsignal")

    def crime_cost(self, card: Card, face_down: bool) -> int:
        """What a crime costs to play: its own cost face up; face down, the pack's one price
        for every crime, so that what Falcone pays tells Gordon nothing of which crime it is."""
        return self.face_down_cost if face_down else card.cost


# cards by id, by the pack's identity (hashing a whole pack costs more than the lookup); the
# entry holds its pack, so no other pack can take its id while it is kept
_INDEX: Recent[int, tuple[Pack, dict[str, Card]]] = Recent(PACKS_KEPT)


def _index(pack: Pack) -> dict[str, Card]:
    kept = _INDEX.get(id(pack))
    if kept is None or kept[0] is not pack:
        kept = _INDEX.put(id(pack), (pack, {c.id: c for c in pack.cards}))
    return kept[1]


def _source(raw: Mapping[str, Any], where: str) -> None:
    check_source(raw, where, reason="why")


def _whole(raw: object, where: str, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise fail(where, f"must be a whole number from {low} to {high}")
    return raw


def _value(data: Mapping[str, Any], table: str, key: str, low: int, high: int) -> int:
    where = at_key(table, key)
    section = data.get(table)
    if not isinstance(section, dict):
        raise fail(table, f"the pack needs a [{table}] table")
    entry = section.get(key)
    if not isinstance(entry, dict) or "value" not in entry:
        raise fail(where, "must be { value = ..., source = ... }")
    _source(entry, where)
    return _whole(entry["value"], at_key(where, "value"), low, high)


def _text(raw: Mapping[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise fail(at_key(where, key), "must be a text")
    return value


def _id(raw: Mapping[str, Any], where: str) -> str:
    """The id an entry gives itself (IDS)."""
    return IDS.checked(_text(raw, "id", where), at_key(where, "id"))


def _entries(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise fail(key, f"the pack needs [[{key}]] entries")
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise fail(at_index(key, i), "must be a table")
        _source(entry, at_index(key, i))
    return raw


def _districts(data: Mapping[str, Any]) -> tuple[District, ...]:
    raw = _entries(data, "district")
    ids = [_id(entry, at_index("district", i)) for i, entry in enumerate(raw)]
    if len(set(ids)) != len(ids):
        raise fail("district", "district ids must be unique")
    if len(ids) < 3:
        raise fail("district", "the city needs at least three districts")
    found = []
    for i, entry in enumerate(raw):
        where = at_index("district", i)
        near = entry.get("neighbours")
        if not isinstance(near, list) or not all(isinstance(n, str) and n in ids for n in near):
            raise fail(at_key(where, "neighbours"), "must list district ids")
        if ids[i] in near:
            raise fail(at_key(where, "neighbours"), "a district is not its own neighbour")
        flag = entry.get("c_plus_1")
        if not isinstance(flag, bool):
            raise fail(at_key(where, "c_plus_1"), "must be true or false")
        found.append(District(ids[i], _text(entry, "name", where), flag, tuple(near)))
    for district in found:
        for near in district.neighbours:
            other = next(d for d in found if d.id == near)
            if district.id not in other.neighbours:
                raise fail("district", f"{district.id} and {near} must name each other")
    return tuple(found)


def _heroes(data: Mapping[str, Any], districts: frozenset[str]) -> tuple[Hero, ...]:
    found = []
    for i, entry in enumerate(_entries(data, "hero")):
        where = at_index("hero", i)
        start = _text(entry, "start", where)
        if start not in districts:
            raise fail(at_key(where, "start"), "must be a district id")
        strength = _whole(entry.get("strength"), at_key(where, "strength"), 1, 9)
        found.append(Hero(_id(entry, where), _text(entry, "name", where), strength, start))
    if len({h.id for h in found}) != len(found):
        raise fail("hero", "hero ids must be unique")
    return tuple(found)


def _copies(entry: Mapping[str, Any], where: str) -> range:
    return range(1, _whole(entry.get("copies"), at_key(where, "copies"), 1, 9) + 1)


def _falcone(data: Mapping[str, Any]) -> list[Card]:
    cards = []
    for i, entry in enumerate(_entries(data, "falcone")):
        where = at_index("falcone", i)
        kind = entry.get("kind")
        if kind not in KINDS:
            raise fail(at_key(where, "kind"), f"must be one of {KINDS}")
        effect = FALCONE_EFFECTS.compile_all(
            entry.get("effect", []),
            at_key(where, "effect"),
            {"resource": frozenset({"corruption"})},
        )
        if kind == "character" and effect:
            raise fail(at_key(where, "effect"), "characters have no effect in this pack")
        cost = _whole(entry.get("cost"), at_key(where, "cost"), 0, 9)
        strength = _whole(entry.get("strength"), at_key(where, "strength"), 1, 9)
        base, name = _id(entry, where), _text(entry, "name", where)
        for n in _copies(entry, where):
            cards.append(Card(f"{base}-{n}", name, str(kind), cost, strength, "", effect))
    return cards


def _signals(data: Mapping[str, Any]) -> list[Card]:
    cards = []
    for i, entry in enumerate(_entries(data, "batsignal")):
        where = at_index("batsignal", i)
        timing = entry.get("timing")
        if timing not in TIMINGS:
            raise fail(at_key(where, "timing"), f"must be one of {TIMINGS}")
        effect = SIGNAL_EFFECTS.compile_all(entry.get("effect"), at_key(where, "effect"), {})
        boosts = any(step.op == "boost" for step in effect)
        if boosts != (timing == "crimefighting"):
            raise fail(where, "a boost is played with a fight, the other cards at start of turn")
        base, name = _id(entry, where), _text(entry, "name", where)
        for n in _copies(entry, where):
            cards.append(Card(f"{base}-{n}", name, "batsignal", 0, 0, str(timing), effect))
    return cards


def parse_pack(data: object) -> Pack:
    """Check a pack (as parsed from TOML or JSON) and build it, or raise ContentError."""
    check_pack_shape(data)
    if not isinstance(data, dict):
        raise fail("", "must be a table (a JSON object)")
    check_rulebook_sources(data, BOOK)
    districts = _districts(data)
    cards = [*_falcone(data), *_signals(data)]
    if len({c.id for c in cards}) != len(cards):
        raise fail("falcone", "card ids must be unique across both decks")
    if len([c for c in cards if c.kind == "batsignal"]) < 2:
        raise fail("batsignal", "the Batsignal deck needs at least two cards")
    name = data.get("name")
    return Pack(
        name=name if isinstance(name, str) else "custom",
        supply=_value(data, "counters", "supply", *SUPPLY_RANGE),
        start_counters=_value(data, "counters", "start", 0, 20),
        face_down_cost=_value(data, "counters", "face_down_cost", 0, 9),
        falcone_hand=_value(data, "hands", "falcone", 1, 8),
        gordon_hand=_value(data, "hands", "gordon", 1, 8),
        falcone_steps=_value(data, "movement", "falcone_steps", 1, 3),
        gordon_steps=_value(data, "movement", "gordon_steps", 1, 3),
        fights=_value(data, "crimefighting", "fights", 1, 9),
        districts=districts,
        heroes=_heroes(data, frozenset(d.id for d in districts)),
        cards=tuple(cards),
    )


def check_limits(pack: Pack) -> None:
    """Refuse a new game's pack beyond the city's and decks' limits (MOST_DISTRICTS and the
    rest), with the limit in words, and ids blank or shared (IDS). Only at a game's creation: a
    game stored before the limits were set replays with its pack as it was."""
    IDS.check_distinct(
        (
            *ids_of("district", DISTRICT, (d.id for d in pack.districts)),
            *_card_ids("falcone", FALCONE_CARD, pack.falcone_cards()),
            *_card_ids("batsignal", SIGNAL_CARD, pack.signal_cards()),
            *ids_of("hero", HERO, (h.id for h in pack.heroes)),
        )
    )
    if len(pack.districts) > MOST_DISTRICTS:
        raise fail(
            "district",
            f"at most {MOST_DISTRICTS} districts (this pack has {len(pack.districts)}): each "
            "more adds to the moves a turn offers",
        )
    for i, district in enumerate(pack.districts):
        where = at_key(at_index("district", i), "neighbours")
        if len(set(district.neighbours)) != len(district.neighbours):
            raise fail(where, "a neighbour is named once")
        if len(district.neighbours) > MOST_NEIGHBOURS:
            raise fail(
                where,
                f"a district has at most {MOST_NEIGHBOURS} neighbours (this one has "
                f"{len(district.neighbours)})",
            )
    if len(pack.heroes) > MOST_HEROES:
        raise fail("hero", f"at most {MOST_HEROES} heroes (this pack has {len(pack.heroes)})")
    for key, deck, most in (
        ("falcone", pack.falcone_cards(), MOST_FALCONE_CARDS),
        ("batsignal", pack.signal_cards(), MOST_SIGNAL_CARDS),
    ):
        if len(deck) > most:
            name = "Falcone's deck" if key == "falcone" else "the Batsignal deck"
            raise fail(
                key,
                f"at most {most} cards in {name}, copies counted (this pack has {len(deck)})",
            )


def _card_ids(key: str, kind: str, cards: tuple[str, ...]) -> list[GivenId]:
    """The ids of a deck's entries, each followed by its cards' (`<id>-<n>`, its copies, of
    `kind`), at the entry's path: an entry's copies follow one another, and no two entries
    share an id."""
    found: list[GivenId] = []
    entry, index = None, -1
    for card in cards:
        if card.rpartition("-")[0] != entry:
            entry, index = card.rpartition("-")[0], index + 1
            found.append(
                GivenId(entry, at_key(at_index(key, index), "id"), f"an entry of [[{key}]]")
            )
        found.append(GivenId(card, at_key(at_index(key, index), "id"), kind))
    return found


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))


def _reference_text() -> str:
    with REFERENCE_PACK.open("rb") as handle:
        return canonical_json(tomllib.load(handle))


REFERENCE = load_pack()
# A game records the pack it is played with, the reference pack included, so that a later
# change to reference.toml cannot change a game already played. Games of rules versions 1 and 2
# recorded "" for the reference pack: they replay under today's.
REFERENCE_TEXT = _reference_text()
_REFERENCES = {"": REFERENCE, REFERENCE_TEXT: REFERENCE}
_PACKS: Recent[str, Pack] = Recent(PACKS_KEPT)  # the custom packs read last, by content text


def content_text(content: object) -> str:
    """A game's content option as the events record it: the pack's canonical JSON, the
    reference pack's without one (checked: `parse_pack` raises ContentError on a bad one)."""
    if content is None:
        return REFERENCE_TEXT
    text = canonical_json(content)
    if text not in _REFERENCES and text not in _PACKS:
        _PACKS.put(text, parse_pack(content))
    return text


def pack_of(content: str) -> Pack:
    """The pack a game plays with, from its recorded content text (read once per text while
    among the last PACKS_KEPT read)."""
    found = _REFERENCES.get(content) or _PACKS.get(content)
    if found is None:
        found = _PACKS.put(content, parse_pack(json.loads(content)))
    return found
