"""Setting a mission up: who plays which hero, and the opening events (IV, V, VI)."""

from __future__ import annotations

from rules_core.engine.types import GameEvent
from rules_core.games.gotham_city_chronicles.content import Pack
from rules_core.games.gotham_city_chronicles.events import (
    GameStarted,
    HeroesTurnBegan,
    TurnAdvanced,
    VillainTurnBegan,
)
from rules_core.games.gotham_city_chronicles.state import VILLAIN_SEAT

MIN_SEATS, MAX_SEATS = 2, 4  # the villain and one to three heroes' seats (V: 1 to 3 heroes)


def hero_seats(heroes: int, seats: int) -> tuple[int, ...]:
    """The seat playing each hero: the heroes' seats (all but the villain's) in turn, so every
    heroes' seat has a hero (V: the heroes may be played by one or several players)."""
    players = tuple(s for s in range(seats) if s != VILLAIN_SEAT)
    return tuple(players[i % len(players)] for i in range(heroes))


def opening(pack: Pack, seats: int) -> list[GameEvent]:
    """The set-up, the first upkeep (the marker from 0 to 1) and the first side's turn."""
    seated = hero_seats(len(pack.mission.heroes), seats)
    first: GameEvent = (
        HeroesTurnBegan(seat=None)
        if pack.mission.initiative == "heroes"
        else VillainTurnBegan(seat=None, recovery=pack.mission.villain_recovery)
    )
    return [
        GameStarted(seat=None, pack=pack, seats=seats, hero_seats=seated),
        TurnAdvanced(seat=None, turn=1),
        first,
    ]
