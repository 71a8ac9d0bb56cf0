"""The bots' heuristic moves with the mission's goals and ends at the outcome, and values what
the villain's turn sets up."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace

from rules_core.bots.greedy import greedy_move
from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles import pressure
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK
from rules_core.games.gotham_city_chronicles.evaluation import evaluate
from rules_core.games.gotham_city_chronicles.rules import GAME
from tests.rules_core.games.gotham_city_chronicles.test_movement import play, started
from tests.rules_core.games.gotham_city_chronicles.test_villain import (
    VILLAIN,
    _thug_activated_in_the_office,
    villains_turn,
)


def test_progress_toward_the_ledger_raises_the_heroes_value() -> None:
    state = started()
    start = evaluate(state, 1)
    carried = state.with_hero(replace(state.hero("batman"), items=("ledger",)))
    near = carried.with_hero(replace(carried.hero("batman"), area="loading-dock"))
    assert start < evaluate(carried, 1) < evaluate(near, 1)
    assert abs(evaluate(near, 0) + evaluate(near, 1) - 1) < 1e-9
    won = replace(near, winner="heroes")
    assert evaluate(won, 1) == 1.0 and evaluate(won, 0) == 0.0


def test_an_armed_bomb_weighs_more_as_it_counts_down_and_less_with_a_hero_at_it() -> None:
    state = started()
    bomb = state.token("bomb")
    armed = state.with_token(replace(bomb, state="armed", countdown=2))
    last = state.with_token(replace(bomb, state="armed", countdown=1))
    assert evaluate(last, 1) < evaluate(armed, 1) < evaluate(state, 1)
    gordon = last.hero("commissioner-gordon")
    watched = last.with_hero(replace(gordon, area="boiler-room"))
    assert evaluate(last, 1) < evaluate(watched, 1)
    assert evaluate(last, 0) > evaluate(state, 0)  # the villain's value is the complement


def test_a_resting_hero_at_the_goals_item_counts_less_than_an_active_one() -> None:
    state = started()
    batman = state.hero("batman")  # in the office, by the safe that holds the Ledger
    active = state.with_hero(replace(batman, stance="active"))
    resting = state.with_hero(replace(batman, stance="resting"))
    assert evaluate(resting, 1) < evaluate(active, 1)


def test_the_villain_values_arming_the_bomb_above_passing_its_turn() -> None:
    """The villain's objective (VI·D·5's bomb) weighs more than one heroes' turn gone by: a
    villain who armed the bomb stands better than one who ended its turn doing nothing."""
    state = villains_turn()
    passed, _ = play(state, VILLAIN, Move.of("end_villain_turn"))
    armed, _ = play(state, VILLAIN, Move.of("activate", tile="thugs-with-crowbar"))
    thug = Move.of("activate_character", character="thugs-with-crowbar-1")
    in_hand, _ = play(armed, VILLAIN, thug)
    armed, _ = play(
        in_hand, VILLAIN, Move.of("character_action", action="arm-bomb", characteristic=0)
    )
    assert armed.token("bomb").state == "armed"
    assert evaluate(armed, VILLAIN) > evaluate(in_hand, VILLAIN) > evaluate(state, VILLAIN)
    assert evaluate(armed, VILLAIN) > evaluate(passed, VILLAIN)


def test_a_tile_activation_is_worth_what_its_characters_may_still_do() -> None:
    """A thug in hand beside Batman counts the attacks it may still make (VI·C·5); ending its
    activation gives them up, and the cubes left in reserve when the turn passes are recovery
    the next upkeep cannot use (VI·A·1 3)."""
    state = _thug_activated_in_the_office(tomllib.loads(REFERENCE_PACK.read_text()))
    assert pressure.wounds_in_hand(state) > 0
    ended, _ = play(state, VILLAIN, Move.of("end_activation"))
    assert pressure.wounds_in_hand(ended) == 0
    assert evaluate(state, VILLAIN) > evaluate(ended, VILLAIN)
    start = villains_turn()
    assert pressure.unspent(start) == 1.0
    spent, _ = play(start, VILLAIN, Move.of("activate", tile="killer-croc"))
    assert pressure.unspent(spent) == 0.5  # 3 cubes of the recovery of 6


def test_the_greedy_villain_attacks_rather_than_passing() -> None:
    """From a thug in hand beside Batman, one move ahead, the greedy villain attacks (or moves
    on to its attack) rather than ending the activation or its turn."""
    state = _thug_activated_in_the_office(tomllib.loads(REFERENCE_PACK.read_text()))
    for seed in range(3):
        move = greedy_move(GAME, state, VILLAIN, random.Random(seed))
        assert move.type == "character_attack", move


def test_the_greedy_villain_activates_a_tile_rather_than_passing() -> None:
    state = villains_turn()
    for seed in range(3):
        move = greedy_move(GAME, state, VILLAIN, random.Random(seed))
        assert move.type == "activate", move


def test_a_resting_stance_counts_only_in_the_heroes_turn() -> None:
    """A stance is declared anew each heroes' turn (V·B·3): in the villain's turn Batman's rest
    does not keep him from the Ledger next turn."""
    state = villains_turn()
    batman = state.hero("batman")
    resting = state.with_hero(replace(batman, stance="resting"))
    assert evaluate(resting, 1) == evaluate(state, 1)


def test_an_attack_repeated_keeps_the_repeats_left_in_hand() -> None:
    """Killer Croc's melee is repeated up to its multiplier of 4 (VI·C·5, VI·D·5 example): with
    one attack made beside Batman, three are still in hand; with every one made, none; an attack
    of another characteristic is not his declared action, so it is not counted."""
    state = villains_turn()
    croc = replace(state.character("killer-croc-1"), area="office")  # Batman's area
    state, _ = play(state.with_character(croc), VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    fresh = pressure.wounds_in_hand(state)
    activation = state.activation
    assert activation is not None
    attacked = replace(activation, stage="action", action="melee:0", times=1)
    once = replace(state, activation=attacked)
    spent = replace(state, activation=replace(attacked, times=4))
    assert fresh > pressure.wounds_in_hand(once) > pressure.wounds_in_hand(spent) == 0
    assert abs(pressure.wounds_in_hand(once) - 0.75 * fresh) < 1e-9
