"""The bots a seat can be given, by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules_core.engine.spec import GameSpec
from rules_core.engine.types import Move

Bot = Callable[[GameSpec[Any], Any, int, random.Random], Move]


def random_bot(spec: GameSpec[Any], state: Any, seat: int, rng: random.Random) -> Move:
    """Any legal move, uniformly at random (it looks at nothing but the legal moves)."""
    moves = spec.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return rng.choice(moves)


BOTS: dict[str, Bot] = {"random": random_bot}


def choose_move(name: str, spec: GameSpec[Any], state: Any, seat: int, rng: random.Random) -> Move:
    """Ask the bot called `name` for a move of `seat`."""
    return BOTS[name](spec, state, seat, rng)
