"""Gotham Race's hidden things through the API's state view, one case of each kind, as the table
hides them: a hand (its holder sees the faces, the others how many of each back), a deck (how
many cards), a card placed face down on the deposit (its back for all, its face for its player
alone, an ownerless figure's for nobody) until the pile is turned over, when all see it."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


def _state(api: APIClient, gid: int, token: str | None) -> dict[str, Any]:
    answer = api.get(f"/api/games/{gid}/state/", **auth(token))
    assert answer.status_code == 200, answer.json()
    return dict(answer.json()["state"])


def _make(api: APIClient, gid: int, token: str, move: dict[str, Any]) -> None:
    version = api.get(f"/api/games/{gid}/").json()["version"]
    answer = api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": version, "move": move},
        format="json",
        **auth(token),
    )
    assert answer.status_code == 201, answer.json()


def test_each_hidden_thing_shows_its_back_or_count_to_others_and_its_face_to_its_holder(
    api: APIClient, create_game: CreateGame
) -> None:
    # Ann (figure A) and Bob (figure B) race with two ownerless figures; A places first.
    body = create_game(players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    gid, (ann, bob) = body["id"], (s["token"] for s in body["seats"])
    _make(api, gid, ann, {"type": "draw", "deck": 2})
    hers = _state(api, gid, ann)
    card = hers["hands"]["0"][0]
    _make(api, gid, ann, {"type": "place", "card": card["id"]})

    hers, his, anyone = _state(api, gid, ann), _state(api, gid, bob), _state(api, gid, None)
    # a hand: its holder sees the faces, the others how many cards of each back, not which
    backs = sorted(c["deck"] for c in hers["hands"]["0"])
    assert len(backs) == 4 and card["id"] not in {c["id"] for c in hers["hands"]["0"]}
    for other in (his, anyone):
        assert other["hands"]["0"] == {"count": 4, "backs": backs}
    assert len(his["hands"]["1"]) == 4 and all(c["text"] for c in his["hands"]["1"])  # his own
    assert anyone["hands"]["1"] == {"count": 4, "backs": [1, 2, 3, 4]}
    # a deck: how many cards, for everybody, the order for nobody (13 each after the deal; Ann
    # drew from deck 2)
    for view in (hers, his, anyone):
        assert view["decks"] == [{"count": n} for n in (13, 12, 13, 13)]
        # what each deck holds is public, as the book's card list makes it: texts, no ids
        assert [sum(c["copies"] for c in view["deck_contents"][d]) for d in "1234"] == [15] * 4
    # a card placed face down: its back (the figure it aims at) is seen, its face by Ann alone
    (placed,) = hers["deposit"]
    assert placed == {"figure": "A", "seat": 0, "deck": card["deck"], "card": card}
    for other in (his, anyone):
        assert other["deposit"] == [{**placed, "card": None}]

    # Bob places; the ownerless figures C and D then place the top card of the deck of their
    # position face down, seen by nobody, and the pile is turned over for all to see
    _make(api, gid, bob, {"type": "draw", "deck": 1})
    mine = _state(api, gid, bob)["hands"]["1"][0]
    _make(api, gid, bob, {"type": "place", "card": mine["id"]})
    events = api.get(f"/api/games/{gid}/events/", **auth(ann)).json()["events"]
    ownerless = next(e for e in events if e["type"] == "card_placed" and e["data"]["figure"] == 2)
    assert ownerless["data"]["card"] is None
    at = f"/api/games/{gid}/state/?version={ownerless['seq']}"
    for token in (ann, bob, None):
        view = api.get(at, **auth(token)).json()["state"]
        pile = view["deposit"]
        assert [(p["figure"], p["seat"]) for p in pile] == [("A", 0), ("B", 1), ("C", None)]
        assert pile[2]["deck"] in (1, 2, 3, 4) and pile[2]["card"] is None
        assert (pile[0]["card"] is not None) == (token == ann)
        assert (pile[1]["card"] is not None) == (token == bob)
    for token in (ann, bob, None):
        view = _state(api, gid, token)
        # the round was carried out: its four cards lie face up on the discard pile, seen by all
        assert view["round"] == 2 and len(view["discard"]) == 4
        assert {c["id"] for c in view["discard"]} >= {card["id"], mine["id"]}
        # round two: D, last, placed first, its card's face unseen by anybody
        assert view["deposit"] == [{"figure": "D", "seat": None, "deck": 4, "card": None}]
