"""Gotham Race's hidden values, declared once (`secrets`), checked by value.

'preparation' and 'game-play.first-round': the decks are face down (nobody sees their order),
each hand is its holder's, and a card placed for a figure lies face down until the pile is
turned ('game-play.race'); an ownerless figure's card is seen by nobody. Each card shows its deck
number on its back, which everybody sees.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules_core.engine import GameEvent, Move, fold
from rules_core.games.gotham_race import GAME
from rules_core.games.gotham_race.events import DepositRevealed, RoundEnded
from rules_core.games.gotham_race.state import Placed, RaceState
from tests.rules_core.json_shapes import objs

A, D = 0, 3


def on_the_pile() -> RaceState:
    """Two seats; A's player has placed a card of its hand, ownerless D the top card of deck 1."""
    state = fold(GAME, GAME.setup(2, {}, random.Random(1)))
    mine, top = state.hands[0][0], state.decks[0][0]
    return replace(
        state,
        hands=(state.hands[0][1:], state.hands[1]),
        decks=(state.decks[0][1:], *state.decks[1:]),
        deposit=(Placed(A, mine), Placed(D, top)),
    )


def held_at(state: RaceState, path: tuple[str | int, ...]) -> object:
    """What the state holds at a secret's path."""
    place: object = state
    for step in path:
        place = getattr(place, step) if isinstance(step, str) else place[step]  # type: ignore[index]
    return place


def test_each_card_is_declared_once_where_it_lies_with_its_deck_on_its_back() -> None:
    state = on_the_pile()
    secrets = GAME.secrets(state)
    assert state.pack is not None
    assert sorted(s.value for s in secrets) == sorted(c.id for c in state.pack.cards)
    for secret in secrets:
        assert held_at(state, secret.path) == secret.value
        assert secret.back == secret.value.split("-")[0]  # the reference ids start with the deck


def test_decks_are_nobodys_hands_their_holders_and_placed_cards_the_placers() -> None:
    state = on_the_pile()
    mine, top = (p.card for p in state.deposit)
    seen = {s.value: (s.kind, s.seen_by) for s in GAME.secrets(state)}
    assert seen[state.decks[2][0]] == ("deck", frozenset())
    assert seen[state.hands[0][0]] == ("hand", frozenset({0}))
    assert seen[state.hands[1][2]] == ("hand", frozenset({1}))
    assert seen[mine] == ("face_down", frozenset({0}))
    assert seen[top] == ("face_down", frozenset())  # ownerless D's card
    kinds = [s.kind for s in GAME.secrets(state)]
    assert (kinds.count("deck"), kinds.count("hand"), kinds.count("face_down")) == (51, 7, 2)


def test_a_turned_pile_hides_nothing_and_a_finished_race_nothing_at_all() -> None:
    state = on_the_pile()
    turned = GAME.secrets(replace(state, revealed=True))
    assert [s.kind for s in turned if s.kind == "face_down"] == []
    assert len(turned) == 58
    assert GAME.secrets(replace(state, phase="over")) == ()


def play(state: RaceState, seat: int, move: Move) -> tuple[RaceState, list[GameEvent]]:
    events = GAME.decide(state, seat, move, random.Random(0))
    assert isinstance(events, list)
    return fold(GAME, events, state), events


def test_once_the_pile_is_turned_every_seat_sees_every_placed_card() -> None:
    """'game-play.race': the placed cards are turned face up and carried out in order; a replay
    stepping through the round shows them to everybody from then on."""
    state, _ = play(fold(GAME, GAME.setup(2, {}, random.Random(1))), 0, Move.of("draw", deck=1))
    card = state.hands[0][0]
    state, _ = play(state, 0, Move.of("place", card=card))
    state, _ = play(state, 1, Move.of("draw", deck=1))
    assert objs(GAME.view(state, 1)["deposit"])[0]["card"] is None
    _, events = play(state, 1, Move.of("place", card=state.hands[1][0]))
    turned_at = next(i for i, e in enumerate(events) if isinstance(e, DepositRevealed))
    turned = fold(GAME, events[: turned_at + 1], state)
    shown = objs(GAME.view(turned, 1)["deposit"])[0]["card"]
    assert turned.pack is not None
    assert shown == {"id": card, "deck": 1, "text": turned.pack.card(card).text}


def test_before_the_set_up_a_view_shows_only_the_phase() -> None:
    assert GAME.view(GAME.initial_state(), None) == {"phase": "new"}


def test_at_the_end_of_a_round_the_placed_cards_go_to_the_discard_pile() -> None:
    """'game-play.following-rounds': the round's cards are set aside before the next round; a
    replay showing that step shows an empty pile and the cards on the discard."""
    state, _ = play(fold(GAME, GAME.setup(1, {}, random.Random(1))), 0, Move.of("draw", deck=1))
    _, events = play(state, 0, Move.of("place", card=state.hands[0][0]))
    ended_at = next(i for i, e in enumerate(events) if isinstance(e, RoundEnded))
    ended = fold(GAME, events[: ended_at + 1], state)
    view = GAME.view(ended, 0)
    assert view["deposit"] == []
    turned = next(e for e in events if isinstance(e, DepositRevealed))
    assert [c["id"] for c in objs(view["discard"])] == list(turned.cards)


def test_what_each_deck_holds_is_public_though_the_pack_in_the_log_shows_only_a_count() -> None:
    """'cards': the book lists every action card of each back, so the table knows what each
    deck holds, never where a card lies. The set-up's event shows the pack's cards only as a
    count (their ids are the decks' and hands' secrets), so every view lists each deck's cards
    by text and copies, with no id, the same for every seat and a spectator."""
    state = on_the_pile()
    assert state.pack is not None
    expected: dict[str, list[dict[str, object]]] = {}
    for deck in "1234":
        texts = [c.text for c in state.pack.cards if str(c.deck) == deck]
        # in the pack's order, each text once with its copies
        expected[deck] = [{"text": t, "copies": texts.count(t)} for t in dict.fromkeys(texts)]
    assert expected["1"][1] == {"text": "Leader: 2 forward", "copies": 2}
    # 15 cards a back, some printed twice ('cards': "(2 cards)")
    assert [len(texts) for texts in expected.values()] == [11, 11, 12, 13]
    ids = {c.id for c in state.pack.cards}
    words = {str(v) for cards in expected.values() for c in cards for v in c.values()}
    assert not ids & words
    for seat in (0, 1, None):
        assert GAME.view(state, seat)["deck_contents"] == expected
    started = GAME.redact(GAME.setup(2, {}, random.Random(1))[0], 1, finished=False)
    pack = started["pack"]
    assert isinstance(pack, dict) and pack["cards"] == {"count": 60}


def test_what_each_deck_holds_is_worked_out_once_per_pack_not_on_every_view() -> None:
    """deck_contents depends on the pack alone: every view of its games (any seat, any point
    of the race) shares the one answer worked out for that pack, and another pack (a custom
    one) gets its own."""
    import copy
    import tomllib

    from rules_core.games.gotham_race.content import REFERENCE_PACK, parse_pack

    state = on_the_pile()
    first = GAME.view(state, 0)["deck_contents"]
    later, _ = play(fold(GAME, GAME.setup(3, {}, random.Random(7))), 0, Move.of("draw", deck=2))
    for view in (GAME.view(state, None), GAME.view(later, 0), GAME.view(later, 1)):
        assert view["deck_contents"] is first
    raw = tomllib.loads(REFERENCE_PACK.read_text())
    custom = copy.deepcopy(raw)
    custom["card"][0]["text"] = "Leader: 2 back, slowly"
    theirs = GAME.view(replace(state, pack=parse_pack(custom)), 0)["deck_contents"]
    assert isinstance(theirs, dict) and isinstance(first, dict)
    assert theirs["1"][:2] == [
        {"text": "Leader: 2 back, slowly", "copies": 1},
        {"text": "Leader: 2 forward", "copies": 2},  # worked out for this pack: copies counted
    ]
    assert first["1"][0] == {"text": "Leader: 2 back", "copies": 1}
