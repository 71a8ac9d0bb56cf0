"""A refused move says why in the game's words and cites the rule that refuses it: where one
refusal code serves several rules (a threat removed after Batman's arrival, after his fight or
for a card; a stop refused at set-up, after a fight or for a card), the section of that rule,
always among the sections the code lists."""

from __future__ import annotations

import random

import pytest

from rules_core.engine import Move, Rejection
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.content import Op
from rules_core.games.gotham_city_strategy.state import Decision, GcsState, Line
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    act,
    at_step,
    blocks,
    ready,
    with_player,
)

CARD = "turn.plot.effect.carry-out"


def refusal(state: GcsState, seat: int, move: Move) -> Rejection:
    answer = GAME.decide(state, seat, move, random.Random(0))
    assert isinstance(answer, Rejection)
    assert answer.citations and set(answer.citations) <= set(GAME.rejections[answer.code])
    return answer


def sections(answer: Rejection) -> list[str]:
    return [c.section for c in answer.citations]


def waiting(decision: Decision) -> GcsState:
    """Seat 0 owes `decision`, with one of seat 1's threats on Ace Chemicals."""
    state = with_player(ready(["joker", "penguin"]), 1, threats=blocks(ace_chemicals=1))
    state = at_step(state, "resolve", played="plot-01", chosen=True)
    return updated(state, flow=state.flow.asked((decision,)))


@pytest.mark.parametrize(
    ("decision", "cited"),
    [
        (
            Decision(seat=0, kind="remove_threats", count=2, block=ACE),
            ["glossary.order-value", "turn.plot.bat-signal"],
        ),
        (
            Decision(seat=0, kind="remove_threats", count=2, block=ACE, must=True),
            ["glossary.order-value", "turn.fight-batman"],
        ),
        (
            Decision(seat=0, kind="remove_threats", count=2, enemies=True),
            ["turn.plot.effect.carry-out"],
        ),
        (Decision(seat=0, kind="lose_threats", count=1, must=True), ["turn.plot.effect.carry-out"]),
    ],
)
def test_a_threat_that_may_not_be_removed_cites_the_rule_of_the_removal(
    decision: Decision, cited: list[str]
) -> None:
    name = "lose_threat" if decision.kind == "lose_threats" else "remove_threat"
    answer = refusal(waiting(decision), 0, Move.of(name, block=ACE + 1, owner=1))
    assert answer.code == "cannot_remove_threat"
    assert sections(answer) == cited


def test_stopping_short_of_batmans_removal_after_his_fight_cites_the_fight() -> None:
    decision = Decision(seat=0, kind="remove_threats", count=2, block=ACE, must=True)
    state = waiting(decision)
    state = with_player(state, 1, threats=blocks(ace_chemicals=3))
    answer = refusal(state, 0, Move.of("stop"))
    assert answer.code == "must_continue" and sections(answer) == ["turn.fight-batman"]


def test_a_level_refused_says_what_the_dial_asks_in_its_words() -> None:
    joker = ready(["joker", "penguin", "two-face"])  # his level 3 asks him to rule 3 blocks
    blocks_asked = with_player(joker, 0, level=3)
    answer = refusal(blocks_asked, 0, Move.of("advance"))
    assert answer.message == "Level 4 asks you to rule 3 blocks; you rule 0."
    assert sections(answer) == ["turn.level.verify", "glossary.ruling"]
    henchmen_asked = with_player(joker, 0, level=7)  # level 7 asks for 3 henchmen
    answer = refusal(henchmen_asked, 0, Move.of("advance"))
    assert answer.message == "Level 8 asks for 3 recruited henchmen; you have 0."
    assert sections(answer) == ["turn.level.verify"]
    top = with_player(joker, 0, level=10)
    assert sections(refusal(top, 0, Move.of("advance"))) == ["glossary.level"]


def test_recruiting_after_moving_cites_the_order_of_the_turn() -> None:
    """In the variant, where ending the turn chooses the next face-down card, the turn waits."""
    state = with_player(ready(["joker", "penguin"], variant=True), 0, money=10, information=2)
    state = act(at_step(state, "actions"), 0, Move.of("move"))
    state = act(state, 0, Move.of("done_moving"))
    answer = refusal(state, 0, Move.of("recruit"))
    assert answer.code == "cannot_recruit" and sections(answer) == ["turn", "turn.recruit"]
    again = refusal(state, 0, Move.of("move"))
    assert sections(again) == ["turn", "turn.move"]


def test_henchmen_kept_out_of_batmans_block_cite_the_blocks_batman_occupies() -> None:
    state = with_player(ready(["joker", "penguin"]), 0, hideout_henchmen=2, information=2)
    state = act(at_step(state, "actions", batman_at=ACE), 0, Move.of("move"))
    answer = refusal(state, 0, Move.of("move_henchmen", source=-1, target=ACE, count=2))
    assert answer.message == "Henchmen may enter Batman's block only with your villain."
    assert sections(answer) == ["turn.plot.batman-blocks", "turn.move"]
    none_left = refusal(state, 0, Move.of("move_henchmen", source=ACE + 1, target=ACE, count=1))
    assert none_left.message == "None of your henchmen at Gotham City Hall may still move."


def test_a_threat_kept_off_batmans_block_cites_that_rule_and_a_full_block_the_limit() -> None:
    decision = Decision(seat=0, kind="place_threats", count=2, must=True)
    state = updated(waiting(decision), batman_at=ACE)
    assert sections(refusal(state, 0, Move.of("place_threat", block=ACE))) == [
        "turn.plot.batman-blocks"
    ]
    full = with_player(state, 0, threats=blocks(city_hall=5))
    answer = refusal(full, 0, Move.of("place_threat", block=ACE + 1))
    assert sections(answer) == ["glossary.threats"]


def test_a_cards_threats_go_in_its_district_and_no_two_on_a_block_where_it_says_so() -> None:
    """turn.plot.effect.placing: threats a card puts "on different blocks" go no two on one
    block, citing the note; a card naming a district puts them there, citing what a district is
    (glossary.block: the twelve blocks in three districts of four) and the card carried out (the
    note says nothing of districts). The blocks offered leave both out, so only the check stands
    between a posted move and the table."""
    decision = Decision(
        seat=0, kind="place_threats", count=2, must=True, district="midtown", different=True
    )
    state = waiting(decision)
    uptown = refusal(state, 0, Move.of("place_threat", block=0))
    assert (uptown.code, uptown.message) == ("cannot_place_threat", "These threats go in Midtown.")
    assert sections(uptown) == ["glossary.block", CARD]
    state = act(state, 0, Move.of("place_threat", block=ACE))
    again = refusal(state, 0, Move.of("place_threat", block=ACE))
    assert again.message == "These threats go on different blocks; Ace Chemicals has one."
    assert sections(again) == ["turn.plot.effect.placing"]
    assert state.players[0].threats[ACE] == 1


def test_a_card_removing_threats_in_a_district_takes_none_elsewhere() -> None:
    """A card that removes enemy threats in one district (the reference Clean Sweep, in
    Midtown; turn.plot.effect.carry-out) offers only those there: the Penguin's threat on
    Diamond Row, in Uptown, is neither offered nor taken."""
    decision = Decision(seat=0, kind="remove_threats", count=3, district="midtown", enemies=True)
    state = waiting(decision)
    state = with_player(state, 1, threats=blocks(ace_chemicals=1, diamond_row=1))
    offered = [m for m in GAME.legal_moves(state, 0) if m.type == "remove_threat"]
    assert offered == [Move.of("remove_threat", block=ACE, owner=1)]
    answer = refusal(state, 0, Move.of("remove_threat", block=0, owner=1))
    assert answer.code == "cannot_remove_threat" and sections(answer) == [CARD]


def test_waiting_for_another_villain_cites_the_set_up_the_turn_or_the_rule_asking() -> None:
    started = GAME.setup(2, {"villains": ["joker", "penguin"]}, random.Random(1))
    from rules_core.engine import fold

    setup = fold(GAME, started)
    assert sections(refusal(setup, 1, Move.of("stop"))) == ["setup"]
    turn = ready(["joker", "penguin"])
    assert sections(refusal(turn, 1, Move.of("advance"))) == ["turn"]
    owed = waiting(Decision(seat=0, kind="remove_threats", count=1, block=ACE))
    assert sections(refusal(owed, 1, Move.of("stop"))) == ["turn.plot.bat-signal"]
    card = waiting(Decision(seat=0, kind="lose_threats", count=1, must=True))
    assert sections(refusal(card, 1, Move.of("stop"))) == ["turn.plot.effect.carry-out"]


FIGHT_WON = ["turn.fight-villains", "turn.fight-batman"]


@pytest.mark.parametrize(
    ("decision", "cited"),
    [
        (Decision(seat=0, kind="remove_threats", count=2, block=ACE), ["turn.plot.bat-signal"]),
        (
            Decision(seat=0, kind="remove_threats", count=2, block=ACE, must=True),
            ["turn.fight-batman"],
        ),
        (
            Decision(seat=0, kind="batman_to", candidates=(0, 4), must=True),
            ["turn.plot.bat-signal"],
        ),
        (Decision(seat=0, kind="place_threats", count=2), FIGHT_WON),
        (Decision(seat=0, kind="steal", count=1, must=True, victim=1), ["turn.fight-villains"]),
        (
            Decision(seat=0, kind="place_threats", count=1, must=True),
            ["turn.plot.effect.resources"],
        ),
        (Decision(seat=0, kind="send_home", candidates=(4,), must=True), [CARD]),
        (Decision(seat=0, kind="face_down"), ["variant"]),
    ],
)
def test_a_move_made_while_a_decision_waits_cites_the_rule_that_asks_for_it(
    decision: Decision, cited: list[str]
) -> None:
    """Batman's arrival or his won fight, a fight won, the resources taken instead of the card,
    the card carried out or the variant's face-down card: not always the card's effect."""
    state = waiting(decision)  # a card played and not carried out: its threats were taken
    assert sections(refusal(state, 0, Move.of("advance"))) == cited
    assert sections(refusal(state, 1, Move.of("advance"))) == cited
    if decision.must and decision.kind != "face_down":
        assert sections(refusal(state, 0, Move.of("stop"))) == cited


def test_a_card_carried_out_and_the_card_just_played_cite_their_rules() -> None:
    place = Decision(seat=0, kind="place_threats", count=1, must=True)
    carrying = updated(waiting(place), line=Line("plot-01", 0, Op("place_threats", 1)))
    assert sections(refusal(carrying, 0, Move.of("stop"))) == [CARD]
    played = at_step(ready(["joker", "penguin"]), "resolve", played="plot-01", chosen=False)
    assert sections(refusal(played, 0, Move.of("recruit"))) == ["turn.plot.effect"]
    assert sections(refusal(played, 1, Move.of("recruit"))) == ["turn.plot.effect"]


def test_a_face_down_card_refused_cites_the_variant_and_a_card_played_the_card_rule() -> None:
    """The face-down card is the variant's rule: refusing to play past it, to reveal without
    one, to end a turn with the wrong card or none, or to put down a card not held cites it."""
    variant = ready(["joker", "penguin"], variant=True)
    hand = variant.players[0].hand
    assert sections(refusal(variant, 0, Move.of("play", card=hand[0]))) == ["variant"]
    ending = at_step(variant, "actions", played="")
    assert sections(refusal(ending, 0, Move.of("end_turn", card="plot-99"))) == ["variant"]
    setup = updated(variant, flow=variant.flow.asked((Decision(seat=0, kind="face_down"),)))
    assert sections(refusal(setup, 0, Move.of("face_down", card="plot-99"))) == ["variant"]
    standard = ready(["joker", "penguin"])
    assert sections(refusal(standard, 0, Move.of("reveal"))) == ["variant"]
    assert sections(refusal(standard, 0, Move.of("play", card="plot-99"))) == ["turn.plot"]
    done = at_step(standard, "actions", played="")
    assert sections(refusal(done, 0, Move.of("end_turn", card=hand[0]))) == ["variant"]


def test_blocks_asked_of_a_level_with_two_villains_cite_that_a_tie_rules_nothing() -> None:
    """With two villains a block where they tie is ruled by neither (two-player): a player
    who counts it is told so, and the refusal cites that rule too."""
    state = with_player(ready(["joker", "penguin"]), 0, level=3, threats=blocks(ace_chemicals=1))
    state = with_player(state, 1, threats=blocks(ace_chemicals=1))
    answer = refusal(state, 0, Move.of("advance"))
    assert answer.message == (
        "Level 4 asks you to rule 3 blocks; you rule 0 (with two villains, a block where you tie"
        " is not yours)."
    )
    assert sections(answer) == ["turn.level.verify", "glossary.ruling", "two-player"]


def test_a_cards_henchmen_kept_out_of_another_district_cite_what_a_district_is() -> None:
    """A card placing henchmen in one district (the reference's in Downtown and Midtown):
    a block elsewhere is refused saying where, citing glossary.block beside the card."""
    decision = Decision(seat=0, kind="place_henchmen", count=1, must=True, district="midtown")
    state = with_player(waiting(decision), 0, hideout_henchmen=2)
    state = updated(state, batman_at=-1)
    answer = refusal(state, 0, Move.of("place_henchman", block=0))
    assert answer.message == (
        "A henchman goes on a block with no enemy figure and no Batman, in Midtown."
    )
    assert sections(answer) == [CARD, "turn.plot.batman-blocks", "glossary.block"]
