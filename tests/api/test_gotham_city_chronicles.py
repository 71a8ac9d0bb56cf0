"""Batman: Gotham City Chronicles through the API: all-bot games of the reference mission at 2, 3
and 4 seats finish by themselves with every event cited and told and a sound log; a person's move
out of turn is refused with the book's sections, and a refusal's citation label leads to its
section through the rules lookup."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from rest_framework.test import APIClient

from tests.api.game_checks import finished_with_every_event_cited, out_of_turn_refusal
from tests.conftest import CreateGame, auth

SLUG = "gotham-city-chronicles"


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
