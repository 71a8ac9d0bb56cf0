"""A fork's new deal: the cards nobody has seen shuffled again, by back, in one event nobody
reads the cards of."""

from __future__ import annotations

import json
import random

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.codec import from_json, to_json
from rules_core.engine.fork_shuffle import (
    STORY,
    UnseenCardsShuffled,
    engine_story,
    path_of,
    place_of,
    shuffled_unseen,
    with_cards_placed,
)
from rules_core.engine.visibility import Secret
from tests.shipped import shipped_games


@pytest.mark.parametrize(
    "slug", ["gotham-race", "gotham-city-strategy", "black-metro", "no-mans-land"]
)
def test_every_game_with_decks_deals_its_unseen_cards_again_by_back(slug: str) -> None:
    spec = get_game(slug)
    state = fold(spec, spec.setup(2, {}, random.Random(7)))
    before = spec.secrets(state)
    events = spec.shuffle_unseen(state, random.Random(1))
    assert len(events) == 1 and isinstance(events[0], UnseenCardsShuffled)
    assert events[0].cited() and all(c.book == spec.book for c in events[0].cited())
    after = spec.evolve(state, events[0])
    unseen = {s.path: s for s in before if s.kind == "deck" and not s.seen_by}
    dealt = {s.path: s for s in spec.secrets(after) if s.path in unseen}
    assert sorted(s.value for s in dealt.values()) == sorted(s.value for s in unseen.values())
    assert all(dealt[p].back == unseen[p].back for p in unseen)  # a card keeps to its back
    assert [dealt[p].value for p in unseen] != [s.value for s in unseen.values()]
    others = [s for s in before if s.path not in unseen]  # hands, face-down cards: the position
    assert others == [s for s in spec.secrets(after) if s.path not in unseen]
    assert spec.narrate(state, events[0], None, False) == STORY
    assert from_json(type(events[0]), json.loads(json.dumps(to_json(events[0])))) == events[0]
    for seat in (None, 0, 1):
        shown = json.dumps(spec.redact(events[0], seat, False))
        assert not any(f'"{s.value}"' in shown for s in unseen.values()), seat


def test_a_game_without_hidden_decks_deals_nothing_anew() -> None:
    spec = get_game("gotham-city-chronicles")
    state = fold(spec, spec.setup(2, {}, random.Random(7)))
    assert spec.shuffle_unseen(state, random.Random(1)) == []
    assert shuffled_unseen((), random.Random(1), UnseenCardsShuffled) == []


def test_only_cards_nobody_sees_are_dealt_again() -> None:
    secrets = (
        Secret(("deck", 0), "a", "deck", frozenset(), "x"),
        Secret(("deck", 1), "b", "deck", frozenset(), "x"),
        Secret(("hand", 0, 0), "c", "hand", frozenset({0}), "x"),
        Secret(("seen", 0), "d", "deck", frozenset({1}), "x"),
        Secret(("placed", 0), "e", "face_down", frozenset({0}), "x"),
        Secret(("ownerless", 0), "f", "face_down", frozenset(), "x"),
        Secret(("screen", 0), 7, "screen", frozenset(), ""),
    )
    (event,) = shuffled_unseen(secrets, random.Random(3), UnseenCardsShuffled)
    assert isinstance(event, UnseenCardsShuffled)
    assert event.places == ("deck/0", "deck/1", "ownerless/0")
    assert sorted(event.cards) == ["a", "b", "f"]
    assert path_of(place_of(("decks", 2, 11))) == ("decks", 2, 11)


def test_every_shipped_game_is_checked_here_or_has_no_decks() -> None:
    with_decks = {g.slug for g in shipped_games() if getattr(g, "unseen_shuffled", None)}
    assert with_decks == {"gotham-race", "gotham-city-strategy", "black-metro", "no-mans-land"}


def test_a_card_placed_face_down_for_a_figure_nobody_races_is_dealt_again() -> None:
    """Gotham Race with two players: the ownerless figures' face-down cards are seen by nobody,
    so a fork deals them again with their deck; the players' own placed cards stay."""
    spec = get_game("gotham-race")
    rng = random.Random(5)
    state = fold(spec, spec.setup(2, {}, rng))
    while not any(p.card for p in state.deposit if state.owners[p.figure] is None):
        seat = min(spec.to_act(state))
        events = spec.decide(state, seat, rng.choice(spec.legal_moves(state, seat)), rng)
        assert isinstance(events, list)
        state = fold(spec, events, state)
    (event,) = spec.shuffle_unseen(state, random.Random(2))
    assert isinstance(event, UnseenCardsShuffled)
    for i, placed in enumerate(state.deposit):
        assert (f"deposit/{i}/card" in event.places) == (state.owners[placed.figure] is None)


def test_only_the_deal_is_told_by_the_engine_and_a_torn_deal_is_refused() -> None:
    """engine_story tells the deal and nothing else (a game's own events are its narrate's);
    a deal whose places and cards differ in number cannot be applied (a tampered log)."""
    spec = get_game("gotham-race")
    state = fold(spec, spec.setup(2, {}, random.Random(7)))
    (deal,) = spec.shuffle_unseen(state, random.Random(1))
    assert isinstance(deal, UnseenCardsShuffled)
    assert engine_story(deal) == STORY
    assert all(engine_story(e) == "" for e in spec.setup(2, {}, random.Random(7)))
    torn = UnseenCardsShuffled(seat=None, places=deal.places, cards=deal.cards[:-1])
    with pytest.raises(ValueError):
        with_cards_placed(state, torn)
