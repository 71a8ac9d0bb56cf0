"""No Man's Land through the API: bots play it to the end with a sound log, a person's move out
of turn is refused with the book's sequence of play, a face-down crime stays Falcone's, and each
hand is its holder's (the others, like the decks, show how many cards)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from api.log_check import log_problems
from api.models import Game
from tests.api.test_bots import wait_until_finished
from tests.conftest import CreateGame, auth, celery_is_eager


def _post(api: APIClient, gid: int, version: int, token: str, move: dict[str, Any]) -> Any:
    return api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": version, "move": move},
        format="json",
        **auth(token),
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not celery_is_eager(), reason="eager Celery only; the worker test covers Redis")
def test_an_all_bot_game_finishes_with_every_event_cited_and_a_sound_log(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="no-mans-land", players=[{"bot": "random"}, {"bot": "greedy"}], seed=5)
    game = wait_until_finished(api, body["id"], timeout=60)
    assert game["status"] == "finished" and game["outcome"] is not None
    assert list(log_problems(Game.objects.get(pk=body["id"]))) == []
    events = api.get(f"/api/games/{body['id']}/events/").json()["events"]
    assert events and all(e["citations"] for e in events)
    assert all(c["book"] == "no-mans-land" for e in events for c in e["citations"])
    last = events[-1]
    assert last["type"] == "game_finished" and last["text"].endswith("wins.")


@pytest.mark.django_db
def test_a_persons_move_out_of_turn_is_refused_with_the_sequence_of_play(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="no-mans-land", seed=3)
    gid, gordon = body["id"], body["seats"][1]
    seats = api.get(f"/api/games/{gid}/").json()["seats"]
    assert [s["role"] for s in seats] == ["Falcone", "Gordon"]
    refused = _post(api, gid, body["version"], gordon["token"], {"type": "end"})
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_turn"
    cited = [(c["book"], c["section"]) for c in refused.json()["citations"]]
    assert ("no-mans-land", "sequence-of-play") in cited
    assert api.get(f"/api/games/{gid}/").json()["version"] == body["version"]


@pytest.mark.django_db
def test_a_crime_played_face_down_is_seen_only_by_falcone(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="no-mans-land", seed=3)
    gid, (falcone, gordon) = body["id"], body["seats"]
    moves = api.get(f"/api/games/{gid}/legal-moves/", **auth(falcone["token"])).json()["moves"]
    hidden = next(m for m in moves if m["move"]["type"] == "crime" and m["move"]["face_down"])
    assert " face down at " in hidden["label"] and hidden["label"].startswith("Play ")
    answer = _post(api, gid, body["version"], falcone["token"], hidden["move"])
    assert answer.status_code == 201
    name = hidden["label"].removeprefix("Play ").split(" face down")[0]
    assert answer.json()["events"][0]["text"].startswith(f"Falcone plays {name} face down at ")
    theirs = api.get(f"/api/games/{gid}/events/", **auth(gordon["token"])).json()["events"]
    told = next(e for e in theirs if e["type"] == "crime_hidden")
    assert told["text"].startswith("Falcone plays a crime face down at ")
    assert told["data"]["card"] is None
    district = hidden["move"]["district"]
    view = api.get(f"/api/games/{gid}/state/", **auth(gordon["token"])).json()["state"]
    crime = next(d for d in view["districts"] if d["id"] == district)["crime"]
    # nothing ruled out yet: it has not stood through a start of Falcone's turn (rules version 8)
    assert crime == {"face_down": True, "card": None, "ruled_out": [], "known": None}
    mine = api.get(f"/api/games/{gid}/state/", **auth(falcone["token"])).json()["state"]
    crime = next(d for d in mine["districts"] if d["id"] == district)["crime"]
    assert crime["card"]["id"] == hidden["move"]["card"]


@pytest.mark.django_db
def test_hands_and_decks_are_counted_for_the_others_and_shown_to_their_holders(
    api: APIClient, create_game: CreateGame
) -> None:
    """Falcone's hand and Gordon's Batsignal cards through the API: each holder sees his cards,
    the other side and a spectator how many; both decks show how many cards, to all; the card
    Gordon draws is his alone in the history too."""
    body = create_game(game="no-mans-land", seed=3)
    gid, (falcone, gordon) = body["id"], (s["token"] for s in body["seats"])
    # Falcone ends his movement phase at once, so he draws nothing: 4 cards held, 13 in his deck
    assert _post(api, gid, body["version"], falcone, {"type": "end"}).status_code == 201
    while True:  # Gordon ends his phases until his draw phase offers the Batsignal deck
        offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(gordon)).json()
        kinds = [m["move"]["type"] for m in offered["moves"]]
        move = {"type": "draw" if "draw" in kinds else "end"}
        answer = _post(api, gid, offered["version"], gordon, move)
        assert answer.status_code == 201, answer.json()
        if "draw" in kinds:
            break
    views = {
        who: api.get(f"/api/games/{gid}/state/", **auth(token)).json()["state"]
        for who, token in (("falcone", falcone), ("gordon", gordon), ("spectator", None))
    }
    his = views["falcone"]["hands"]["0"]
    assert len(his) == 4 and all(c["name"] for c in his)
    (drawn,) = views["gordon"]["hands"]["1"]
    assert drawn["kind"] == "batsignal" and drawn["name"]
    assert views["gordon"]["hands"]["0"] == views["spectator"]["hands"]["0"] == {"count": 4}
    assert views["falcone"]["hands"]["1"] == views["spectator"]["hands"]["1"] == {"count": 1}
    for view in views.values():
        assert view["decks"] == {"falcone": {"count": 13}, "batsignal": {"count": 7}}
    events = {
        who: api.get(f"/api/games/{gid}/events/", **auth(token)).json()["events"]
        for who, token in (("falcone", falcone), ("gordon", gordon), ("spectator", None))
    }
    told = {who: next(e for e in es if e["type"] == "signal_drawn") for who, es in events.items()}
    assert told["gordon"]["data"]["card"] == drawn["id"]
    assert told["falcone"]["data"]["card"] is None and told["spectator"]["data"]["card"] is None
    assert drawn["name"] in told["gordon"]["text"]
    assert drawn["name"] not in told["falcone"]["text"] + told["spectator"]["text"]
