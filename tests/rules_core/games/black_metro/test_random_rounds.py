"""Random legal moves from the set-up on, at 1 to 4 players: every move offered is accepted and
the table keeps its pieces, its limits and its hidden cards where they belong."""

import random

import pytest

from rules_core.engine.types import Rejection
from rules_core.games.black_metro.state import BlackMetroState, troop_size
from tests.rules_core.games.black_metro.helpers import GAME, started


def _pieces(state: BlackMetroState, seat: int) -> tuple[int, int, int]:
    player = state.player(seat)
    on_board = [state.district(d.number).personnel[seat] for d in state.the_pack().districts]
    personnel = tuple(
        player.backup[i] + player.hideout[i] + player.overwhelmed[i] + sum(t[i] for t in on_board)
        for i in range(3)
    )
    built = sum(1 for d in state.districts for f in d.fortifications if f.owner == seat) + sum(
        player.fortifications
    )
    return personnel[0] + personnel[1] + personnel[2], built, len(player.hand)


def _check(state: BlackMetroState) -> None:
    pack = state.the_pack()
    cards = list(state.fortune_deck) + list(state.fortune_discard)
    for seat in state.everyone:
        player = state.player(seat)
        personnel, fortifications, _ = _pieces(state, seat)
        assert personnel == 16 and fortifications == 4
        for resource in ("gold", "intel", "drakownium", "strain"):
            assert 0 <= player.resource(resource) <= 15
        assert troop_size(player.hideout) <= pack.limit("hideout_personnel")
        cards += list(player.hand)
    if state.exchange is not None:
        cards += list(state.exchange.cards)
    assert sorted(cards) == sorted(pack.fortune_ids())  # no fortune lost or copied


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_moves_through_a_round(players: int, seed: int) -> None:
    rng = random.Random(seed * 10 + players)
    state = started(players, seed=seed, first_game=seed == 0 and players > 1)
    for _ in range(400):
        if state.phase == "standby":
            break
        (seat, *_) = sorted(GAME.to_act(state))
        moves = GAME.legal_moves(state, seat)
        assert moves, state.flow
        for other in set(range(players)) - GAME.to_act(state):
            assert GAME.legal_moves(state, other) == []
        events = GAME.decide(state, seat, rng.choice(moves), rng)
        assert not isinstance(events, Rejection), events
        for event in events:
            state = GAME.evolve(state, event)
        _check(state)
    assert state.phase == "standby"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_whole_games_end_in_the_final_scoring(players: int) -> None:
    rng = random.Random(players)
    state = started(players, seed=players, first_game=players == 3)
    for _ in range(GAME.info.longest_game):
        if state.over:
            break
        (seat, *_) = sorted(GAME.to_act(state))
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert not isinstance(events, Rejection), events
        for event in events:
            state = GAME.evolve(state, event)
        _check(state)
    assert state.over and state.round == 8
    assert state.winners and len(state.final) == players
    best = max(state.final)
    assert all(state.final[w] == best for w in state.winners)
