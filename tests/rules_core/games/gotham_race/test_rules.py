"""Gotham Race rules: set-up, drawing and placing, resolving, reshuffling and the finish."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.engine import GameEvent, Move, Rejection, fold
from rules_core.games.gotham_race import GAME, track
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
from rules_core.games.gotham_race.state import RaceState

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


def test_refusals_carry_codes_and_citations() -> None:
    state = start(2)
    cases = {
        (1, Move.of("draw", deck=1)): "not_your_turn",
        (0, Move.of("fly")): "unknown_move",
        (0, Move.of("draw", deck=7)): "bad_deck",
        (0, Move.of("draw", deck=True)): "bad_deck",
        (0, Move.of("draw", deck=1, extra=2)): "unexpected_parameter",
    }
    for (seat, move), code in cases.items():
        rejection = refused(state, seat, move)
        assert rejection.code == code
        assert rejection.citations
    drawn, _ = play(state, 0, Move.of("draw", deck=1))
    assert refused(drawn, 0, Move.of("place", card="9-99")).code == "card_not_in_hand"
    empty = replace(state, decks=((), *state.decks[1:]))
    assert refused(empty, 0, Move.of("draw", deck=1)).code == "deck_empty"
    assert refused(replace(state, phase="over"), 0, Move.of("draw", deck=1)).code == "game_over"


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
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == (0,)  # type: ignore[union-attr]
    assert GAME.to_act(state) == frozenset()
    assert refused(state, 0, Move.of("draw", deck=1)).code == "game_over"


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
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    assert mine["deposit"][0]["card"] is not None  # type: ignore[index]
    assert theirs["deposit"][0]["card"] is None  # type: ignore[index]
    assert theirs["deposit"][0]["deck"] == mine["deposit"][0]["card"]["deck"]  # type: ignore[index]
    assert theirs["hands"]["0"] == {"count": 4, "backs": sorted(int(c[0]) for c in state.hands[0])}  # type: ignore[index]


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
