"""Energy cubes on a hero board or the command post (V A, VI·A·1, IX A, IX C, IX I), pure:
spending within exertion limits, the stances' recovery, cubes back to fatigue, wounds."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.updating import updated

# The spaces of a hero board in its order (V A 8-10); the command post has the last three.
SPACES = ("melee", "ranged", "manipulation", "thought", "movement", "defense", "reroll")


@dataclass(frozen=True, slots=True)
class Zones:
    """Where a hero's cubes are: reserve, fatigue and wound zones and each space (V A 14-16)."""

    reserve: int
    fatigue: int = 0
    wounds: int = 0
    spaces: tuple[int, ...] = (0,) * len(SPACES)

    @property
    def total(self) -> int:
        return self.reserve + self.fatigue + self.wounds + sum(self.spaces)

    def on(self, space: str) -> int:
        return self.spaces[SPACES.index(space)]

    @property
    def neutralized(self) -> bool:
        """IX A: a hero is neutralized when every cube is in the wound zone."""
        return self.wounds == self.total


def spend(zones: Zones, space: str, cubes: int, limit: int) -> Zones | None:
    """IX C, IX I: `cubes` from the reserve onto a space, or None when the reserve lacks them
    or the space's exertion limit would be exceeded."""
    on = zones.on(space)
    if cubes < 0 or cubes > zones.reserve or on + cubes > limit:
        return None
    spaces = list(zones.spaces)
    spaces[SPACES.index(space)] = on + cubes
    return updated(zones, reserve=zones.reserve - cubes, spaces=tuple(spaces))


def pay(zones: Zones, cubes: int) -> Zones | None:
    """IX C: cubes from the reserve straight to the fatigue zone (a tile's activation cost,
    VI·B·3 [b]), or None when the reserve lacks them."""
    if not 0 <= cubes <= zones.reserve:
        return None
    return updated(zones, reserve=zones.reserve - cubes, fatigue=zones.fatigue + cubes)


def rested(zones: Zones) -> Zones:
    """V·B·1, V·B·7, VI·B·1: every spent cube (on a space) goes to the fatigue zone."""
    return updated(zones, fatigue=zones.fatigue + sum(zones.spaces), spaces=(0,) * len(SPACES))


def recovered(zones: Zones, amount: int) -> Zones:
    """V·B·3 [a]/[b]: `amount` cubes from fatigue to the reserve; any missing in the fatigue
    zone are moved from the wound zone to the fatigue zone instead."""
    moved = min(amount, zones.fatigue)
    healed = min(amount - moved, zones.wounds)
    return updated(
        zones,
        reserve=zones.reserve + moved,
        fatigue=zones.fatigue - moved + healed,
        wounds=zones.wounds - healed,
    )


def villain_recovered(zones: Zones, amount: int) -> Zones:
    """VI·B·1: cubes on spaces go to fatigue, then `amount` come back from fatigue to the
    reserve (as many as fatigue holds)."""
    zones = rested(zones)
    moved = min(amount, zones.fatigue)
    return updated(zones, reserve=zones.reserve + moved, fatigue=zones.fatigue - moved)


def wounded(zones: Zones, wounds: int) -> Zones:
    """IX A: one cube per wound into the wound zone, taken first from fatigue, then from the
    spaces (reference: in the board's order), then from the reserve."""
    left = wounds
    fatigue = min(left, zones.fatigue)
    left -= fatigue
    spaces = list(zones.spaces)
    for i, on in enumerate(spaces):
        taken = min(left, on)
        spaces[i] = on - taken
        left -= taken
    reserve = min(left, zones.reserve)
    left -= reserve
    return Zones(
        zones.reserve - reserve,
        zones.fatigue - fatigue,
        zones.wounds + (wounds - left),
        tuple(spaces),
    )


def removed(zones: Zones, cubes: int) -> Zones | None:
    """VI F: cubes taken out of the game for dredging, first from fatigue, then from the
    spaces, then from the reserve; None when there are not that many."""
    if cubes > zones.reserve + zones.fatigue + sum(zones.spaces):
        return None
    left = cubes
    fatigue = min(left, zones.fatigue)
    left -= fatigue
    spaces = list(zones.spaces)
    for i, on in enumerate(spaces):
        taken = min(left, on)
        spaces[i] = on - taken
        left -= taken
    return Zones(zones.reserve - left, zones.fatigue - fatigue, zones.wounds, tuple(spaces))
