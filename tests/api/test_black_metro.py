"""Black Metro through the API: all-bot games at every seat count (the solo challenge included)
finish by themselves with every event cited and a sound log, and a person's move out of turn is
refused with the book's sections."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.game_checks import finished_with_every_event_cited, out_of_turn_refusal
from tests.conftest import CreateGame


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
