"""The dominance phase's moves refused and labelled in the game's words, citing the sections
that forbid them (dominance.py)."""

from __future__ import annotations

from rules_core.engine.types import Citation, Move
from rules_core.engine.updating import updated
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro import test_example_round as example
from tests.rules_core.games.black_metro.helpers import GAME, GREEN, RED, play, refused


def _joker_won() -> BlackMetroState:
    """Red asserts dominance at 03 Gilded Bank holding a joker, attacks Green, who lets it
    stand: Red chooses the joker's benefit."""
    state = example._assigned()
    state = state.with_player(RED, updated(state.player(RED), hand=("Joker-1",)))
    state, _ = play(state, RED, "attack", card="Joker-1", target=GREEN)
    state, _ = play(state, GREEN, "decline")
    return state


def test_a_dominance_attack_on_no_one_there_cites_the_dominance_fortunes() -> None:
    state = example._assigned()
    refusal = refused(state, RED, "attack", card="J-hearts", target=RED)
    assert refusal.code == "no_one_to_attack"
    assert Citation("black-metro", "appendix.fortunes.dominance") in refusal.citations


def test_a_jokers_benefit_is_offered_by_what_it_gives() -> None:
    state = _joker_won()
    labels = {
        GAME.describe_move(state, RED, move)
        for move in GAME.legal_moves(state, RED)
        if move.type == "choose_benefit"
    }
    assert labels == {
        "Take the joker's benefit of diamonds: get 1 gold",
        "Take the joker's benefit of clubs: get 1 intel",
        "Take the joker's benefit of hearts: heal 1 strain",
        "Take the joker's benefit of spades: get 1 drakownium",
    }
    state, events = play(state, RED, "choose_benefit", suit="clubs")
    told = [GAME.narrate(state, event, None, False) for event in events]
    assert "Red takes the joker's benefit of clubs: get 1 intel." in told


def test_a_benefit_of_no_suit_is_refused_saying_what_each_suit_gives() -> None:
    refusal = refused(_joker_won(), RED, "choose_benefit", suit="stars")
    assert refusal.code == "no_such_benefit"
    assert "clubs: get 1 intel" in refusal.message
    assert Citation("black-metro", "appendix.fortunes") in refusal.citations
    assert Move.of("choose_benefit", suit="stars") not in GAME.legal_moves(_joker_won(), RED)


def test_personnel_overwhelmed_by_the_dominators_fortune_count_for_the_overwhelm_power() -> None:
    """district-dominance: Red's 5 against Green's 2 would overwhelm Green at step 4 for 1
    power; Red's joker overwhelms Green at step 3 instead, and Red still acquires that power
    (README: a fortune's overwhelm counts), Blue's 3 staying where they are."""
    from rules_core.games.black_metro import events as e

    state = _joker_won()
    power = state.player(RED).power
    state, events = play(state, RED, "choose_benefit", suit="clubs")
    overwhelmed = [ev.owner for ev in events if isinstance(ev, e.Overwhelmed)]
    assert overwhelmed == []  # Green went at step 3, Blue is 2 behind
    assert state.district(3).personnel[GREEN] == (0, 0, 0)
    gained = [ev.amount for ev in events if isinstance(ev, e.PowerChanged) and ev.owner == RED]
    assert gained[:1] == [1] and state.player(RED).power >= power + 1


def test_the_dominators_own_personnel_overwhelmed_by_a_counter_are_not_theirs_to_count() -> None:
    """district-dominance, appendix.fortunes.dominance: Red asserts dominance at 03 Gilded Bank
    and attacks Green with a jack; Green's joker wins the exchange and overwhelms Red's own
    personnel there. Red overwhelmed nobody, so a mission asking for personnel overwhelmed at
    the district (Crush the Resistance) is not Red's to fulfil (rules version 15; it was offered,
    and a 2-player game at seed 5 saw Green fulfil it for 1 power at 07 Highfield Hospital)."""
    state = example._assigned()
    state = state.with_player(
        RED, updated(state.player(RED), hand=("J-hearts",), missions=("crush-the-resistance#1",))
    )
    state = state.with_player(GREEN, updated(state.player(GREEN), hand=("Joker-1",)))
    state, _ = play(state, RED, "attack", card="J-hearts", target=GREEN)
    state, _ = play(state, GREEN, "counter", card="Joker-1")  # Red, out of fortunes, cannot
    state, _ = play(state, GREEN, "choose_benefit", suit="clubs")
    assert state.district(3).personnel[RED] == (0, 0, 0)  # Red's own went
    assert state.overwhelmed_here[2] == 0
    offered = [m for m in GAME.legal_moves(state, RED) if m.type == "fulfil_mission"]
    assert offered == []
    refusal = refused(state, RED, "fulfil_mission", card="crush-the-resistance#1", option=1)
    assert refusal.code
