"""Final scoring by the table and the seven tie-breakers in order (final-scoring)."""

import pytest

from rules_core.engine.updating import updated
from rules_core.games.black_metro import events_standby as s
from rules_core.games.black_metro import scoring
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState, Fortification
from tests.rules_core.games.black_metro.helpers import GAME, started, through_setup


def _table(**changes: object) -> BlackMetroState:
    state = through_setup(started(3, first_game=True))
    players = tuple(
        updated(
            p,
            power=10,
            gold=0,
            intel=0,
            drakownium=0,
            strain=0,
            hand=(),
            missions=(),
            mission_knowers=(),
            technologies=(),
            downed=(),
        )
        for p in state.players
    )
    return updated(state, players=players, **changes)


def _with(state: BlackMetroState, seat: int, **changes: object) -> BlackMetroState:
    return state.with_player(seat, updated(state.player(seat), **changes))


def test_the_scoring_table() -> None:
    state = _table()
    state = _with(
        state,
        0,
        strain=5,  # every 2 strain: -1
        technologies=("calm-protocol", "voltaic-edge"),  # each charged: 1
        downed=("trading-platform",),  # downed: nothing
        gold=7,  # every 3: 1
        intel=5,  # every 2: 1
        drakownium=3,  # each: 1
        candidate="colonel",
        hand=("K-spades", "2-hearts"),  # the candidate fortune in hand: 3
    )
    bank = state.district(3)
    forts = (Fortification(0, "support-base"), Fortification(0, "blockade"))
    state = state.with_district(3, updated(bank, fortifications=forts))  # support base: 2
    assert scoring.table(state, 0) == -2 + 2 + 2 + 2 + 3 + 3 + 2
    assert scoring.table(state, 1) == 0


def test_unfulfilled_missions_strain_first_and_the_game_ends() -> None:
    state = _with(
        _table(), 1, missions=("war-chest#1", "elite-corps#2"), mission_knowers=(-1, -1), strain=14
    )
    run = Run(state)
    scoring.score(run)
    # 4 strain: 1 fits under 15, 3 cost power; then 15 strain costs 7 power
    assert run.state.player(1).strain == 15
    scored = run.events[-1]
    assert isinstance(scored, s.GameScored)
    assert scored.scores == (10, 10 - 3 - 7, 10)
    assert run.state.over and run.state.winners == scored.winners == (0, 2)


@pytest.mark.parametrize(
    ("changes", "winner"),
    [
        ({0: {"strain": 2}, 1: {"strain": 1}}, 1),  # 1. fewest strain
        ({0: {"fulfilled": ("war-chest#1",)}}, 0),  # 2. most fulfilled missions
        ({1: {"technologies": ("calm-protocol",)}}, 1),  # 3. most technology
        ({0: {"drakownium": 1}}, 0),  # 4. most drakownium
        ({1: {"intel": 1}}, 1),  # 5. most intel
        ({0: {"gold": 1}}, 0),  # 6. most gold
        ({1: {"hand": ("2-hearts",)}}, 1),  # 7. most fortunes
    ],
)
def test_tie_breakers_in_order(changes: dict[int, dict[str, object]], winner: int) -> None:
    state = _table()
    for seat, change in changes.items():
        state = _with(state, seat, **change)
    assert scoring.winners(state, (20, 20, 5)) == (winner,)


def test_an_earlier_tie_breaker_decides_before_a_later_one() -> None:
    state = _with(_with(_table(), 0, strain=0, gold=9), 1, strain=1, hand=("2-hearts",))
    assert scoring.winners(state, (20, 20, 5)) == (0,)


def test_a_tie_no_breaker_decides_is_shared() -> None:
    assert scoring.winners(_table(), (20, 20, 5)) == (0, 1)


def test_a_win_on_a_tie_says_whom_it_was_level_with_and_which_tie_breaker_decided() -> None:
    """final-scoring: the story of a tie broken names the tied player and the tie-breaker a
    single one met, with each one's count; a plain win or a shared one reads as before."""
    state = _with(_with(_table(), 0, strain=0, gold=9), 1, strain=1, hand=("2-hearts",))
    broken = s.GameScored(seat=None, scores=(20, 20, 5), winners=(0,))
    assert GAME.narrate(state, broken, None, False) == (
        "Final scoring: Red 20 power, Green 20 power, Blue 5 power; Red wins after a tie at 20 "
        "with Green: the fewest strain (Red 0, Green 1)."
    )
    plain = s.GameScored(seat=None, scores=(21, 20, 5), winners=(0,))
    assert GAME.narrate(state, plain, None, False) == (
        "Final scoring: Red 21 power, Green 20 power, Blue 5 power; Red wins."
    )
    shared = s.GameScored(seat=None, scores=(20, 20, 5), winners=(0, 1))
    assert GAME.narrate(_table(), shared, None, False) == (
        "Final scoring: Red 20 power, Green 20 power, Blue 5 power; Red and Green share the throne."
    )
