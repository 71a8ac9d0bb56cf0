"""Batman: Gotham City Chronicles through the API: all-bot games of the reference mission at 2, 3
and 4 seats finish by themselves with every event cited and told and a sound log; a person's move
out of turn is refused with the book's sections, and a refusal's citation label leads to its
section through the rules lookup; a custom pack's tile skills are played or refused; a person's
hero drops equipment in the villain's turn, which waits for nobody else."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from rest_framework.test import APIClient

from tests.api.game_checks import finished_with_every_event_cited, out_of_turn_refusal
from tests.conftest import CreateGame, auth

SLUG = "gotham-city-chronicles"
SKILLED_SEED = 2  # a seed whose random villain uses a brute's skill (7 before rules 25)


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_all_bot_game_finishes_with_every_event_cited_and_a_sound_log(
    api: APIClient, create_game: CreateGame, players: int
) -> None:
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]
    body = create_game(game=SLUG, players=bots[:players], seed=70 + players)
    finished_with_every_event_cited(api, body["id"], SLUG)
    seats = api.get(f"/api/games/{body['id']}/").json()["seats"]
    assert "villain" in seats[0]["role"] and all(s["role"] for s in seats)


@pytest.mark.django_db
def test_a_persons_move_out_of_turn_is_refused_with_citations_that_lead_to_the_book(
    api: APIClient, create_game: CreateGame
) -> None:
    body = create_game(game=SLUG, players=[{"name": "Ann"}, {"name": "Bob"}], seed=3)
    gid, heroes = body["id"], body["seats"][1]
    assert api.get(f"/api/games/{gid}/").json()["to_act"] == [1]  # the heroes' initiative
    answer = out_of_turn_refusal(api, body, SLUG)
    assert answer["code"] == "not_your_turn"
    early = api.post(  # a hero's move before every hero has declared a stance
        f"/api/games/{gid}/moves/",
        {
            "expected_version": body["version"],
            "move": {"type": "move", "hero": "batman", "to": "street"},
        },
        format="json",
        **auth(heroes["token"]),
    )
    assert early.status_code == 422 and early.json()["code"] == "stance_step", early.content
    cited = answer["citations"] + early.json()["citations"]
    assert any(c["label"] == "V·B·3" for c in cited)
    for citation in cited:  # each label, as a person would copy it, finds its section
        found = api.get(f"/api/rulebooks/{SLUG}/sections/{quote(citation['label'])}/")
        assert found.status_code == 200, citation
        assert found.json()["section"] == citation["section"]
        assert found.json()["label"] == citation["label"]


@pytest.mark.django_db
def test_a_packs_tile_skills_are_played_by_the_villains_bot_or_refused_with_path_and_rule(
    api: APIClient, create_game: CreateGame
) -> None:
    """Rules version 14: a custom pack's tile with Attraction and Blast (the test-only variant of
    test_tile_skills.py) is played through the API to the end by bots, the characters' skills
    among the events, cited and told by name; a tile giving Ambidexterity is refused when the
    pack is read, naming its path and the rule."""
    from tests.rules_core.games.gotham_city_chronicles.test_tile_skills import skilled_raw

    pack = skilled_raw()
    bots = [{"bot": "random"}, {"bot": "random"}]
    body = create_game(game=SLUG, players=bots, seed=SKILLED_SEED, options={"content": pack})
    events = finished_with_every_event_cited(api, body["id"], SLUG)
    used = [e for e in events if e["type"] in ("attracted", "blasted") and e["seat"] == 0]
    assert used and all(e["text"].startswith("Brutes with Chains") for e in used)
    assert all("vi-d-3-b" in {c["section"] for c in e["citations"]} for e in used), used
    brutes = next(t for t in pack["tile"] if t["id"] == "brutes-with-chains")
    brutes["skills"] = [{"skill": "ambidexterity", "level": 1}]
    assert _pack_refused(api, pack).startswith(
        "content pack: tile[2].skills[0].skill: Ambidexterity is not read on a tile"
    )


def _pack_refused(api: APIClient, pack: dict[str, Any]) -> str:
    """A game of two random bots with `pack` refused as it is created: 400 `rules_rejected`
    `bad_options`; its message."""
    bots = [{"bot": "random"}, {"bot": "random"}]
    refused = api.post(
        "/api/games/",
        {"game": SLUG, "players": bots, "options": {"content": pack}},
        format="json",
    )
    assert refused.status_code == 400
    answer = refused.json()
    assert (answer["error"], answer["code"]) == ("rules_rejected", "bad_options")
    return str(answer["message"])


@pytest.mark.django_db
def test_a_pack_giving_a_characteristic_twice_is_refused_with_path_and_rule(
    api: APIClient,
) -> None:
    """Rules version 15 (VI·A·2 [a], VI·C·3): a tile whose melee characteristics are the same
    twice is refused as the game is created, 400 with the path and the rule, nothing created."""
    from tests.rules_core.games.gotham_city_chronicles.test_tile_skills import skilled_raw

    pack = skilled_raw()
    brutes = next(t for t in pack["tile"] if t["id"] == "brutes-with-chains")
    brutes["melee"] = [dict(brutes["melee"][0]), dict(brutes["melee"][0])]
    assert _pack_refused(api, pack).startswith(
        "content pack: tile[2].melee[1]: the same melee characteristic is given twice"
    )


@pytest.mark.django_db
def test_a_pack_putting_a_heroes_tile_in_the_river_is_refused_with_path_and_rule(
    api: APIClient,
) -> None:
    """Rules version 31 (VI·A·1 8): the river holds the villain's tiles; a heroes' tile there is
    refused as the game is created, 400 `bad_options` with the path and the reason."""
    from tests.rules_core.games.gotham_city_chronicles.test_enemies import with_sides

    pack = with_sides()
    pack["mission"]["river"].insert(0, "gcpd-officers")
    assert _pack_refused(api, pack) == (
        'content pack: mission.river[0]: "GCPD Officers" is a heroes\' tile, and the river holds'
        " only the villain's tiles and the event tile, the ones the villain activates (VI·A·1 8)"
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("phrase", "rule"),
    [
        (None, 'must give each state a verb phrase ("explodes", "is armed")'),
        ("goes off " * 7, "at most 60 characters"),
    ],
)
def test_a_pack_whose_token_state_has_no_verb_phrase_or_an_overlong_one_is_refused(
    api: APIClient, phrase: str | None, rule: str
) -> None:
    """Rules version 19: each state of a mission token is told by its verb phrase ("The Bomb
    explodes."); a custom pack missing one, or giving one beyond 60 characters, is refused as
    the game is created, 400 `bad_options` naming the path and the rule."""
    from rules_core.games.gotham_city_chronicles.content import pack_data

    pack = pack_data()
    phrases = pack["mission"]["token"][1]["verb_phrases"]
    if phrase is None:
        del phrases["exploded"]
    else:
        phrases["exploded"] = phrase
    assert _pack_refused(api, pack) == (
        f"content pack: mission.token[1].verb_phrases.exploded: {rule}"
    )


@pytest.mark.django_db
def test_a_pack_whose_source_names_no_section_of_the_book_is_refused_with_path_and_id(
    api: APIClient,
) -> None:
    """A value's source "rulebook <section id>" names a section of the book's index
    (engine.pack_sources): a custom pack citing one the index lacks is refused as the game is
    created, 400 `bad_options` naming the source's path and the unknown id."""
    from rules_core.games.gotham_city_chronicles.content import pack_data

    pack = pack_data()
    pack["item"][0]["encumbrance"]["source"] = "rulebook v-d-1-z"
    assert _pack_refused(api, pack) == (
        'content pack: item[0].encumbrance.source: no section "v-d-1-z" in the index of the'
        " Batman: Gotham City Chronicles rulebook (a rulebook source names a section by its id)"
    )


@pytest.mark.django_db
def test_a_persons_hero_drops_equipment_in_the_villains_turn_that_waits_for_nobody_else(
    api: APIClient, create_game: CreateGame
) -> None:
    """Rules version 24 (V·D·1 [f]: at any time): in the villain's turn the heroes' seat is
    offered its hero's drops and makes one, while `to_act` names the villain alone throughout.
    The pack lays the safe's contents in Batman's area at the first upkeep."""
    import tomllib

    from rules_core.games.gotham_city_chronicles.content import REFERENCE_PACK

    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["mission"]["upkeep"] = [
        {
            "id": "safe-gives",
            "name": "The safe gives way",
            "token": "safe",
            "state": "closed",
            "effect": [{"op": "open", "token": "safe"}],
        },
    ]
    body = create_game(
        game=SLUG, players=[{"name": "Ann"}, {"name": "Bob"}], seed=5, options={"content": pack}
    )
    gid, villain, heroes = body["id"], body["seats"][0], body["seats"][1]
    version = body["version"]

    def post(seat: dict[str, Any], move: dict[str, Any]) -> int:
        answer = api.post(
            f"/api/games/{gid}/moves/",
            {"expected_version": version, "move": move},
            format="json",
            **auth(seat["token"]),
        )
        assert answer.status_code == 201, answer.content
        return int(api.get(f"/api/games/{gid}/").json()["version"])

    for hero in ("batman", "commissioner-gordon", "renee-montoya"):
        version = post(heroes, {"type": "stance", "hero": hero, "stance": "active"})
    version = post(heroes, {"type": "pick_up", "hero": "batman", "item": "ledger"})
    version = post(heroes, {"type": "finish"})
    assert api.get(f"/api/games/{gid}/").json()["to_act"] == [0]
    offered = api.get(f"/api/games/{gid}/legal-moves/", **auth(heroes["token"])).json()
    assert [m["label"] for m in offered["moves"]] == ["Batman drops Falcone's Ledger"]
    version = post(heroes, offered["moves"][0]["move"])
    assert api.get(f"/api/games/{gid}/").json()["to_act"] == [0]
    ended = {"type": "end_villain_turn"}
    assert post(villain, ended) > version
