"""Technologies and candidates' abilities in play once charged (reference cards, README)."""

from rules_core.engine.updating import updated
from rules_core.games.black_metro import board, facilities, resolution
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import started, through_setup


def _table() -> BlackMetroState:
    return through_setup(started(2, first_game=True))


def _with(state: BlackMetroState, seat: int, **changes: object) -> BlackMetroState:
    return state.with_player(seat, updated(state.player(seat), **changes))


def _at(
    state: BlackMetroState, number: int, seat: int, troop: tuple[int, int, int]
) -> BlackMetroState:
    district = state.district(number)
    troops = list(district.personnel)
    troops[seat] = troop
    return state.with_district(number, updated(district, personnel=tuple(troops)))


def test_voltaic_edge_adds_strength_with_a_fortification_and_specialised_personnel() -> None:
    state = _at(_table(), 4, 0, (1, 1, 0))
    forts = (Fortification(0, "blockade"),)
    state = state.with_district(4, updated(state.district(4), fortifications=forts))
    assert board.strength(state, 0, 4) == 3
    state = _with(state, 0, downed=("voltaic-edge",))
    assert board.strength(state, 0, 4) == 3  # downed: not yet in play
    state = _with(state, 0, downed=(), technologies=("voltaic-edge",))
    assert board.strength(state, 0, 4) == 4
    assert board.strength(_at(state, 4, 0, (2, 0, 0)), 0, 4) == 2  # no specialised personnel


def test_a_support_base_counts_each_fortification_of_its_owner_there() -> None:
    state = _at(_table(), 4, 0, (1, 0, 0))
    forts = (
        Fortification(0, "support-base"),
        Fortification(0, "blockade"),
        Fortification(1, "blockade"),
    )
    state = state.with_district(4, updated(state.district(4), fortifications=forts))
    assert board.strength(state, 0, 4) == 1 + 2
    assert board.strength(_at(state, 4, 0, (0, 0, 0)), 0, 4) == 0  # alone it does not contest


def test_overwhelm_array_overwhelms_at_a_difference_of_two() -> None:
    state = _table()
    assert board.overwhelm_difference(state, 0) == 3
    state = _with(state, 0, technologies=("overwhelm-array",))
    assert board.overwhelm_difference(state, 0) == 2


def test_phase_relay_and_transit_grid_take_the_cost_off_broadswade() -> None:
    state = _with(_at(_table(), 9, 0, (1, 0, 0)), 0, gold=0, intel=0)
    build, move = (a.steps for a in state.the_pack().district(9).effects)
    assert facilities.choices(state, 0, 9, build) == []  # 1 gold needed
    state = updated(state, resolving=9)
    state = _with(state, 0, technologies=("phase-relay",))
    free = resolution.steps_for(state, 0, 1)
    assert [s.op for s in free] == ["build"]
    assert facilities.choices(state, 0, 9, free)
    assert [s.op for s in move] == ["spend", "move_fortification"]
    state = _with(state, 0, technologies=("transit-grid",))
    assert [s.op for s in resolution.steps_for(state, 0, 2)] == ["move_fortification"]
