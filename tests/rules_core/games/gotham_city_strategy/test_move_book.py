"""City Strategy's move declarations, built in the test.

`MOVES` is built once at import, so what `move_book()` declares (each move's step or decision,
its offers, its check and its act) is never rebuilt in a process that has imported the game.
Here a game object gets a book of its own, and the golden playthroughs are played through it:
every step's legal moves, events and the outcome must match the recorded files.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from rules_core.engine import fold
from rules_core.engine.types import Move, Rejection
from rules_core.engine.wording import takes_only
from rules_core.games.gotham_city_strategy import choices
from rules_core.games.gotham_city_strategy.language import describe_move, out_of_step
from rules_core.games.gotham_city_strategy.moves import move_book
from rules_core.games.gotham_city_strategy.rules import GothamCityStrategy
from tests.golden.playthroughs import case_path, cases, playthrough

SLUG = "gotham-city-strategy"


@pytest.mark.parametrize(("players", "seed"), [(p, s) for slug, p, s in cases() if slug == SLUG])
def test_a_book_built_anew_plays_the_golden_games_step_for_step(players: int, seed: int) -> None:
    game = GothamCityStrategy()
    game.moves = move_book()
    expected = json.loads(case_path(SLUG, players, seed).read_text())
    assert playthrough(SLUG, players, seed, game) == expected


def test_the_game_decides_by_its_own_book() -> None:
    game = GothamCityStrategy()
    state = fold(game, game.setup(2, {}, random.Random(1)))
    seat = min(game.to_act(state))
    first = game.legal_moves(state, seat)[0]
    book = move_book()
    game.moves = replace(book, rules=tuple(r for r in book.rules if r.name != first.type))
    refused = game.decide(state, seat, first, random.Random(0))
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.message) == (
        "unknown_move",
        "Gotham City Strategy has no move of that kind: ask for the legal moves to see what you "
        "may do now.",
    )


STEPS = {"advance": "levels", "move": "actions", "done_moving": "moving"}


def test_a_book_built_anew_offers_nothing_out_of_turn_and_refuses_a_move_out_of_its_step() -> None:
    """Through the 2-player golden game: a seat not asked is offered nothing; a turn move of
    another step is refused naming both steps; an answer with nothing to decide is refused."""
    game = GothamCityStrategy()
    game.moves = move_book()
    state = fold(game, game.setup(2, {}, random.Random(5)))
    rng = random.Random(5)
    seen = {"wrong_step": 0, "decision_pending": 0}
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        for other in set(range(2)) - set(game.to_act(state)):
            assert game.legal_moves(state, other) == []
        for kind, step in STEPS.items():
            if state.step == step:
                continue
            refused = game.decide(state, seat, Move.of(kind), random.Random(0))
            assert isinstance(refused, Rejection)
            if choices.current(state) is None:
                assert (refused.code, refused.message) == (
                    "wrong_step",
                    out_of_step(step, state.step),
                )
            else:
                assert refused.code == "decision_pending"
            seen[refused.code] += 1
        if choices.current(state) is None:
            stop = game.decide(state, seat, Move.of("stop"), random.Random(0))
            assert isinstance(stop, Rejection)
            assert (stop.code, stop.message) == (
                "wrong_step",
                "That move answers a question, and none is waiting for an answer.",
            )
        move = rng.choice(game.legal_moves(state, seat))
        events = game.decide(state, seat, move, random.Random(0))
        assert isinstance(events, list)
        state = fold(game, events, state)
    assert seen["wrong_step"] and seen["decision_pending"]
    assert out_of_step("levels", "actions") == (
        "Not now: that move comes at the start of a turn, before its plot card; this turn is past"
        " its plot card."
    )


def test_every_move_of_a_book_built_anew_refuses_a_parameter_it_does_not_take() -> None:
    """Each declaration names its parameters: any other is refused (before the rules are
    asked), for moves without parameters too."""
    game = GothamCityStrategy()
    game.moves = move_book()
    state = fold(game, game.setup(2, {}, random.Random(1)))
    seat = min(game.to_act(state))
    for rule in game.moves.rules:
        params = {p: 1 for p in rule.params}
        refused = game.decide(state, seat, Move.of(rule.name, **params, bogus=1), random.Random(0))
        assert isinstance(refused, Rejection), rule.name
        assert (refused.code, refused.message) == (
            "unknown_move",
            takes_only(rule.name, rule.params),
        )


def test_a_book_built_anew_names_each_move_in_the_games_words() -> None:
    game = GothamCityStrategy()
    game.moves = move_book()
    state = fold(game, game.setup(2, {}, random.Random(1)))
    seat = min(game.to_act(state))
    for move in game.legal_moves(state, seat):
        assert game.describe_move(state, seat, move) == describe_move(state, seat, move)
    assert game.describe_move(state, seat, Move.of("advance")) == "Advance one level"


def test_taking_resources_instead_of_a_card_is_counted_in_words() -> None:
    """'turn.plot.effect.resources': a card may be exchanged for two of information, money and
    threats."""
    state = fold(GothamCityStrategy(), GothamCityStrategy().setup(2, {}, random.Random(1)))
    words = {
        (a, b): describe_move(state, 0, Move.of("take", first=a, second=b))
        for a, b in (("information", "threats"), ("money", "money"), ("threats", "threats"))
    }
    assert words == {
        ("information", "threats"): "Take 1 information and 1 threat instead",
        ("money", "money"): "Take 2 money instead",
        ("threats", "threats"): "Take 2 threats instead",
    }
