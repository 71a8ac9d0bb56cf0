"""Where the book leaves room, the reading the game follows (each stated in the README's "How the
rules are read"), pinned here."""

from __future__ import annotations

from rules_core.engine import Move
from rules_core.engine.updating import updated
from rules_core.games.gotham_city_strategy import GAME, board
from rules_core.games.gotham_city_strategy.choices import current
from rules_core.games.gotham_city_strategy.events import BatmanLeveledUp
from rules_core.games.gotham_city_strategy.resource_events import ResourcesChanged
from rules_core.games.gotham_city_strategy.state import BATCAVE, HIDEOUT, Decision
from tests.rules_core.games.gotham_city_strategy.table import (
    PACK,
    act,
    at_step,
    blocks,
    events_of,
    ready,
    refused,
    with_player,
)
from tests.rules_core.games.gotham_city_strategy.test_rules import (
    _incomes,
    batman_fight,
    signal_card,
)
from tests.rules_core.json_shapes import objs


def test_batman_beaten_at_the_top_of_his_dial_stays_at_its_last_level() -> None:
    top = len(PACK.batman)
    state, _ = batman_fight(("3", "1"), henchmen=1, drawer_fights=False)
    assert state.batman_at == BATCAVE and state.batman_level == 2
    at_top = updated(state, batman_level=top)
    assert GAME.evolve(at_top, BatmanLeveledUp(seat=None)).batman_level == top


def test_henchmen_and_a_villain_in_the_hideout_are_seen_by_every_seat() -> None:
    """Only money and information go behind the screen: the henchmen recruited, lost or sent
    home, and a villain beaten back, are moved in the open."""
    state = with_player(ready(["joker", "penguin"]), 1, hideout_henchmen=3, villain_at=HIDEOUT)
    for seat in (0, None):
        penguin = objs(GAME.view(state, seat)["players"])[1]
        assert penguin["hideout_henchmen"] == 3 and penguin["recruited"] == 3
        assert penguin["villain_at"] == HIDEOUT
        assert penguin["money"] is None and penguin["information"] is None


def test_two_of_the_same_resource_may_be_taken_instead_of_the_card() -> None:
    state = at_step(ready(["joker", "penguin"]), "resolve", played="plot-01")
    assert current(state) == Decision(seat=0, kind="use_card", must=True)
    offered = {(m.get("first"), m.get("second")) for m in GAME.legal_moves(state, 0)}
    assert {("money", "money"), ("information", "information"), ("threats", "threats")} <= offered
    taken = act(state, 0, Move.of("take", first="money", second="money"))
    assert taken.players[0].money == state.players[0].money + 2


def test_each_villain_ruling_a_tied_block_takes_its_whole_income() -> None:
    card = PACK.card("plot-02")
    opera = PACK.block_index(card.income_block)
    state = ready(["joker", "penguin", "two-face"])
    state = with_player(state, 0, hand=("plot-02",))
    state = with_player(state, 1, threats=blocks(gotham_opera_house=2))
    state = with_player(state, 2, threats=blocks(gotham_opera_house=2))
    assert board.rulers(state, opera) == frozenset({1, 2})
    paid = _incomes(events_of(state, 0, Move.of("play", card="plot-02")))
    amount = card.income_amount
    one = (amount, 0) if PACK.blocks[opera].income == "money" else (0, amount)
    assert paid == [(1, *one), (2, *one)]


def test_a_move_begun_is_paid_even_if_no_figure_moves() -> None:
    state = at_step(with_player(ready(["joker", "penguin"]), 0, information=2), "actions")
    began = act(state, 0, Move.of("move"))
    done = events_of(began, 0, Move.of("done_moving"))
    assert not any(isinstance(e, ResourcesChanged) for e in done)
    after = act(began, 0, Move.of("done_moving"))
    assert after.players[0].information == 1
    assert after.current == 1  # the turn's one move is made: the turn ends with it (version 8)


def test_in_the_variant_levels_come_before_the_face_down_card_is_revealed() -> None:
    state = with_player(ready(["joker", "penguin"], variant=True), 0, money=5)
    advanced = act(state, 0, Move.of("advance"))
    assert advanced.players[0].level == 2
    revealed = act(advanced, 0, Move.of("reveal"))
    assert revealed.played and refused(revealed, 0, Move.of("advance")).code in (
        "wrong_step",
        "decision_pending",
    )


def test_the_reserves_of_money_and_information_never_run_out() -> None:
    """The box's 40 money and 40 information tokens (worth 80 and 60) are not a limit."""
    state = at_step(ready(["joker", "penguin"]), "resolve", played="plot-01")
    state = with_player(state, 0, money=200, information=200)
    state = with_player(state, 1, money=200, information=200)
    taken = act(state, 0, Move.of("take", first="information", second="money"))
    assert (taken.players[0].money, taken.players[0].information) == (201, 201)


def test_a_card_whose_requirement_is_unmet_is_played_paid_and_exchanged() -> None:
    """Shakedown asks for a henchman on the map: without one it may still be played, its income
    is paid, and only the two resources are offered for it (turn.plot.effect)."""
    bank = PACK.block_index("mercy-hill-bank")
    state = with_player(ready(["joker", "penguin"]), 0, hand=("plot-07",), money=0)
    state = with_player(state, 0, threats=blocks(mercy_hill_bank=1))
    assert Move.of("play", card="plot-07") in GAME.legal_moves(state, 0)
    events = events_of(state, 0, Move.of("play", card="plot-07"))
    assert _incomes(events) == [(0, 3, 0)] and board.rulers(state, bank) == {0}
    after = act(state, 0, Move.of("play", card="plot-07"))
    offered = {m.type for m in GAME.legal_moves(after, 0)}
    assert offered == {"take"} and refused(after, 0, Move.of("carry_out")).code == (
        "card_requirement_not_met"
    )


def test_batman_sent_to_the_most_threats_with_none_on_the_map_may_go_to_any_other_block() -> None:
    state = ready(["joker", "penguin"])
    state = with_player(state, 0, hand=(signal_card(),))
    ace = PACK.block_index("ace-chemicals")
    state = updated(state, batman_at=ace, batman_deck=("batman-08", *state.batman_deck))
    state = act(state, 0, Move.of("play", card=signal_card()))
    decision = current(state)
    assert decision is not None and decision.kind == "batman_to"
    assert decision.candidates == tuple(b for b in range(12) if b != ace)
