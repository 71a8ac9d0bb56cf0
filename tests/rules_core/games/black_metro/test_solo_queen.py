"""The solo queen puts the top fortune of the discard on top of the fortune deck
(solo.rules.fortunes.queen); the deck is shuffled again only once it is empty
(troubleshooting.cards). So the card stays known there to whoever knew it on the discard: the
player who laid it face down, or everybody when it was played or turned up face up. They read
it in the event, its story and the view (`fortune_deck.known`); the bots' determinization keeps
it in place; knowing it ends when it leaves the top (drawn or turned up); a version-1 event
(which hid it from everybody) still replays."""

from __future__ import annotations

import random

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.hiding import json_strings
from rules_core.engine.types import EVERYONE, JSON, GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.games.black_metro import events_fortunes as ef
from rules_core.games.black_metro.events_solo import FortuneToDeck, OverlordFortune
from rules_core.games.black_metro.language import fortune
from rules_core.games.black_metro.state import NOBODY, BlackMetroState
from tests.rules_core.games.black_metro.helpers import GAME, started
from tests.rules_core.json_shapes import arr, obj

SOLO = 0


def _fold(state: BlackMetroState, *events: GameEvent) -> BlackMetroState:
    for event in events:
        state = GAME.evolve(state, event)
    return state


def _queened(face_down: bool) -> tuple[BlackMetroState, FortuneToDeck]:
    """A solo game whose top fortune went to the discard (discarded face down by the player, or
    turned up by the overlord) and back on top of the deck by the queen."""
    state = started(1)
    card = state.fortune_deck[0]
    if face_down:
        state = _fold(
            state,
            ef.FortunesDrawn(seat=None, owner=SOLO, cards=(card,)),
            ef.FortunesDiscarded(seat=SOLO, owner=SOLO, cards=(card,)),
        )
    else:
        state = _fold(state, OverlordFortune(seat=None, card=card))
    event = FortuneToDeck(seat=None, card=card, owner=state.top_discard_knower())
    return GAME.evolve(state, event), event


def _known(state: BlackMetroState, seat: int | None) -> list[JSON]:
    """The fortunes `seat`'s view says it knows in the fortune deck."""
    return list(arr(obj(GAME.view(state, seat)["fortune_deck"])["known"]))


def test_a_card_laid_face_down_is_known_on_the_deck_to_its_player_alone() -> None:
    state, event = _queened(face_down=True)
    card = event.card
    assert event.owner == SOLO
    assert state.fortune_deck[0] == card and state.fortune_knowers[0] == SOLO
    assert card not in GAME.hidden_from(state, SOLO) and card in GAME.hidden_from(state, None)
    assert GAME.redact(event, SOLO, False)["card"] == card
    assert GAME.narrate(state, event, SOLO, False) == (
        f"{fortune(card).capitalize()} goes back on top of the fortune deck."
    )
    assert _known(state, SOLO) == [{"name": fortune(card), "place": "at the top"}]
    assert GAME.redact(event, None, False)["card"] is None
    assert GAME.narrate(state, event, None, False) == (
        "The top card of the discard goes back on top of the fortune deck."
    )
    assert _known(state, None) == []
    shown = set(json_strings(GAME.view(state, None))) | set(
        json_strings(GAME.redact(event, None, False))
    )
    assert card not in shown and not any(fortune(card) in text for text in shown)


def test_a_card_seen_face_up_is_known_on_the_deck_to_everybody() -> None:
    state, event = _queened(face_down=False)
    card = event.card
    assert event.owner == EVERYONE and state.fortune_knowers[0] == EVERYONE
    assert all(s.value != card or s.path[0] != "fortune_deck" for s in GAME.secrets(state))
    for seat in (SOLO, None):
        assert card not in GAME.hidden_from(state, seat)
        assert GAME.redact(event, seat, False)["card"] == card
        assert fortune(card) in GAME.narrate(state, event, seat, False).lower()
        assert _known(state, seat) == [{"name": fortune(card), "place": "at the top"}]


def test_the_determinization_keeps_the_known_card_on_top() -> None:
    for face_down in (True, False):
        state, event = _queened(face_down)
        rest = set(state.fortune_deck[1:])
        orders = set()
        for attempt in range(8):
            dealt = GAME.determinize(state, SOLO, random.Random(attempt))
            assert dealt.fortune_deck[0] == event.card
            assert dealt.fortune_knowers == state.fortune_knowers
            assert set(dealt.fortune_deck[1:]) <= rest | set(dealt.fortune_discard) | {event.card}
            orders.add(dealt.fortune_deck[1:4])
        assert len(orders) > 1, "the unknown rest of the deck was never dealt again"


def test_knowing_it_ends_when_it_is_drawn_or_turned_up() -> None:
    state, event = _queened(face_down=True)
    drawn = GAME.evolve(state, ef.FortunesDrawn(seat=None, owner=SOLO, cards=(event.card,)))
    turned = GAME.evolve(state, OverlordFortune(seat=None, card=event.card))
    for after in (drawn, turned):
        assert after.fortune_knowers == (NOBODY,) * len(after.fortune_deck)
        assert _known(after, SOLO) == [] and _known(after, None) == []
    assert turned.discard_placers[-1] == -1  # turned up: on the discard face up, as before


def test_a_reshuffled_deck_is_known_to_nobody() -> None:
    """troubleshooting.cards: the discard shuffled into a new deck once the deck is empty."""
    state, _ = _queened(face_down=True)
    state = GAME.evolve(state, ef.FortunesDrawn(seat=None, owner=SOLO, cards=state.fortune_deck))
    hand = state.player(SOLO).hand
    state = _fold(
        state,
        ef.FortunesDiscarded(seat=SOLO, owner=SOLO, cards=hand),
        ef.FortuneDeckReshuffled(seat=None, deck=hand[::-1]),
    )
    assert state.fortune_deck and state.fortune_knowers == (NOBODY,) * len(state.fortune_deck)
    assert _known(state, SOLO) == []


def test_a_version_1_event_replays_hiding_its_card_from_all_but_the_state_knows_it() -> None:
    """A game recorded before rules version 11 wrote no knower: its event still hides the card
    from everybody; folded now, the state records who knows it from the discard."""
    state, event = _queened(face_down=True)
    data = to_json(event)
    assert isinstance(data, dict)
    old = {k: v for k, v in data.items() if k not in ("owner", "seat")}
    read = from_json(FortuneToDeck, {**upcast(FortuneToDeck, old, 1), "seat": None})
    assert isinstance(read, FortuneToDeck) and read.owner == NOBODY
    for seat in (SOLO, None):
        assert GAME.redact(read, seat, False)["card"] is None
    before = _fold(
        started(1),
        ef.FortunesDrawn(seat=None, owner=SOLO, cards=(event.card,)),
        ef.FortunesDiscarded(seat=SOLO, owner=SOLO, cards=(event.card,)),
    )
    assert GAME.evolve(before, read) == state
