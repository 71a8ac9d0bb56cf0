"""bench/rules_instructions.py counts the work it says: the random games to their end (as the
tournament plays them) and one search of exactly the iterations asked for, at a choice."""

from __future__ import annotations

from bench.rules_instructions import work
from rules_core.bots.tournament import play_game
from rules_core.engine import get_game


def test_the_counted_work_plays_the_seeded_games_and_searches_a_choice() -> None:
    spec = get_game("gotham-race")
    moves = sum(sum(play_game(spec, ["random", "random"], seed).moves) for seed in (7, 8))
    assert work("gotham-race", 2, 7, 2, 9) == f"moves: {moves} iterations: 9"
    assert work("gotham-race", 1, 7, 3, 4).endswith("iterations: 4")
