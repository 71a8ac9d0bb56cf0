"""The API speaks each game's language: move labels, event stories, seat roles, game metadata."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


def test_legal_moves_carry_labels_in_the_games_words(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="gotham-city-strategy", seed=5)
    gid = body["id"]
    game = api.get(f"/api/games/{gid}/").json()
    token = body["seats"][min(game["to_act"])]["token"]
    moves = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()["moves"]
    assert moves and all(set(m) == {"move", "label"} for m in moves)
    labels = [m["label"] for m in moves]
    assert all(label and "_" not in label and "{" not in label for label in labels)
    assert any(label.startswith("Place a threat on ") for label in labels), labels


def test_events_tell_each_viewer_only_what_it_may_know(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    answer = api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": body["version"], "move": {"type": "draw", "deck": 2}},
        format="json",
        **auth(ann["token"]),
    ).json()
    (drawn,) = answer["events"]
    assert drawn["text"].startswith("Figure A's player draws “") and "from deck 2" in drawn["text"]
    url = f"/api/games/{gid}/events/?after={body['version']}"
    mine = api.get(url, **auth(ann["token"])).json()["events"][0]["text"]
    theirs = api.get(url, **auth(bob["token"])).json()["events"][0]["text"]
    watching = api.get(url).json()["events"][0]["text"]
    assert mine == drawn["text"]
    assert theirs == watching == "Figure A's player draws a card from deck 2."
    opening = api.get(f"/api/games/{gid}/events/", **auth(bob["token"])).json()["events"]
    assert opening[0]["text"].startswith("The race begins with 2 players")
    dealt = [e["text"] for e in opening if e["type"] == "cards_dealt"]
    assert dealt[0] == "Figure A's player is dealt one card from each deck."  # Ann's, to Bob
    assert dealt[1].startswith("Figure B's player is dealt “")  # his own


def test_the_replay_names_each_move_unless_part_of_it_is_hidden(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game()
    gid, (ann, bob) = body["id"], body["seats"]
    version = body["version"]
    for move in ({"type": "draw", "deck": 1}, None):
        if move is None:
            legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(ann["token"])).json()
            move = legal["moves"][0]["move"]
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": version, "move": move},
            format="json",
            **auth(ann["token"]),
        )
        assert answer.status_code == 201
        version = answer.json()["version"]
    moves = [
        e
        for e in api.get(f"/api/games/{gid}/replay/", **auth(bob["token"])).json()["events"]
        if e["move"]
    ]
    assert moves[0]["move_label"] == "Draw a card from deck 1"
    assert moves[1]["move"]["card"] is None and moves[1]["move_label"] is None  # Ann's card
    own = [
        e
        for e in api.get(f"/api/games/{gid}/replay/", **auth(ann["token"])).json()["events"]
        if e["move"]
    ]
    assert own[1]["move_label"].startswith("Place “") and own[1]["move_label"].endswith("face down")


def test_seats_have_their_roles_and_games_their_metadata(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="gotham-city-strategy")
    seats = api.get(f"/api/games/{body['id']}/").json()["seats"]
    assert [s["role"] for s in seats] == ["The Joker", "The Penguin"]
    race = create_game()
    assert [s["role"] for s in api.get(f"/api/games/{race['id']}/").json()["seats"]] == [
        "Figure A",
        "Figure B",
    ]
    catalog = {g["game"]: g for g in api.get("/api/catalog/").json()["games"]}
    info = catalog["gotham-race"]["info"]
    assert info["chance"] is True and info["hidden_information"] is True
    assert info["longest_game"] == 2000 and info["roles"].startswith("a figure")
