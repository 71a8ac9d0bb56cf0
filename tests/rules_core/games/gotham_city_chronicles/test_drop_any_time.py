"""V·D·1 [f]: a hero drops equipment at any time, the villain's turn included (rules version
24): the heroes' seat may drop while the villain acts, and nothing waits for it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.bots import choose_move
from rules_core.engine.types import JSON, Move, Rejection
from rules_core.games.gotham_city_chronicles.events import ItemDropped
from rules_core.games.gotham_city_chronicles.moves import may_act, to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import play
from tests.rules_core.games.gotham_city_chronicles.test_villain import VILLAIN, villains_turn

DROP = Move.of("drop", hero="batman", item="ledger")


def _carrying(state: GccState) -> GccState:
    return state.with_hero(replace(state.hero("batman"), items=("ledger",)))


def test_a_hero_drops_equipment_in_the_villains_turn_while_the_villain_plays_on() -> None:
    state = _carrying(villains_turn())
    villains = GAME.legal_moves(state, VILLAIN)
    assert GAME.to_act(state) == {VILLAIN}  # nothing waits for the heroes
    assert GAME.may_act(state) == {1}
    assert GAME.legal_moves(state, 1) == [DROP]
    assert GAME.describe_move(state, 1, DROP) == "Batman drops Falcone's Ledger"
    state, events = play(state, 1, DROP)
    assert events == [ItemDropped(seat=1, hero="batman", item="ledger")]
    assert ("ledger", state.hero("batman").area) in state.ground
    assert to_act(state) == {VILLAIN} and may_act(state) == frozenset()
    assert GAME.legal_moves(state, VILLAIN) == villains  # the villain's turn goes on as it was
    assert GAME.legal_moves(state, 1) == []


def test_in_the_villains_turn_a_hero_does_nothing_but_drop() -> None:
    state = _carrying(villains_turn())
    moved = GAME.decide(state, 1, Move.of("move", hero="batman", to="walkway"), random.Random(0))
    assert isinstance(moved, Rejection) and moved.code == "not_your_turn"
    assert "only drop equipment" in moved.message
    idle = villains_turn()  # carrying nothing, the heroes' seat has no move at all
    assert GAME.may_act(idle) == frozenset() and GAME.legal_moves(idle, 1) == []
    refused = GAME.decide(idle, 1, DROP, random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "not_your_turn"


def test_no_drop_while_a_roll_or_an_attack_is_under_way_in_the_villains_turn() -> None:
    """As in the heroes' turn (README: readings), a drop waits for the attack's defense and
    wounds, and for a roll's rerolls: the hero is being asked, or the villain is."""
    state = _carrying(villains_turn())
    state, _ = play(state, VILLAIN, Move.of("activate", tile="killer-croc"))
    state, _ = play(state, VILLAIN, Move.of("activate_character", character="killer-croc-1"))
    gordon = state.hero("commissioner-gordon")
    state = state.with_hero(replace(gordon, area=state.character("killer-croc-1").area))
    attack = next(
        m
        for m in GAME.legal_moves(state, VILLAIN)
        if m.type == "character_attack" and m.get("target") == "commissioner-gordon"
    )
    state, _ = play(state, VILLAIN, attack)
    assert state.roll is not None or state.fight is not None
    assert GAME.may_act(state) == frozenset()
    assert DROP not in GAME.legal_moves(state, 1)
    assert isinstance(GAME.decide(state, 1, DROP, random.Random(0)), Rejection)


def test_bots_are_asked_only_for_the_moves_the_game_waits_for() -> None:
    """The bots play the seats `to_act` names; a heroes' bot is not made to drop anything in
    the villain's turn, and the villain's bot plays as before."""
    state = _carrying(villains_turn())
    for bot in ("random", "greedy", "mcts"):
        move = choose_move(bot, GAME, state, VILLAIN, random.Random(1), _QUICK[bot])
        assert move in GAME.legal_moves(state, VILLAIN)
    assert 1 not in GAME.to_act(state)


_QUICK: dict[str, dict[str, JSON]] = {"random": {}, "greedy": {}, "mcts": {"iterations": 8}}


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_bots_never_drop_out_of_turn_and_the_villains_turn_goes_on(bot: str) -> None:
    """README (Bots: out of turn): a drop in the villain's turn is never better than the same
    drop at the heroes' next stance step, so bots are not offered `may_act` moves. Played as the
    service and the tournament play (the lowest seat `to_act`, each by its bot), the villain's
    turn runs to its end and the heroes reach their next turn with the Ledger still carried,
    nothing dropped on the way."""
    state = _carrying(villains_turn())
    rng = random.Random(3)
    made: list[object] = []
    for _ in range(60):
        if state.flow.phase != "villain" or state.winner:
            break
        seat = min(GAME.to_act(state))
        move = choose_move(bot, GAME, state, seat, rng, _QUICK[bot])
        played = GAME.decide_and_evolve(state, seat, move, rng)
        assert not isinstance(played, Rejection), played
        made += played[0]
        state = played[1]
    assert state.flow.phase == "heroes" and not state.winner
    assert not any(isinstance(e, ItemDropped) for e in made)
    assert state.hero("batman").items == ("ledger",)
