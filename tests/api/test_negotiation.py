"""A game view skips DRF's content negotiation for a caller that takes JSON as it is: the
renderer and media type it picks are the ones the negotiation picks, for every game view."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from api.game_view import GameView, private_to_caller
from api.game_views import StateView
from api.move_views import MovesView
from api.stream_views import StreamView

ACCEPTS = [None, "*/*", "application/json", "text/html", "application/json; indent=2"]


@pytest.mark.parametrize("view_class", [MovesView, StateView, StreamView])
@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("query", ["", "?format=api"])
def test_the_choice_is_the_negotiations(
    view_class: type[GameView], accept: str | None, query: str
) -> None:
    headers: dict[str, Any] = {} if accept is None else {"HTTP_ACCEPT": accept}
    django_request = APIRequestFactory().get(f"/api/games/1/{query}", **headers)
    view = view_class()
    view.format_kwarg = None
    view.request = request = Request(django_request)
    renderers = view.get_renderers()
    try:
        expected = DefaultContentNegotiation().select_renderer(request, renderers, None)
    except Exception as error:  # no renderer fits (406) or no such format (404): the same
        with pytest.raises(type(error)):
            view.perform_content_negotiation(request)
        return
    renderer, media_type = view.perform_content_negotiation(request)
    assert (type(renderer), media_type) == (type(expected[0]), expected[1])


def test_json_is_answered_without_negotiating() -> None:
    """The shortcut is taken (a negotiation that fails would fail here)."""

    class Refusing(DefaultContentNegotiation):
        def select_renderer(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("negotiated")

    view = MovesView()
    view.format_kwarg = None
    view.content_negotiation_class = Refusing
    request = Request(APIRequestFactory().post("/api/games/1/moves/"))
    renderer, media_type = view.perform_content_negotiation(request)
    assert (type(renderer), media_type) == (JSONRenderer, "application/json")


@pytest.mark.parametrize(
    "headers",
    [
        {"Vary": "Accept"},
        {},
        {"Vary": "Accept, Cookie"},
        {"Vary": "*"},
        {"Vary": "Accept", "Cache-Control": "max-age=5"},
        {"Vary": "Accept", "Cache-Control": "public"},
    ],
)
def test_an_answer_is_private_to_its_caller_as_patching_makes_it(headers: dict[str, str]) -> None:
    ours, patched = HttpResponse(headers=headers), HttpResponse(headers=headers)
    private_to_caller(ours)
    patch_cache_control(patched, private=True, no_cache=True)
    patch_vary_headers(patched, ["Authorization"])
    assert dict(ours.headers) == dict(patched.headers)
