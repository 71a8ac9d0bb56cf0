"""No Man's Land: a refused move says which rule it breaks, word for word, and cites its
section."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine.flow import Flow
from rules_core.engine.types import Citation, Move, Rejection, Scalar
from rules_core.games.no_mans_land.citations import FALCONE, GORDON
from rules_core.games.no_mans_land.events import (
    CrimeHidden,
)
from rules_core.games.no_mans_land.moves import strength
from rules_core.games.no_mans_land.state import Piece
from tests.rules_core.games.no_mans_land.helpers import (
    GAME,
    at_gordons_start,
    decide,
    falcones_movement,
    gordons,
    opening,
    refused,
)
from tests.rules_core.random_play import each_param_replaced, variants_decided

REFUSALS = [
    (
        "falcone",
        "recruit",
        {"card": "heist-1", "district": "narrows"},
        "not_a_character",
        "Bank Heist is not a character.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1", "district": "docks"},
        "hero_there",
        "A hero stands at the Docks: nothing is played under his nose.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "croc-1", "district": "park-row"},
        "not_enough_counters",
        "Killer Croc costs 2; you hold 1.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-3", "district": "park-row"},
        "card_not_in_hand",
        "You hold no such card.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1", "district": "gotham-sur-mer"},
        "no_such_district",
        "Gotham has no such district.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1"},  # a district left out is asked for, not called unknown
        "no_such_district",
        "Name a district of Gotham.",
    ),
    (
        "falcone",
        "recruit",
        {"district": "park-row"},
        "card_not_in_hand",
        "Name a card from your hand.",
    ),
    (
        "falcone",
        "recruit",
        {"card": "thug-1", "district": "heights"},
        "district_destroyed",
        "Gotham Heights has been destroyed.",
    ),
    (
        "falcone",
        "crime",
        {"card": "thug-1", "district": "park-row", "face_down": False},
        "not_a_crime",
        "Falcone Thug is not a crime.",
    ),
    (
        "falcone",
        "crime",
        {"card": "racket-1", "district": "park-row", "face_down": "yes"},
        "bad_face_down",
        "Say whether the crime goes face down (true or false).",
    ),
    (
        "falcone",
        "crime",
        {"card": "racket-1", "district": "docks", "face_down": False},
        "hero_there",
        "A hero stands at the Docks: nothing is played under his nose.",
    ),
    (
        "falcone",
        "crime",
        {"card": "racket-1", "district": "narrows", "face_down": False},
        "crime_already_there",
        "There is already a crime at the Narrows.",
    ),
    (
        "falcone",
        "crime",
        {"card": "heist-1", "district": "park-row", "face_down": False},
        "not_enough_counters",
        "That costs 2; you hold 1.",
    ),
    (
        "falcone",
        "move",
        {"piece": "thug-9", "to": "docks"},
        "not_your_piece",
        "You have no such piece in play.",
    ),
    (
        "falcone",
        "move",
        {"piece": "thug-2", "to": "heights"},
        "district_destroyed",
        "Gotham Heights has been destroyed.",
    ),
    (
        "falcone",
        "fly",
        {},
        "unknown_move",
        "No Man's Land has no move of that kind: ask for the legal moves to see what you may do "
        "now.",
    ),
    (
        "falcone",
        "end",
        {"card": "x"},
        "unexpected_parameter",
        "The “end” move takes no parameters.",
    ),
    (
        "crimefighting",
        "fight",
        {"district": "park-row"},
        "nothing_to_fight",
        "No fight at Park Row: it needs one of your heroes, a crime or a character of "
        "Falcone's, and no fight there yet this turn.",
    ),
    (
        "crimefighting",
        "fight",
        {"district": "docks", "card": "rapid-1"},
        "not_a_fight_card",
        "Rapid Response is played at the start of your turn.",
    ),
    (
        "crimefighting",
        "draw",
        {},
        "wrong_phase",
        "That is done in Gordon's draw phase; it is Gordon's crimefighting phase.",
    ),
    (
        "draw",
        "draw",
        {},
        "cannot_draw",
        "You may draw only with fewer than 2 Batsignal cards in hand.",
    ),
]


@pytest.mark.parametrize(("at", "kind", "params", "code", "message"), REFUSALS)
def test_a_move_that_breaks_a_rule_is_refused_saying_which(
    at: str, kind: str, params: dict[str, Any], code: str, message: str
) -> None:
    """`at`: Falcone's movement (falcones_movement) or the step of Gordon's turn (gordons)."""
    state, seat = (falcones_movement(), FALCONE) if at == "falcone" else (gordons(at), GORDON)
    answer = refused(state, seat, Move.of(kind, **params))
    assert (answer.code, answer.message) == (code, message)
    narrowed = FALCONES_OWN.get(code) if at == "falcone" else GORDONS_OWN.get((code, kind))
    expected = tuple(Citation("no-mans-land", s) for s in narrowed) if narrowed else None
    assert answer.citations == (expected or GAME.rejections[code]) and answer.citations
    assert set(answer.citations) <= set(GAME.rejections[code])


F_MOVE = ("sequence-of-play.falcones-turn.movement",)
G_MOVE = ("sequence-of-play.gordons-turn.movement",)
# refusals of codes that several phases share, made in Falcone's movement phase: his phase alone
FALCONES_OWN = {
    "card_not_in_hand": F_MOVE,
    "no_such_district": F_MOVE,
    "district_destroyed": ("ending-the-game.city-overrun", *F_MOVE),
    "not_your_piece": F_MOVE,
    "cannot_move_there": F_MOVE,
}
# a move of Gordon's out of its phase: the sequence of play, his turn and the move's own phase
GORDONS_OWN = {
    ("wrong_phase", "draw"): (
        "sequence-of-play",
        "sequence-of-play.gordons-turn",
        "sequence-of-play.gordons-turn.draw",
    ),
}


@pytest.mark.parametrize(
    ("at", "seat", "params", "code", "sections"),
    [
        ("falcone", FALCONE, {"piece": "thug-2", "to": "docks"}, "cannot_move_there", F_MOVE),
        ("falcone", FALCONE, {"piece": "gordon", "to": "docks"}, "not_your_piece", F_MOVE),
        ("movement", GORDON, {"piece": "gordon", "to": "docks"}, "cannot_move_there", G_MOVE),
        ("movement", GORDON, {"piece": "thug-2", "to": "docks"}, "not_your_piece", G_MOVE),
    ],
)
def test_a_refused_move_of_a_piece_cites_the_movers_own_movement_phase(
    at: str, seat: int, params: dict[str, str], code: str, sections: tuple[str, ...]
) -> None:
    """Each side's movement phase is its own section: Gordon's hero refused a step is not told
    about Falcone's movement phase, nor Falcone's character about Gordon's."""
    state = falcones_movement() if at == "falcone" else gordons(at)
    answer = refused(state, seat, Move.of("move", **params))
    assert answer.code == code
    assert tuple(c.section for c in answer.citations) == sections


@pytest.mark.parametrize(
    ("params", "code", "sections"),
    [
        ({"card": "thug-1", "district": "gotham-sur-mer"}, "no_such_district", F_MOVE),
        (
            {"card": "thug-1", "district": "heights"},
            "district_destroyed",
            ("ending-the-game.city-overrun", *F_MOVE),
        ),
    ],
)
def test_falcone_playing_a_card_at_a_bad_district_is_not_cited_gordons_movement_phase(
    params: dict[str, str], code: str, sections: tuple[str, ...]
) -> None:
    extras: tuple[tuple[str, dict[str, Scalar]], ...] = (
        ("recruit", {}),
        ("crime", {"face_down": False}),
    )
    for kind, extra in extras:
        card = {"card": "racket-1"} if kind == "crime" else {}
        move = Move.of(kind, **{**params, **card, **extra})
        answer = refused(falcones_movement(), FALCONE, move)
        assert answer.code == code
        assert tuple(c.section for c in answer.citations) == sections


def test_every_refusal_met_in_play_cites_sections_its_code_lists() -> None:
    """The sections a code lists (GameSpec.rejections: where the rulebook pages say the game
    applies them) hold every section its refusals cite."""
    seen = set()
    for _, answer in variants_decided(
        GAME, 3, 200, lambda move: each_param_replaced(move, _other_values), per_step=30
    ):
        if isinstance(answer, Rejection):
            seen.add(answer.code)
            assert set(answer.citations) <= set(GAME.rejections[answer.code]), answer
    assert {"no_such_district", "cannot_move_there", "not_your_piece"} <= seen


def _other_values(value: Scalar) -> list[Scalar]:
    """A district or piece nobody has, and every district of the city, in place of a text."""
    if not isinstance(value, str):
        return []
    return ["nowhere", *(d.id for d in opening().pack.districts)]


G_START = ("sequence-of-play.gordons-turn.start-of-turn", "start-of-turn-phase")
G_FIGHT = ("sequence-of-play.gordons-turn.crimefighting",)
OVERRUN = ("ending-the-game.city-overrun",)


@pytest.mark.parametrize(
    ("at", "kind", "params", "code", "sections"),
    [
        (
            "crimefighting",
            "fight",
            {"district": "docks", "card": "oracle-1"},
            "card_not_in_hand",
            G_FIGHT,
        ),
        ("crimefighting", "fight", {"district": "gotham-west"}, "no_such_district", G_FIGHT),
        ("start", "signal", {"card": "oracle-1"}, "card_not_in_hand", G_START),
    ],
)
def test_a_refusal_shared_by_several_phases_cites_the_phase_of_the_move_refused(
    at: str, kind: str, params: dict[str, Any], code: str, sections: tuple[str, ...]
) -> None:
    """A card not held or a district unknown: Gordon's start of turn or crimefighting, not
    Falcone's movement."""
    answer = refused(gordons(at), GORDON, Move.of(kind, **params))
    assert answer.code == code
    assert tuple(c.section for c in answer.citations) == sections


def test_a_destroyed_district_cites_the_phase_and_the_overrun_rule_that_destroys_it() -> None:
    state = replace(gordons("crimefighting"), destroyed=("docks",))
    answer = refused(state, GORDON, Move.of("fight", district="docks"))
    assert answer.code == "district_destroyed"
    assert tuple(c.section for c in answer.citations) == OVERRUN + G_FIGHT
    state = replace(gordons("start"), signal_hand=("oracle-1",), destroyed=("docks",))
    answer = refused(state, GORDON, Move.of("signal", card="oracle-1", district="docks"))
    assert tuple(c.section for c in answer.citations) == OVERRUN + G_START


def test_a_move_of_the_other_side_says_whose_it_is_not_that_the_phase_is_wrong() -> None:
    answer = refused(
        gordons("movement"), GORDON, Move.of("recruit", card="thug-1", district="docks")
    )
    assert (answer.code, answer.message) == (
        "wrong_phase",
        "Only Falcone does that, in his movement phase.",
    )


@pytest.mark.parametrize(
    ("ending", "winner", "words", "section"),
    [
        ("overrun", FALCONE, "Gotham is overrun: Falcone wins", "city-overrun"),
        (
            "batsignal",
            FALCONE,
            "Gordon drew the last Batsignal card: Falcone wins",
            "batsignal-deck-empty",
        ),
        (
            "counters",
            GORDON,
            "Falcone's supply of corruption counters is exhausted: Gordon has held out and wins",
            "counters-exhausted",
        ),
    ],
)
def test_a_move_after_the_end_says_how_the_game_ended_and_cites_that_ending(
    ending: str, winner: int, words: str, section: str
) -> None:
    """ending-the-game: the game ends one of three ways; a move made after it is told which,
    with that ending's section, as the game's last event told it."""
    state = replace(gordons("draw"), over=True, winner=winner, ending=ending)
    for seat in (FALCONE, GORDON):
        answer = refused(state, seat, Move.of("draw"))
        assert (answer.code, answer.message) == ("game_over", f"The game is over: {words}.")
        assert tuple(c.section for c in answer.citations) == (
            "ending-the-game",
            f"ending-the-game.{section}",
        )
        assert set(answer.citations) <= set(GAME.rejections["game_over"])


@pytest.mark.parametrize(
    ("at", "seat", "kind", "params", "sections"),
    [
        # Gordon plays Falcone's move in his own turn: Falcone's turn and its movement phase
        (
            "movement",
            GORDON,
            "recruit",
            {"card": "thug-1", "district": "docks"},
            ("sequence-of-play.falcones-turn", "sequence-of-play.falcones-turn.movement"),
        ),
        # Falcone's extra counters outside his income phase: his turn and that phase
        (
            "falcone",
            FALCONE,
            "extra",
            {"counters": 1},
            ("sequence-of-play.falcones-turn", "sequence-of-play.falcones-turn.income"),
        ),
        # Gordon moves a hero in his crimefighting phase: his turn and his movement phase
        (
            "crimefighting",
            GORDON,
            "move",
            {"piece": "gordon", "to": "park-row"},
            ("sequence-of-play.gordons-turn", "sequence-of-play.gordons-turn.movement"),
        ),
        # a start of turn card in his draw phase: his turn and his start of turn phase
        (
            "draw",
            GORDON,
            "signal",
            {"card": "rapid-1"},
            ("sequence-of-play.gordons-turn", "sequence-of-play.gordons-turn.start-of-turn"),
        ),
    ],
)
def test_a_move_out_of_its_phase_cites_the_side_and_the_phase_it_belongs_to(
    at: str, seat: int, kind: str, params: dict[str, Any], sections: tuple[str, ...]
) -> None:
    """sequence-of-play: each side steps through its own phases in order; the refusal cites
    that, the turn of the side whose move it is and the phase the move belongs to, never the
    other side's turn."""
    state = falcones_movement() if at == "falcone" else gordons(at)
    answer = refused(state, seat, Move.of(kind, **params))
    assert answer.code == "wrong_phase"
    assert tuple(c.section for c in answer.citations) == ("sequence-of-play", *sections)


def test_a_move_out_of_turn_or_after_the_end_is_refused_saying_why() -> None:
    early = refused(falcones_movement(), GORDON, Move.of("end"))
    assert (early.code, early.message) == (
        "not_your_turn",
        "It is Falcone's turn (movement phase): wait for it.",
    )
    state = replace(gordons("draw"), over=True, winner=FALCONE, ending="overrun")
    over = refused(state, GORDON, Move.of("draw"))
    assert (over.code, over.message) == (
        "game_over",
        "The game is over: Gotham is overrun: Falcone wins.",
    )


@pytest.mark.parametrize(
    ("at", "seat", "kind", "params"),
    [
        ("falcone", FALCONE, "recruit", {"card": "thug-1", "district": "park-row"}),
        (
            "falcone",
            FALCONE,
            "crime",
            {"card": "racket-1", "district": "park-row", "face_down": False},
        ),
        (
            "falcone",
            FALCONE,
            "crime",
            {"card": "racket-1", "district": "park-row", "face_down": True},
        ),
        ("falcone", FALCONE, "move", {"piece": "thug-2", "to": "narrows"}),
        ("crimefighting", GORDON, "fight", {"district": "docks"}),
        ("draw", GORDON, "draw", {}),
    ],
)
def test_the_events_of_a_move_name_the_player_who_made_it(
    at: str, seat: int, kind: str, params: dict[str, Any]
) -> None:
    """An event's seat is who acted: it is what lets Falcone alone see his face-down crime."""
    state = falcones_movement() if at == "falcone" else gordons(at)
    state = replace(state, counters=3, signal_hand=state.signal_hand[:1])
    first = decide(state, seat, Move.of(kind, **params))[0]
    assert first.seat == seat


@pytest.mark.parametrize("kind", ["recruit", "crime", "move", "end"])
def test_falcone_plays_and_moves_in_his_movement_phase_only(kind: str) -> None:
    by_kind: dict[str, dict[str, Scalar]] = {
        "recruit": {"card": "thug-1", "district": "park-row"},
        "crime": {"card": "racket-1", "district": "park-row", "face_down": False},
        "move": {"piece": "thug-2", "to": "narrows"},
        "end": {},
    }
    params = by_kind[kind]
    income = replace(falcones_movement(), flow=Flow("falcone", "income", FALCONE))
    answer = refused(income, FALCONE, Move.of(kind, **params))
    assert (answer.code, answer.message) == (
        "wrong_phase",
        "That is done in Falcone's movement phase; it is Falcone's income phase.",
    )
    hero = refused(gordons("crimefighting"), GORDON, Move.of("move", piece="gordon", to="docks"))
    assert (hero.code, hero.message) == (
        "wrong_phase",
        "That is done in Gordon's movement phase; it is Gordon's crimefighting phase.",
    )


def test_a_piece_that_has_used_its_step_stays_while_another_may_still_move() -> None:
    state = replace(
        falcones_movement(),
        villains=(Piece("thug-2", "park-row"), Piece("thug-3", "park-row")),
        moved=("thug-2",),
    )
    answer = refused(state, FALCONE, Move.of("move", piece="thug-2", to="narrows"))
    assert answer.code == "cannot_move_there"
    decide(state, FALCONE, Move.of("move", piece="thug-3", to="narrows"))
    offered = GAME.legal_moves(state, FALCONE)
    assert Move.of("move", piece="thug-3", to="narrows") in offered
    assert not any(m.get("piece") == "thug-2" for m in offered)


def test_only_the_player_whose_turn_it_is_is_offered_moves() -> None:
    assert GAME.legal_moves(falcones_movement(), GORDON) == []
    assert GAME.legal_moves(gordons("crimefighting"), FALCONE) == []


def test_every_start_card_in_hand_is_offered_whatever_its_place_in_the_hand() -> None:
    offered = GAME.legal_moves(at_gordons_start(("rapid-1", "oracle-1")), GORDON)
    assert Move.of("signal", card="rapid-1") in offered
    assert Move.of("signal", card="oracle-1", district="docks") in offered


def test_a_fight_counts_the_crime_and_every_character_of_falcones_there() -> None:
    state = replace(
        gordons("crimefighting"),
        villains=(Piece("thug-2", "docks"), Piece("croc-1", "docks"), Piece("thug-3", "narrows")),
    )
    heist, thug, croc = (state.pack.card(c).strength for c in ("heist-1", "thug-2", "croc-1"))
    assert (heist, thug, croc) == (3, 1, 3)
    assert strength(state, "docks", "") == (1, heist + thug + croc)  # Montoya against all three


def test_a_crime_face_down_costs_the_one_face_down_price_whatever_the_card() -> None:
    state = replace(falcones_movement(), counters=2)
    down: dict[str, Scalar] = {"card": "heist-1", "district": "park-row", "face_down": True}
    answer = refused(state, FALCONE, Move.of("crime", **down))
    assert (answer.code, answer.message) == ("not_enough_counters", "That costs 3; you hold 2.")
    decide(state, FALCONE, Move.of("crime", **{**down, "face_down": False}))  # face up: 2
    hidden = decide(replace(state, counters=3), FALCONE, Move.of("crime", **down))[0]
    assert isinstance(hidden, CrimeHidden) and hidden.cost == 3
