"""A piece's move refused says why in the game's words: the piece left out is asked for, a
destroyed district is out of play (citing the overrun rule that reads the city so), a piece
without a step left and a district not next to it are told apart, each citing the mover's own
movement phase."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, Move, Rejection
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.state import NmlState, Piece

GAME = get_game("no-mans-land")
F_MOVE = "sequence-of-play.falcones-turn.movement"
G_MOVE = "sequence-of-play.gordons-turn.movement"
OVERRUN = "ending-the-game.city-overrun"


def moving(seat: int) -> NmlState:
    """A movement phase of `seat`'s: the Penguin in Park Row, Gotham Heights burnt down,
    Gordon's heroes at City Hall, the Docks and Old Gotham; the Penguin and the Huntress have
    taken their step."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert isinstance(state, NmlState)
    side = "falcone" if seat == FALCONE else "gordon"
    return replace(
        state,
        flow=Flow(side, "movement", seat),
        villains=(Piece("penguin-1", "park-row"), Piece("thug-1", "narrows")),
        destroyed=("heights",),
        moved=("penguin-1", "huntress"),
    )


CASES = [
    (FALCONE, {"to": "docks"}, "not_your_piece", "Name one of your characters.", (F_MOVE,)),
    (GORDON, {"to": "docks"}, "not_your_piece", "Name one of your heroes.", (G_MOVE,)),
    (FALCONE, {"piece": "thug-1"}, "no_such_district", "Name a district of Gotham.", (F_MOVE,)),
    (
        GORDON,
        {"piece": "montoya", "to": "gotham-west"},
        "no_such_district",
        "Gotham has no such district.",
        (G_MOVE,),
    ),
    (
        GORDON,
        {"piece": "montoya", "to": "heights"},
        "district_destroyed",
        "Gotham Heights has been destroyed.",
        (OVERRUN, G_MOVE),
    ),
    (
        FALCONE,
        {"piece": "penguin-1", "to": "narrows"},
        "cannot_move_there",
        "The Penguin has no step left this movement phase.",
        (F_MOVE,),
    ),
    (
        GORDON,
        {"piece": "huntress", "to": "diamond"},
        "cannot_move_there",
        "The Huntress has no step left this movement phase.",
        (G_MOVE,),
    ),
    (
        FALCONE,
        {"piece": "thug-1", "to": "city-hall"},
        "cannot_move_there",
        "Falcone Thug moves only to a district next to the Narrows: the Docks and Park Row.",
        (F_MOVE,),
    ),
    (
        GORDON,
        {"piece": "montoya", "to": "park-row"},
        "cannot_move_there",
        "Renee Montoya moves only to a district next to the Docks: the Narrows.",
        (G_MOVE,),
    ),
]


@pytest.mark.parametrize(("seat", "params", "code", "message", "sections"), CASES)
def test_a_refused_move_of_a_piece_says_which_rule_it_breaks(
    seat: int, params: dict[str, str], code: str, message: str, sections: tuple[str, ...]
) -> None:
    answer = GAME.decide(moving(seat), seat, Move.of("move", **params), random.Random(0))
    assert isinstance(answer, Rejection), answer
    assert (answer.code, answer.message) == (code, message)
    assert answer.citations == tuple(Citation("no-mans-land", s) for s in sections)
    assert set(answer.citations) <= set(GAME.rejections[code])


def test_a_piece_with_its_step_left_but_no_standing_neighbour_is_told_so() -> None:
    """Montoya at the Docks, the Narrows and Gotham Heights burnt down: she has her step, and
    nowhere to take it."""
    state = replace(moving(GORDON), destroyed=("heights", "narrows"))
    move = Move.of("move", piece="montoya", to="park-row")
    answer = GAME.decide(state, GORDON, move, random.Random(0))
    assert isinstance(answer, Rejection), answer
    assert (answer.code, answer.message) == (
        "cannot_move_there",
        "Renee Montoya moves only to a district next to the Docks, and none stands.",
    )


@pytest.mark.parametrize("code", ["not_a_crime", "not_enough_counters", "district_destroyed"])
def test_a_refusal_opening_with_a_name_opens_with_a_capital(code: str) -> None:
    """'the Penguin', 'the Narrows': a name that opens a refusal is capitalised as a sentence."""
    state = replace(
        moving(FALCONE),
        falcone_hand=("penguin-1", "racket-1"),
        villains=(),
        counters=0,
        destroyed=("narrows",),
    )
    moves = {
        "not_a_crime": Move.of("crime", card="penguin-1", district="park-row", face_down=False),
        "not_enough_counters": Move.of("recruit", card="penguin-1", district="park-row"),
        "district_destroyed": Move.of("recruit", card="penguin-1", district="narrows"),
    }
    answer = GAME.decide(state, FALCONE, moves[code], random.Random(0))
    assert isinstance(answer, Rejection), answer
    assert answer.code == code
    assert answer.message[:1].isupper(), answer.message
