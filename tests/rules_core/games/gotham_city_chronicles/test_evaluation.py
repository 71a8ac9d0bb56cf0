"""The bots' heuristic moves with the mission's goals and ends at the outcome, and values what
the villain's turn sets up."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace

from rules_core.bots.analysis import GOOD, judge
from rules_core.bots.greedy import greedy_move
from rules_core.bots.mcts import MctsSettings
from rules_core.engine.types import Move
from rules_core.games.gotham_city_chronicles import pressure
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK
from rules_core.games.gotham_city_chronicles.evaluation import evaluate
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import Sequel
from tests.rules_core.games.gotham_city_chronicles.test_enemies import (
    OFFICER,
    _crocs_turn,
    _heroes_turn,
)
from tests.rules_core.games.gotham_city_chronicles.test_movement import all_active, play, started
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


def test_a_defused_bomb_is_no_threat_whatever_count_it_stopped_at() -> None:
    """Disarming keeps the count the bomb had (the upkeep ticks only an armed bomb, IV A): a
    defused bomb is worth at least what an unarmed one is (which the villain may still arm), and
    more to the heroes than the armed bomb Gordon stood at (before, its stopped count read as a
    bomb still ticking, with no hero able to undo it: disarming it looked like a blunder)."""
    state = started()
    bomb = state.token("bomb")
    gordon = replace(state.hero("commissioner-gordon"), area=bomb.area)
    at_bomb = state.with_hero(gordon)
    armed = at_bomb.with_token(replace(bomb, state="armed", countdown=1))
    defused = at_bomb.with_token(replace(bomb, state="defused", countdown=1))
    assert pressure.countdown_threat(defused) == 0.0 < pressure.countdown_threat(armed)
    assert evaluate(defused, 1) >= evaluate(at_bomb, 1) > evaluate(armed, 1)


def test_an_armed_bomb_at_zero_is_as_near_its_end_as_ever() -> None:
    """At 0 the armed bomb explodes at the next upkeep (IV A): it weighs at least what it did at
    1, not nothing (before, the heroes' value rose as the count reached 0, and the heroes' turn
    that could still disarm it was graded as if the bomb were gone)."""
    state = started()
    bomb = state.token("bomb")
    one = state.with_token(replace(bomb, state="armed", countdown=1))
    zero = state.with_token(replace(bomb, state="armed", countdown=0))
    assert evaluate(zero, 1) <= evaluate(one, 1) < evaluate(state, 1)


def test_once_the_heroes_play_no_more_before_the_villains_end_it_is_as_good_as_won() -> None:
    """In the villain's turn (the heroes have the initiative) nothing the heroes do comes before
    the next upkeep: with the bomb armed at 0 it explodes there, and in the last turn its end
    is the villain's win (IV A, IV E). The heroes' value is the heuristic's floor whatever the
    villain does first (before, a tile activated there read 35-60% for the villain against 100%
    for ending the turn, and the analysis called it a blunder); in the heroes' turn, or with
    the bomb at 1, it is not."""
    state = villains_turn()
    bomb = state.token("bomb")
    at_zero = state.with_token(replace(bomb, state="armed", countdown=0))
    last = replace(state, turn=state.board_pack.mission.turn_limit)
    for sure in (at_zero, last):
        assert pressure.villain_sure(sure)
        assert evaluate(sure, 1) == 0.02 and evaluate(sure, VILLAIN) == 0.98
        activated, _ = play(sure, VILLAIN, Move.of("activate", tile="killer-croc"))
        assert evaluate(activated, VILLAIN) == 0.98
    at_one = state.with_token(replace(bomb, state="armed", countdown=1))
    heroes_turn = all_active(started()).with_token(replace(bomb, state="armed", countdown=0))
    for open_ in (state, at_one, heroes_turn, replace(heroes_turn, turn=last.turn)):
        assert not pressure.villain_sure(open_)
        assert evaluate(open_, 1) > 0.02


def test_the_bomb_going_off_is_the_villains_win_while_its_rolls_are_taken() -> None:
    """The upkeep's explosion rolls the miniatures of the bomb's area one after another, and the
    bomb's state follows (IV A, IX R): between, the villain's win no longer depends on anyone."""
    state = villains_turn()
    going = replace(state, sequel=Sequel("upkeep", None, "bomb-explodes", step=1))
    assert pressure.villain_sure(going) and evaluate(going, VILLAIN) == 0.98
    assert not pressure.villain_sure(replace(going, sequel=Sequel("upkeep", None, "bomb-ticks")))


def test_the_analysis_grades_no_villain_move_of_a_decided_last_turn_a_blunder() -> None:
    """Gotham City Chronicles' analysis at a small budget (as asked for 5 iterations): in the
    villain's turn of the last turn, activating a tile rather than ending the turn loses
    nothing, the villain winning at the turn's end either way (before: a blunder, 40-65 points
    lost, every one of them in a game already decided)."""
    start = villains_turn()
    state = replace(start, turn=start.board_pack.mission.turn_limit)
    budget = MctsSettings.from_options({"iterations": 5, "seconds": 0.05}, GAME)
    verdict = judge(
        GAME, state, VILLAIN, Move.of("activate", tile="killer-croc"), random.Random(0), budget, 2
    )
    assert verdict.grade == GOOD and verdict.lost < 0.05, verdict


def test_a_heroes_side_character_is_a_target_the_villains_characters_threaten() -> None:
    """IX M (rules version 30): a villain's character attacks a heroes' side character too, so
    GCPD Officers beside Killer Croc, being activated, raise the wounds he may still deal and
    his closeness to an enemy, as a hero there would; the heroes are elsewhere."""
    state = _crocs_turn()
    assert state.character(OFFICER).area == state.character("killer-croc-1").area
    assert OFFICER not in [f for h in state.heroes for f in state.figures_in(h.area)]
    gone = state.with_character(replace(state.character(OFFICER), area=""))
    assert pressure.wounds_in_hand(state) > pressure.wounds_in_hand(gone)
    assert pressure.menace(state) > pressure.menace(gone)


def test_a_heroes_side_character_down_is_no_enemy_neutralized() -> None:
    """The heroes' value counts the villain's characters neutralized, not a heroes' side one:
    GCPD Officers in Batman's area (as near the villain's characters as he is) or in the pool
    leave it the same."""
    state = _heroes_turn()
    beside = state.with_character(replace(state.character(OFFICER), area=state.hero("batman").area))
    down = state.with_character(replace(state.character(OFFICER), area=""))
    assert evaluate(beside, 1) == evaluate(down, 1)
