"""The villain's river (VI·A·1 8-9, VI·A·2 [b], VI·B·3, IX B, VI F), pure: the tiles left to
right, a double tile in two positions, activation costs and tiles moved to the river's end."""

from __future__ import annotations

from collections.abc import Sequence

River = tuple[str, ...]  # one tile id per position (a double tile's id in two positions)


def positions(river: River, tile: str) -> tuple[int, ...]:
    """The positions (0 = leftmost) a tile occupies."""
    return tuple(i for i, t in enumerate(river) if t == tile)


def activation_cost(river: River, tile: str, costs: Sequence[int], cost_at: int = 0) -> int:
    """VI·B·3 [a]: the cost printed above the tile's position (a double tile: above the
    position its cost indicator points to, VI·A·2 [b])."""
    at = positions(river, tile)
    return costs[at[min(cost_at, len(at) - 1)]]


def to_the_end(river: River, tile: str) -> River:
    """VI·B·3 [c], IX B: the tile taken out, the others slid left, the tile put back at the
    right end (in as many positions as it takes)."""
    taken = positions(river, tile)
    rest = tuple(t for t in river if t != tile)
    return (*rest, *(tile for _ in taken))


def dredged(river: River, tile: str) -> River:
    """VI F: a neutralized tile removed from the river for good."""
    return tuple(t for t in river if t != tile)


def dredge_cost(tiles: int) -> int:
    """VI F: two energy cubes per tile dredged."""
    return 2 * tiles
