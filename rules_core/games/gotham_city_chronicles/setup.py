"""Setting a mission up: who plays which hero, and the opening events (IV, V, VI)."""

from __future__ import annotations

import random

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent
from rules_core.games.gotham_city_chronicles.content import Pack
from rules_core.games.gotham_city_chronicles.events import GameStarted
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.state import INITIAL, VILLAIN_SEAT
from rules_core.games.gotham_city_chronicles.turns import upkeep

MIN_SEATS, MAX_SEATS = 2, 4  # the villain and one to three heroes' seats (V: 1 to 3 heroes)


def hero_seats(heroes: int, seats: int) -> tuple[int, ...]:
    """The seat playing each hero: the heroes' seats (all but the villain's) in turn, so every
    heroes' seat has a hero (V: the heroes may be played by one or several players)."""
    players = tuple(s for s in range(seats) if s != VILLAIN_SEAT)
    return tuple(players[i % len(players)] for i in range(heroes))


def opening(pack: Pack, seats: int, rng: random.Random | None = None) -> list[GameEvent]:
    """The set-up, then the first upkeep (the marker from 0 to 1, the mission's upkeep effects)
    and the first side's turn; `rng` rolls any dice those effects need (none by default)."""
    run = Run(INITIAL, HANDLERS)
    seated = hero_seats(len(pack.mission.heroes), seats)
    run.emit(GameStarted(seat=None, pack=pack, seats=seats, hero_seats=seated))
    upkeep(run, rng or random.Random(0))
    return run.events
