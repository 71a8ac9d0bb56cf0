"""The game turn's readings where the book leaves a choice to the players or says nothing (IV,
V B): the order of a step's effects, two end-game conditions met at once, and a heroes' turn
with no hero active."""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace

from rules_core.engine.declared import Run
from rules_core.engine.types import GameEvent, Move, Rejection
from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK, parse_pack
from rules_core.games.gotham_city_chronicles.events import (
    GameFinished,
    HeroesActionsReopened,
    HeroesTurnEnded,
    ItemDropped,
    TurnEffectTriggered,
)
from rules_core.games.gotham_city_chronicles.evolve import HANDLERS
from rules_core.games.gotham_city_chronicles.moves import to_act
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.setup import opening
from rules_core.games.gotham_city_chronicles.special_rules import check_now
from rules_core.games.gotham_city_chronicles.state import INITIAL, PHASES, GccState
from tests.rules_core.games.gotham_city_chronicles.test_movement import (
    all_active,
    fold,
    play,
    started,
)
from tests.rules_core.games.gotham_city_chronicles.test_villain import TIME_LOCK


def test_a_steps_effects_happen_in_the_missions_order_once_their_conditions_hold() -> None:
    """V·B·6 (likewise V·B·2, VI·B·2, VI·B·5): the book lets the heroes choose the order; two
    effects doing the same thing cannot differ by it, so nobody is asked and the mission's
    order stands (test_effect_order.py: where it matters), and the effects due are those whose
    conditions hold as the step begins (the second here still happens though the first opened
    the safe)."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    raw["mission"]["turn_effect"] = [
        {**TIME_LOCK, "id": "backup-lock", "name": "The backup lock gives way"},
        TIME_LOCK,
    ]
    state = all_active(fold(INITIAL, opening(parse_pack(raw), 2)))
    state, events = play(state, 1, Move.of("finish"))
    triggered = [e.effect for e in events if isinstance(e, TurnEffectTriggered)]
    assert triggered == ["backup-lock", "time-lock"]
    assert state.token("safe").state == "open"


def test_two_end_conditions_met_at_once_end_the_game_by_the_first_the_mission_lists() -> None:
    """IV C, IV E: the book ends the game as soon as one condition holds and says nothing of two
    at once; the reference takes the mission's order (here the Ledger in the street, listed
    before every hero neutralized)."""
    state = started()
    for hero in state.heroes:
        zones = replace(hero.zones, reserve=0, wounds=hero.zones.total)
        state = state.with_hero(replace(hero, zones=zones))
    batman = state.hero("batman")
    state = state.with_hero(replace(batman, area="street", items=("ledger",)))
    run = Run(state, HANDLERS)
    check_now(run)
    assert run.events == [GameFinished(seat=None, winner="heroes", condition="ledger-escapes")]


def test_with_no_hero_active_the_heroes_seat_only_finishes_or_drops() -> None:
    """V·B·4: with every hero resting the heroes go on to the end of their turn; the reference
    waits for each heroes' seat to finish, since a resting hero may still drop equipment (V·D·1
    [f]: at any time), and nothing else is offered."""
    state = started()
    state = state.with_hero(replace(state.hero("batman"), items=("ledger",)))
    for hero in state.heroes:
        state, _ = play(state, hero.seat, Move.of("stance", hero=hero.id, stance="resting"))
    offered = GAME.legal_moves(state, 1)
    assert {m.type for m in offered} == {"finish", "drop"}
    state, events = play(state, 1, Move.of("finish"))
    assert any(isinstance(e, HeroesTurnEnded) for e in events)


def _decided(state: GccState, seat: int, move: Move) -> tuple[GccState, list[GameEvent]]:
    """A move through the game's decide (with what follows it: `GAME._followed`)."""
    events = GAME.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return fold(state, events), events


def test_a_seat_that_finished_may_act_again_after_another_heros_action() -> None:
    """V·B·5: after each action the heroes go back to choosing the acting hero while at least
    one active hero still wishes to act, and the turn ends when they decide it unanimously
    (IV). A seat that said it wanted no more actions is asked again once another seat's hero
    has acted (rules version 27; before, it stayed finished for the turn): Commissioner Gordon's
    seat finishes, Renee Montoya joins him in the street, and Gordon may move after all."""
    state = all_active(started(3))
    gordon_seat = state.hero("commissioner-gordon").seat
    other = state.hero("renee-montoya").seat
    assert gordon_seat != other
    state, _ = _decided(state, gordon_seat, Move.of("finish"))
    assert to_act(state) == {other}
    state, events = _decided(state, other, Move.of("move", hero="renee-montoya", to="street"))
    reopened = HeroesActionsReopened(seat=None, players=(gordon_seat,))
    assert events[-1] == reopened
    assert [c.section for c in reopened.cited()] == ["iv", "v-b-4", "v-b-5"]
    told = GAME.narrate(state, reopened, None, False)
    assert told == "Commissioner Gordon may act again, since another hero has acted."
    assert to_act(state) == {other, gordon_seat}
    state, _ = _decided(
        state, gordon_seat, Move.of("move", hero="commissioner-gordon", to="loading-dock")
    )
    assert state.hero("commissioner-gordon").area == "loading-dock"


def test_a_finished_seat_may_still_drop_equipment_while_other_seats_act() -> None:
    """V·D·1 [f]: a hero drops equipment at any time (rules version 28; before, a seat that had
    finished its actions was refused until asked again). The finished seat may drop and nothing
    else; nothing waits for it (`may_act`, not `to_act`); it stays finished itself, while the
    drop reopens another finished seat that has an action, as any move of the actions step."""
    state = all_active(started(4))
    seats = {h.id: h.seat for h in state.heroes}
    batman, gordon = seats["batman"], seats["commissioner-gordon"]
    assert len({batman, gordon, seats["renee-montoya"]}) == 3
    state = state.with_hero(replace(state.hero("batman"), items=("ledger",)))
    state, _ = _decided(state, batman, Move.of("finish"))
    assert GAME.may_act(state) == {batman} and batman not in GAME.to_act(state)
    drop = Move.of("drop", hero="batman", item="ledger")
    assert GAME.legal_moves(state, batman) == [drop]
    moved = GAME.decide(
        state, batman, Move.of("move", hero="batman", to="rooftop"), random.Random(0)
    )
    assert isinstance(moved, Rejection) and moved.code == "seat_finished"
    assert "may only drop equipment" in moved.message
    state, _ = _decided(state, gordon, Move.of("finish"))
    state, events = _decided(state, batman, drop)
    assert events[0] == ItemDropped(seat=batman, hero="batman", item="ledger")
    assert events[1:] == [HeroesActionsReopened(seat=None, players=(gordon,))]
    assert batman in state.done and GAME.may_act(state) == frozenset()
    assert GAME.legal_moves(state, batman) == []


def test_the_heroes_turn_ends_once_every_seat_finishes_after_the_last_action() -> None:
    """IV, V·B·5: unanimity after the last action; a finish before another seat's action is
    not a vote for the turn's end. A seat finishing while no hero has acted since the others
    finished ends the turn."""
    state = all_active(started(3))
    gordon_seat = state.hero("commissioner-gordon").seat
    other = state.hero("renee-montoya").seat
    state, _ = _decided(state, gordon_seat, Move.of("finish"))
    state, _ = _decided(state, other, Move.of("move", hero="renee-montoya", to="street"))
    state, events = _decided(state, other, Move.of("finish"))
    assert not any(isinstance(e, HeroesTurnEnded) for e in events)
    assert to_act(state) == {gordon_seat}
    state, events = _decided(state, gordon_seat, Move.of("finish"))
    assert any(isinstance(e, HeroesTurnEnded) for e in events)


def test_a_finished_seat_with_nothing_left_to_do_is_not_asked_again() -> None:
    """A seat whose heroes can take no action (here: resting) is not reopened by another
    seat's action: only an active hero able to act may wish to."""
    state = started(3)
    gordon_seat = state.hero("commissioner-gordon").seat
    for hero in state.heroes:
        stance = "resting" if hero.seat == gordon_seat else "active"
        state, _ = _decided(state, hero.seat, Move.of("stance", hero=hero.id, stance=stance))
    other = state.hero("renee-montoya").seat
    assert to_act(state) == {other}
    state, events = _decided(state, other, Move.of("move", hero="renee-montoya", to="street"))
    assert not any(isinstance(e, HeroesActionsReopened) for e in events)
    assert to_act(state) == {other}


def test_the_step_of_the_game_turn_is_told_in_the_games_words() -> None:
    """The view's `step` read the flow's internal name for it ("stance", "tiles", "over"); no
    client reads it (board.js reads `phase`), so it says what the table is doing, naming the
    tile the villain is activating."""
    state = started()
    assert GAME.view(state, 1)["step"] == "each hero takes a stance, active or resting"
    state = all_active(state)
    assert GAME.view(state, 0)["step"] == "the heroes take their actions"
    for seat in sorted(to_act(state)):
        state, _ = play(state, seat, Move.of("finish"))
    assert GAME.view(state, None)["step"] == "the villain activates tiles from the river"
    state, _ = play(state, 0, Move.of("activate", tile="killer-croc"))
    assert GAME.view(state, 1)["step"] == (
        "the villain activates tiles from the river: the Killer Croc tile now"
    )
    upkeep = replace(
        state, activation=None, flow=replace(state.flow, phase="upkeep", step="upkeep")
    )
    assert GAME.view(upkeep, None)["step"] == "the upkeep: the mission's upkeep effects take place"
    over = replace(state, flow=replace(state.flow, phase="over", step="over"))
    assert GAME.view(over, None)["step"] == "the game is over"
    for phase in PHASES.phases:  # every step of the game turn has words of its own
        for step in phase.steps:
            at = replace(upkeep, flow=replace(upkeep.flow, phase=phase.name, step=step))
            said = str(GAME.view(at, None)["step"])
            assert said and "_" not in said and said != step, (phase.name, step, said)
