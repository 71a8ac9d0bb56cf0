"""A discard of several fortunes of the player's choice is asked one card at a time (rules
version 29): a mission's option or a die face discarding N fortunes offers one move per card
held, N times, so no decision offers more moves than the hand holds cards (before, every set
of N was one move: millions for a custom pack's large hands)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

from rules_core.engine.types import JSON, Move, Rejection
from rules_core.engine.updating import updated
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro import facilities
from rules_core.games.black_metro.events_standby import MissionRevealed
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro.helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    play,
    refused,
    through_setup,
)
from tests.rules_core.games.black_metro.test_example_round import _resolved

REFERENCE = Path("rules_core/games/black_metro/content/reference.toml")


def _standby_missions() -> BlackMetroState:
    """The example round's standby missions, Green asked with 3 fortunes in hand."""
    state = _resolved()
    state, _ = play(state, GREEN, "recover", troop="2,0,0")
    while GAME.to_act(state) != {GREEN}:
        (seat,) = GAME.to_act(state)
        state, _ = play(state, seat, "pass_mission")
    assert sorted(state.player(GREEN).hand) == ["2-clubs", "4-hearts", "J-spades"]
    return state


def _discard_moves(state: BlackMetroState, seat: int) -> list[Move]:
    return GAME.legal_moves(state, seat)


def test_a_missions_discards_are_asked_one_card_at_a_time() -> None:
    state = _standby_missions()
    offered = GAME.legal_moves(state, GREEN)
    assert Move.of("fulfil_mission", card="believe-in-destiny#1", option=1) in offered
    assert not any(m.get("discard") for m in offered)  # no set of cards in a move
    as_before = refused(
        state,
        GREEN,
        "fulfil_mission",
        card="believe-in-destiny#1",
        option=1,
        discard="2-clubs,4-hearts",
    )
    assert as_before.code == "mission_not_met" and "one at a time" in as_before.message
    state, events = play(state, GREEN, "fulfil_mission", card="believe-in-destiny#1", option=1)
    assert [type(e) for e in events] == [ef.DiscardsAsked]
    assert state.player(GREEN).power == 0  # not fulfilled before the discards
    assert _discard_moves(state, GREEN) == [
        Move.of("discard_one", card=c) for c in ("2-clubs", "4-hearts", "J-spades")
    ]
    labels = [GAME.describe_move(state, GREEN, m) for m in GAME.legal_moves(state, GREEN)]
    assert labels[0].startswith("Discard ") and "2 to discard to fulfil a mission" in labels[0]
    assert refused(state, GREEN, "discard_one", card="K-hearts").code == "fortune_not_in_hand"
    assert refused(state, GREEN, "pass_mission").code == "not_now"  # the discards first
    assert GAME.to_act(state) == {GREEN}
    state, events = play(state, GREEN, "discard_one", card="J-spades")
    assert [type(e) for e in events] == [ef.FortunesDiscarded]
    assert len(_discard_moves(state, GREEN)) == 2
    state, events = play(state, GREEN, "discard_one", card="2-clubs")
    assert [type(e) for e in events][:2] == [ef.FortunesDiscarded, d.MissionFulfilled]
    assert state.player(GREEN).hand == ("4-hearts",) and state.player(GREEN).power == 1
    assert all(
        m.type != "discard_one" for s in (RED, GREEN, BLUE) for m in GAME.legal_moves(state, s)
    )


def test_no_discard_is_asked_of_another_seat_or_at_another_time() -> None:
    state = _standby_missions()
    rejection = refused(state, GREEN, "discard_one", card="2-clubs")
    assert rejection.code == "not_now" and rejection.citations


def _pack(**changes: Any) -> dict[str, Any]:
    with REFERENCE.open("rb") as file:
        pack = tomllib.load(file)
    for key, value in changes.items():
        pack["limits"][key]["value"] = value
    return pack


def _game(pack: dict[str, Any], players: int = 2, seed: int = 0) -> BlackMetroState:
    options: dict[str, JSON] = {"first_game": True, "content": pack}
    assert GAME.validate_options(players, options) is None
    state = GAME.initial_state()
    for event in GAME.setup(players, options, random.Random(seed)):
        state = GAME.evolve(state, event)
    return state


def test_a_die_faces_discards_come_before_its_later_steps() -> None:
    """A face discarding 2 then drawing 2: the draw waits for the discards, so the cards it
    draws are never offered to discard."""
    pack = _pack()
    penalty = next(d for d in pack["dice"] if d["id"] == "penalty")
    penalty["faces"][4]["steps"] = [
        {"op": "discard_fortunes", "amount": 2},
        {"op": "draw", "card": "fortune", "amount": 2},
    ]
    pack["first_game"]["setup"]["value"] += [{"op": "draw", "card": "fortune", "amount": 3}]
    state = through_setup(_game(pack))
    hand = state.player(RED).hand
    assert len(set(hand)) > 2, hand
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 5, 0, random.Random(0))
    assert [type(e) for e in run.events] == [ef.DiscardsAsked]
    state = run.state
    assert GAME.to_act(state) == {RED}
    assert {m.get("card") for m in GAME.legal_moves(state, RED)} == set(hand)
    state, events = play(state, RED, "discard_one", card=hand[0])
    assert [type(e) for e in events] == [ef.FortunesDiscarded]  # nothing drawn yet
    left = list(hand)
    left.remove(hand[0])
    assert {m.get("card") for m in GAME.legal_moves(state, RED)} == set(left)
    state, events = play(state, RED, "discard_one", card=left[0])
    assert [type(e) for e in events][:2] == [ef.FortunesDiscarded, ef.FortunesDrawn]
    assert len(state.player(RED).hand) == len(hand)


def test_a_hand_limit_reached_before_a_faces_discards_is_counted_after_them() -> None:
    """A face drawing 3 then discarding 2 from a hand of 5: the discards come first, then the
    hand limit asks for the 1 fortune still beyond 5 (not 3, as counted before them)."""
    pack = _pack()
    penalty = next(d for d in pack["dice"] if d["id"] == "penalty")
    penalty["faces"][4]["steps"] = [
        {"op": "draw", "card": "fortune", "amount": 3},
        {"op": "discard_fortunes", "amount": 2},
    ]
    pack["first_game"]["setup"]["value"] += [{"op": "draw", "card": "fortune", "amount": 5}]
    state = through_setup(_game(pack))
    assert len(state.player(RED).hand) == 5
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 5, 0, random.Random(0))
    state = run.state
    assert [(p.seat, p.kind, p.count) for p in state.flow.prompts[:2]] == [
        (RED, "discards", 2),
        (RED, "hand_limit", 3),
    ]
    for _ in range(2):
        state, _ = play(state, RED, "discard_one", card=state.player(RED).hand[0])
    assert [(p.seat, p.kind, p.count) for p in state.flow.prompts[:1]] == [(RED, "hand_limit", 1)]
    state, _ = play(state, RED, "discard_excess", card=state.player(RED).hand[0])
    assert len(state.player(RED).hand) == 5


def _worst_pack(amount: int) -> dict[str, Any]:
    """The audit's pack, within every stated limit: 30 fortunes in hand, draws of 15, every
    mission asking `amount` fortunes or 1 or 2 fewer, every die face discarding `amount` with
    draws of 15 before or after, every district drawing 15 and rolling."""
    pack = _pack(fortunes_in_hand=30)
    draw = {"op": "draw", "card": "fortune", "amount": 15}
    discard = {"op": "discard_fortunes", "amount": amount}
    pack["first_game"]["setup"]["value"] += [draw, draw]
    for mission in pack["mission"]:
        mission["timing"] = "standby"
        mission["options"] = [
            {"needs": {"op": "discard_fortunes", "amount": amount - k}, "power": k + 1}
            for k in (2, 1, 0)
        ]
    for dice in pack["dice"]:
        for i, face in enumerate(dice["faces"]):
            if "steps" in face:
                face["steps"] = [draw, discard] if i % 2 else [discard, draw, draw]
    for district in pack["district"]:
        district["effect"][0]["steps"] = [draw, {"op": "roll", "dice": "fortune"}]
        district["effect"][1]["steps"] = [{"op": "roll", "dice": "supply"}, draw]
    return pack


def test_the_largest_discards_a_pack_may_ask_offer_few_moves() -> None:
    """The audit's worst pack (C(30, 15) sets of 15 of 30 fortunes, 155 million): every
    decision offers at most one move per card held, or the assignment's own moves."""
    pack = _worst_pack(15)
    most, asked = 0, 0
    for seed in range(2):
        state, pick = _game(pack, seed=seed), random.Random(seed)
        for step in range(150):
            acting = sorted(GAME.to_act(state))
            if not acting or GAME.outcome(state) is not None:
                break
            offered = GAME.legal_moves(state, acting[0])
            most = max(most, len(offered))
            if offered[0].type == "discard_one":
                asked += 1
                assert len(offered) <= len(set(state.player(acting[0]).hand))
            events = GAME.decide(state, acting[0], pick.choice(offered), random.Random(step))
            assert not isinstance(events, Rejection), events
            for event in events:
                state = GAME.evolve(state, event)
    assert asked > 0  # the discards were reached
    assert most <= 100, most


DISCARD_2 = {"op": "discard_fortunes", "amount": 2}


def _with_penalty_face_5(*steps: dict[str, Any]) -> BlackMetroState:
    """A 2-player first game after its set-up, the penalty dice's fifth face made `steps`, Red
    holding 3 fortunes and 1 mission."""
    pack = _pack()
    penalty = next(d for d in pack["dice"] if d["id"] == "penalty")
    penalty["faces"][4]["steps"] = list(steps)
    pack["first_game"]["setup"]["value"] += [{"op": "draw", "card": "fortune", "amount": 3}]
    return through_setup(_game(pack))


def test_a_faces_discards_after_its_one_choice_are_asked_once_it_is_made() -> None:
    """A face revealing a mission, then discarding 2: Red holds one mission, so it is revealed
    unasked (its one way names the whole choice), and the discards that follow are asked one
    card at a time, nothing of that choice being left for them (rules version 29)."""
    state = _with_penalty_face_5({"op": "reveal_mission"}, DISCARD_2)
    (mission,) = state.player(RED).missions
    hand = state.player(RED).hand
    assert len(set(hand)) == 3, hand
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 5, 0, random.Random(0))
    assert [type(e) for e in run.events] == [MissionRevealed, ef.DiscardsAsked]
    state = run.state
    assert mission in state.player(RED).revealed
    assert {m.get("card") for m in GAME.legal_moves(state, RED)} == set(hand)
    state, _ = play(state, RED, "discard_one", card=hand[0])
    state, _ = play(state, RED, "discard_one", card=hand[1])
    assert state.player(RED).hand == (hand[2],)


def test_a_faces_choice_after_its_discards_is_made_once_they_are_done() -> None:
    """A face discarding 2, then revealing a mission: the discards are asked first, naming no
    way for the step after them (each later choosing step is asked in its turn, rules version
    30); once the second card is discarded Red's one mission is revealed, its only way."""
    state = _with_penalty_face_5(DISCARD_2, {"op": "reveal_mission"})
    (mission,) = state.player(RED).missions
    hand = state.player(RED).hand
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 5, 0, random.Random(0))
    (asked,) = run.events
    assert isinstance(asked, ef.DiscardsAsked) and (asked.left, asked.choice) == (1, "")
    state, events = play(run.state, RED, "discard_one", card=hand[0])
    assert mission not in state.player(RED).revealed
    state, events = play(state, RED, "discard_one", card=hand[1])
    assert [type(e) for e in events][:2] == [ef.FortunesDiscarded, MissionRevealed]
    assert mission in state.player(RED).revealed and state.player(RED).hand == (hand[2],)


def test_a_faces_draw_after_its_choice_reshuffles_an_empty_fortune_deck() -> None:
    """A face revealing a mission, then drawing a fortune, with the fortune deck empty: the
    discard is shuffled into a new deck (troubleshooting.cards: an empty deck is replenished
    from its discard) and the draw comes from it, after the choice."""
    state = _with_penalty_face_5(
        {"op": "reveal_mission"}, {"op": "draw", "card": "fortune", "amount": 1}
    )
    state = updated(
        state,
        fortune_deck=(),
        fortune_knowers=(),
        fortune_discard=state.fortune_deck,
    )
    hand = state.player(RED).hand
    run = Run(state)
    facilities.apply_face(run, RED, "penalty", 5, 0, random.Random(0))
    assert [type(e) for e in run.events][:3] == [
        MissionRevealed,
        ef.FortuneDeckReshuffled,
        ef.FortunesDrawn,
    ]
    assert len(run.state.player(RED).hand) == len(hand) + 1


def test_a_faces_single_discard_is_the_fortune_its_choice_names() -> None:
    """The penalty dice's face 5 discards 1 fortune (appendix.dice.penalty): a single card is
    chosen with the face itself, not asked apart (rules version 29 asks one at a time only a
    discard of more); carried out, the card chosen leaves the hand, discarded for the face."""
    pack = _pack()
    pack["first_game"]["setup"]["value"] += [{"op": "draw", "card": "fortune", "amount": 3}]
    state = through_setup(_game(pack))
    hand = state.player(RED).hand
    steps = state.the_pack().die("penalty").faces[4].options[0].steps
    assert [(s.op, s.get("amount")) for s in steps] == [("discard_fortunes", 1)]
    assert len(set(hand)) > 1 and facilities.choices(state, RED, 0, steps) == sorted(set(hand))
    run = Run(state)
    facilities.carry_out(run, RED, 0, steps, hand[-1], random.Random(0), "dice:penalty:5")
    (discarded,) = run.events
    assert isinstance(discarded, ef.FortunesDiscarded)
    assert (discarded.owner, discarded.cards, discarded.reason) == (
        RED,
        (hand[-1],),
        "dice:penalty:5",
    )
    assert len(run.state.player(RED).hand) == len(hand) - 1
