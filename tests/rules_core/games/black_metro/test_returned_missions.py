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
from typing import NamedTuple
from unittest.mock import ANY

from rules_core.engine.codec import from_json, to_json
from rules_core.engine.hiding import json_strings
from rules_core.engine.replay import fold
from rules_core.engine.types import EVERYONE, JSON, GameEvent
from rules_core.engine.upcasting import upcast
from rules_core.engine.visibility import resample
from rules_core.games.black_metro import effects
from rules_core.games.black_metro import events as e
from rules_core.games.black_metro.events_dominance import MissionFulfilled
from rules_core.games.black_metro.events_standby import MissionRevealed
from rules_core.games.black_metro.language import mission
from rules_core.games.black_metro.run import Run
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


def _draw(state: BlackMetroState, seat: int, count: int) -> tuple[BlackMetroState, list[GameEvent]]:
    """`seat` draws `count` missions from the top of the deck, as any effect draws them."""
    run = Run(state)
    effects.draw_missions(run, seat, count)
    return run.state, run.events


class Drawn(NamedTuple):
    """The first returner's mission drawn by another seat: the table before and after."""

    before: BlackMetroState
    state: BlackMetroState
    returner: int
    drawer: int
    third: int
    card: str
    events: list[GameEvent]


def _drawn_by_another() -> Drawn:
    """Three seats have each put a mission back at set-up; the cards above them are drawn by the
    third returner, then the second draws the first returner's."""
    state = started(3, 1)
    order: list[tuple[int, str]] = []
    while state.phase == "setup" and state.step == "return_mission":
        seat = min(GAME.to_act(state))
        order.append((seat, state.player(seat).missions[1]))
        state, _ = play(state, seat, "return_mission", card=order[-1][1])
    (returner, card), (drawer, _), (third, _) = order
    before, _ = _draw(state, third, len(state.mission_deck) - 3)
    state, events = _draw(before, drawer, 1)
    return Drawn(before, state, returner, drawer, third, card, events)


def _holding(drawn: Drawn, seat: int | None) -> JSON:
    """What `seat`'s view says it put back of the missions the drawer holds."""
    return obj(obj(arr(GAME.view(drawn.state, seat)["players"])[drawn.drawer])["missions"])["yours"]


def test_the_returner_knows_the_mission_in_the_hand_of_whoever_draws_it() -> None:
    """The deck is never shuffled (troubleshooting.cards): the returner sees the card drawn and
    knows it in the drawer's hand; the others do not."""
    d = _drawn_by_another()
    assert d.events == [
        e.MissionsDrawn(seat=None, owner=d.drawer, cards=(d.card,), knower=d.returner)
    ]
    player = d.state.player(d.drawer)
    assert player.missions[-1] == d.card and player.mission_knowers[-1] == d.returner
    assert set(player.mission_knowers[:-1]) == {-1}  # the cards nobody else knew
    assert d.card not in d.state.mission_deck and len(d.state.mission_knowers) == 2
    for seat in (d.returner, d.drawer):
        assert d.card not in GAME.hidden_from(d.state, seat)
    for other in (d.third, None):
        assert d.card in GAME.hidden_from(d.state, other)


def test_the_drawn_mission_reaches_its_drawer_and_returner_alone_by_value() -> None:
    """The drawing event, its story and the views: the card and its name reach the drawer and
    the returner ("Green draws “…”", "Green holds “…” (you returned it)"), never the third seat
    or a spectator ("Green draws 1 mission")."""
    d = _drawn_by_another()
    (drawn,) = d.events
    name, who = mission(d.card, d.state), ("Red", "Green", "Blue")[d.drawer]
    assert _holding(d, d.returner) == [
        {"name": name, "text": f"{who} holds {name} (you returned it)"}
    ]
    for seat in (d.returner, d.drawer):
        assert GAME.redact(drawn, seat, False)["cards"] == [d.card]
        assert GAME.narrate(d.before, drawn, seat, False) == f"{who} draws {name}."
    for other in (d.third, None):
        assert GAME.redact(drawn, other, False)["cards"] == [None]
        assert GAME.redact(drawn, other, False)["knower"] == d.returner  # who knows is public
        assert GAME.narrate(d.before, drawn, other, False) == f"{who} draws 1 mission."
        shown = set(json_strings(GAME.view(d.state, other)))
        shown |= set(json_strings(GAME.redact(drawn, other, False)))
        hidden = GAME.hidden_from(d.state, other)
        seen = {mission(c, d.state) for c in d.state.the_pack().mission_ids() if c not in hidden}
        named = any(name in text for text in shown)  # unless a copy it sees bears the name
        assert d.card not in shown and (not named or name in seen)
        assert _holding(d, other) == []
    own = obj(arr(GAME.view(d.state, d.drawer)["players"])[d.drawer])["missions"]
    assert d.card in [obj(m)["id"] for m in arr(own)]  # the drawer sees its missions whole
    apply_checking_privacy(GAME, d.before, 3, d.events)  # every seat and a spectator


def test_the_drawer_is_told_who_else_knows_the_mission_drawn() -> None:
    """The drawer saw the returner put a card back under a deck never shuffled: their own view
    says who knows it ("Red put it back and knows it"), and says nothing of the others."""
    d = _drawn_by_another()
    own = arr(obj(arr(GAME.view(d.state, d.drawer)["players"])[d.drawer])["missions"])
    returner = ("Red", "Green", "Blue")[d.returner]
    assert [obj(m)["known_to"] for m in own] == [
        f"{returner} put it back and knows it" if obj(m)["id"] == d.card else "" for m in own
    ]


def test_the_others_returned_missions_drawn_at_once_are_told_each_to_its_returner() -> None:
    """A draw reaching cards several players put back: one event for each run of cards one
    other player, or nobody else, knows (the drawer's own returned card is theirs alone)."""
    d = _drawn_by_another()
    state, events = _draw(d.state, d.third, 2)  # the drawer's returned card, then the third's
    assert [(ev.cards, ev.knower) for ev in events if isinstance(ev, e.MissionsDrawn)] == [
        ((d.before.mission_deck[-2],), d.drawer),
        ((d.before.mission_deck[-1],), -1),
    ]
    assert state.player(d.third).mission_knowers[-2:] == (d.drawer, -1)
    apply_checking_privacy(GAME, d.state, 3, events)


def test_knowing_it_ends_when_it_leaves_the_hand_and_is_public_once_revealed() -> None:
    d = _drawn_by_another()
    view = obj(arr(GAME.view(d.state, d.returner)["players"])[d.drawer])
    assert view["missions"] == {"count": len(d.state.player(d.drawer).missions), "yours": ANY}
    fulfilled = GAME.evolve(
        d.state, MissionFulfilled(seat=None, owner=d.drawer, card=d.card, option=1, power=1)
    )
    returned = GAME.evolve(d.state, e.MissionReturned(seat=None, owner=d.drawer, card=d.card))
    revealed = GAME.evolve(d.state, MissionRevealed(seat=None, owner=d.drawer, card=d.card))
    for state in (fulfilled, returned):
        player = state.player(d.drawer)
        assert d.card not in player.missions and len(player.mission_knowers) == len(player.missions)
        assert _holding(Drawn(d.before, state, *d[2:]), d.returner) == []
    assert returned.mission_knowers[-1] == d.drawer  # its new returner knows it at the bottom
    assert d.card in GAME.hidden_from(returned, d.returner)
    assert revealed.player(d.drawer).mission_knowers[-1] == EVERYONE
    assert _holding(Drawn(d.before, revealed, *d[2:]), d.returner) == []
    for seat in (d.third, None, d.returner):
        assert d.card not in GAME.hidden_from(revealed, seat)


def test_a_game_recorded_before_the_drawer_named_the_knower_reads_it_as_unknown() -> None:
    """A version-1 missions_drawn has no knower: read as shown to its drawer alone (and, as
    version 2 read on, not drawn by the solo set-up: cited as stored)."""
    data: dict[str, JSON] = {"owner": 1, "cards": ["war-chest#1"]}
    assert upcast(e.MissionsDrawn, data, 1) == {**data, "knower": -1, "solo": False}


def test_a_forks_new_deal_leaves_the_drawn_mission_in_its_holders_hand() -> None:
    d = _drawn_by_another()
    (deal,) = GAME.shuffle_unseen(d.state, random.Random(5))
    assert isinstance(deal, e.UnseenShuffled)
    assert not [p for p in deal.places if p.startswith("players/")]
    dealt = GAME.evolve(d.state, deal)
    assert dealt.player(d.drawer) == d.state.player(d.drawer)


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


def test_the_determinization_keeps_the_drawn_mission_in_the_drawers_hand_for_its_returner() -> None:
    """For its returner the drawn card stays where it is and is dealt nowhere else; for the
    third seat it is dealt again like any unseen mission."""
    d = _drawn_by_another()
    at = len(d.state.player(d.drawer).missions) - 1
    for attempt in range(10):
        mine = GAME.determinize(d.state, d.returner, random.Random(attempt))
        assert mine.player(d.drawer).missions[at] == d.card
        anywhere = [c for p in mine.players for c in p.missions] + list(mine.mission_deck)
        assert anywhere.count(d.card) == 1
        assert mine.player(d.drawer).mission_knowers == d.state.player(d.drawer).mission_knowers
    dealt = {
        GAME.determinize(d.state, d.third, random.Random(i)).player(d.drawer).missions[at]
        for i in range(20)
    }
    assert dealt - {d.card}, "the drawn mission was never dealt again for the third seat"


LATER = ("mission_knowers", "hand_knowers")  # the player fields added after rules version 1


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
    for part in ("mission_deck", "fortune_deck", "round", "winners", "final"):
        assert final[part] == recorded[part], part
    players = arr(final["players"])
    assert [{k: v for k, v in obj(p).items() if k not in LATER} for p in players] == (
        recorded["players"]
    )
