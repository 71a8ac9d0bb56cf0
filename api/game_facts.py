"""What never changes about a game once created (its kind, secret seed and bot seats), kept
per process so the move hot path need not read the game row for it."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from api.models import Game

_CACHE: OrderedDict[int, GameFacts] = OrderedDict()
_CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game's fixed fields. The seed is a condition of every append (event_store.append), so a
    stale entry (a game id reused by another game, as a test database allows) writes nothing."""

    id: int
    game: str
    seed: int
    bot_seats: frozenset[int]

    @property
    def key(self) -> tuple[int, str, int]:
        """The game's key in the event store's head cache."""
        return (self.id, self.game, self.seed)


def game_facts(game_id: int) -> GameFacts | None:
    """The game's fixed fields (None: no such game), read once per process."""
    facts = _CACHE.get(game_id)
    if facts is not None:
        return facts
    row = Game.objects.filter(pk=game_id).values_list("game", "seed", "bot_seats").first()
    if row is None:
        return None
    slug, seed, bot_seats = row
    facts = GameFacts(game_id, slug, seed, frozenset(bot_seats))
    _CACHE[game_id] = facts
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return facts


def forget(game_id: int) -> None:
    """Drop a game's entry (after a write its facts did not fit)."""
    _CACHE.pop(game_id, None)
