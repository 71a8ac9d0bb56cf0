"""Where a game's randomness comes from: its secret seed, and the log position of each decision."""

from __future__ import annotations

import random
from typing import Any


def setup_rng(seed: int) -> random.Random:
    """The randomness of a game's set-up (shuffles and deals)."""
    return random.Random(f"setup:{seed}")


def fork_rng(seed: int) -> random.Random:
    """The randomness of a fork's new deal (the cards nobody had seen, shuffled again)."""
    return random.Random(f"fork:{seed}")


class SeededOnUse(random.Random):
    """`random.Random(material)`, seeded only when first drawn from: most moves draw nothing,
    and seeding costs more than many a move (the same numbers either way)."""

    def __init__(self, material: str) -> None:  # deliberately not seeding yet
        self._material: str | None = material
        self.gauss_next = None

    def _seed_now(self) -> None:
        if self._material is not None:
            material, self._material = self._material, None
            super().seed(material)

    def random(self) -> float:
        self._seed_now()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._seed_now()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._seed_now()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._material = None
        super().setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._material = None
        super().seed(a, version)


def move_rng(seed: int, version: int) -> random.Random:
    """The randomness of the move made at `version`: fixed by the secret seed, unseen by players."""
    return SeededOnUse(f"move:{seed}:{version}")


def bot_rng(seed: int, version: int, seat: int) -> random.Random:
    """A bot's own choices at `version` (separate from the game's dice and shuffles)."""
    return random.Random(f"bot:{seed}:{version}:{seat}")
