"""The Gotham City Strategy content pack (see content/VOCABULARY.md), schema-checked."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
DISTRICTS = ("uptown", "midtown", "downtown")
VILLAINS = ("joker", "penguin", "two-face", "killer-croc")
RESOURCES = ("money", "information")
NEEDS = ("money", "information", "blocks", "henchmen")
PLOT_OPS: dict[str, frozenset[str]] = {
    "gain": frozenset({"resource", "amount"}),
    "gain_per_block": frozenset({"resource", "amount", "district"}),
    "place_threats": frozenset({"amount", "different", "district"}),
    "remove_threats": frozenset({"amount", "district"}),
    "free_henchmen": frozenset({"amount"}),
    "place_henchmen": frozenset({"amount", "district"}),
    "collect": frozenset({"resource", "amount"}),
    "others_lose": frozenset({"resource", "amount"}),
    "others_roll": frozenset({"faces", "lose", "amount"}),
    "batman_to": frozenset({"district", "blocks", "target"}),
    "send_home": frozenset({"district"}),
}
ABILITY_OPS: dict[str, frozenset[str]] = {
    "fight_bonus": frozenset({"amount", "against"}),
    "steal_on_win": frozenset({"amount"}),
    "henchmen_limit": frozenset({"amount"}),
    "income_bonus": frozenset({"amount"}),
    "free_move": frozenset(),
    "turn_gain": frozenset({"resource", "amount"}),
    "threat_limit": frozenset({"amount"}),
    "extra_threat": frozenset(),
}


_CARD_INDEX: dict[str, dict[str, Card]] = {}  # cards by id, per pack content (digest)


class ContentError(ValueError):
    """A content pack that does not follow the schema."""


@dataclass(frozen=True, slots=True)
class Op:
    """One step of the effect vocabulary (unused fields keep their defaults)."""

    op: str
    amount: int = 0
    resource: str = ""
    district: str = ""
    different: bool = False
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
    token: str
    start_threats: int
    start_money: int
    start_information: int
    dial: tuple[DialLevel, ...]


@dataclass(frozen=True, slots=True)
class BatmanLevel:
    level: int
    order: int
    fight: int


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
            index = _CARD_INDEX[self.digest] = {c.id: c for c in cards}
        return index[card_id]


def _fail(where: str, message: str) -> ContentError:
    return ContentError(f"{where}: {message}")


def _source(raw: Mapping[str, Any], where: str) -> None:
    source = raw.get("source")
    if not isinstance(source, str) or not (source == "reference" or source.startswith("rulebook ")):
        raise _fail(where, 'source must be "reference" or "rulebook <section>"')


def _value(raw: Any, where: str) -> Any:
    """A plain value, or the `value` of a `{ value, source }` table."""
    if isinstance(raw, dict) and "value" in raw:
        _source(raw, where)
        return raw["value"]
    return raw


def _int(raw: Any, where: str, low: int = 0, high: int = 99) -> int:
    value = _value(raw, where)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(where, f"must be a whole number from {low} to {high}")
    return value


def _op(raw: Any, where: str, vocabulary: Mapping[str, frozenset[str]], blocks: set[str]) -> Op:
    if not isinstance(raw, dict) or raw.get("op") not in vocabulary:
        raise _fail(where, f"op must be one of {sorted(vocabulary)}")
    name = raw["op"]
    extra = set(raw) - {"op"} - vocabulary[name]
    if extra:
        raise _fail(where, f"{name} does not take {sorted(extra)}")
    amount = _int(raw.get("amount", 0), f"{where}.amount", 0, 10)
    resource = raw.get("resource", "")
    if name in {"gain", "gain_per_block", "collect", "turn_gain"} and resource not in RESOURCES:
        raise _fail(where, f"{name} needs resource money or information")
    if name == "others_lose" and resource not in (*RESOURCES, "threats"):
        raise _fail(where, "others_lose needs resource money, information or threats")
    district = raw.get("district", "")
    if district and district not in DISTRICTS:
        raise _fail(where, f"district must be one of {DISTRICTS}")
    block_ids = tuple(raw.get("blocks", ()))
    if not set(block_ids) <= blocks:
        raise _fail(where, f"unknown blocks {sorted(set(block_ids) - blocks)}")
    faces = tuple(str(f) for f in raw.get("faces", ()))
    lose = raw.get("lose", "")
    if name == "others_roll" and (not faces or lose not in (*RESOURCES, "threats", "henchman")):
        raise _fail(where, "others_roll needs faces and lose (money/information/threats/henchman)")
    target = raw.get("target", "")
    if target not in ("", "most_threats"):
        raise _fail(where, "target must be most_threats")
    against = raw.get("against", "all")
    if against not in ("villains", "batman", "all"):
        raise _fail(where, "against must be villains, batman or all")
    if (
        name
        in {
            "gain",
            "gain_per_block",
            "place_threats",
            "remove_threats",
            "free_henchmen",
            "place_henchmen",
            "collect",
            "others_lose",
            "others_roll",
            "fight_bonus",
            "steal_on_win",
            "henchmen_limit",
            "income_bonus",
            "turn_gain",
            "threat_limit",
        }
        and amount < 1
    ):
        raise _fail(where, f"{name} needs an amount of at least 1")
    return Op(
        name,
        amount,
        resource,
        district,
        bool(raw.get("different", False)),
        faces,
        lose,
        block_ids,
        target,
        against,
    )


def _card(raw: Any, where: str, kind: str, blocks: set[str]) -> Card:
    if not isinstance(raw, dict):
        raise _fail(where, "must be a table")
    _source(raw, where)
    for key in ("id", "name", "text"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise _fail(where, f"needs a text {key}")
    if kind == "plot":
        steps = raw.get("effect")
        if not isinstance(steps, list) or not steps:
            raise _fail(where, "a plot needs a list of effect steps")
        effect = tuple(_op(s, f"{where}.effect", PLOT_OPS, blocks) for s in steps)
    elif kind == "batman":
        effect = (
            _op(raw.get("effect"), f"{where}.effect", {"batman_to": PLOT_OPS["batman_to"]}, blocks),
        )
    else:
        effect = (_op(raw.get("effect"), f"{where}.effect", ABILITY_OPS, blocks),)
    income = raw.get("income") or {}
    if income and (raw.get("signal") or income.get("block") not in blocks):
        raise _fail(where, "an income names a known block, and never with a Bat-Signal")
    requires = raw.get("requires") or {}
    if requires and (len(requires) != 1 or next(iter(requires)) not in ("rules", "henchmen")):
        raise _fail(where, "requires is { rules = N } or { henchmen = N }")
    villain = raw.get("villain", "")
    if kind == "ability" and villain not in VILLAINS:
        raise _fail(where, "an ability names its villain")
    return Card(
        id=raw["id"],
        name=raw["name"],
        text=raw["text"],
        effect=effect,
        villain=villain,
        signal=bool(raw.get("signal", False)),
        income_block=income.get("block", ""),
        income_amount=_int(income.get("amount", 0), f"{where}.income", 0, 10),
        requires=next(iter(requires), ""),
        requires_amount=_int(next(iter(requires.values()), 0), f"{where}.requires", 0, 12),
    )


def parse_pack(data: Mapping[str, Any]) -> Pack:
    """Check a pack (parsed from TOML or JSON) against VOCABULARY.md and build it."""
    faces_raw = (data.get("die") or {}).get("faces")
    faces = tuple(str(f) for f in (_value(faces_raw, "die.faces") or ()))
    if len(faces) < 2 or any(f != "bat" and not f.isdigit() for f in faces):
        raise _fail("die.faces", 'a list of "bat" and numbers')
    blocks = []
    for i, raw in enumerate(data.get("block", [])):
        _source(raw, f"block[{i}]")
        if raw.get("district") not in DISTRICTS or raw.get("income") not in RESOURCES:
            raise _fail(f"block[{i}]", "needs a district and an income (money/information)")
        blocks.append(Block(raw["id"], raw["name"], raw["district"], raw["income"]))
    if len(blocks) != 12 or any(sum(b.district == d for b in blocks) != 4 for d in DISTRICTS):
        raise _fail("block", "12 blocks, 4 in each district")
    block_ids = {b.id for b in blocks}
    villains = []
    for i, raw in enumerate(data.get("villain", [])):
        where = f"villain[{i}]"
        _source(raw, where)
        dial = []
        for j, level in enumerate(raw.get("dial", [])):
            if level.get("needs") not in NEEDS or level.get("level") != j + 1:
                raise _fail(
                    f"{where}.dial[{j}]", "levels 1..9 in order, needs one of " + ", ".join(NEEDS)
                )
            dial.append(
                DialLevel(
                    j + 1,
                    level["needs"],
                    _int(level.get("amount"), where, 1, 30),
                    bool(level.get("ability")),
                )
            )
        if len(dial) != 9:
            raise _fail(where, "a dial of 9 levels")
        villains.append(
            Villain(
                raw["id"],
                raw["name"],
                raw.get("token", ""),
                _int(raw.get("start_threats"), where, 0, 25),
                _int(raw.get("start_money"), where),
                _int(raw.get("start_information"), where),
                tuple(dial),
            )
        )
    if sorted(v.id for v in villains) != sorted(VILLAINS):
        raise _fail("villain", f"the four villains {VILLAINS}")
    batman_raw = data.get("batman") or {}
    _source(batman_raw, "batman")
    batman = tuple(
        BatmanLevel(
            i + 1,
            _int(b.get("order"), "batman.dial", 0, 12),
            _int(b.get("fight"), "batman.dial", 0, 12),
        )
        for i, b in enumerate(batman_raw.get("dial", []))
    )
    if not batman:
        raise _fail("batman", "needs a dial")
    abilities = tuple(
        _card(r, f"ability[{i}]", "ability", block_ids)
        for i, r in enumerate(data.get("ability", []))
    )
    batman_cards = tuple(
        _card(r, f"batman_card[{i}]", "batman", block_ids)
        for i, r in enumerate(data.get("batman_card", []))
    )
    plots = tuple(
        _card(r, f"plot[{i}]", "plot", block_ids) for i, r in enumerate(data.get("plot", []))
    )
    if any(sum(a.villain == v for a in abilities) != 5 for v in VILLAINS):
        raise _fail("ability", "five abilities per villain")
    if len(batman_cards) < 1 or len(plots) < 20:
        raise _fail("cards", "at least one Batman card and twenty plots")
    ids = [c.id for c in (*abilities, *batman_cards, *plots)]
    if len(set(ids)) != len(ids):
        raise _fail("cards", "card ids must be unique")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    name = data.get("name")
    return Pack(
        digest,
        name if isinstance(name, str) else "custom",
        faces,
        tuple(blocks),
        tuple(sorted(villains, key=lambda v: VILLAINS.index(v.id))),
        batman,
        abilities,
        batman_cards,
        plots,
    )


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))
