"""A fortune taken from the top of the discard (the reference queen, the supply dice's lucky
device: appendix.fortunes.dominance, appendix.dice.supply) is known in its taker's hand to
whoever knew it on the discard: everybody for a card played or turned up face up, the player
who laid it there face down (appendix.fortunes). They read it in the event, its story and their
view; the others do not, by value; the bots' determinization keeps it there for them (rules
version 20; a version-1 event showed it to its taker alone)."""

from __future__ import annotations

import random

from rules_core.engine.types import EVERYONE
from rules_core.engine.upcasting import upcast
from rules_core.engine.updating import updated
from rules_core.games.black_metro import events_dominance as d
from rules_core.games.black_metro import facilities
from rules_core.games.black_metro.run import Run
from rules_core.games.black_metro.state import NOBODY, BlackMetroState
from tests.rules_core.games.black_metro.helpers import GAME, started, through_setup
from tests.rules_core.json_shapes import obj, objs
from tests.rules_core.privacy import apply_checking_privacy

RED, GREEN, BLUE = 0, 1, 2


def _lucky_device(placer: int) -> tuple[BlackMetroState, BlackMetroState, list[d.DiscardTaken]]:
    """Red's supply dice shows the lucky device with the 5 of spades on top of the discard,
    laid there face down by `placer` (-1: played face up); the table before and after."""
    state = through_setup(started(3, first_game=True))
    state = state.with_player(RED, updated(state.player(RED), hand=()))
    deck = tuple(c for c in state.fortune_deck if c != "5-spades")
    state = updated(
        state,
        fortune_deck=deck,
        fortune_knowers=(NOBODY,) * len(deck),
        fortune_discard=("5-spades",),
        discard_placers=(placer,),
    )
    run = Run(state)
    facilities.apply_face(run, RED, "supply", 1, 10, random.Random(0))
    taken = [ev for ev in run.events if isinstance(ev, d.DiscardTaken)]
    return state, apply_checking_privacy(GAME, state, 3, run.events), taken


def _known(state: BlackMetroState, seat: int | None) -> list[str]:
    hand = obj(objs(GAME.view(state, seat)["players"])[RED]["hand"])
    return [str(known["name"]) for known in objs(hand["known"])]


def test_a_fortune_taken_face_up_from_the_discard_is_known_to_everybody() -> None:
    before, after, taken = _lucky_device(-1)
    assert taken == [d.DiscardTaken(seat=None, owner=RED, card="5-spades", knower=EVERYONE)]
    for seat in (None, GREEN, BLUE):
        text = GAME.narrate(before, taken[0], seat, False)
        assert text == "Red takes the 5 of spades from the discard.", seat
        assert "5-spades" not in GAME.hidden_from(after, seat)
        assert _known(after, seat) == ["the 5 of spades"]
    mine = objs(objs(GAME.view(after, RED)["players"])[RED]["hand"])
    assert mine[0]["known_to"] == "taken face up from the discard: everybody knows it"


def test_a_fortune_laid_face_down_is_known_in_its_takers_hand_to_who_laid_it_alone() -> None:
    before, after, taken = _lucky_device(GREEN)
    assert taken == [d.DiscardTaken(seat=None, owner=RED, card="5-spades", knower=GREEN)]
    assert GAME.narrate(before, taken[0], GREEN, False).startswith("Red takes the 5 of spades")
    assert GAME.narrate(before, taken[0], BLUE, False) == (
        "Red takes the top fortune from the discard."
    )
    assert "5-spades" not in GAME.hidden_from(after, GREEN)
    assert "5-spades" in GAME.hidden_from(after, BLUE) and "5-spades" in GAME.hidden_from(
        after, None
    )
    assert _known(after, GREEN) == ["the 5 of spades"] and _known(after, BLUE) == []
    for i in range(10):  # Green's determinization leaves it in Red's hand
        assert GAME.determinize(after, GREEN, random.Random(i)).player(RED).hand == ("5-spades",)
    mine = objs(objs(GAME.view(after, RED)["players"])[RED]["hand"])
    assert mine[0]["known_to"] == "Green laid it on the discard and knows it"


def test_the_takers_own_card_and_a_version_1_event_are_known_to_nobody_else() -> None:
    _, after, taken = _lucky_device(RED)
    assert taken[0].knower == NOBODY and after.player(RED).hand_known() == (NOBODY,)
    old = upcast(d.DiscardTaken, {"owner": RED, "card": "5-spades"}, 1)
    assert old == {"owner": RED, "card": "5-spades", "knower": NOBODY}
