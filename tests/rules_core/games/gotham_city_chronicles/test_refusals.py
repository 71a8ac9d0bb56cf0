"""What comes first (refusals.py): a roll waiting for its rerolls, an attack waiting for its
defense, or an exchange waiting for the other hero's answer holds every other move, and the
refusal says which, with its code and the book's sections."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import fold
from rules_core.engine.types import Move, Rejection
from rules_core.games.gotham_city_chronicles.moves import MOVES, to_act
from rules_core.games.gotham_city_chronicles.refusals import REJECTIONS, pending
from rules_core.games.gotham_city_chronicles.rules import GAME
from rules_core.games.gotham_city_chronicles.state import GccState

WAITING: Any = object()  # pending() asks only whether something waits, not what


@pytest.mark.parametrize(
    ("waiting", "code", "message"),
    [
        ("roll", "roll_pending", "First reroll the dice rolled, or keep them."),
        ("fight", "fight_pending", "First the attack's defense and wounds."),
        ("offer", "offer_pending", "First the other hero agrees to the exchange or not."),
    ],
)
def test_what_waits_is_named_with_its_sections(waiting: str, code: str, message: str) -> None:
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert pending(state) is None
    refusal = pending(replace(state, **{waiting: WAITING}))
    assert refusal is not None
    assert (refusal.code, refusal.message, refusal.citations) == (code, message, REJECTIONS[code])
    assert REJECTIONS[code]


def test_a_roll_comes_before_an_attack_and_an_attack_before_an_exchange() -> None:
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    everything = replace(state, roll=WAITING, fight=WAITING, offer=WAITING)
    assert getattr(pending(everything), "code", None) == "roll_pending"
    assert getattr(pending(replace(everything, roll=None)), "code", None) == "fight_pending"


def _heroes_acting(seats: int = 2) -> GccState:
    state = fold(GAME, GAME.setup(seats, {}, random.Random(1)))
    for hero in state.heroes:
        state = _play(state, hero.seat, Move.of("stance", hero=hero.id, stance="active"))
    return state


def _play(state: GccState, seat: int, move: Move) -> GccState:
    events = MOVES.decide(state, seat, move, random.Random(0))
    assert not isinstance(events, Rejection), events
    return fold(GAME, events, state)


def _placed(state: GccState, hero: str, **changes: Any) -> GccState:
    return state.with_hero(replace(state.hero(hero), **changes))


def _villains_croc() -> GccState:
    state = _heroes_acting()
    for seat in sorted(to_act(state)):
        state = _play(state, seat, Move.of("finish"))
    state = _play(state, 0, Move.of("activate", tile="killer-croc"))
    return _play(state, 0, Move.of("activate_character", character="killer-croc-1"))


GORDON_AT_THE_BOILER = {"area": "boiler-room", "items": ("tonfa",)}


def _gordons_tonfa(cubes: int) -> Move:
    """Commissioner Gordon's melee attack with his tonfa on the thug in his area."""
    return Move.of(
        "attack",
        hero="commissioner-gordon",
        kind="melee",
        weapon="tonfa",
        target="thugs-with-crowbar-1",
        cubes=cubes,
    )


@pytest.mark.parametrize(
    ("where", "seat", "move", "code", "sections"),
    [
        (
            [("commissioner-gordon", GORDON_AT_THE_BOILER)],
            1,
            _gordons_tonfa(0),
            "bad_cubes",
            ("v-c-1-c", "ix-c"),  # a melee attack's step, not the ranged one's too
        ),
        (
            [("commissioner-gordon", GORDON_AT_THE_BOILER)],
            1,
            _gordons_tonfa(4),
            "exertion_limit",
            ("ix-i", "v-c-1-c"),
        ),
        (
            [("batman", {"area": "warehouse-floor"})],
            1,
            Move.of(
                "attack",
                hero="batman",
                kind="ranged",
                weapon="batarangs",
                target="brutes-with-chains-1",
                cubes=0,
            ),
            "bad_cubes",
            ("v-c-2-c", "ix-c"),
        ),
        (
            [("batman", {"area": "walkway"})],
            1,
            Move.of("complex_action", hero="batman", action="open-safe", cubes=1),
            "no_mission_action",
            ("i", "v-c-3-a-i"),  # a complex manipulation's declaration, not a thought's
        ),
        (
            [("batman", {"area": "warehouse-floor"})],
            1,
            Move.of("blast", hero="batman", area="office"),
            "bad_target",
            ("x.blast", "ix-l"),
        ),
        (
            [("batman", {"area": "office"})],
            1,
            Move.of("attract", hero="batman", target="killer-croc-1"),
            "bad_target",
            ("x.attraction",),
        ),
        (
            [("commissioner-gordon", {"items": ("tonfa",)})],
            1,
            Move.of("throw", hero="commissioner-gordon", item="tonfa", to="boiler-room", cubes=1),
            "bad_target",
            ("v-d-1-e", "ix-l"),
        ),
        (
            [],
            1,
            Move.of("throw", hero="batman", item="batarangs", to="walkway", cubes=1),
            "gadget_stays",
            ("v-d-2",),
        ),
        (
            [],
            1,
            Move.of("throw", hero="batman", item="ledger", to="walkway", cubes=1),
            "no_such_item",
            ("v-d-1-e",),
        ),
        ([], 1, Move.of("drop", hero="batman", item="batarangs"), "gadget_stays", ("v-d-2",)),
        (
            [("commissioner-gordon", {"area": "office"})],
            1,
            Move.of("give", hero="batman", item="batarangs", to="commissioner-gordon"),
            "gadget_stays",
            ("v-d-2",),
        ),
        (
            [("commissioner-gordon", {"area": "office"})],
            1,
            Move.of("give", hero="batman", item="ledger", to="commissioner-gordon"),
            "no_such_item",
            ("v-d-1-c", "v-d-1-d"),
        ),
        (
            [("batman", {"area": "walkway"})],
            1,
            Move.of(
                "attack",
                hero="batman",
                kind="ranged",
                weapon="batarangs",
                second="grapnel-gun",
                target="killer-croc-1",
                cubes=1,
            ),
            "no_weapon",
            ("x.ambidexterity",),
        ),
        (
            [
                (
                    "renee-montoya",
                    {"area": "street", "items": ("submachine-gun", "ledger", "tonfa")},
                ),
                ("commissioner-gordon", {"items": ("submachine-gun", "submachine-gun")}),
            ],
            1,
            Move.of("give", hero="commissioner-gordon", item="submachine-gun", to="renee-montoya"),
            "too_encumbered",
            ("v-d-1-c", "v-d-1-d"),
        ),
    ],
)
def test_a_code_shared_by_several_actions_cites_the_action_refused(
    where: list[tuple[str, dict[str, Any]]],
    seat: int,
    move: Move,
    code: str,
    sections: tuple[str, ...],
) -> None:
    """Spending cubes, a target out of reach, equipment: each action's own sections, not those
    of another action that refuses with the same code."""
    state = _heroes_acting()
    for hero, changes in where:
        state = _placed(state, hero, **changes)
    refusal = MOVES.decide(state, seat, move, random.Random(0))
    assert isinstance(refusal, Rejection), refusal
    assert refusal.code == code
    assert tuple(c.section for c in refusal.citations) == sections


def test_a_villains_character_without_that_characteristic_cites_the_characters_action() -> None:
    move = Move.of("character_attack", kind="ranged", characteristic=0, target="batman")
    refusal = MOVES.decide(_villains_croc(), 0, move, random.Random(0))
    assert isinstance(refusal, Rejection)
    assert refusal.code == "no_such_action"
    assert tuple(c.section for c in refusal.citations) == ("vi-c-3", "vi-a-2-a", "ix-e")


def test_a_seat_that_has_finished_is_told_so_not_that_it_is_not_its_turn() -> None:
    state = _play(_heroes_acting(3), 2, Move.of("finish"))
    hero = next(h.id for h in state.heroes if h.seat == 2)
    refusal = MOVES.decide(
        state, 2, Move.of("move", hero=hero, to="loading-dock"), random.Random(0)
    )
    assert isinstance(refusal, Rejection)
    assert refusal.code == "seat_finished"
    assert refusal.citations == REJECTIONS["seat_finished"]
    assert "finished" in refusal.message


def test_a_hero_left_unnamed_is_asked_for_and_an_unknown_one_is_not_in_the_mission() -> None:
    """A move that names no hero (stance, movement, dropping an item) asks for one; a name the
    mission lacks is told so."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    seat = min(to_act(state))
    for kind, params in (("stance", {"stance": "active"}), ("move", {"to": "a1"}), ("drop", {})):
        for hero, words in (
            (None, "Name one of your heroes."),
            ("", "Name one of your heroes."),
            ("superman", "That hero is not in this mission."),
        ):
            move = Move.of(kind, hero=hero, **params)
            refusal = MOVES.refusal(state, seat, move)
            assert isinstance(refusal, Rejection), (kind, hero)
            assert (refusal.code, refusal.message) == ("not_your_hero", words), (kind, hero)


def test_a_heroes_seat_in_the_villains_turn_is_told_whose_turn_it_is_in_words() -> None:
    """IV B, IV D: in the villain's turn a heroes' seat with nothing to drop is refused its
    moves, told so with the villain's turn named as a player reads it ("the villain's turn",
    not "the villain' turn")."""
    state = _heroes_acting()
    for seat in sorted(to_act(state)):
        state = _play(state, seat, Move.of("finish"))
    assert state.flow.phase == "villain" and not any(h.items for h in state.heroes)
    refusal = MOVES.decide(state, 1, Move.of("move", hero="batman", to="walkway"), random.Random(0))
    assert isinstance(refusal, Rejection)
    assert refusal.code == "not_your_turn"
    assert refusal.message == "It is the villain's turn, and not yours to play now."
    assert refusal.citations == REJECTIONS["not_your_turn"]


def _attraction_refused(state: GccState, target: str) -> Rejection:
    refusal = MOVES.decide(
        state, 1, Move.of("attract", hero="batman", target=target), random.Random(0)
    )
    assert isinstance(refusal, Rejection), refusal
    assert refusal.code == "bad_target"
    return refusal


def test_an_attraction_refused_cites_attraction_and_the_concept_it_fails() -> None:
    """X Attraction lists its requirements; each refusal cites the entry and the general concept
    of the one failed (IX J distance, IX L line of sight, IX H over-occupation), never the melee
    and ranged attacks' target steps (V·C·1 [b], V·C·2 [b]) that `bad_target` cites by default."""
    state = _heroes_acting()
    thug = replace(state.character("thugs-with-crowbar-1"), area="loading-pit")
    state = state.with_character(thug)

    def cited(target: str, at: GccState = state) -> tuple[str, ...]:
        return tuple(c.section for c in _attraction_refused(at, target).citations)

    assert cited("batman") == ("x.attraction",)  # another miniature
    assert cited("nobody") == ("x.attraction",)
    assert cited("thugs-with-crowbar-2") == ("x.attraction", "ix-j")  # 3 moves away
    assert cited("thugs-with-crowbar-1") == ("x.attraction", "ix-l")  # no clear sight
    assert cited("killer-croc-1") == ("x.attraction",)  # larger than Batman
    full = _placed(state, "renee-montoya", area="office")
    full = full.with_character(replace(thug, area="walkway"))
    assert cited("thugs-with-crowbar-1", full) == ("x.attraction", "ix-h")


@pytest.mark.parametrize(
    ("where", "move", "message"),
    [
        (
            [("renee-montoya", {"area": "office"})],
            Move.of("attract", hero="renee-montoya", target="batman"),
            "Renee Montoya has no Attraction skill to use.",
        ),
        (
            [("commissioner-gordon", {"area": "office"})],
            Move.of("attract", hero="batman", target="commissioner-gordon"),
            "Commissioner Gordon is already in Batman's area.",
        ),
        (
            [],
            Move.of(
                "attack",
                hero="batman",
                kind="melee",
                weapon="tonfa",
                target="thugs-with-crowbar-1",
                cubes=1,
            ),
            "Batman carries no usable melee weapon of that name.",
        ),
        (
            [],
            Move.of("pick_up", hero="batman", item="tonfa"),
            "There is no such equipment in Batman's area.",
        ),
        (
            [],
            Move.of("throw", hero="batman", item="ledger", to="walkway", cubes=1),
            "Batman carries no such equipment.",
        ),
        (
            [("commissioner-gordon", {"area": "office"})],
            Move.of("give", hero="batman", item="ledger", to="commissioner-gordon"),
            "Batman carries no such equipment.",
        ),
    ],
)
def test_a_refusal_names_the_hero_it_refuses(
    where: list[tuple[str, dict[str, Any]]], move: Move, message: str
) -> None:
    """A refused hero's move names that hero, as the move's label does, not "the hero"."""
    state = _heroes_acting()
    for hero, changes in where:
        state = _placed(state, hero, **changes)
    refusal = MOVES.decide(state, 1, move, random.Random(0))
    assert isinstance(refusal, Rejection), refusal
    assert refusal.message == message
