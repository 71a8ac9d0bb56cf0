"""The tests' tiny Duel is one package and nothing else, yet the service runs it like any game:
the catalog lists it, the API plays it (an out-of-turn response included), refusals cite its
own rulebook, hidden hands stay hidden and everything reads in its words. (The conformance
suite runs it with every other game; the browser journey plays it through the lobby.)"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import CreateGame, auth
from tests.games.duel.rules import DECK

pytestmark = pytest.mark.django_db


def _post(api: APIClient, gid: int, version: int, token: str, move: dict[str, Any]) -> Any:
    return api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": version, "move": move},
        format="json",
        **auth(token),
    )


def test_the_catalog_lists_the_tiny_game_from_its_package(api: APIClient) -> None:
    duel = next(g for g in api.get("/api/catalog/").json()["games"] if g["game"] == "duel")
    assert duel["players"] == {"min": 2, "max": 2} and duel["rulebook"] == "duel"
    assert duel["info"]["roles"] == "the Hero or the Rogue" and duel["options"] == {}
    section = api.get("/api/rulebooks/duel/sections/turn.respond/").json()
    assert section["title"] == "Responding" and "out of turn" in section["summary"]


def test_a_played_card_waits_for_the_other_seats_response(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="duel", seed=3)
    gid, (hero, rogue) = body["id"], body["seats"]
    seats = api.get(f"/api/games/{gid}/").json()["seats"]
    assert [s["role"] for s in seats] == ["Hero", "Rogue"]
    mine = api.get(f"/api/games/{gid}/state/", **auth(hero["token"])).json()["state"]
    theirs = api.get(f"/api/games/{gid}/state/", **auth(rogue["token"])).json()["state"]
    assert len(mine["hands"]["0"]) == 3 and theirs["hands"]["0"] == {"count": 3}
    held = {c["id"] for c in mine["hands"]["0"]}
    assert not held & set(str(api.get(f"/api/games/{gid}/state/").json()).split("'"))

    moves = api.get(f"/api/games/{gid}/legal-moves/", **auth(hero["token"])).json()["moves"]
    play = next(m for m in moves if m["move"]["type"] == "play")
    card = DECK.card(play["move"]["card"])
    assert play["label"] == f"Play “{card.name}”"
    answer = _post(api, gid, body["version"], hero["token"], play["move"])
    assert answer.status_code == 201
    version = answer.json()["version"]
    assert answer.json()["events"][0]["text"] == f"The Hero plays “{card.name}” ({card.text})."

    game = api.get(f"/api/games/{gid}/").json()
    assert game["to_act"] == [1]  # the Rogue answers, out of turn
    refused = _post(api, gid, version, hero["token"], {"type": "draw"})
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_turn"
    rogue_moves = api.get(f"/api/games/{gid}/legal-moves/", **auth(rogue["token"])).json()
    labels = [m["label"] for m in rogue_moves["moves"]]
    assert labels[-1] == f"Let “{card.name}” through"
    rogue_hand = api.get(f"/api/games/{gid}/state/", **auth(rogue["token"])).json()["state"]
    other_suit = [c["id"] for c in rogue_hand["hands"]["1"] if c["suit"] != card.suit]
    assert other_suit  # (seed 3 deals the Rogue one)
    wrong = _post(api, gid, version, rogue["token"], {"type": "block", "card": other_suit[0]})
    assert wrong.status_code == 422 and wrong.json()["code"] == "wrong_suit"
    assert {"book": "duel", "section": "turn.respond"} in [
        {"book": c["book"], "section": c["section"]} for c in wrong.json()["citations"]
    ]
    allowed = _post(api, gid, version, rogue["token"], {"type": "allow"})
    assert allowed.status_code == 201
    texts = [e["text"] for e in allowed.json()["events"]]
    assert texts[0] == "The Rogue lets it through." and texts[-1] in (
        "The Rogue's turn begins.",
        "The Hero wins the duel.",
    )
