"""The Gotham Race content pack: track geometry and the 60 action cards, schema-checked."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rules_core.engine.content_limits import (
    ContentError as ContentError,  # the one ContentError, re-exported
)
from rules_core.engine.content_limits import (
    GivenId,
    PackIds,
    at_index,
    at_key,
    check_pack_shape,
    fail,
    ids_of,
)
from rules_core.engine.effects import EffectRegistry, Operation, RefTo, Whole
from rules_core.engine.pack_sources import check_rulebook_sources, check_source
from rules_core.engine.recent import PACKS_KEPT, Recent
from rules_core.engine.types import JSON
from rules_core.games.gotham_race.citations import BOOK

REFERENCE_PACK = Path(__file__).parent / "content" / "reference.toml"
DECKS = (1, 2, 3, 4)
# What the game joins ids with: nothing (a move names one card or deck), so a card's id may hold
# any character; a card's id, and a landmark's name (its id), may not be blank
CARD, LANDMARK = "a card", "a landmark"
IDS = PackIds()
MOST_PLAYERS = 4  # four figures, one player each (the game's max_players)
# each deck deals one card to every player and must then still have one to draw: with fewer, a
# full table could hold every card and no turn could begin (replenishing needs discards)
DECK_AT_LEAST = MOST_PLAYERS + 1
# The range of every number the game takes from a pack (a landmark and the finish lie strictly
# between the start and a full lap: 1 to length - 1; a rank and a deck are 1..4).
LENGTH_RANGE = (8, 100)  # squares round the track (the reference: 40)
LANES_RANGE = (4, 8)  # lanes of a square: four figures share the start square (the reference: 4)
MOVE_RANGE = (1, 20)  # n of forward, back, ahead_of, behind (the reference: 1 to 7)
# the cards that move a figure along the track; the others (to_start, swap, finish) leave every
# figure on the start square when they are all a pack has, so nobody could ever cross the finish
MOVING = frozenset({"forward", "back", "ahead_of", "behind"})
NUMBER_RANGES: dict[str, JSON] = {
    "track.length": list(LENGTH_RANGE),
    "track.lanes": list(LANES_RANGE),
    "track.finish": "1 to track.length - 1",
    "landmarks.<name>": "1 to track.length - 1",
    "card[].deck": [1, 4],
    "card[].effect.n": list(MOVE_RANGE),
    "card[].effect.rank": [1, 4],
}


MOVE = Whole(*MOVE_RANGE)
RANK = Whole(1, len(DECKS))
# The card vocabulary (content/VOCABULARY.md) on the engine's effect registry.
EFFECTS = EffectRegistry(
    (
        Operation("forward", {"n": MOVE}, words=lambda e: f"forward {e.get('n')}"),
        Operation("back", {"n": MOVE}, words=lambda e: f"back {e.get('n')}"),
        Operation("to_start", words=lambda e: "back to the start"),
        Operation(
            "ahead_of",
            {"rank": RANK, "n": MOVE},
            words=lambda e: f"{e.get('n')} ahead of the figure ranked {e.get('rank')}",
        ),
        Operation(
            "behind",
            {"rank": RANK, "n": MOVE},
            words=lambda e: f"{e.get('n')} behind the figure ranked {e.get('rank')}",
        ),
        Operation(
            "swap", {"rank": RANK}, words=lambda e: f"swap with the figure ranked {e.get('rank')}"
        ),
        Operation(
            "finish",
            {"landmark": RefTo("landmark")},
            words=lambda e: f"the finish moves to the {e.get('landmark')}",
        ),
    )
)


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

    def one_of_each(self, hand: Iterable[str]) -> list[str]:
        """A hand's cards to offer, in id order, one of each kind: copies alike but for their
        id (same back, text and effect) are one choice, so the first held stands for all
        (offering each would offer one button twice); any held copy may still be placed."""
        kinds = _kinds(self)
        seen: set[int] = set()
        offered: list[str] = []
        for card in sorted(set(hand)):
            if kinds[card] not in seen:
                seen.add(kinds[card])
                offered.append(card)
        return offered

    def landmark(self, name: str) -> int:
        return dict(self.landmarks)[name]


# worked out once per pack content, for the packs met last (a custom pack's are not kept for ever)
_CARD_INDEX: Recent[str, dict[str, Card]] = Recent(PACKS_KEPT)
_KIND_INDEX: Recent[str, dict[str, int]] = Recent(PACKS_KEPT)


def _cards_by_id(pack: Pack) -> dict[str, Card]:
    """A pack's cards by id."""
    return _CARD_INDEX.get_or_make(pack.digest, lambda: {c.id: c for c in pack.cards})


def _kinds(pack: Pack) -> dict[str, int]:
    """A pack's cards by id to their kind, a number alike for copies."""

    def number() -> dict[str, int]:
        numbers: dict[tuple[int, str, Effect], int] = {}
        return {
            c.id: numbers.setdefault((c.deck, c.text, c.effect), len(numbers)) for c in pack.cards
        }

    return _KIND_INDEX.get_or_make(pack.digest, number)


def _value(table: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    """The whole number of a `{ value, source }` entry, from `low` to `high`."""
    path = at_key(where, key)
    entry = table.get(key)
    if not isinstance(entry, dict) or "value" not in entry or "source" not in entry:
        raise fail(path, "must be { value = ..., source = ... }")
    check_source(entry, path)
    value = entry["value"]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise fail(at_key(path, "value"), f"must be a whole number from {low} to {high}")
    return value


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _effect(raw: object, where: str, landmarks: Mapping[str, int]) -> Effect:
    if not isinstance(raw, dict):
        raise fail(where, f"must be a table with op one of {list(EFFECTS.names)}")
    step = EFFECTS.compile(raw, where, {"landmark": frozenset(landmarks)})
    return Effect(step.op, **dict(step.args))  # type: ignore[arg-type]


def parse_pack(data: object) -> Pack:
    """Check a pack (as parsed from TOML or JSON) against the limits and the schema, and build it.

    Any value at all either gives a Pack or raises ContentError("<path>: <rule>").
    """
    check_pack_shape(data)
    if not isinstance(data, dict):
        raise fail("", "must be a table (a JSON object)")
    check_rulebook_sources(data, BOOK)
    track = data.get("track")
    if not isinstance(track, dict):
        raise fail("track", "the pack needs a [track] table")
    length = _value(track, "length", "track", *LENGTH_RANGE)
    lanes = _value(track, "lanes", "track", *LANES_RANGE)
    finish = _value(track, "finish", "track", 1, length - 1)
    raw_landmarks = data.get("landmarks")
    if not isinstance(raw_landmarks, dict) or not raw_landmarks:
        raise fail("landmarks", "the pack needs a [landmarks] table")
    # landmarks lie strictly between the start and a full lap
    landmarks = {
        name: _value(raw_landmarks, name, "landmarks", 1, length - 1) for name in raw_landmarks
    }
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise fail("card", "the pack needs [[card]] entries")
    cards: list[Card] = []
    for i, raw in enumerate(raw_cards):
        where = at_index("card", i)
        if not isinstance(raw, dict):
            raise fail(where, "must be a table")
        check_source(raw, where)
        card_id, deck, text = raw.get("id"), raw.get("deck"), raw.get("text")
        if (
            not isinstance(card_id, str)
            or not _whole(deck, 1, len(DECKS))
            or not isinstance(text, str)
        ):
            raise fail(where, "needs id (text), deck (1..4) and text")
        IDS.checked(card_id, at_key(where, "id"))
        effect = _effect(raw.get("effect"), at_key(where, "effect"), landmarks)
        assert isinstance(deck, int)
        cards.append(Card(card_id, deck, text, effect))
    IDS.check_distinct(
        (
            *(GivenId(name, at_key("landmarks", name), LANDMARK) for name in landmarks),
            *ids_of("card", CARD, (c.id for c in cards)),
        )
    )
    for deck in DECKS:
        if sum(1 for c in cards if c.deck == deck) < DECK_AT_LEAST:
            raise fail(
                "card",
                f"deck {deck} needs at least {DECK_AT_LEAST} cards (one dealt to each of up to"
                f" {MOST_PLAYERS} players, and one left to draw)",
            )
    _check_a_figure_can_move(cards)
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


def _check_a_figure_can_move(cards: list[Card]) -> None:
    """Refuse a pack none of whose cards moves a figure along the track: the race is won only
    by crossing the finish line (the book's brief description and finish), and with nothing but
    cards sending figures back to the start, swapping them or moving the finish, every figure
    stays on the start square and the game never ends."""
    if not any(card.effect.op in MOVING for card in cards):
        raise fail(
            "card",
            "at least one card must move a figure along the track (forward, back, ahead of or"
            " behind another figure): with none, every figure stays on the start square, nobody"
            " can ever cross the finish and the race never ends",
        )


def load_pack(path: Path = REFERENCE_PACK) -> Pack:
    """Read and check a pack file."""
    with path.open("rb") as handle:
        return parse_pack(tomllib.load(handle))


REFERENCE = load_pack()
