"""The Gotham Race content pack: track geometry and the 60 action cards, schema-checked."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
DECKS = (1, 2, 3, 4)
EFFECT_OPS = {"forward", "back", "to_start", "ahead_of", "behind", "swap", "finish"}


class ContentError(ValueError):
    """A content pack that does not follow the schema."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One card instruction in the pack's effect vocabulary, applied to the deck's rank.

    op: forward/back n spaces; to_start; ahead_of/behind the figure at `rank` by n spaces;
    swap with the figure at `rank`; finish: the finish sign moves to `landmark`.
    """

    op: str
    n: int = 0
    rank: int = 0
    landmark: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """An action card: its deck (the back, 1..4), a short text of ours, and its effect."""

    id: str
    deck: int
    text: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Pack:
    """A whole content pack; `digest` identifies its content (decoding is memoised by it)."""

    __json_key__: ClassVar[str] = "digest"

    digest: str
    name: str
    track_length: int
    lanes: int
    finish: int
    landmarks: tuple[tuple[str, int], ...]
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        return _cards_by_id(self)[card_id]

    def landmark(self, name: str) -> int:
        return dict(self.landmarks)[name]


_CARD_INDEX: dict[str, dict[str, Card]] = {}


def _cards_by_id(pack: Pack) -> dict[str, Card]:
    """A pack's cards by id (built once per pack content)."""
    index = _CARD_INDEX.get(pack.digest)
    if index is None:
        index = _CARD_INDEX[pack.digest] = {c.id: c for c in pack.cards}
    return index


def _value(table: Mapping[str, Any], key: str, where: str) -> int:
    entry = table.get(key)
    if not isinstance(entry, dict) or "value" not in entry or "source" not in entry:
        raise ContentError(f"{where}.{key} must be {{ value = ..., source = ... }}")
    _check_source(entry["source"], f"{where}.{key}")
    value = entry["value"]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ContentError(f"{where}.{key} must be a whole number")
    return value


def _check_source(source: object, where: str) -> None:
    if not isinstance(source, str) or not (source == "reference" or source.startswith("rulebook ")):
        raise ContentError(f'{where}: source must be "reference" or "rulebook <section>"')


def _effect(raw: object, where: str, landmarks: Mapping[str, int]) -> Effect:
    if not isinstance(raw, dict) or raw.get("op") not in EFFECT_OPS:
        raise ContentError(f"{where}: effect.op must be one of {sorted(EFFECT_OPS)}")
    op = raw["op"]
    n = raw.get("n", 0)
    rank = raw.get("rank", 0)
    landmark = raw.get("landmark", "")
    if op in {"forward", "back", "ahead_of", "behind"} and (not isinstance(n, int) or n < 1):
        raise ContentError(f"{where}: {op} needs a positive whole n")
    if op in {"ahead_of", "behind", "swap"} and rank not in DECKS:
        raise ContentError(f"{where}: {op} needs rank 1..4")
    if op == "finish" and landmark not in landmarks:
        raise ContentError(f"{where}: finish needs a landmark of the pack, got {landmark!r}")
    return Effect(op=op, n=n, rank=rank, landmark=landmark)


def parse_pack(data: Mapping[str, Any]) -> Pack:
    """Check a pack (as parsed from TOML or JSON) against the schema and build it."""
    track = data.get("track")
    if not isinstance(track, dict):
        raise ContentError("the pack needs a [track] table")
    length = _value(track, "length", "track")
    lanes = _value(track, "lanes", "track")
    finish = _value(track, "finish", "track")
    if length < 8 or lanes < 4 or not 0 < finish < length:
        raise ContentError("track: length >= 8, lanes >= 4 and 0 < finish < length")
    raw_landmarks = data.get("landmarks")
    if not isinstance(raw_landmarks, dict) or not raw_landmarks:
        raise ContentError("the pack needs a [landmarks] table")
    landmarks = {name: _value(raw_landmarks, name, "landmarks") for name in raw_landmarks}
    if any(not 0 < v < length for v in landmarks.values()):
        raise ContentError("landmarks must lie strictly between the start and a full lap")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise ContentError("the pack needs [[card]] entries")
    cards: list[Card] = []
    for i, raw in enumerate(raw_cards):
        where = f"card[{i}]"
        if not isinstance(raw, dict):
            raise ContentError(f"{where} must be a table")
        _check_source(raw.get("source"), where)
        card_id, deck, text = raw.get("id"), raw.get("deck"), raw.get("text")
        if not isinstance(card_id, str) or deck not in DECKS or not isinstance(text, str):
            raise ContentError(f"{where}: needs id (text), deck (1..4) and text")
        cards.append(Card(card_id, deck, text, _effect(raw.get("effect"), where, landmarks)))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise ContentError("card ids must be unique")
    for deck in DECKS:
        if sum(1 for c in cards if c.deck == deck) < 2:
            raise ContentError(f"deck {deck} needs at least two cards")
    name = data.get("name")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    return Pack(
        digest=digest,
        name=name if isinstance(name, str) else "custom",
        track_length=length,
        lanes=lanes,
        finish=finish,
        landmarks=tuple(sorted(landmarks.items())),
        cards=tuple(cards),
    )


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    """Read and check a pack file."""
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))


REFERENCE = load_pack()
