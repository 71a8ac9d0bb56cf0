"""Energy cubes: spending, exertion limits, stances' recovery, wounds (V A, V·B·3, IX A)."""

from __future__ import annotations

from rules_core.games.gotham_city_chronicles.content import load_pack
from rules_core.games.gotham_city_chronicles.energy import (
    Zones,
    pay,
    recovered,
    removed,
    rested,
    spend,
    villain_recovered,
    wounded,
)

PACK = load_pack()


def test_spending_stops_at_the_exertion_limit() -> None:
    """IX C, IX I, V·C·5 [f]: Montoya's two cubes on her movement space fit its limit of 3."""
    montoya = PACK.hero("renee-montoya")
    zones = Zones(reserve=montoya.energy)
    after = spend(zones, "movement", 2, montoya.movement.limit)
    assert after is not None and after.on("movement") == 2 and after.reserve == 8
    assert spend(after, "movement", 2, montoya.movement.limit) is None
    assert spend(Zones(reserve=1), "melee", 2, 4) is None


def test_killer_crocs_wounds_on_batman_and_montoya() -> None:
    """VI·D·5 example: 4 wounds to Batman, 2 to Montoya; cubes go to the wound zone from
    fatigue first, then spaces, then the reserve (IX A)."""
    batman = Zones(reserve=8, fatigue=1, spaces=(1, 0, 2, 0, 0, 0, 0))
    hurt = wounded(batman, 4)
    assert hurt == Zones(reserve=8, fatigue=0, wounds=4, spaces=(0, 0, 0, 0, 0, 0, 0))
    montoya = wounded(Zones(reserve=10), 2)
    assert (montoya.reserve, montoya.wounds) == (8, 2)
    assert not montoya.neutralized
    assert wounded(Zones(reserve=3, wounds=7), 5).neutralized  # every cube wounded


def test_stances_recover_from_fatigue_then_wounds() -> None:
    """V·B·3 [a]/[b]: the marker's cubes from fatigue to the reserve; the missing ones move
    from wounds to fatigue."""
    batman = PACK.hero("batman")
    zones = Zones(reserve=2, fatigue=6, wounds=4)
    assert recovered(zones, batman.recovery_active) == Zones(reserve=6, fatigue=2, wounds=4)
    low = Zones(reserve=2, fatigue=1, wounds=4)
    assert recovered(low, batman.recovery_resting) == Zones(reserve=3, fatigue=4, wounds=0)


def test_spent_cubes_go_to_fatigue_and_the_villain_recovers() -> None:
    """V·B·7, VI·B·1, VI·B·3 [b]."""
    zones = Zones(reserve=3, spaces=(2, 0, 0, 0, 1, 0, 1))
    assert rested(zones) == Zones(reserve=3, fatigue=4)
    post = pay(Zones(reserve=12), 3)
    assert post == Zones(reserve=9, fatigue=3)
    assert pay(Zones(reserve=2), 3) is None
    assert villain_recovered(Zones(reserve=0, fatigue=10, spaces=(0,) * 5 + (2, 0)), 6) == Zones(
        reserve=6, fatigue=6
    )


def test_dredging_removes_cubes_from_fatigue_then_spaces_then_reserve() -> None:
    """VI F."""
    zones = Zones(reserve=5, fatigue=1, spaces=(0,) * 5 + (2, 0))
    assert removed(zones, 4) == Zones(reserve=4, fatigue=0)
    assert removed(zones, 9) is None
