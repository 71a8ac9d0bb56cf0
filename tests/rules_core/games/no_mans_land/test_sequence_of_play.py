"""No Man's Land: the sequence of play (sequence-of-play): whose turn and phase it is, in the
book's order, and whose each event is; through `decide`."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine import fold
from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, Move, Scalar
from rules_core.engine.visibility import redact_event
from rules_core.games.no_mans_land.citations import FALCONE, FALCONE_PHASES, GORDON, GORDON_PHASES
from rules_core.games.no_mans_land.events import (
    CardsDealt,
    CardsDrawn,
    CountersTaken,
    DistrictDestroyed,
    PhaseBegan,
)
from rules_core.games.no_mans_land.state import Piece
from rules_core.games.no_mans_land.turns import start_cards
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    at_gordons_start,
    crimes,
    decide,
    falcone_turn_events,
    falcones_movement,
    gordons,
    income_of,
    opening,
    phases,
    refused,
)


def test_falcone_takes_the_first_turn() -> None:
    log = GAME.setup(2, {}, random.Random(4))
    assert phases(log)[:3] == [(FALCONE, "start"), (FALCONE, "income"), (FALCONE, "movement")]
    assert GAME.to_act(opening(4)) == frozenset({FALCONE})
    assert GAME.seat_names(opening(4)) == ("Falcone", "Gordon")


def test_turns_alternate_and_each_sides_phases_come_in_the_books_order() -> None:
    log = GAME.setup(2, {}, random.Random(2))
    state, seen = fold(GAME, log), phases(log)
    rng = random.Random(9)
    while len(seen) < 40 and not state.over:
        seat = min(GAME.to_act(state))
        ends = [m for m in GAME.legal_moves(state, seat) if m.type == "end"]
        move = ends[0] if ends else rng.choice(GAME.legal_moves(state, seat))
        events = decide(state, seat, move)
        seen += phases(events)
        state = fold(GAME, events, state)
    turns: list[tuple[int, list[str]]] = []
    for player, phase in seen:
        if phase == "start":
            turns.append((player, []))
        turns[-1][1].append(phase)
    assert [p for p, _ in turns] == [(FALCONE, GORDON)[i % 2] for i in range(len(turns))]
    assert len(turns) >= 6
    for player, steps in turns[:-1]:
        assert tuple(steps) == (FALCONE_PHASES if player == FALCONE else GORDON_PHASES)


def test_a_move_out_of_its_phase_is_refused_with_the_sequence_of_play() -> None:
    state = opening()
    answer = refused(state, FALCONE, Move.of("fight", district="docks"))
    assert answer.code == "wrong_phase"
    assert Citation("no-mans-land", "sequence-of-play") in answer.citations


def test_gordon_moving_in_falcones_turn_is_refused() -> None:
    answer = refused(opening(), GORDON, Move.of("move", piece="gordon", to="docks"))
    assert answer.code == "not_your_turn"
    assert answer.citations == (Citation("no-mans-land", "sequence-of-play"),)


# ---- turns: who is told what, whose steps, which cards -----------------------------------------


def test_falcones_draw_is_his_own_event_and_only_he_sees_the_cards() -> None:
    state = replace(falcones_movement(), falcone_hand=("thug-1",))
    events = decide(state, FALCONE, Move.of("end"))
    draw = next(e for e in events if isinstance(e, PhaseBegan) and e.phase == "draw")
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert draw.seat == drawn.seat == FALCONE and len(drawn.cards) == 3
    assert redact_event(drawn, FALCONE, finished=False)["cards"] == list(drawn.cards)
    assert redact_event(drawn, GORDON, finished=False)["cards"] == [None] * 3


def test_gordon_ending_a_phase_begins_his_next_one_as_his_own_event() -> None:
    events = decide(gordons("movement"), GORDON, Move.of("end"))
    began = next(e for e in events if isinstance(e, PhaseBegan))
    assert (began.seat, began.player, began.phase) == (GORDON, GORDON, "crimefighting")


def test_a_gain_when_a_crime_is_played_is_falcones_and_income_is_the_games() -> None:
    state = replace(falcones_movement(), counters=1)
    face_up: dict[str, Scalar] = {"card": "racket-1", "district": "park-row", "face_down": False}
    taken = next(
        e
        for e in decide(state, FALCONE, Move.of("crime", **face_up))
        if isinstance(e, CountersTaken)
    )
    assert (taken.seat, taken.amount, taken.income) == (FALCONE, 1, False)
    assert income_of({"crimes": ()}).seat is None


def test_start_cards_are_those_that_can_act_now_whatever_comes_before_them() -> None:
    nothing_hidden = replace(at_gordons_start(("batman-1", "oracle-1", "rapid-1")), crimes=())
    assert start_cards(nothing_hidden) == ("rapid-1",)  # no face-down crime to reveal
    assert start_cards(replace(nothing_hidden, crimes=crimes(("docks", "heist-1", True)))) == (
        "oracle-1",
        "rapid-1",
    )


def test_rapid_response_gives_gordons_heroes_a_step_more_and_falcones_characters_none() -> None:
    hero = replace(gordons("movement"), extra_steps=1, moved=("gordon",))
    decide(hero, GORDON, Move.of("move", piece="gordon", to="park-row"))  # a second step
    again = replace(hero, moved=("gordon", "gordon"))
    assert refused(again, GORDON, Move.of("move", piece="gordon", to="park-row")).code == (
        "cannot_move_there"
    )
    thug = replace(falcones_movement(), extra_steps=1, moved=("thug-2",))
    assert refused(thug, FALCONE, Move.of("move", piece="thug-2", to="narrows")).code == (
        "cannot_move_there"
    )


def test_a_new_phase_is_the_players_and_frees_every_piece_to_move_again() -> None:
    state = replace(gordons("movement"), moved=("gordon",))
    crimefighting = GAME.evolve(
        state, PhaseBegan(seat=GORDON, player=GORDON, phase="crimefighting")
    )
    assert crimefighting.flow == Flow("gordon", "crimefighting", GORDON)
    assert crimefighting.moved == ()
    falcone = GAME.evolve(state, PhaseBegan(seat=None, player=FALCONE, phase="start"))
    assert falcone.flow == Flow("falcone", "start", FALCONE)
    gordon = GAME.evolve(falcone, PhaseBegan(seat=None, player=GORDON, phase="start"))
    assert gordon.flow == Flow("gordon", "start", GORDON)


def test_arson_burns_only_a_district_without_a_hero_taking_falcones_characters_there() -> None:
    guarded = falcone_turn_events(crimes=crimes(("docks", "arson-1", True)))  # Montoya is there
    assert not any(isinstance(e, DistrictDestroyed) for e in guarded)
    burnt = falcone_turn_events(
        crimes=crimes(("park-row", "arson-1", True)), villains=(Piece("thug-2", "park-row"),)
    )
    fire = next(e for e in burnt if isinstance(e, DistrictDestroyed))
    assert (fire.district, fire.removed) == ("park-row", ("thug-2",))


def test_falcones_first_hand_is_dealt_to_him_and_hidden_from_gordon() -> None:
    dealt = next(e for e in GAME.setup(2, {}, random.Random(1)) if isinstance(e, CardsDealt))
    assert dealt.seat == FALCONE and len(dealt.cards) == opening().pack.falcone_hand
    assert redact_event(dealt, FALCONE, finished=False)["cards"] == list(dealt.cards)
    assert redact_event(dealt, GORDON, finished=False)["cards"] == [None] * len(dealt.cards)
