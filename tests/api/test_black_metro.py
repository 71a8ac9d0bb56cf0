"""Black Metro through the API: all-bot games at every seat count (the solo challenge included)
finish by themselves with every event cited and a sound log, a person's move out of turn is
refused with the book's sections, a mission put back in the deck is named to its returner
alone, and the replay tells the assignment a fortune completes under that fortune's move."""

from __future__ import annotations

import json
import random
import tomllib
from typing import Any

import pytest
from rest_framework.test import APIClient

from api.models import Game
from rules_core.games.black_metro.content import REFERENCE_PACK
from tests.api.game_checks import (
    finished_with_every_event_cited,
    out_of_turn_refusal,
    post_a_random_offer,
)
from tests.conftest import CreateGame, auth


@pytest.mark.django_db
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_an_all_bot_game_finishes_with_every_event_cited_and_a_sound_log(
    api: APIClient, create_game: CreateGame, players: int
) -> None:
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]
    body = create_game(game="black-metro", players=bots[:players], seed=60 + players)
    finished_with_every_event_cited(api, body["id"], "black-metro", slices=20)


@pytest.mark.django_db
def test_a_persons_move_out_of_turn_is_refused_with_citations(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game="black-metro", players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    out_of_turn_refusal(api, body, "black-metro")


@pytest.mark.django_db
def test_a_pack_naming_a_list_where_an_id_goes_is_refused_with_its_path(api: APIClient) -> None:
    """A list or an object where the pack names a fortune or a priority was a 500 (an
    unhashable value looked up among ids); it is a 400 naming the path, and no game is made."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["solo"]["priorities"]["value"][2] = []
    body = {"game": "black-metro", "players": [{"name": "Ann"}], "options": {"content": pack}}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"] == "rules_rejected"
    assert "solo.priorities" in response.json()["message"]
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_pack_whose_effect_has_thirty_steps_is_refused_without_a_game(api: APIClient) -> None:
    """30 syndicate turns in one district effect were 3^30 ways to use it, each a move (the
    server hung listing them). Since rules version 30 each turn is a decision of its own, and
    an effect has at most 6 steps (every one is checked when the effect is offered): the pack
    is a 400 naming the effect, and no game is made."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["district"][0]["effect"][0]["steps"] = [{"op": "turn_syndicate", "amount": 1}] * 30
    body = {"game": "black-metro", "players": [{"name": "Ann"}], "options": {"content": pack}}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"] == "rules_rejected"
    assert response.json()["message"] == (
        "content pack: district[0].effect[0].steps: an effect has at most 6 steps (twice the"
        " reference pack's most), and this one has 30"
    )
    assert not Game.objects.exists()


SEPARATORS = '"|", ",", "#" and "@"'  # what Black Metro joins ids with (pack.IDS)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "index", "given", "refusal"),
    [
        ("mission", 2, "war,chest", f'no "," in an id (the game joins ids with {SEPARATORS})'),
        (
            "technology",
            2,
            "K-spades",
            '"K-spades" is already the id of a fortune card (fortunes.ranks)',
        ),
    ],
)
def test_a_pack_whose_id_the_game_would_misread_is_refused_without_a_game(
    api: APIClient, kind: str, index: int, given: str, refusal: str
) -> None:
    """The missions a choice returns are its part's cards joined by ",": a mission "war,chest"
    was returned as the missions "war" and "chest". A card parameter names a fortune or a
    technology by its id alone (Pack.card): a technology "K-spades" was taken for the king of
    spades. Such a pack is a 400 `bad_options` naming the id's path and why (for an id already
    given, the other's path), and no game is made."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack[kind][index]["id"] = given
    body = {"game": "black-metro", "players": [{"name": "Ann"}], "options": {"content": pack}}
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400, response.content[:300]
    answer = response.json()
    assert (answer["error"], answer["code"]) == ("rules_rejected", "bad_options")
    assert answer["message"] == f"content pack: {kind}[{index}].id: {refusal}"
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_an_effects_later_steps_are_offered_one_at_a_time_in_words(
    api: APIClient, create_game: CreateGame
) -> None:
    """Every district effect 6 syndicate turns (rules version 30): a seat asked a later turn
    is offered one move per syndicate, labelled in the game's words, and what it is asked says
    which step of which effect."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    for district in pack["district"]:
        for effect in district["effect"]:
            effect["steps"] = [{"op": "turn_syndicate", "amount": 1}] * 6
    pick = random.Random(5)
    body = create_game(
        game="black-metro",
        players=[{"name": "Ann"}, {"name": "Bob"}],
        seed=5,
        options={"content": pack, "first_game": True},
    )
    game, tokens = body["id"], {s["seat"]: s["token"] for s in body["seats"]}
    for _ in range(400):
        seat = api.get(f"/api/games/{game}/state/").json()["to_act"][0]
        offered = api.get(f"/api/games/{game}/legal-moves/", **auth(tokens[seat])).json()
        if offered["moves"][0]["move"]["type"] == "choose_step":
            labels = [m["label"] for m in offered["moves"]]
            assert len(labels) == 3 and all(label.startswith("Turn ") for label in labels)
            assert not any("_" in label or "-" in label for label in labels), labels
            view = api.get(f"/api/games/{game}/state/", **auth(tokens[seat])).json()
            assert "the next step of the" in json.dumps(view)
            return
        post_a_random_offer(api, game, tokens[seat], offered, pick)
    raise AssertionError("no later step was asked in 400 moves")


@pytest.mark.django_db
def test_a_returned_mission_is_named_to_its_returner_alone_in_events_and_state(
    api: APIClient, create_game: CreateGame
) -> None:
    """starting.missions: the player who puts a mission back knows which and where it lies;
    the other seat and a spectator read only that a mission went back."""
    body = create_game(game="black-metro", players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    gid, version = body["id"], body["version"]
    (first,) = api.get(f"/api/games/{gid}/state/").json()["to_act"]  # asked one at a time
    returner, other = body["seats"][first], body["seats"][1 - first]
    colour = ("Red", "Green")[first]
    legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(returner["token"])).json()
    move = next(m["move"] for m in legal["moves"] if m["move"]["type"] == "return_mission")
    card = move["card"]
    answer = api.post(
        f"/api/games/{gid}/moves/",
        {"expected_version": legal["version"], "move": move},
        format="json",
        **auth(returner["token"]),
    )
    assert answer.status_code == 201, answer.content[:300]
    url = f"/api/games/{gid}/events/?after={version}"

    def returned(token: str | None) -> dict[str, Any]:
        events = api.get(url, **auth(token)).json()["events"]
        (event,) = [e for e in events if e["type"] == "mission_returned"]
        return dict(event)

    mine = returned(returner["token"])
    told = mine["text"].removeprefix(f"{colour} returns ")
    name = told.removesuffix(" to the bottom of the mission deck.")
    assert mine["data"]["card"] == card and name.startswith("“") and name != "a mission"
    state = api.get(f"/api/games/{gid}/state/", **auth(returner["token"])).json()
    assert {"name": name, "place": "at the bottom"} in state["state"]["mission_deck"]["yours"]
    for token in (other["token"], None):
        theirs = returned(token)
        assert theirs["data"]["card"] is None
        assert theirs["text"] == f"{colour} returns a mission to the bottom of the mission deck."
        shown = api.get(f"/api/games/{gid}/state/", **auth(token)).content.decode()
        assert card not in shown and name not in shown
    # the replay shows the move as its events show it: named to its returner alone
    replay = f"/api/games/{gid}/replay/?after={version}&limit=1"
    (own,) = api.get(replay, **auth(returner["token"])).json()["events"]
    assert own["move"]["card"] == card and name in own["move_label"]
    for token in (other["token"], None):
        (seen,) = api.get(replay, **auth(token)).json()["events"]
        assert seen["move"]["card"] is None and seen["move_label"] is None


@pytest.mark.django_db
def test_a_returned_mission_drawn_by_the_other_seat_is_named_to_its_returner_alone(
    api: APIClient, create_game: CreateGame
) -> None:
    """troubleshooting.cards: the mission deck is never shuffled, so the player who put a
    mission back sees it drawn and knows it in the drawer's hand. A pack of eight mission cards,
    four drawn by each player at set-up, leaves only the two put back in the deck; the second
    to choose takes The Envoy, whose set-up draws the first returner's mission."""
    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["mission"] = pack["mission"][:4]  # 4 missions, twice each
    pack["limits"]["missions_drawn"]["value"] = 4
    body = create_game(
        game="black-metro",
        players=[{"name": "Ann"}, {"name": "Bob"}],
        seed=3,
        options={"content": pack},
    )
    gid = body["id"]

    def play(token: str, kind: str, **wanted: Any) -> dict[str, Any]:
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(token)).json()
        move = next(
            m["move"]
            for m in legal["moves"]
            if m["move"]["type"] == kind and wanted.items() <= m["move"].items()
        )
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": move},
            format="json",
            **auth(token),
        )
        assert answer.status_code == 201, answer.content[:300]
        return dict(move)

    def to_act() -> int:
        (seat,) = api.get(f"/api/games/{gid}/state/").json()["to_act"]
        return int(seat)

    first = to_act()
    returner, drawer = body["seats"][first], body["seats"][1 - first]
    card = play(returner["token"], "return_mission")["card"]
    play(drawer["token"], "return_mission")
    assert to_act() == first  # candidates are chosen from the same player
    play(returner["token"], "choose_candidate", candidate="colonel")
    version = api.get(f"/api/games/{gid}/state/").json()["version"]
    play(drawer["token"], "choose_candidate", candidate="envoy")
    url, who = f"/api/games/{gid}/events/?after={version}", ("Red", "Green")[1 - first]

    def drawn(token: str | None) -> dict[str, Any]:
        events = api.get(url, **auth(token)).json()["events"]
        (event,) = [e for e in events if e["type"] == "missions_drawn"]
        return dict(event)

    for token in (returner["token"], drawer["token"]):
        told = drawn(token)
        assert told["data"]["cards"] == [card] and told["data"]["knower"] == first
        assert (
            told["text"].startswith(f"{who} draws “") and told["text"] != f"{who} draws 1 mission."
        )
    name = drawn(returner["token"])["text"].removeprefix(f"{who} draws ").removesuffix(".")
    state = api.get(f"/api/games/{gid}/state/", **auth(returner["token"])).json()["state"]
    assert state["players"][1 - first]["missions"]["yours"] == [
        {"name": name, "text": f"{who} holds {name} (you returned it)"}
    ]
    theirs = drawn(None)
    assert theirs["data"]["cards"] == [None] and theirs["text"] == f"{who} draws 1 mission."
    shown = api.get(f"/api/games/{gid}/state/").content.decode()
    assert card not in shown and name not in shown


@pytest.mark.django_db
def test_the_replay_tells_under_a_fortune_played_why_the_assignment_before_it_is_over(
    api: APIClient, create_game: CreateGame
) -> None:
    """A replay listed "Red has assigned 1 strength to 08 Oakland Laboratory." under "Play the
    2 of clubs…": playing the fortune completes the assignment, so the event is that move's
    own (the first of its events), and its words now say why it comes there."""
    body = create_game(game="black-metro", players=[{"name": "Ann"}, {"name": "Bob"}], seed=5)
    gid, tokens = body["id"], [s["token"] for s in body["seats"]]
    for _ in range(60):  # set-up, then the first turn that assigns and plays a fortune
        (seat,) = api.get(f"/api/games/{gid}/state/").json()["to_act"]
        legal = api.get(f"/api/games/{gid}/legal-moves/", **auth(tokens[seat])).json()
        moves = [m["move"] for m in legal["moves"]]
        played = next((m for m in moves if m["type"] == "play_fortune"), None)
        move = played or next((m for m in moves if m["type"] == "assign"), moves[0])
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": legal["version"], "move": move},
            format="json",
            **auth(tokens[seat]),
        )
        assert answer.status_code == 201, answer.content[:300]
        if played is not None:
            break
    assert played is not None
    events = api.get(f"/api/games/{gid}/replay/").json()["events"]
    opening = next(e for e in reversed(events) if e["move"] is not None)
    assert opening["move"]["type"] == "play_fortune"
    assert opening["move_label"].startswith("Play the ")
    assert opening["type"] == "assignment_finished"
    assert " assigns no more personnel this turn: " in opening["text"]
