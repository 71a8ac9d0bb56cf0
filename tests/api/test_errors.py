"""Every API error is JSON with a stable `error` code and a message in words."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import CreateGame, auth

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("read", ["", "state/", "events/", "replay/", "analysis/", "legal-moves/"])
def test_an_answer_format_no_renderer_has_is_not_found_with_the_formats_it_has(
    api: APIClient, create_game: CreateGame, read: str
) -> None:
    game = create_game()
    url = f"/api/games/{game['id']}/{read}?format=xml"
    response = api.get(url, **auth(game["seats"][0]["token"]))
    assert response.status_code == 404
    assert response.json() == {
        "error": "not_found",
        "message": "No answer in that format here: ?format= takes json or api.",
    }
