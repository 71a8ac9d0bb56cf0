"""Black Metro as a GameSpec (game.py): the options the catalog states and the refusals of options
outside them, word for word, and the seats' names."""

from __future__ import annotations

import random

import pytest

from rules_core.engine.types import Move, Outcome, Rejection
from rules_core.engine.updating import updated
from rules_core.games.black_metro import board, vocabulary
from rules_core.games.black_metro.citations import cite
from rules_core.games.black_metro.content import NUMBER_RANGES
from rules_core.games.black_metro.events_fortunes import FortunesDrawn
from rules_core.games.black_metro.missions import TIMING_OF
from rules_core.games.black_metro.pack import IDS
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    example_round,
    refused,
    started,
)
from tests.rules_core.games.content_option import assert_content_option
from tests.rules_core.json_shapes import objs


def test_the_options_schema_states_each_option_its_type_default_and_limits() -> None:
    schema = GAME.options_schema()
    assert list(schema) == ["first_game", "content"]
    assert schema["first_game"] == {
        "type": "boolean",
        "default": False,
        "description": "the first game's set-up, without candidates (2 to 4 players)",
    }
    kinds = ("district", "dice", "suit", "dominance_fortune", "technology", "candidate", "mission")
    effects = {kind: getattr(vocabulary, f"{kind.upper()}_OPS").schema() for kind in kinds}
    assert_content_option(schema, "black_metro", NUMBER_RANGES, effects, ids=IDS)
    assert len({str(v) for v in effects.values()}) == 7  # seven different vocabularies


@pytest.mark.parametrize(
    ("players", "options", "code", "message"),
    [
        (0, {}, "bad_player_count", "Black Metro is for 1 to 4 players."),
        (5, {}, "bad_player_count", "Black Metro is for 1 to 4 players."),
        (
            2,
            {"first_gam": True, "bots": 1},
            "bad_options",
            "Black Metro has no option “bots” or “first_gam”; its options are content and "
            "first_game.",
        ),
        (2, {"first_game": "yes"}, "bad_options", "The option “first_game” is true or false."),
        (2, {"first_game": 1}, "bad_options", "The option “first_game” is true or false."),
        (
            2,
            {"content": [1]},
            "bad_options",
            "The option “content” is a content pack (a JSON object) or null.",
        ),
        (
            2,
            {"content": "pack"},
            "bad_options",
            "The option “content” is a content pack (a JSON object) or null.",
        ),
    ],
)
def test_options_are_refused_with_the_reason(
    players: int, options: dict[str, object], code: str, message: str
) -> None:
    refusal = GAME.validate_options(players, options)  # type: ignore[arg-type]
    assert refusal is not None and (refusal.code, refusal.message) == (code, message)


def test_a_bad_content_pack_is_refused_with_what_is_wrong() -> None:
    refusal = GAME.validate_options(2, {"content": {"districts": "nope"}})
    assert refusal is not None and refusal.code == "bad_options"
    assert refusal.message.startswith("content pack: ") and len(refusal.message) > 14


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("first_game", [False, True])
def test_options_within_the_rules_are_accepted(players: int, first_game: bool) -> None:
    if players == 1 and first_game:
        return  # the first game's set-up is not the solo challenge's (below)
    assert GAME.validate_options(players, {"first_game": first_game, "content": None}) is None
    assert GAME.validate_options(players, {}) is None


def test_the_solo_challenge_refuses_the_first_games_set_up() -> None:
    """The first game's set-up without candidates (starting.candidates) is a recommendation for
    a first game of 2 to 4; the solo challenge, "designed for experienced players", has its own
    set-up, where the player chooses a candidate (solo.setup.candidate). Refused as an option,
    citing both: until now a solo game took it and was played without a candidate."""
    refusal = GAME.validate_options(1, {"first_game": True})
    assert refusal is not None
    assert (refusal.code, refusal.message) == (
        "bad_options",
        "The first game's set-up is for 2 to 4 players: the solo challenge, for experienced"
        " players, is set up with a candidate.",
    )
    assert refusal.citations == (
        *GAME.rejections["bad_options"],
        *cite("solo", "solo.setup.candidate"),
    )
    assert GAME.validate_options(1, {"first_game": False}) is None


def test_seats_are_named_by_their_colours() -> None:
    assert GAME.seat_names(started(3)) == ("Red", "Green", "Blue")
    assert GAME.seat_names(started(4)) == ("Red", "Green", "Blue", "Yellow")
    assert GAME.seat_names(started(1)) == ("Red",)  # the overlord plays no seat


def test_the_outcome_names_the_winner_those_level_after_the_tie_breakers_or_the_overlord() -> None:
    state = example_round()
    assert GAME.outcome(state) is None
    one = GAME.outcome(updated(state, over=True, winners=(GREEN,)))
    assert one == Outcome(winners=(GREEN,), summary="Green takes the throne of Black Metro.")
    two = GAME.outcome(updated(state, over=True, winners=(RED, BLUE)))
    assert two == Outcome(
        winners=(RED, BLUE), summary="Red and Blue share the throne of Black Metro."
    )


def test_each_seat_sees_its_own_hand_and_a_count_of_the_others_until_all_is_revealed() -> None:
    state = example_round()
    green = [c["id"] for c in objs(objs(GAME.view(state, GREEN)["players"])[GREEN]["hand"])]
    assert green == list(state.player(GREEN).hand)
    assert objs(GAME.view(state, RED)["players"])[GREEN]["hand"] == {"count": 6, "known": []}
    assert objs(GAME.view(state, None)["players"])[GREEN]["hand"] == {"count": 6, "known": []}
    revealed = objs(GAME.view(state, RED, True)["players"])[GREEN]["hand"]
    assert [c["id"] for c in objs(revealed)] == green


def test_a_drawn_fortune_is_named_to_its_holder_alone_until_all_is_revealed() -> None:
    state = example_round()
    drawn = FortunesDrawn(seat=None, owner=GREEN, cards=("3-diamonds", "K-clubs"))
    for seat in (None, RED, BLUE):
        assert GAME.narrate(state, drawn, seat, False) == "Green draws 2 fortunes."
    named = "Green draws the 3 of diamonds and the king of clubs."
    assert GAME.narrate(state, drawn, GREEN, False) == named
    assert GAME.narrate(state, drawn, RED, True) == named


def test_a_game_not_yet_set_up_shows_only_that() -> None:
    assert GAME.view(GAME.initial_state(), None) == {"phase": "not started"}


def test_a_move_after_the_end_or_out_of_turn_is_refused_saying_why() -> None:
    state = example_round()
    assert GAME.to_act(state) == {RED}
    early = refused(state, GREEN, "pass_mission")
    assert (early.code, early.message) == ("not_your_turn", "Black Metro is waiting for Red.")
    over = refused(updated(state, over=True), RED, "pass_mission")
    assert (over.code, over.message) == ("game_over", "The game is over.")
    assert over.citations == GAME.rejections["game_over"]


def test_a_refused_move_in_the_solo_challenge_is_refused_and_nothing_more() -> None:
    """The solo challenge checks for a loss after each accepted move; a refusal is returned as
    it is (no loss is looked for on a move that did not happen)."""
    state = started(1)
    refusal = refused(state, 0, "no_such_move")
    assert (refusal.code, refusal.message) == (
        "unknown_move",
        "Black Metro has no move of that kind: ask for the legal moves to see what you may do now.",
    )


def _asked_for_a_mission(seed: int) -> tuple[BlackMetroState, int]:
    """A random 2-seat game played until a seat is asked about a mission (fulfil or pass) at
    a window its first held mission is for."""
    rng = random.Random(seed)
    state = started(2, seed)
    for step in range(3000):
        seat = min(GAME.to_act(state))
        moves = GAME.legal_moves(state, seat)
        if any(m.type == "pass_mission" for m in moves) and _first_held_is_for_now(state, seat):
            return state, seat
        events = GAME.decide(state, seat, rng.choice(moves), random.Random(step))
        assert isinstance(events, list)
        for event in events:
            state = GAME.evolve(state, event)
    raise AssertionError("no mission was asked about")


def _first_held_is_for_now(state: BlackMetroState, seat: int) -> bool:
    prompt = state.flow.prompt_for(seat)
    card = sorted(state.player(seat).missions)[0]
    timing = state.the_pack().mission(card.partition("#")[0]).timing
    return prompt is not None and TIMING_OF[prompt.kind] == timing


def test_a_mission_option_refused_is_named_by_its_words_never_by_the_posted_values() -> None:
    """Posted option numbers are never said back: an option that is not met is named by what it
    asks and the power it brings; one the mission does not have lists the options it has."""
    state, seat = _asked_for_a_mission(5)
    card = sorted(state.player(seat).missions)[0]  # its window is asked now
    mission = state.the_pack().mission(card.partition("#")[0])
    name = f"“{mission.name}”"
    for wrong in (999, 0, -1, True, "1", 1.5, None):
        move = Move.of("fulfil_mission", card=card, option=wrong)
        answer = GAME.decide(state, seat, move, RNG)
        assert isinstance(answer, Rejection) and answer.code == "mission_not_met"
        assert answer.message.startswith(f"Choose one of the options of {name}: ")
        assert "999" not in answer.message and "(option" not in answer.message
        assert answer.message.count(" power") == len(mission.options)
    offered = GAME.legal_moves(state, seat)
    for number in range(1, len(mission.options) + 1):
        move = Move.of("fulfil_mission", card=card, option=number)
        if move in offered:
            continue
        answer = GAME.decide(state, seat, move, RNG)
        assert isinstance(answer, Rejection), answer
        power = mission.options[number - 1].power + board.bonus(state, seat, "mission_bonus")
        assert answer.message.startswith(f"Not met now: {name}, "), answer.message
        assert answer.message.endswith(f", for {power} power.")
        assert name in answer.message and "(option" not in answer.message


RNG = random.Random(0)


def test_a_mission_to_fulfil_left_unnamed_is_asked_for() -> None:
    state, seat = _asked_for_a_mission(5)
    for card in (None, ""):
        answer = GAME.decide(state, seat, Move.of("fulfil_mission", card=card, option=1), RNG)
        assert isinstance(answer, Rejection) and answer.code == "mission_not_held"
        assert answer.message == "Name the mission to fulfil."
    named = Move.of("fulfil_mission", card="no-such#1", option=1)
    answer = GAME.decide(state, seat, named, RNG)
    assert isinstance(answer, Rejection)
    assert answer.message == "You hold no such unfulfilled mission."


def test_a_fortune_left_unnamed_is_asked_for_and_one_not_held_is_refused() -> None:
    from rules_core.games.black_metro.checks import unheld_fortune

    for card, words in (
        (None, "Name a fortune from your hand."),
        ("", "Name a fortune from your hand."),
        ("2-hearts", "You hold no such fortune."),
        (7, "You hold no such fortune."),
    ):
        refused = unheld_fortune(card)
        assert (refused.code, refused.message) == ("fortune_not_in_hand", words)
