"""The Gotham City Strategy content pack (see content/VOCABULARY.md), schema-checked."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rules_core.engine.content_limits import (
    ContentError as ContentError,  # the one ContentError, re-exported
)
from rules_core.engine.content_limits import (
    PackIds,
    at_index,
    at_key,
    check_pack_shape,
    fail,
    ids_of,
)
from rules_core.engine.effects import EffectRegistry
from rules_core.engine.pack_sources import check_rulebook_sources, check_source
from rules_core.engine.recent import PACKS_KEPT, Recent
from rules_core.engine.types import JSON
from rules_core.games.gotham_city_strategy.citations import BOOK
from rules_core.games.gotham_city_strategy.vocabulary import (
    ABILITY_EFFECTS,
    AMOUNT_RANGE,
    BATMAN_EFFECTS,
    DISTRICTS,
    FACE_RANGE,
    PLOT_EFFECTS,
    RESOURCES,
    read_face,
)

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
VILLAINS = ("joker", "penguin", "two-face", "killer-croc")
# What the game joins ids with: nothing (each move parameter names one card, block or villain
# whole), so a pack's ids may hold any character. A card parameter names an ability card, a
# Batman card or a plot card by its id alone (Pack.card): those three kinds share their ids.
BLOCK, VILLAIN = "a block", "a villain"
ABILITY, BATMAN_CARD, PLOT = "an ability card", "a Batman card", "a plot card"
IDS = PackIds(shared=((ABILITY, BATMAN_CARD, PLOT),))
NEEDS = ("money", "information", "blocks", "henchmen")
# The range of every number the game takes from a pack (each error states it too).
INCOME_RANGE = (0, 10)  # a plot's block income
REQUIRES_RANGE = (0, 12)  # a plot's requirement (blocks ruled or henchmen on the map)
DIAL_AMOUNT_RANGE = (1, 30)  # what a villain's dial level needs
START_THREATS_RANGE = (0, 25)
START_RESOURCE_RANGE = (0, 99)  # start_money, start_information
BATMAN_RANGE = (0, 12)  # order and fight of a level of Batman's dial
# What the box holds of money and information (components): 30 money tokens worth $1 and 10
# worth $5, 30 information tokens worth 1 and 10 worth 3. Change is made freely with the
# reserves, so only the worth counts; a pack that names no `reserves` holds the box's.
BOX_MONEY = 30 * 1 + 10 * 5
BOX_INFORMATION = 30 * 1 + 10 * 3
RESERVE_RANGE = (1, 396)  # reserves.money, reserves.information: at most four screens of 99
NUMBER_RANGES: dict[str, JSON] = {
    "die.faces[]": [*FACE_RANGE],
    "<card>.effect.amount": [*AMOUNT_RANGE],
    "plot[].income.amount": [*INCOME_RANGE],
    "plot[].requires.<rules|henchmen>": [*REQUIRES_RANGE],
    "villain[].dial[].amount": [*DIAL_AMOUNT_RANGE],
    "villain[].start_threats": [*START_THREATS_RANGE],
    "villain[].start_money": [*START_RESOURCE_RANGE],
    "villain[].start_information": [*START_RESOURCE_RANGE],
    "batman.dial[].order": [*BATMAN_RANGE],
    "batman.dial[].fight": [*BATMAN_RANGE],
    "reserves.money": [*RESERVE_RANGE],
    "reserves.information": [*RESERVE_RANGE],
}
_CARD_INDEX: Recent[str, dict[str, Card]] = Recent(PACKS_KEPT)  # cards by id, per pack digest


@dataclass(frozen=True, slots=True)
class Op:
    """One step of the effect vocabulary (unused fields keep their defaults)."""

    op: str
    amount: int = 0
    resource: str = ""
    district: str = ""
    different: bool = False
    batmans_block: bool = False  # may go where Batman is (turn.plot.batman-blocks)
    faces: tuple[str, ...] = ()
    lose: str = ""
    blocks: tuple[str, ...] = ()
    target: str = ""
    against: str = "all"


@dataclass(frozen=True, slots=True)
class Block:
    id: str
    name: str
    district: str
    income: str


@dataclass(frozen=True, slots=True)
class DialLevel:
    level: int
    needs: str
    amount: int
    ability: bool


@dataclass(frozen=True, slots=True)
class Villain:
    id: str
    name: str
    token: str  # the villain's ability token (setup gives it to the player)
    start_threats: int
    start_money: int
    start_information: int
    dial: tuple[DialLevel, ...]
    token_ability: str = ""  # the ability card the token is put in play with ("" if none)

    def icon_at(self, level: int) -> bool:
        """Whether the dial shows an Ability icon at `level`, so that reaching it lets the
        villain pick an ability card (turn.level.ability: the Penguin's at level 2); the dial's
        entry at a level holds its icon, and the winning level has none."""
        return level <= len(self.dial) and self.dial[level - 1].ability


@dataclass(frozen=True, slots=True)
class BatmanLevel:
    level: int
    order: int
    fight: int


@dataclass(frozen=True, slots=True)
class Reserves:
    """All the money and information of a game, in the reserves and behind the screens
    together (components: the worth of the box's tokens); what the villains hold is not left
    to take (glossary.reserves)."""

    money: int = BOX_MONEY
    information: int = BOX_INFORMATION


@dataclass(frozen=True, slots=True)
class Card:
    """A Criminal Plot, Batman or ability card."""

    id: str
    name: str
    text: str
    effect: tuple[Op, ...]
    villain: str = ""
    signal: bool = False
    income_block: str = ""
    income_amount: int = 0
    requires: str = ""  # "" | "rules" | "henchmen"
    requires_amount: int = 0


@dataclass(frozen=True, slots=True)
class Pack:
    """A whole pack; `digest` identifies its content (codec memoises by it)."""

    __json_key__: ClassVar[str] = "digest"

    digest: str
    name: str
    faces: tuple[str, ...]
    blocks: tuple[Block, ...]
    villains: tuple[Villain, ...]
    batman: tuple[BatmanLevel, ...]
    abilities: tuple[Card, ...]
    batman_cards: tuple[Card, ...]
    plots: tuple[Card, ...]
    # None: a pack stored before rules version 13 (parse_pack always gives one); `box` reads it
    reserves: Reserves | None = None

    @property
    def box(self) -> Reserves:
        """All the money and information of the game: the pack's reserves, or the box's for a
        pack stored before rules version 13."""
        return self.reserves if self.reserves is not None else Reserves()

    def block_index(self, block_id: str) -> int:
        for index, block in enumerate(self.blocks):
            if block.id == block_id:
                return index
        raise KeyError(block_id)

    def villain(self, villain_id: str) -> Villain:
        return next(v for v in self.villains if v.id == villain_id)

    def card(self, card_id: str) -> Card:
        index = _CARD_INDEX.get(self.digest)
        if index is None:
            cards = (*self.plots, *self.batman_cards, *self.abilities)
            index = _CARD_INDEX.put(self.digest, {c.id: c for c in cards})
        return index[card_id]


def _source(raw: object, where: str) -> None:
    if not isinstance(raw, dict):
        raise fail(where, "must be a table")
    check_source(raw, where)


def _value(raw: object, where: str) -> object:
    """A plain value, or the `value` of a `{ value, source }` table."""
    if isinstance(raw, dict) and "value" in raw:
        _source(raw, where)
        return raw["value"]
    return raw


def _int(raw: object, where: str, low: int = 0, high: int = 99) -> int:
    value = _value(raw, where)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise fail(where, f"must be a whole number from {low} to {high}")
    return value


def _text(raw: Mapping[str, Any], key: str, where: str, default: str = "") -> str:
    """An optional text field (`default` when absent)."""
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise fail(at_key(where, key), "must be text")
    return value


def _flag(raw: Mapping[str, Any], key: str, where: str) -> bool:
    """An optional true/false field (false when absent)."""
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise fail(at_key(where, key), "must be true or false")
    return value


def _tables(data: Mapping[str, Any], key: str) -> list[object]:
    """The entries of an optional `[[key]]` list (none when absent)."""
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise fail(key, f"must be a list of [[{key}]] tables")
    return entries


def _op(raw: object, where: str, vocabulary: EffectRegistry, blocks: set[str]) -> Op:
    effect = vocabulary.compile(raw, where, {"block": frozenset(blocks)})
    return Op(effect.op, **dict(effect.args))  # type: ignore[arg-type]


def _card(raw: object, where: str, kind: str, blocks: set[str]) -> Card:
    if not isinstance(raw, dict):
        raise fail(where, "must be a table")
    _source(raw, where)
    for key in ("id", "name", "text"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise fail(where, f"needs a text {key}")
    IDS.checked(raw["id"], at_key(where, "id"))
    if kind == "plot":
        steps = raw.get("effect")
        if not isinstance(steps, list) or not steps:
            raise fail(where, "a plot needs a list of effect steps")
        effect = tuple(
            _op(s, at_index(at_key(where, "effect"), k), PLOT_EFFECTS, blocks)
            for k, s in enumerate(steps)
        )
    elif kind == "batman":
        effect = (_op(raw.get("effect"), at_key(where, "effect"), BATMAN_EFFECTS, blocks),)
    else:
        effect = (_op(raw.get("effect"), at_key(where, "effect"), ABILITY_EFFECTS, blocks),)
    signal = _flag(raw, "signal", where)
    income = raw.get("income") or {}
    if not isinstance(income, dict):
        raise fail(at_key(where, "income"), "must be { block = ..., amount = N }")
    income_block = income.get("block", "")
    if income and (signal or not isinstance(income_block, str) or income_block not in blocks):
        raise fail(where, "an income names a known block, and never with a Bat-Signal")
    requires = raw.get("requires") or {}
    if not isinstance(requires, dict) or (
        requires and (len(requires) != 1 or next(iter(requires)) not in ("rules", "henchmen"))
    ):
        raise fail(where, "requires is { rules = N } or { henchmen = N }")
    requirement: str = next(iter(requires), "")
    villain = _text(raw, "villain", where)
    if kind == "ability" and villain not in VILLAINS:
        raise fail(where, "an ability names its villain")
    return Card(
        id=raw["id"],
        name=raw["name"],
        text=raw["text"],
        effect=effect,
        villain=villain,
        signal=signal,
        income_block=income_block,
        income_amount=_int(
            income.get("amount", 0), at_key(at_key(where, "income"), "amount"), *INCOME_RANGE
        ),
        requires=requirement,
        requires_amount=_int(
            requires[requirement] if requires else 0,
            at_key(at_key(where, "requires"), requirement or "N"),
            *REQUIRES_RANGE,
        ),
    )


def _dial_level(raw: object, where: str, level: int) -> DialLevel:
    if (
        not isinstance(raw, dict)
        or raw.get("needs") not in NEEDS
        or not isinstance(raw.get("level"), int)
        or isinstance(raw.get("level"), bool)
        or raw.get("level") != level
    ):
        raise fail(where, "levels 1..9 in order, needs one of " + ", ".join(NEEDS))
    return DialLevel(
        level,
        raw["needs"],
        _int(raw.get("amount"), at_key(where, "amount"), *DIAL_AMOUNT_RANGE),
        _flag(raw, "ability", where),
    )


def parse_pack(data: object) -> Pack:
    """Check a pack (parsed from TOML or JSON) against the limits and VOCABULARY.md, and build it.

    Any value at all either gives a Pack or raises ContentError("<path>: <rule>").
    """
    check_pack_shape(data)
    if not isinstance(data, dict):
        raise fail("", "must be a table (a JSON object)")
    check_rulebook_sources(data, BOOK)
    die = data.get("die") or {}
    if not isinstance(die, dict):
        raise fail("die", "must be a table")
    raw_faces = _value(die.get("faces"), "die.faces")
    if not isinstance(raw_faces, list) or len(raw_faces) < 2:
        raise fail("die.faces", 'a list of "bat" and numbers')
    faces = tuple(read_face(f, at_index("die.faces", i)) for i, f in enumerate(raw_faces))
    blocks: list[Block] = []
    for i, raw in enumerate(_tables(data, "block")):
        where = at_index("block", i)
        _source(raw, where)
        assert isinstance(raw, dict)
        for key in ("id", "name"):
            if not isinstance(raw.get(key), str) or not raw[key]:
                raise fail(where, f"needs a text {key}")
        IDS.checked(raw["id"], at_key(where, "id"))
        if raw.get("district") not in DISTRICTS or raw.get("income") not in RESOURCES:
            raise fail(where, "needs a district and an income (money/information)")
        blocks.append(Block(raw["id"], raw["name"], raw["district"], raw["income"]))
    IDS.check_distinct(ids_of("block", BLOCK, (b.id for b in blocks)))
    if len(blocks) != 12 or any(sum(b.district == d for b in blocks) != 4 for d in DISTRICTS):
        raise fail("block", "12 blocks, 4 in each district")
    block_ids = {b.id for b in blocks}
    villains: list[Villain] = []
    for i, raw in enumerate(_tables(data, "villain")):
        where = at_index("villain", i)
        _source(raw, where)
        assert isinstance(raw, dict)
        for key in ("id", "name"):
            if not isinstance(raw.get(key), str) or not raw[key]:
                raise fail(where, f"needs a text {key}")
        IDS.checked(raw["id"], at_key(where, "id"))
        raw_dial = raw.get("dial", [])
        if not isinstance(raw_dial, list) or len(raw_dial) != 9:
            raise fail(where, "a dial of 9 levels")
        dial = tuple(
            _dial_level(level, at_index(at_key(where, "dial"), j), j + 1)
            for j, level in enumerate(raw_dial)
        )
        villains.append(
            Villain(
                raw["id"],
                raw["name"],
                _text(raw, "token", where),
                _int(
                    raw.get("start_threats"), at_key(where, "start_threats"), *START_THREATS_RANGE
                ),
                _int(raw.get("start_money"), at_key(where, "start_money"), *START_RESOURCE_RANGE),
                _int(
                    raw.get("start_information"),
                    at_key(where, "start_information"),
                    *START_RESOURCE_RANGE,
                ),
                dial,
                _token_ability(raw, where),
            )
        )
    if sorted(v.id for v in villains) != sorted(VILLAINS):
        raise fail("villain", f"the four villains {VILLAINS}")
    batman_raw = data.get("batman") or {}
    _source(batman_raw, "batman")
    assert isinstance(batman_raw, dict)
    batman_dial = batman_raw.get("dial", [])
    if not isinstance(batman_dial, list):
        raise fail("batman.dial", "must be a list of { order = N, fight = N } levels")
    batman: list[BatmanLevel] = []
    for i, b in enumerate(batman_dial):
        where = at_index("batman.dial", i)
        if not isinstance(b, dict):
            raise fail(where, "must be a table { order = N, fight = N }")
        batman.append(
            BatmanLevel(
                i + 1,
                _int(b.get("order"), at_key(where, "order"), *BATMAN_RANGE),
                _int(b.get("fight"), at_key(where, "fight"), *BATMAN_RANGE),
            )
        )
    if not batman:
        raise fail("batman", "needs a dial")
    abilities = tuple(
        _card(r, at_index("ability", i), "ability", block_ids)
        for i, r in enumerate(_tables(data, "ability"))
    )
    batman_cards = tuple(
        _card(r, at_index("batman_card", i), "batman", block_ids)
        for i, r in enumerate(_tables(data, "batman_card"))
    )
    plots = tuple(
        _card(r, at_index("plot", i), "plot", block_ids)
        for i, r in enumerate(_tables(data, "plot"))
    )
    if any(sum(a.villain == v for a in abilities) != 5 for v in VILLAINS):
        raise fail("ability", "five abilities per villain")
    for i, v in enumerate(villains):
        if v.token_ability and not any(
            a.id == v.token_ability and a.villain == v.id for a in abilities
        ):
            raise fail(
                at_key(at_index("villain", i), "token_ability"), f"one of {v.name}'s abilities"
            )
    if len(batman_cards) < 1 or len(plots) < 20:
        raise fail("cards", "at least one Batman card and twenty plots")
    IDS.check_distinct(
        (
            *ids_of("block", BLOCK, (b.id for b in blocks)),
            *ids_of("villain", VILLAIN, (v.id for v in villains)),
            *ids_of("ability", ABILITY, (a.id for a in abilities)),
            *ids_of("batman_card", BATMAN_CARD, (b.id for b in batman_cards)),
            *ids_of("plot", PLOT, (p.id for p in plots)),
        )
    )
    reserves = _reserves(data.get("reserves"), villains)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    name = data.get("name")
    return Pack(
        digest,
        name if isinstance(name, str) else "custom",
        faces,
        tuple(blocks),
        tuple(sorted(villains, key=lambda v: VILLAINS.index(v.id))),
        tuple(batman),
        abilities,
        batman_cards,
        plots,
        reserves,
    )


def _reserves(raw: object, villains: list[Villain]) -> Reserves:
    """The pack's `reserves` (the box's when it names none), each at least what the four
    villains take from them at the set-up (setup: the screens' starting money and
    information)."""
    if raw is None:
        reserves = Reserves()
    else:
        _source(raw, "reserves")
        assert isinstance(raw, dict)
        reserves = Reserves(
            _int(raw.get("money"), "reserves.money", *RESERVE_RANGE),
            _int(raw.get("information"), "reserves.information", *RESERVE_RANGE),
        )
    for resource in ("money", "information"):
        start = sum(getattr(v, f"start_{resource}") for v in villains)
        if getattr(reserves, resource) < start:
            raise fail(
                f"reserves.{resource}",
                f"at least the {start} {resource} the four villains start with",
            )
    return reserves


def _token_ability(raw: dict[str, Any], where: str) -> str:
    """The ability card a villain's token goes with, if the pack names one."""
    value = raw.get("token_ability", "")
    if not isinstance(value, str):
        raise fail(at_key(where, "token_ability"), "an ability id")
    return value


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))
