"""A mission put back at the bottom of the mission deck (starting.missions, appendix.dice.supply,
appendix.dice.event) is known there to the player who put it back, and to nobody else, until it
is drawn: the deck is never shuffled again (troubleshooting.cards). Its returner reads it in
their view, their story and their events; the others and spectators do not, by value; the
bots' determinization keeps it where its returner knows it is; a game stored before the state
recorded this (rules version 1) replays from its events."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.hiding import json_strings
from rules_core.engine.replay import fold
from rules_core.engine.types import JSON, GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.engine.visibility import resample
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro.language import mission
from rules_core.games.black_metro.state import BlackMetroState
from tests.rules_core.games.black_metro.helpers import GAME, play, started
from tests.rules_core.json_shapes import arr, obj
from tests.rules_core.privacy import apply_checking_privacy

LOG = Path(__file__).resolve().parents[3] / "fixtures" / "logs" / "black-metro-2p.json"


def _returned(seed: int = 1) -> tuple[BlackMetroState, int, str, list[GameEvent]]:
    """A two-player set-up where the first seat asked has put its second mission back."""
    state = started(2, seed)
    seat = min(GAME.to_act(state))
    card = state.player(seat).missions[1]
    state, events = play(state, seat, "return_mission", card=card)
    return state, seat, card, events


def _yours(state: BlackMetroState, seat: int) -> list[JSON]:
    """The missions `seat`'s view says it put back in the mission deck."""
    return list(arr(obj(GAME.view(state, seat)["mission_deck"])["yours"]))


def test_the_returner_alone_reads_the_returned_mission_in_view_story_and_event() -> None:
    state, seat, card, events = _returned()
    (returned,) = [ev for ev in events if isinstance(ev, e.MissionReturned)]
    name, who = mission(card, state), "Red" if seat == 0 else "Green"
    assert state.mission_deck[-1] == card and state.mission_knowers[-1] == seat
    assert card not in GAME.hidden_from(state, seat)
    assert GAME.redact(returned, seat, False)["card"] == card
    assert GAME.narrate(state, returned, seat, False) == (
        f"{who} returns {name} to the bottom of the mission deck."
    )
    assert GAME.view(state, seat)["mission_deck"] == {
        "count": len(state.mission_deck),
        "yours": [{"name": name, "place": "at the bottom"}],
    }
    for other in (None, 1 - seat):
        assert card in GAME.hidden_from(state, other)
        assert GAME.redact(returned, other, False)["card"] is None
        assert GAME.narrate(state, returned, other, False) == (
            f"{who} returns a mission to the bottom of the mission deck."
        )
        shown = set(json_strings(GAME.view(state, other)))
        shown |= set(json_strings(GAME.redact(returned, other, False)))
        assert card not in shown and not any(name in text for text in shown)
        assert GAME.view(state, other)["mission_deck"] == {
            "count": len(state.mission_deck),
            "yours": [],
        }
    assert GAME.narrate(state, returned, None, True) == (  # a finished game's replay
        f"{who} returns {name} to the bottom of the mission deck."
    )


def test_every_seat_is_checked_by_value_through_a_whole_set_up() -> None:
    """The conformance suite's checks, event by event: no seat's view, redacted event or story
    shows a card hidden from it, and each view stands unchanged on twins of what it cannot see."""
    rng = random.Random(7)
    state = apply_checking_privacy(GAME, GAME.initial_state(), 3, GAME.setup(3, {}, rng))
    while state.phase == "setup":
        seat = min(GAME.to_act(state))
        events = GAME.decide(state, seat, rng.choice(GAME.legal_moves(state, seat)), rng)
        assert isinstance(events, list)
        state = apply_checking_privacy(GAME, state, 3, events)
    assert sorted(k for k in state.mission_knowers if k >= 0) == [0, 1, 2]


def test_a_mission_put_back_later_goes_under_it_and_both_stay_known_to_their_returners() -> None:
    state, seat, card, _ = _returned()
    other = 1 - seat
    later = state.player(other).missions[1]
    state, _ = play(state, other, "return_mission", card=later)
    assert state.mission_deck[-2:] == (card, later)
    assert _yours(state, seat) == [
        {"name": mission(card, state), "place": "second from the bottom"}
    ]
    assert _yours(state, other) == [{"name": mission(later, state), "place": "at the bottom"}]
    assert later in GAME.hidden_from(state, seat) and card in GAME.hidden_from(state, other)


def test_knowing_it_ends_when_it_is_drawn() -> None:
    state, seat, card, _ = _returned()
    other = 1 - seat
    drawn = e.MissionsDrawn(seat=None, owner=other, cards=state.mission_deck)
    state = GAME.evolve(state, drawn)
    assert state.mission_deck == () and state.mission_knowers == ()
    assert card in state.player(other).missions and card in GAME.hidden_from(state, seat)
    assert GAME.view(state, seat)["mission_deck"] == {"count": 0, "yours": []}


def test_the_determinization_keeps_the_returned_mission_where_its_returner_knows_it() -> None:
    state, seat, card, _ = _returned()
    other = 1 - seat
    for attempt in range(10):
        mine = GAME.determinize(state, seat, random.Random(attempt))
        assert mine.mission_deck[-1] == card and mine.mission_knowers == state.mission_knowers
    # the other seat sees a mission lie there, not which: it is dealt again like the rest,
    # and what that seat's determinization gives does not hang on which card it is
    dealt = {GAME.determinize(state, other, random.Random(i)).mission_deck[-1] for i in range(20)}
    assert dealt - {card}, "the returned mission was never dealt again for the other seat"
    twin = resample(state, GAME.secrets(state), other, random.Random(3))
    assert twin.mission_deck[-1] != card and GAME.view(twin, other) == GAME.view(state, other)
    for attempt in range(5):
        one = GAME.determinize(state, other, random.Random(attempt))
        assert one == GAME.determinize(twin, other, random.Random(attempt))


def test_a_game_stored_under_rules_version_1_replays_and_its_returners_know_their_missions() -> (
    None
):
    """The stored log's events are as they were (no event changed): folded now, each player's
    returned mission is theirs to see, and the game ends as it recorded (its table, decks and
    scores; the fields later rules versions added are not in the record)."""
    log = json.loads(LOG.read_text())
    events = [
        from_json(kind, {**upcast(kind, ev["data"], ev.get("schema") or 1), "seat": ev["seat"]})
        for ev in log["events"]
        for kind in (GAME.event_types[ev["type"]],)
    ]
    returned = [ev for ev in events if isinstance(ev, e.MissionReturned)][:2]
    at = events.index(returned[-1]) + 1
    state = fold(GAME, events[:at])
    places = ("second from the bottom", "at the bottom")  # Red put his back first
    for ev, place in zip(returned, places, strict=True):
        assert _yours(state, ev.owner) == [{"name": mission(ev.card, state), "place": place}]
        assert ev.card not in GAME.hidden_from(state, ev.owner)
        assert ev.card in GAME.hidden_from(state, 1 - ev.owner)
    final, recorded = to_json(fold(GAME, events)), log["game"]["state"]
    assert isinstance(final, dict) and len(final["mission_knowers"]) == len(final["mission_deck"])
    for part in ("players", "mission_deck", "fortune_deck", "round", "winners", "final"):
        assert final[part] == recorded[part], part
