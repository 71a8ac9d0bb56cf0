"""The cards nobody has seen, shuffled again: what a fork of a finished game deals anew.

A finished game shows every card, so the order of its decks at any of its events can be read by
anyone. A fork plays on from such an event with a fresh secret seed (design.md, what-if play),
so the cards that no seat had seen there (the card `Secret`s seen by nobody: the decks, a card
placed face down for a figure nobody plays) are shuffled again, each among the cards with the
same back, by one event of the fork's log. The cards a seat had seen (its hand, what it placed
face down) stay as they were: they are the position being played on.

Each game with decks declares the event as a subclass of `UnseenCardsShuffled` carrying its own
citations (its set-up's); `DeclaredGame` applies it and offers it through `shuffle_unseen`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rules_core.engine.types import GameEvent, Hidden
from rules_core.engine.visibility import CARD_KINDS, NOBODY_COUNT, Path, Secret, replace_all

STORY = "The cards nobody has seen are shuffled again: this game plays on with a new deal."


@dataclass(frozen=True, slots=True)
class UnseenCardsShuffled(GameEvent):
    """The cards at `places` (each a path in the state, "decks/0/3") are now `cards`, in order:
    the unseen cards shuffled again among themselves. Nobody sees which card went where."""

    type: ClassVar[str] = "unseen_cards_shuffled"
    in_words: ClassVar[str] = (
        "The cards nobody has seen are shuffled again, each among the cards with the same back, "
        "and play goes on from here with a new deal."
    )
    secret: ClassVar[Mapping[str, Hidden]] = {"cards": NOBODY_COUNT}
    places: tuple[str, ...]
    cards: tuple[str, ...]


def engine_story(event: GameEvent) -> str:
    """An engine event's words for the log ("" for a game's own event: its narrate tells it)."""
    return STORY if isinstance(event, UnseenCardsShuffled) else ""


def place_of(path: Path) -> str:
    return "/".join(str(key) for key in path)


def path_of(place: str) -> Path:
    return tuple(int(key) if key.isdigit() else key for key in place.split("/"))


def shuffled_unseen(
    secrets: Sequence[Secret], rng: random.Random, event_type: type[UnseenCardsShuffled]
) -> list[GameEvent]:
    """The event that shuffles again every card nobody has seen (none when there is none)."""
    unseen = [
        s for s in secrets if s.kind in CARD_KINDS and not s.seen_by and isinstance(s.value, str)
    ]
    if not unseen:
        return []
    pools: dict[str, list[str]] = {}
    for secret in unseen:
        pools.setdefault(secret.back, []).append(secret.value)
    for back in sorted(pools):
        rng.shuffle(pools[back])
    taken = {back: iter(pool) for back, pool in pools.items()}
    cards = tuple(next(taken[s.back]) for s in unseen)
    return [event_type(seat=None, places=tuple(place_of(s.path) for s in unseen), cards=cards)]


def with_cards_placed(state: Any, event: UnseenCardsShuffled) -> Any:
    """`state` with each of the event's places holding its card."""
    return replace_all(
        state, [(path_of(p), c) for p, c in zip(event.places, event.cards, strict=True)]
    )
