"""What City Strategy's moves write at the table (moves.py's acts): each in the name of its
player, a free move paying nothing, a theft falling back to the other resource, the tenth level
ending the game."""

from __future__ import annotations

import random
import tomllib

import pytest

from rules_core.engine import Move, Rejection, fold
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME
from rules_core.games.gotham_city_strategy.content import REFERENCE_PACK, Op, parse_pack
from rules_core.games.gotham_city_strategy.events import (
    CardCarriedOut,
    CardFaceDown,
    FightResolved,
    ThreatPlaced,
    ThreatRemoved,
)
from rules_core.games.gotham_city_strategy.figure_events import (
    HenchmanLost,
    HenchmanPlaced,
    HenchmenMoved,
    HenchmenSentHome,
    MovementBegan,
    MovementEnded,
    MovePlanned,
    VillainMoved,
)
from rules_core.games.gotham_city_strategy.language import place
from rules_core.games.gotham_city_strategy.resource_events import (
    ResourcesChanged,
    ResourcesTaken,
    ScreenShown,
    Stolen,
)
from rules_core.games.gotham_city_strategy.state import (
    HIDEOUT,
    THREATS_PER_VILLAIN,
    Decision,
    GcsState,
)
from rules_core.games.gotham_city_strategy.turn_events import GameFinished
from rules_core.games.gotham_city_strategy.vocabulary import say
from tests.rules_core.games.gotham_city_strategy.table import (
    ACE,
    act,
    at_step,
    blocks,
    events_of,
    ready,
    with_player,
)
from tests.rules_core.games.gotham_city_strategy.test_screens import umbrella_win


def test_paying_for_a_level_and_for_a_move_are_made_in_the_players_name() -> None:
    state = with_player(ready(["joker", "penguin"]), 0, money=5, information=3)
    paid = events_of(state, 0, Move.of("advance"))[0]
    assert isinstance(paid, ResourcesChanged) and (paid.seat, paid.owner) == (0, 0)
    events = events_of(at_step(state, "actions"), 0, Move.of("move"))
    assert events[:2] == [
        ResourcesChanged(seat=0, owner=0, money=0, information=-1, reason="move"),
        MovementBegan(seat=0),
    ]


def test_a_villain_with_a_free_move_ability_pays_no_information_to_move() -> None:
    state = ready(["two-face", "joker"])
    state = with_player(state, 0, abilities=("two-face-courthouse-contacts",), information=3)
    events = events_of(at_step(state, "actions"), 0, Move.of("move"))
    assert events[0] == MovementBegan(seat=0)
    assert not [e for e in events if isinstance(e, ResourcesChanged)]


def test_planned_moves_are_made_in_the_players_name() -> None:
    henchmen = tuple(2 * int(b == 9) for b in range(12))
    state = with_player(ready(["joker", "penguin"]), 0, information=3, henchmen=henchmen)
    state = act(at_step(state, "actions"), 0, Move.of("move"))
    planned = events_of(state, 0, Move.of("move_villain", to=ACE))
    assert [(type(e), e.seat) for e in planned[:1]] == [(MovePlanned, 0)]
    moves = [m for m in GAME.legal_moves(state, 0) if m.type == "move_henchmen"]
    assert moves
    planned = events_of(state, 0, moves[0])
    assert [(type(e), e.seat) for e in planned[:1]] == [(MovePlanned, 0)]


def test_a_theft_of_information_from_a_villain_without_any_takes_his_last_money() -> None:
    state = umbrella_win(victim_money=1, victim_information=0)
    events = events_of(state, 0, Move.of("steal", resource="information"))
    assert [type(e) for e in events] == [ScreenShown, Stolen]
    assert events[1] == Stolen(seat=0, victim=1, resource="money", amount=1)


def test_reaching_the_tenth_level_ends_the_game_for_that_reason() -> None:
    state = with_player(ready(["joker", "penguin"]), 0, level=9, money=30, information=30)
    events = events_of(state, 0, Move.of("advance"))
    assert GameFinished(seat=None, winners=(0,), reason="level 10") in events


def test_a_henchman_lost_is_the_losers_choice_from_the_hideout_or_a_block() -> None:
    state = ready(["joker", "penguin"])
    henchmen = tuple(1 if b == 3 else 0 for b in range(len(state.players[1].henchmen)))
    state = with_player(state, 1, henchmen=henchmen, hideout_henchmen=0)
    state = at_step(state, "resolve")
    asked = (Decision(seat=1, kind="lose_henchman", count=1, must=True),)
    state = updated(state, flow=updated(state.flow, prompts=asked))
    assert GAME.legal_moves(state, 1) == [Move.of("lose_henchman", source=3)]
    assert events_of(state, 1, Move.of("lose_henchman", source=3))[0] == HenchmanLost(
        seat=1, owner=1, source=3
    )
    refused = GAME.decide(state, 1, Move.of("lose_henchman", source=5), random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "bad_choice"


def test_a_henchman_lost_leaves_the_villain_for_the_reserves() -> None:
    """A henchman a card makes a player lose goes back to the reserves (the reference Gas
    Attack says so; henchmen start there, glossary.henchmen): the loser has one fewer
    recruited (room to recruit one again), and the other stays in the hideout."""
    state = ready(["joker", "penguin"])
    state = with_player(state, 1, henchmen=blocks(ace_chemicals=1), hideout_henchmen=1)
    state = at_step(state, "resolve")
    asked = (Decision(seat=1, kind="lose_henchman", count=1, must=True),)
    state = updated(state, flow=updated(state.flow, prompts=asked))
    after = act(state, 1, Move.of("lose_henchman", source=ACE))
    penguin = after.players[1]
    assert (penguin.henchmen[ACE], penguin.hideout_henchmen, penguin.recruited) == (0, 1, 1)


@pytest.mark.parametrize("source", [0, 9])
def test_with_the_reserve_empty_a_threat_is_moved_from_a_block_the_player_names(
    source: int,
) -> None:
    """Placing a threat with none left in the reserve moves one of the player's own from the
    block named as `source` (turn.plot.effect.placing); naming none, or a block without one of
    theirs, is refused."""
    state = ready(["joker", "penguin"])
    spread = tuple(THREATS_PER_VILLAIN // 12 + (b < THREATS_PER_VILLAIN % 12) for b in range(12))
    state = with_player(state, 0, threats=spread)
    assert state.players[0].reserve_threats == 0
    state = at_step(state, "resolve")
    asked = (Decision(seat=0, kind="place_threats", count=1, must=True),)
    state = updated(state, flow=updated(state.flow, prompts=asked))
    target = 4
    offered = GAME.legal_moves(state, 0)
    assert Move.of("place_threat", block=target, source=source) in offered
    assert Move.of("place_threat", block=target) not in offered
    events = events_of(state, 0, Move.of("place_threat", block=target, source=source))
    assert events[0] == ThreatPlaced(seat=0, block=target, source=source)
    after = act(state, 0, Move.of("place_threat", block=target, source=source))
    assert after.players[0].threats[target] == spread[target] + 1
    assert after.players[0].threats[source] == spread[source] - 1
    for move in (
        Move.of("place_threat", block=target),
        Move.of("place_threat", block=target, source=target),
    ):
        refused = GAME.decide(state, 0, move, random.Random(0))
        assert isinstance(refused, Rejection) and refused.code == "cannot_place_threat"
        assert (
            refused.message
            == "Your reserve is empty: name the block of yours to move a threat from."
        )


def test_a_threat_comes_from_the_reserve_while_it_has_any_else_from_a_block_of_ones_own() -> None:
    """glossary.threats: a villain places threats from the reserve, and only with none left
    there moves one of their own from the map instead. Naming a block to move from while the
    reserve holds some, or a block holding none of the player's threats once it is empty, is
    refused with the reason."""
    state = at_step(ready(["joker", "penguin"]), "resolve")
    asked = (Decision(seat=0, kind="place_threats", count=1, must=True),)
    state = updated(state, flow=updated(state.flow, prompts=asked))
    state = with_player(state, 0, threats=(0,) * 11 + (5,))
    assert state.players[0].reserve_threats == THREATS_PER_VILLAIN - 5
    refused = GAME.decide(state, 0, Move.of("place_threat", block=4, source=11), random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "cannot_place_threat"
    assert refused.message == "Threats come from your reserve while it has any."
    spread = (3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 0, 0)  # none of the Joker's on the last two blocks
    empty = with_player(state, 0, threats=spread)
    assert empty.players[0].reserve_threats == 0
    refused = GAME.decide(empty, 0, Move.of("place_threat", block=4, source=11), random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "cannot_place_threat"
    assert refused.message == f"You have no threat on {place(empty, 11)}."


def test_a_threat_not_on_offer_is_not_removed() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 1, threats=tuple(1 if b == 2 else 0 for b in range(12)))
    state = at_step(state, "resolve")
    asked = (Decision(seat=0, kind="remove_threats", count=1, must=True, block=2),)
    state = updated(state, flow=updated(state.flow, prompts=asked))
    assert events_of(state, 0, Move.of("remove_threat", block=2, owner=1))[0] == ThreatRemoved(
        seat=0, owner=1, block=2, by="fight"
    )
    for block, owner in ((3, 1), (2, 0)):
        move = Move.of("remove_threat", block=block, owner=owner)
        refused = GAME.decide(state, 0, move, random.Random(0))
        assert isinstance(refused, Rejection)
        assert (refused.code, refused.message) == (
            "cannot_remove_threat",
            "There is no such threat you may remove.",
        )


def asked(state: GcsState, decision: Decision) -> GcsState:
    """The state with `decision` waiting while a card is being carried out."""
    state = at_step(state, "resolve")
    return updated(state, flow=updated(state.flow, prompts=(decision,)))


@pytest.mark.parametrize("block", [0, 7])
def test_a_henchman_is_placed_from_the_hideout_on_the_block_chosen(block: int) -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, hideout_henchmen=2, henchmen=(0,) * 12)
    state = updated(state, batman_at=-1)
    enemy = 5
    state = with_player(state, 1, henchmen=tuple(int(b == enemy) for b in range(12)))
    state = asked(state, Decision(seat=0, kind="place_henchmen", count=1, must=True))
    offered = [m.get("block") for m in GAME.legal_moves(state, 0) if m.type == "place_henchman"]
    assert block in offered and enemy not in offered
    move = Move.of("place_henchman", block=block)
    assert events_of(state, 0, move)[0] == HenchmanPlaced(seat=0, block=block)
    after = act(state, 0, move)
    assert after.players[0].henchmen[block] == 1 and after.players[0].hideout_henchmen == 1
    refused = GAME.decide(state, 0, Move.of("place_henchman", block=enemy), random.Random(0))
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.message) == (
        "bad_choice",
        "A henchman goes on a block with no enemy figure and no Batman.",
    )


def test_a_henchman_is_lost_from_the_first_block_too() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 1, henchmen=tuple(int(b == 0) for b in range(12)))
    state = with_player(state, 1, hideout_henchmen=0)
    state = asked(state, Decision(seat=1, kind="lose_henchman", count=1, must=True))
    assert events_of(state, 1, Move.of("lose_henchman", source=0))[0] == HenchmanLost(
        seat=1, owner=1, source=0
    )


def test_a_theft_names_money_or_information() -> None:
    state = ready(["joker", "penguin"])
    state = asked(state, Decision(seat=0, kind="steal", count=1, must=True, victim=1))
    refused = GAME.decide(state, 0, Move.of("steal", resource="henchmen"), random.Random(0))
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.message) == ("bad_choice", "Steal 'money' or 'information'.")


def block_of(move: Move) -> int:
    """The block a move names, which must be a number."""
    block = move.get("block")
    assert isinstance(block, int), move
    return block


@pytest.mark.parametrize("kind", ["send_home", "batman_to"])
def test_a_block_outside_the_candidates_is_refused_naming_them(kind: str) -> None:
    state = ready(["joker", "penguin"])
    state = asked(state, Decision(seat=0, kind=kind, count=1, must=True, candidates=(2, 6)))
    assert sorted(block_of(m) for m in GAME.legal_moves(state, 0) if m.type == kind) == [2, 6]
    refused = GAME.decide(state, 0, Move.of(kind, block=3), random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "bad_choice"
    assert refused.message == f"Choose one of: {place(state, 2)}, {place(state, 6)}."


def test_henchmen_on_the_first_block_are_sent_home_but_the_choosers() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 1, henchmen=tuple(int(b == 0) for b in range(12)))
    state = asked(state, Decision(seat=0, kind="send_home", count=1, must=True, candidates=(0, 4)))
    assert events_of(state, 0, Move.of("send_home", block=0))[0] == HenchmenSentHome(
        seat=0, block=0, spare=0, by="card"
    )


def test_a_card_put_face_down_comes_from_the_hand() -> None:
    state = ready(["joker", "penguin"], variant=True)
    hand = state.players[0].hand
    state = asked(state, Decision(seat=0, kind="face_down", count=1, must=True))
    assert events_of(state, 0, Move.of("face_down", card=hand[0]))[0] == CardFaceDown(
        seat=0, card=hand[0]
    )
    elsewhere = next(c for c in state.players[1].hand if c not in hand)
    refused = GAME.decide(state, 0, Move.of("face_down", card=elsewhere), random.Random(0))
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.message) == (
        "card_not_in_hand",
        "That card is not in your hand.",
    )


@pytest.mark.parametrize("henchmen", [0, 1])
def test_a_card_with_a_requirement_is_carried_out_only_when_it_is_met(henchmen: int) -> None:
    """Shakedown asks for a henchman on the map; without one the player takes two resources
    instead (turn.plot.effect)."""
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, henchmen=tuple(henchmen * int(b == 3) for b in range(12)))
    state = updated(asked(state, Decision(seat=0, kind="use_card", must=True)), played="plot-07")
    carry = Move.of("carry_out")
    offered = GAME.legal_moves(state, 0)
    if henchmen:
        assert carry in offered
        assert events_of(state, 0, carry)[0] == CardCarriedOut(seat=0, card="plot-07")
    else:
        assert carry not in offered
        refused = GAME.decide(state, 0, carry, random.Random(0))
        assert isinstance(refused, Rejection)
        assert refused.code == "card_requirement_not_met"
    take = Move.of("take", first="information", second="money")
    assert take in offered
    assert events_of(state, 0, take)[0] == ResourcesTaken(
        seat=0, first="information", second="money"
    )
    backwards = Move.of("take", first="money", second="information")  # the same two, posted
    assert backwards not in offered  # offered once, in the reserves' order
    assert events_of(state, 0, backwards)[0] == ResourcesTaken(
        seat=0, first="information", second="money"
    )
    for first, second in (("gold", "money"), ("money", None)):
        refused = GAME.decide(
            state, 0, Move.of("take", first=first, second=second), random.Random(0)
        )
        assert isinstance(refused, Rejection)
        assert (refused.code, refused.message) == (
            "bad_choice",
            "Take two of information, money, threats, named as first and second (the same one"
            " twice takes two of it).",
        )


def test_a_planned_move_is_carried_out_in_the_players_name() -> None:
    henchmen = tuple(2 * int(b == 9) for b in range(12))
    state = with_player(ready(["joker", "penguin"]), 0, information=3, henchmen=henchmen)
    state = act(at_step(state, "actions"), 0, Move.of("move"))
    state = act(state, 0, Move.of("move_villain", to=ACE))
    every = Move.of("move_henchmen", source=9, target=ACE, count=2)  # nothing else moves
    done = events_of(state, 0, every)
    carried = [e for e in done if isinstance(e, VillainMoved | HenchmenMoved | MovementEnded)]
    assert {type(e) for e in carried} == {VillainMoved, HenchmenMoved, MovementEnded}
    assert all(e.seat == 0 for e in carried)


@pytest.mark.parametrize("to", [HIDEOUT, 8])
def test_a_villain_going_home_or_to_an_empty_block_fights_nobody(to: int) -> None:
    """No fight where no enemy villain and no Batman stand: not in the hideout, where the
    others' villains wait in hideouts of their own, nor on an empty block."""
    state = ready(["joker", "penguin", "two-face"])
    state = updated(state, batman_at=ACE)
    state = with_player(state, 0, information=3, villain_at=5 if to == HIDEOUT else HIDEOUT)
    for seat in (1, 2):
        state = with_player(state, seat, villain_at=HIDEOUT)
    state = act(at_step(state, "actions"), 0, Move.of("move"))
    done = events_of(state, 0, Move.of("move_villain", to=to))  # done at once
    assert not any(isinstance(e, FightResolved) for e in done)
    assert fold(GAME, done, state).players[0].villain_at == to


def test_a_card_that_puts_henchmen_on_the_map_puts_every_one_it_can() -> None:
    """Street Crew puts 2 henchmen from the hideout on the map: not "up to", so, as a card's
    threats are placed (turn.plot.effect.placing), its player may not stop short."""
    state = with_player(ready(["joker", "penguin"]), 0, hideout_henchmen=3)
    state = at_step(state, "resolve", played="plot-12", program=(), chosen=False)
    state = act(state, 0, Move.of("carry_out"))
    (decision,) = state.pending
    assert (decision.kind, decision.count, decision.must) == ("place_henchmen", 2, True)
    assert Move.of("stop") not in GAME.legal_moves(state, 0)
    refused = GAME.decide(state, 0, Move.of("stop"), random.Random(0))
    assert isinstance(refused, Rejection) and refused.code == "must_continue"
    for _ in range(2):
        state = act(state, 0, Move.of("place_henchman", block=0))
    assert state.players[0].henchmen[0] == 2 and state.players[0].hideout_henchmen == 1
    assert not state.pending


def test_in_the_variant_every_villain_must_put_a_card_face_down_before_the_first_turn() -> None:
    """The variant's set-up round has every player put a card face down: the decision waited
    for is a must (it read "The Joker may put a card face down", and its refusal of a stop
    "may ... It cannot be stopped early"); rules version 7."""
    state = fold(GAME, GAME.setup(2, {"variant": True}, random.Random(3)))
    while state.pending[0].kind != "face_down":
        (seat,) = GAME.to_act(state)
        state = fold(GAME, events_of(state, seat, GAME.legal_moves(state, seat)[0]), state)
    assert [(d.kind, d.must) for d in state.pending] == [("face_down", True)] * 2
    assert GAME.view(state, None)["pending"][0]["text"] == (  # type: ignore[index,call-overload]
        "The Joker must put a card face down for the next turn."
    )
    stop = GAME.decide(state, 0, Move.of("stop"), random.Random(0))
    assert isinstance(stop, Rejection) and stop.message.startswith("The Joker must put")


def test_a_cards_henchmen_on_different_blocks_go_no_two_to_a_block() -> None:
    """turn.plot.effect.placing: a card that puts henchmen "on different blocks" may not put
    two on one block, as for threats (the note speaks of both). A pack can say so of a
    `place_henchmen` step (`different`, as `place_threats` has), and the second henchman is
    then refused on the first one's block, citing the note."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    crew = next(p for p in raw["plot"] if p["id"] == "plot-12")  # Street Crew: 2 henchmen
    crew["effect"][0]["different"] = True
    crew["text"] = "Put 2 Henchmen from your Hideout on different blocks."
    pack = parse_pack(raw)
    assert pack.card("plot-12").effect[0] == Op("place_henchmen", 2, different=True)
    state = updated(ready(["joker", "penguin"]), pack=pack)
    state = with_player(state, 0, hideout_henchmen=3)
    state = at_step(state, "resolve", played="plot-12", program=(), chosen=False)
    state = act(state, 0, Move.of("carry_out"))
    (decision,) = state.pending
    assert (decision.kind, decision.count, decision.different) == ("place_henchmen", 2, True)
    state = act(state, 0, Move.of("place_henchman", block=0))
    legal = GAME.legal_moves(state, 0)
    offered = [int(str(m.get("block"))) for m in legal if m.type == "place_henchman"]
    assert offered and 0 not in offered
    refused = GAME.decide(state, 0, Move.of("place_henchman", block=0), random.Random(0))
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.message) == (
        "bad_choice",
        f"These henchmen go on different blocks; {place(state, 0)} has one.",
    )
    assert [c.section for c in refused.citations] == ["turn.plot.effect.placing"]
    state = act(state, 0, Move.of("place_henchman", block=offered[0]))
    assert state.players[0].henchmen[0] == 1 and state.players[0].henchmen[offered[0]] == 1
    assert state.players[0].hideout_henchmen == 1 and not state.pending


@pytest.mark.parametrize(
    ("card", "move", "refusal"),
    [
        ("plot-12", "place_henchman", "bad_choice"),  # Street Crew: 2 henchmen
        ("plot-19", "place_threat", "cannot_place_threat"),  # 2 threats on different blocks
    ],
)
@pytest.mark.parametrize("batmans_block", [False, True])
def test_a_card_may_put_its_figures_on_batmans_block_only_where_it_says_so(
    card: str, move: str, refusal: str, batmans_block: bool
) -> None:
    """turn.plot.batman-blocks: nobody places threats or henchmen where Batman is, unless a
    card says so. A pack says so of a `place_threats` or `place_henchmen` step
    (`batmans_block`); its line then reads so, and Batman's block is offered and taken."""
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    plot = next(p for p in raw["plot"] if p["id"] == card)
    plot["effect"][0]["batmans_block"] = batmans_block
    pack = parse_pack(raw)
    assert pack.card(card).effect[0].batmans_block is batmans_block
    words = say(pack.card(card).effect[0], {})
    assert words.endswith(", even on Batman's block") is batmans_block, words
    state = updated(ready(["joker", "penguin"]), pack=pack, batman_at=0)
    state = with_player(state, 0, hideout_henchmen=3)
    state = at_step(state, "resolve", played=card, program=(), chosen=False)
    state = act(state, 0, Move.of("carry_out"))
    (decision,) = state.pending
    assert decision.batmans_block is batmans_block
    offered = {int(str(m.get("block"))) for m in GAME.legal_moves(state, 0) if m.type == move}
    assert (0 in offered) is batmans_block and offered - {0}
    answer = GAME.decide(state, 0, Move.of(move, block=0), random.Random(0))
    if batmans_block:
        assert not isinstance(answer, Rejection)
        state = act(state, 0, Move.of(move, block=0))
        placed = state.players[0].henchmen if move == "place_henchman" else state.players[0].threats
        assert placed[0] >= 1 and state.batman_at == 0
    else:
        assert isinstance(answer, Rejection) and answer.code == refusal
        assert "turn.plot.batman-blocks" in [c.section for c in answer.citations]
