"""Gotham Race rules: set-up, drawing and placing, resolving, reshuffling and the finish."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules_core.engine import GameEvent, Move, Rejection, fold, from_json
from rules_core.engine.types import Citation
from rules_core.engine.upcasting import upcast
from rules_core.games.gotham_race import GAME, track
from rules_core.games.gotham_race.content import DECKS
from rules_core.games.gotham_race.events import (
    CardDrawn,
    CardPlaced,
    CardResolved,
    CardsDealt,
    DecksReplenished,
    DepositRevealed,
    GameFinished,
    OwnerlessPassed,
    RoundEnded,
    RoundStarted,
)
from rules_core.games.gotham_race.state import Placed, RaceState
from tests.rules_core.json_shapes import objs

A, B, C, D = 0, 1, 2, 3


def start(players: int, seed: int = 1) -> RaceState:
    return fold(GAME, GAME.setup(players, {}, random.Random(seed)))


def play(
    state: RaceState, seat: int, move: Move, seed: int = 0
) -> tuple[RaceState, list[GameEvent]]:
    result = GAME.decide(state, seat, move, random.Random(seed))
    assert not isinstance(result, Rejection), result
    return fold(GAME, result, state), result


def refused(state: RaceState, seat: int, move: Move) -> Rejection:
    result = GAME.decide(state, seat, move, random.Random(0))
    assert isinstance(result, Rejection)
    return result


def cards_of(deck: int) -> list[str]:
    return [f"{deck}-{i:02d}" for i in range(1, 16)]


def test_setup_deals_one_card_of_each_deck_to_every_player() -> None:
    state = start(4)
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]
    for hand in state.hands:
        assert sorted(int(c[0]) for c in hand) == [1, 2, 3, 4]
    assert [len(d) for d in state.decks] == [11, 11, 11, 11]
    assert state.order == (A, B, C, D)  # start number 4 first
    assert GAME.to_act(state) == {0}


def test_a_turn_is_draw_then_place() -> None:
    state = start(4)
    assert [m.type for m in GAME.legal_moves(state, 0)] == ["draw"] * 4
    assert refused(state, 0, Move.of("place", card=state.hands[0][0])).code == "must_draw_first"
    state, events = play(state, 0, Move.of("draw", deck=3))
    assert isinstance(events[0], CardDrawn) and events[0].deck == 3
    assert len(state.hands[0]) == 5
    assert refused(state, 0, Move.of("draw", deck=1)).code == "already_drawn"
    card = state.hands[0][2]
    state, events = play(state, 0, Move.of("place", card=card))
    assert events == [CardPlaced(seat=0, figure=A, deck=int(card[0]), card=card)]
    assert GAME.to_act(state) == {1}


def test_a_card_placed_in_the_first_round_cites_the_first_round() -> None:
    """'game-play.first-round' is where the book has a card placed face down on the deposit (the
    start player first, then start numbers 3, 2 and 1); later rounds place 'in the same way'
    ('game-play.following-rounds'), and the back shows which rank it moves."""
    state, _ = play(start(4), 0, Move.of("draw", deck=2))
    _, events = play(state, 0, Move.of("place", card=state.hands[0][0]))
    (placed,) = events
    assert placed.cited() == (
        Citation("gotham-race", "game-play.first-round"),
        Citation("gotham-race", "game-play.following-rounds"),
        Citation("gotham-race", "questions.card-backs"),
    )


def test_refusals_carry_codes_and_citations() -> None:
    state = start(2)
    cases = {
        (1, Move.of("draw", deck=1)): "not_your_turn",
        (0, Move.of("fly")): "unknown_move",
        (0, Move.of("draw", deck=7)): "bad_deck",
        (0, Move.of("draw", deck=True)): "bad_deck",
        (0, Move.of("draw", deck=1, extra=2)): "unexpected_parameter",
    }
    first_round = Citation("gotham-race", "game-play.first-round")
    for (seat, move), code in cases.items():
        rejection = refused(state, seat, move)
        assert rejection.code == code
        # a turn is a draw and then a place, in the first round as in the following ones
        assert first_round in rejection.citations
    drawn, _ = play(state, 0, Move.of("draw", deck=1))
    assert refused(drawn, 0, Move.of("place", card="9-99")).code == "card_not_in_hand"
    empty = replace(state, decks=((), *state.decks[1:]))
    assert refused(empty, 0, Move.of("draw", deck=1)).code == "deck_empty"
    assert refused(replace(state, phase="over"), 0, Move.of("draw", deck=1)).code == "game_over"


def test_a_card_set_the_race_cannot_use_is_refused_by_the_set_up_that_deals_it() -> None:
    """A heading whose rules all sit in its subsections ('preparation', 'cards') states none
    (every game's refusals are held to that in tests/rules_core/engine/test_citations.py): a
    card set the race cannot use is refused by the set-up of 'preparation.four-players' (the
    decks sorted by their backs, one card of each dealt to every player) and the box's contents
    ('the-game': 60 action cards of four backs), beside the board's legend."""
    assert [c.section for c in GAME.rejections["bad_options"]] == [
        "preparation.four-players",
        "the-game",
        "board",
    ]


def test_ownerless_figures_place_the_top_card_of_the_deck_of_their_position() -> None:
    state = start(1, seed=3)
    state, _ = play(state, 0, Move.of("draw", deck=1))
    tops = {deck: state.decks[deck - 1][0] for deck in (1, 2, 3)}
    _, events = play(state, 0, Move.of("place", card=state.hands[0][0]))
    reveal = next(i for i, e in enumerate(events) if isinstance(e, DepositRevealed))
    ownerless = [e for e in events[:reveal] if isinstance(e, CardPlaced) and e.seat is None]
    # B starts in lane 2 (third), C in lane 1 (second), D inside (first).
    assert [(e.figure, e.deck, e.card) for e in ownerless] == [
        (B, 3, tops[3]),
        (C, 2, tops[2]),
        (D, 1, tops[1]),
    ]
    assert any(isinstance(e, DepositRevealed) for e in events)
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in events)
    assert GAME.to_act(fold(GAME, events, state)) == {0}


def _with_hands(state: RaceState, hands: tuple[tuple[str, ...], ...]) -> RaceState:
    return replace(state, hands=hands)


def test_cards_resolve_in_placement_order_with_positions_recomputed_each_time() -> None:
    state = start(4)
    xs, lanes = (0, 4, 8, 12), (0, 0, 0, 0)
    # '4-05' last +4; '1-04' leader +3; '2-10' second +6; '3-01' third 3 back.
    state = replace(state, xs=xs, lanes=lanes, order=(A, B, C, D))
    state = _with_hands(state, (("4-05",), ("1-04",), ("2-10",), ("3-01",)))
    for seat in range(4):
        state, _ = play(state, seat, Move.of("draw", deck=1 + seat % 4))
        card = state.hands[seat][0]
        state, events = play(state, seat, Move.of("place", card=card))
    resolved = [e for e in events if isinstance(e, CardResolved)]
    assert [e.card for e in resolved] == ["4-05", "1-04", "2-10", "3-01"]
    # last (A at 0) -> 4; leader (D at 12) -> 15; second (C at 8) -> 14; then the third is B
    # (at 4 on A's square, B inside... A arrived later so B holds the inside lane) -> 1.
    assert [e.subject for e in resolved] == [A, D, C, B]
    assert resolved[-1].xs == (4, 1, 14, 15)
    assert isinstance(events[-2], RoundEnded)


def test_from_round_two_the_figure_in_last_place_places_first() -> None:
    """'game-play.following-rounds': the order follows the positions after the round, last
    first; on a shared square the outer lane places first."""
    state = start(4)
    state = replace(state, xs=(0, 4, 8, 12), lanes=(0, 0, 0, 0), order=(A, B, C, D))
    state = _with_hands(state, (("4-05",), ("1-04",), ("2-10",), ("3-01",)))
    for seat in range(4):
        state, _ = play(state, seat, Move.of("draw", deck=1 + seat % 4))
        state, events = play(state, seat, Move.of("place", card=state.hands[seat][0]))
    started = events[-1]
    assert isinstance(started, RoundStarted) and started.round == 2
    assert state.xs == (4, 1, 14, 15)
    assert started.order == (B, A, C, D)  # B last at 1, then A at 4, C at 14, D leading at 15
    assert GAME.to_act(state) == frozenset({B})
    shared = replace(state, xs=(5, 5, 9, 9), lanes=(0, 1, 1, 0))
    assert track.placement_order(shared.xs, shared.lanes) == (B, A, C, D)


def test_an_exhausted_deck_is_refilled_from_the_sorted_shuffled_discards() -> None:
    state = start(2)
    discard = ("1-01", "2-05", "2-06", "4-03")
    state = replace(state, decks=(state.decks[0], ("2-01",), *state.decks[2:]), discard=discard)
    state, events = play(state, 0, Move.of("draw", deck=2))
    assert isinstance(events[1], DecksReplenished)
    assert events[1].added[0] == ("1-01",)
    assert sorted(events[1].added[1]) == ["2-05", "2-06"]
    assert events[1].added[2] == () and events[1].added[3] == ("4-03",)
    assert state.discard == ()
    assert state.decks[1] and state.decks[0][-1] == "1-01"


def test_ownerless_figure_with_an_empty_deck_passes() -> None:
    state = start(1)
    state = replace(state, decks=(state.decks[0], state.decks[1], (), state.decks[3]))
    state, _ = play(state, 0, Move.of("draw", deck=1))
    _, events = play(state, 0, Move.of("place", card=state.hands[0][0]))
    assert OwnerlessPassed(seat=None, figure=B, deck=3) in events


def test_after_an_ownerless_pass_the_next_figure_places_and_the_pile_is_turned() -> None:
    """'questions.decks-exhausted': a figure without a player whose deck is empty places
    nothing; the round goes on with the next figure in the order, each placing once."""
    state = start(1)
    state = replace(state, decks=(state.decks[0], state.decks[1], (), state.decks[3]))
    drawn, _ = play(state, 0, Move.of("draw", deck=1))
    _, events = play(drawn, 0, Move.of("place", card=drawn.hands[0][0]))
    turned = next(i for i, e in enumerate(events) if isinstance(e, DepositRevealed))
    assert [type(e) for e in events[:turned]] == [
        CardPlaced,
        OwnerlessPassed,
        CardPlaced,
        CardPlaced,
    ]
    assert [e.figure for e in events[:turned] if isinstance(e, CardPlaced)] == [A, C, D]
    revealed = events[turned]
    assert isinstance(revealed, DepositRevealed) and len(revealed.cards) == 3
    passed = fold(GAME, events[:2], drawn)  # A placed, B passed: C's turn, nothing drawn
    assert passed.current_figure == C and passed.drawn is False
    assert GAME.view(passed, 0)["drawn"] is False


def test_the_game_ends_after_the_round_with_the_furthest_figure_beyond_the_finish() -> None:
    state = start(4)
    state = replace(state, xs=(22, 10, 5, 0), lanes=(0, 0, 0, 0), order=(D, C, B, A))
    # D (last) plays '4-02' last +2; C '3-03' third +3; B '2-03' second +2;
    # A '1-04' leader +3 -> 25, one beyond the finish.
    hands = (("1-04",), ("2-03",), ("3-03",), ("4-02",))
    state = _with_hands(state, hands)
    for seat in (3, 2, 1, 0):
        state, _ = play(state, seat, Move.of("draw", deck=1))
        state, events = play(state, seat, Move.of("place", card=hands[seat][0]))
    finished = events[-1]
    assert isinstance(finished, GameFinished)
    assert finished.winner == A and finished.winner_seat == 0
    assert _sections(finished) == ["finish"]  # forwards past the unmoved line: no example
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.to_act(state) == frozenset()
    assert refused(state, 0, Move.of("draw", deck=1)).code == "game_over"


def test_an_ownerless_figures_card_and_win_cite_the_game_for_fewer_players() -> None:
    """'fewer-players': an ownerless figure's card comes from the deck of its position, and such
    a figure still races to the finish; a player's card and a player's win do not cite it."""
    fewer = Citation("gotham-race", "fewer-players")
    state = start(1, seed=3)
    state, _ = play(state, 0, Move.of("draw", deck=1))
    _, events = play(state, 0, Move.of("place", card=state.hands[0][0]))
    turned = next(i for i, e in enumerate(events) if isinstance(e, DepositRevealed))
    placed = [e for e in events[:turned] if isinstance(e, CardPlaced)]
    assert [(e.seat, fewer in e.cited()) for e in placed] == [
        (0, False),
        (None, True),
        (None, True),
        (None, True),
    ]
    assert (
        GameFinished(seat=None, winner=D, winner_seat=None, beyond=(0, 0, 0, 1)).cited()[-1]
        == fewer
    )
    assert (
        fewer not in GameFinished(seat=None, winner=A, winner_seat=0, beyond=(1, 0, 0, 0)).cited()
    )


def _sections(event: GameEvent) -> list[str]:
    return [c.section for c in event.cited()]


def test_a_finish_stored_before_it_said_how_the_race_was_won_cites_as_stored() -> None:
    """A `game_finished` of version 1 (rules version 5 and older) cited Example 3 whatever way
    the race ended: read today, it cites exactly that still, so an old game replays as stored."""
    stored = {"winner": 3, "winner_seat": None, "beyond": [0, 0, 0, 1]}
    old = from_json(GameFinished, {**upcast(GameFinished, stored, 1), "seat": None})
    assert _sections(old) == ["finish", "finish.example-3", "fewer-players"]
    assert not old.backwards and not old.finish_moved


def test_an_ownerless_winner_means_no_seat_wins() -> None:
    state = start(1)
    state = replace(state, phase="over", winner=D, beyond=(0, 0, 0, 2))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()
    assert dict(outcome.details)["ownerless_win"] is True


def test_views_hide_other_hands_and_face_down_cards() -> None:
    state = start(2)
    state, _ = play(state, 0, Move.of("draw", deck=1))
    state, _ = play(state, 0, Move.of("place", card=state.hands[0][0]))
    mine: Any = GAME.view(state, 0)
    theirs: Any = GAME.view(state, 1)
    assert mine["deposit"][0]["card"] is not None
    assert theirs["deposit"][0]["card"] is None
    assert theirs["deposit"][0]["deck"] == mine["deposit"][0]["card"]["deck"]
    assert theirs["hands"]["0"] == {"count": 4, "backs": sorted(int(c[0]) for c in state.hands[0])}


def test_dealt_and_drawn_cards_are_redacted_for_others() -> None:
    events = GAME.setup(2, {}, random.Random(5))
    dealt = next(e for e in events if isinstance(e, CardsDealt) and e.seat == 0)
    assert GAME.redact(dealt, 0, finished=False)["cards"] == list(dealt.cards)
    assert GAME.redact(dealt, 1, finished=False)["cards"] == [None] * 4
    assert GAME.redact(dealt, None, finished=True)["cards"] == list(dealt.cards)
    started = events[0]
    assert GAME.redact(started, None, finished=False)["decks"] == [{"count": 15}] * 4


@pytest.mark.parametrize("players", [0, 5])
def test_player_count_is_one_to_four(players: int) -> None:
    rejection = GAME.validate_options(players, {})
    assert rejection is not None and rejection.code == "bad_player_count"


def test_a_users_content_pack_replaces_the_reference() -> None:
    import tomllib

    from rules_core.games.gotham_race.content import REFERENCE_PACK

    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["track"]["finish"] = {"value": 30, "source": "reference"}
    assert GAME.validate_options(2, {"content": pack}) is None
    state = fold(GAME, GAME.setup(2, {"content": pack}, random.Random(1)))
    assert state.finish == 30
    bad = GAME.validate_options(2, {"content": {"track": 3}})
    assert bad is not None and bad.code == "bad_options"
    assert GAME.validate_options(2, {"speed": 3}) is not None


# ---- the rulebook's worked examples and the readings where it is silent, through decide -------


def arranged(
    state: RaceState,
    xs: tuple[int, ...],
    lanes: tuple[int, ...],
    hands: tuple[tuple[str, ...], ...],
    tops: tuple[str, ...] = (),
    on_pile: tuple[Placed, ...] = (),
) -> RaceState:
    """`state` with the figures at `xs` in `lanes`, the seats holding `hands`, the cards `tops`
    on top of their decks, `on_pile` face down on the deposit and every other card in its deck
    (so each card is in exactly one place)."""
    assert state.pack is not None
    pack = state.pack
    set_apart = {c for hand in hands for c in hand} | set(tops) | {p.card for p in on_pile}
    rest = [c for deck in state.decks for c in deck] + [c for hand in state.hands for c in hand]
    decks = tuple(
        tuple(c for c in tops if pack.card(c).deck == deck)
        + tuple(c for c in rest if pack.card(c).deck == deck and c not in set_apart)
        for deck in DECKS
    )
    return replace(state, xs=xs, lanes=lanes, hands=hands, decks=decks, deposit=on_pile)


def round_at(
    players: int, xs: tuple[int, ...], lanes: tuple[int, ...], hands: tuple[tuple[str, ...], ...]
) -> RaceState:
    """A round about to be placed with the figures at `xs` in `lanes` (order: last first)."""
    state = arranged(start(players), xs, lanes, hands)
    return replace(state, round=5, order=track.placement_order(xs, lanes), turn=0)


def placed_in_turn(
    state: RaceState, cards: dict[int, str]
) -> tuple[RaceState, list[GameEvent], list[int]]:
    """Each seat to act in turn draws from deck 1 and places its card of `cards`; the state, the
    events and the seats in the order they acted."""
    events: list[GameEvent] = []
    seats: list[int] = []
    for _ in cards:
        (seat,) = GAME.to_act(state)
        seats.append(seat)
        state, _ = play(state, seat, Move.of("draw", deck=1))
        state, placed = play(state, seat, Move.of("place", card=cards[seat]))
        events += placed
    return state, events, seats


def resolved(events: list[GameEvent]) -> list[CardResolved]:
    return [e for e in events if isinstance(e, CardResolved)]


def test_example_1_a_figure_moves_on_the_inside_lane_or_the_next_lane_out() -> None:
    """Example 1 ('game-play.race'): A, last, moves five forward onto a square whose inside lane
    is free and stands there; a figure moving onto that square next takes the lane outside it."""
    # First round from the start square: A (start number 4, outer lane) places first.
    state = arranged(
        start(4), (0, 0, 0, 0), (3, 2, 1, 0), (("4-07",), ("3-07",), ("3-15",), ("1-15",))
    )
    # A: 'last: 5 forward'; B: 'third: 5 forward'; C and D move the finish sign only.
    state, events, seats = placed_in_turn(state, {0: "4-07", 1: "3-07", 2: "3-15", 3: "1-15"})
    assert seats == [0, 1, 2, 3]
    first, second = resolved(events)[:2]
    assert first.subject == A
    assert (first.xs, first.lanes) == ((5, 0, 0, 0), (0, 2, 1, 0))
    # C, third after A left, lands on A's square: the inside lane is taken, so lane 1;
    # B, outside C on the start square, shifts inward.
    assert second.subject == C
    assert (second.xs, second.lanes) == ((5, 0, 5, 0), (0, 1, 1, 0))
    assert (state.xs, state.lanes) == ((5, 0, 5, 0), (0, 1, 1, 0))


def test_example_2_last_places_first_and_on_a_shared_square_the_outer_lane_first() -> None:
    """Example 2 ('game-play.following-rounds'): A last, B and C on one square with B inside,
    D leading: the players place in the order A, C, B, D."""
    state = arranged(
        start(4), (0, 0, 0, 0), (3, 2, 1, 0), (("1-06",), ("3-03",), ("3-04",), ("4-02",))
    )
    # Round one brings the figures to the example's layout: the leader D 4 forward; B, third,
    # 3 forward; C, third after that, 3 forward onto B's square (outside B); A, last, 2 forward.
    state, events, _ = placed_in_turn(state, {0: "1-06", 1: "3-03", 2: "3-04", 3: "4-02"})
    assert (state.xs, state.lanes) == ((2, 3, 3, 4), (0, 0, 1, 0))
    started = events[-1]
    assert isinstance(started, RoundStarted) and started.round == 2
    assert started.order == (A, C, B, D)
    assert GAME.view(state, None)["placement_order"] == ["A", "C", "B", "D"]
    hands = tuple(state.hands)
    _, _, seats = placed_in_turn(state, {s: hands[s][0] for s in range(4)})
    assert seats == [A, C, B, D]  # seat n plays figure n


def test_example_3_a_moved_finish_wins_only_after_all_four_cards() -> None:
    """Example 3 ('finish'): the finish sign moves to the snail behind the leader A. A stands
    beyond it from that card on, yet the game ends only once the other three cards are carried
    out; then A has won."""
    xs, lanes = (20, 12, 8, 5), (0, 0, 0, 0)  # A leads; D last places first
    hands = (("3-02",), ("2-03",), ("4-02",), ("3-15",))
    state = round_at(4, xs, lanes, hands)
    # D: finish to the snail (18); C: 'last: 2 forward'; B: 'second: 2 forward';
    # A: 'third: 2 forward'.
    state, events, seats = placed_in_turn(state, {3: "3-15", 2: "4-02", 1: "2-03", 0: "3-02"})
    assert seats == [D, C, B, A]
    cards = resolved(events)
    assert cards[0].finish == 18 and track.beyond_finish(cards[0].xs[A], 18, 40) == 2
    # From the snail card on: the three other cards, and only then the end of the game.
    after = events[events.index(cards[0]) :]
    assert [type(e) for e in after] == [CardResolved] * 4 + [GameFinished]
    assert cards[-1].xs == (20, 14, 10, 7)
    end = after[-1]
    assert isinstance(end, GameFinished) and end.winner == A and end.beyond == (2, 0, 0, 0)
    assert end.finish_moved and not end.backwards
    assert _sections(end) == ["finish", "finish.example-3"]  # the book's example of a moved finish
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)


def test_a_figure_beyond_the_finish_mid_round_but_back_by_its_end_has_not_won() -> None:
    """'finish': only where the figures stand after the round's four cards counts."""
    xs, lanes = (23, 12, 8, 5), (0, 0, 0, 0)
    hands = (("1-12",), ("2-03",), ("4-02",), ("1-06",))
    state = round_at(4, xs, lanes, hands)
    # D: 'leader: 4 forward' (A to 27, beyond 24); C: 'last: 2 forward'; B: 'second: 2 forward';
    # A: 'leader: to 1 behind the runner in 2nd' (A back to 13).
    state, events, _ = placed_in_turn(state, {3: "1-06", 2: "4-02", 1: "2-03", 0: "1-12"})
    assert track.beyond_finish(resolved(events)[0].xs[A], 24, 40) == 3
    assert not any(isinstance(e, GameFinished) for e in events)
    assert any(isinstance(e, RoundEnded) for e in events)
    assert state.xs == (13, 14, 8, 7) and state.phase == "placing" and state.round == 6


def test_fewer_players_example_cards_of_ownerless_figures_follow_their_position() -> None:
    """The example of 'fewer-players', with one player (figure A) and three ownerless figures:
    D, last, places first and its card is a '4' (the card of its position); then C a '3', B a
    '2', and the player last. D's 'last: 4 forward' lands on B's square, outside B: order
    A, B, D, C. After the round: C, A, D, B."""
    xs, lanes = (7, 4, 2, 0), (0, 0, 0, 0)
    # The round before ends with A's player placing last; its four cards move only the finish
    # sign, so the figures stand as in the example when the example's round begins.
    before = (Placed(D, "4-15"), Placed(C, "3-15"), Placed(B, "2-15"))
    state = arranged(
        start(1), xs, lanes, (("1-15", "4-11"),), tops=("2-07", "3-12", "4-05"), on_pile=before
    )
    state = replace(state, round=4, order=(D, C, B, A), turn=3)
    state, events, _ = placed_in_turn(state, {0: "1-15"})
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.order == (D, C, B, A)
    ownerless = [e for e in events if isinstance(e, CardPlaced) and e.seat is None]
    assert [(e.figure, e.deck, e.card) for e in ownerless] == [
        (D, 4, "4-05"),  # 'last: 4 forward'
        (C, 3, "3-12"),  # 'third: to 1 behind the runner in 2nd'
        (B, 2, "2-07"),  # 'second: 4 forward'
    ]
    assert GAME.to_act(state) == {0}
    # The player places 'last: trade places with the leader'.
    state, events, _ = placed_in_turn(state, {0: "4-11"})
    cards = resolved(events)
    assert [c.subject for c in cards] == [D, D, B, C]
    assert (cards[0].xs, cards[0].lanes) == ((7, 4, 2, 4), (0, 0, 0, 1))
    assert track.ranking(cards[0].xs, cards[0].lanes) == (A, B, D, C)
    assert track.ranking(state.xs, state.lanes) == (C, A, D, B)
    assert state.xs == (7, 2, 8, 3)


def test_a_figure_a_lap_behind_on_a_square_keeps_its_lane_and_ranks_by_distance() -> None:
    """Reading (README): a square is a place on the circle, so a figure arriving where one
    stands a lap apart takes the next lane out; the lane never lifts the lapped figure's rank."""
    # The finish stands at the sheep (30): A went back past the start to -10, the same square
    # (30 of 40) as the finish going forwards, and on its inside lane.
    state = round_at(
        4, (-10, 25, 20, 27), (0, 0, 0, 0), (("1-04",), ("2-02",), ("3-01",), ("4-02",))
    )
    state = replace(state, finish=30)
    assert state.order == (A, C, B, D)
    # A: 'leader: 3 forward' (D to 30); C: 'third: 3 back'; B: 'second: 2 back';
    # D: 'last: 2 forward' (A leaves square 30 to -8).
    state, events, _ = placed_in_turn(state, {0: "1-04", 2: "3-01", 1: "2-02", 3: "4-02"})
    first = resolved(events)[0]
    assert first.subject == D and (first.xs, first.lanes) == ((-10, 25, 20, 30), (0, 0, 0, 1))
    assert track.ranking(first.xs, first.lanes) == (D, B, C, A)
    last = resolved(events)[-1]
    assert last.subject == A and (last.xs, last.lanes) == ((-8, 23, 17, 30), (0, 0, 0, 0))
    assert not any(isinstance(e, GameFinished) for e in events)  # both stood on the finish


def test_back_to_the_start_moves_a_figure_behind_the_start_forwards() -> None:
    """Reading (README): 'back to the start' puts the second on the start square, so a second
    that went back past the start moves forwards to it."""
    state = round_at(4, (5, -2, -4, -9), (0, 0, 0, 0), (("1-15",), ("2-15",), ("3-15",), ("2-01",)))
    # D places 'second: back to the start' first; the other three move the finish sign only.
    _, events, _ = placed_in_turn(state, {3: "2-01", 2: "3-15", 1: "2-15", 0: "1-15"})
    first = resolved(events)[0]
    assert first.subject == B and (first.xs, first.lanes) == ((5, 0, -4, -9), (0, 0, 0, 0))
    assert not any(isinstance(e, GameFinished) for e in events)


def test_a_deck_emptied_during_a_round_is_refilled_when_the_round_ends() -> None:
    """The last card of deck 1 is drawn while the discard pile is empty, so nothing can refill
    it then; once the round's cards go to the discard pile, the empty deck is refilled from
    them before the next round starts."""
    state = start(4)
    state = replace(state, decks=(state.decks[0][:1], *state.decks[1:]), discard=())
    events: list[GameEvent] = []
    for _ in range(4):
        (seat,) = GAME.to_act(state)
        state, _ = play(state, seat, Move.of("draw", deck=1 if state.decks[0] else 2))
        state, events = play(state, seat, Move.of("place", card=state.hands[seat][0]))
    kinds = [type(e) for e in events]
    assert kinds[-3:] == [RoundEnded, DecksReplenished, RoundStarted]
    refill = events[-2]
    assert isinstance(refill, DecksReplenished)
    assert sum(len(cards) for cards in refill.added) == 4 and state.discard == ()
    assert all(state.decks) or not refill.added[0]


def test_the_first_frame_of_a_replay_is_a_table_before_the_deal() -> None:
    """The state after the first event (what a replay shows first): the race not started, no
    card in any hand."""
    first = fold(GAME, GAME.setup(3, {}, random.Random(1))[:1])
    view = GAME.view(first, None, reveal=True)
    assert view["phase"] == "new" and view["round"] == 0
    assert view["hands"] == {"0": [], "1": [], "2": []}
    assert [f["x"] for f in objs(view["figures"])] == [0, 0, 0, 0]


def test_a_card_that_moves_only_the_finish_sign_says_so() -> None:
    """'questions.action-cards': a finish card moves the sign to its animal and no figure; its
    back names no figure in its text, so its story names none and names the animal."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    assert state.pack is not None
    tortoise = state.pack.landmark("tortoise")
    moved = CardResolved(
        seat=None,
        card="2-15",
        deck=2,
        subject=3,
        xs=state.xs,
        lanes=state.lanes,
        finish=tortoise,
    )
    told = GAME.narrate(state, moved, None, False)
    assert told == (
        "“Finish sign moves to the tortoise” (deck 2) is carried out: the finish sign moves"
        f" to the tortoise (square {tortoise})."
    )
    assert "Figure" not in told
    there = replace(state, finish=tortoise)
    assert GAME.narrate(there, moved, None, False).endswith(
        f"the finish sign already stands at the tortoise (square {tortoise})."
    )


def test_the_last_six_back_reaches_the_finish_the_wrong_way_and_wins_still_ranked_last() -> None:
    """The book's own instance in 'questions.main-direction' (the last moving six back) played
    through: the last, 11 behind the start, goes back over the finish's far side (16 behind the
    start) and stands 1 beyond it; it still ranks last ('questions.positions'), so the cards
    after it act on the others as before, and once the round's cards are carried out it has
    won the race ('finish': count the squares, the wrong way round too)."""
    state = round_at(4, (10, 8, 5, -11), (0, 0, 0, 0), (("1-01",), ("2-03",), ("3-02",), ("4-01",)))
    # D: 'last: 6 back'; C: 'third: 2 forward'; B: 'second: 2 forward'; A: 'leader: 2 back'.
    state, events, seats = placed_in_turn(state, {3: "4-01", 2: "3-02", 1: "2-03", 0: "1-01"})
    assert seats == [D, C, B, A]
    cards = resolved(events)
    assert cards[0].subject == D and cards[0].xs[D] == -17
    assert track.ranking(cards[0].xs, cards[0].lanes)[-1] == D
    assert [c.subject for c in cards[1:]] == [C, B, A]
    end = events[-1]
    assert isinstance(end, GameFinished) and (end.winner, end.winner_seat) == (D, 3)
    assert end.beyond == (0, 0, 0, 1)
    assert end.backwards and not end.finish_moved
    assert _sections(end) == ["finish", "questions.main-direction"]
    assert GAME.narrate(state, end, None, True).startswith(
        "Figure D's player wins the race: Figure D ends 1 square beyond the finish, having"
        " crossed it the wrong way round."
    )
