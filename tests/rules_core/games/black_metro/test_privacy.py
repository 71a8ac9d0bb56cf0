"""Who sees what (visibility declared once): views, redacted events and stories of random
games at 1 to 4 players hide hands, missions, downed technologies and deck orders."""

import random

import pytest

from rules_core.engine.types import Rejection
from rules_core.engine.visibility import resample
from tests.rules_core.games.black_metro.helpers import GAME
from tests.rules_core.privacy import apply_checking_privacy, check_words


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_show_each_seat_only_what_it_may_see(players: int) -> None:
    rng = random.Random(players)
    events = GAME.setup(players, {}, rng)
    state = apply_checking_privacy(GAME, GAME.initial_state(), players, events)
    for step in range(150 if players > 1 else 60):
        if state.over:
            break
        seat = min(GAME.to_act(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        check_words(GAME.describe_move(state, seat, move), move.type)
        decided = GAME.decide(state, seat, move, rng)
        assert not isinstance(decided, Rejection), decided
        state = apply_checking_privacy(GAME, state, players, decided, twins=step % 5 == 0)


def test_the_determinization_reads_only_the_seats_view() -> None:
    rng = random.Random(3)
    state = GAME.initial_state()
    for event in GAME.setup(3, {}, rng):
        state = GAME.evolve(state, event)
    for _ in range(120):
        seat = min(GAME.to_act(state))
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert not isinstance(events, Rejection)
        for event in events:
            state = GAME.evolve(state, event)
    # a twin that differs only in what seat 0 cannot see: others' hands, decks, downed cards
    twin = resample(state, GAME.secrets(state), 0, random.Random(5))
    assert twin != state and GAME.view(twin, 0) == GAME.view(state, 0)
    one = GAME.determinize(state, 0, random.Random(9))
    assert one == GAME.determinize(twin, 0, random.Random(9))
    assert GAME.view(one, 0) == GAME.view(state, 0)
