"""Where a game's randomness comes from: its secret seed, and the log position of each decision."""

from __future__ import annotations

import random


def setup_rng(seed: int) -> random.Random:
    """The randomness of a game's set-up (shuffles and deals)."""
    return random.Random(f"setup:{seed}")


def move_rng(seed: int, version: int) -> random.Random:
    """The randomness of the move made at `version`: fixed by the secret seed, unseen by players."""
    return random.Random(f"move:{seed}:{version}")


def bot_rng(seed: int, version: int, seat: int) -> random.Random:
    """A bot's own choices at `version` (separate from the game's dice and shuffles)."""
    return random.Random(f"bot:{seed}:{version}:{seat}")
