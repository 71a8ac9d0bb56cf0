"""Every API error is JSON with a stable `error` code and a message in words."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework import exceptions
from rest_framework.test import APIClient

from api.errors import exception_handler
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


# DRF's, Django's and Python's own texts, none of which an answer may carry: they name Python
# types ("got str"), a codec, a function of `sys`, or say nothing of what to send instead
FRAMEWORK_TEXTS = (
    "This field",
    "Not a valid",
    "valid integer",
    "valid number",
    "Ensure this",
    "Expected a",
    "Invalid data",
    "may not be blank",
    'Method "',
    "Could not satisfy",
    "Unsupported media type",
    "CSRF Failed",
    "Expecting",
    "codec",
    "char ",
    "set_int_max_str_digits",
    "Request was throttled",
)


def _refusal(response: Any, status: int, error: str) -> str:
    """The refusal's message, checked to be JSON of `status` and `error` in our own words."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["error"] == error, body
    message = str(body["message"])
    assert not [t for t in FRAMEWORK_TEXTS if t in message], message
    assert not [t for t in FRAMEWORK_TEXTS if t in str(body.get("details", ""))], body
    return message


def test_a_method_an_address_does_not_take_is_refused_naming_those_it_takes(
    api: APIClient, create_game: CreateGame
) -> None:
    game = create_game()
    put = api.put("/api/games/", {}, format="json")
    assert _refusal(put, 405, "method_not_allowed") == (
        "PUT is not allowed at this address; it takes POST or OPTIONS."
    )
    delete = api.delete(f"/api/games/{game['id']}/")
    assert _refusal(delete, 405, "method_not_allowed") == (
        "DELETE is not allowed at this address; it takes GET, HEAD or OPTIONS."
    )


@pytest.mark.parametrize(
    ("content_type", "named"),
    [("text/plain", "'text/plain'"), ("multipart/form-data; boundary=x", "'multipart/form-data'")],
)
def test_a_body_that_is_not_json_is_refused_asking_for_json(
    client: Client, content_type: str, named: str
) -> None:
    response = client.generic("POST", "/api/games/", b"game=x", content_type=content_type)
    assert _refusal(response, 415, "unsupported_media_type") == (
        "Send the body as JSON, with 'Content-Type: application/json' (this request's "
        f"Content-Type is {named})."
    )


def test_an_accept_header_no_answer_fits_is_refused_naming_the_types_answered(
    api: APIClient, create_game: CreateGame
) -> None:
    game = create_game()
    catalog = api.get("/api/catalog/", HTTP_ACCEPT="application/xml")
    assert _refusal(catalog, 406, "not_acceptable") == (
        "This address answers in application/json or text/html, which the Accept header does "
        "not take: accept one of them (or send no Accept header)."
    )
    stream = api.get(f"/api/games/{game['id']}/stream/?seconds=1", HTTP_ACCEPT="text/html")
    assert "text/event-stream or application/json" in _refusal(stream, 406, "not_acceptable")


def test_a_signed_in_users_comment_without_the_csrf_token_is_told_where_the_token_goes(
    create_game: CreateGame,
) -> None:
    game = create_game()
    User.objects.create_user("reader", password="a long pass phrase")
    browser = APIClient(enforce_csrf_checks=True)
    assert browser.login(username="reader", password="a long pass phrase")
    url = f"/api/games/{game['id']}/annotations/"
    response = browser.post(url, {"seq": 1, "text": "a fine start"}, format="json")
    assert _refusal(response, 403, "forbidden") == (
        "A signed-in user's request carries the site's CSRF token (the X-CSRFToken header, "
        "from the csrftoken cookie); a seat's sends 'Authorization: Seat <token>' instead."
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{", "The body is not valid JSON: it goes wrong at line 1, column 2."),
        (b'{"game":\n "x",,}', "The body is not valid JSON: it goes wrong at line 2, column 6."),
        (
            b'{"game": "\xff"}',
            "The body is not UTF-8 text (byte 11 is not part of a character); send JSON in UTF-8.",
        ),
        (b'{"seed": -Infinity}', "The body is not valid JSON: -Infinity is not a JSON number."),
        (b'{"seed": ' + b"7" * 5000 + b"}", "The body holds a number of more than 4300 digits."),
    ],
    ids=["cut", "two-commas", "not-utf8", "infinity", "long-number"],
)
def test_a_body_json_cannot_read_is_refused_saying_where_in_our_words(
    client: Client, body: bytes, message: str
) -> None:
    response = client.generic("POST", "/api/games/", body, content_type="application/json")
    assert _refusal(response, 400, "malformed") == message


@pytest.mark.parametrize(
    ("body", "message", "details"),
    [
        (
            {"game": "gotham-race", "players": "Ann and Bob"},
            "players: Send a JSON list here.",
            {"players": {"non_field_errors": ["Send a JSON list here."]}},
        ),
        (
            {"game": "gotham-race", "players": [{"name": "Ann"}, "Bob"]},
            "players[1]: Send a JSON object here.",
            {"players": {"1": {"non_field_errors": ["Send a JSON object here."]}}},
        ),
        (
            {"game": "gotham-race", "players": [{"name": 5, "bot": 6}]},
            "players[0].name: Send text here (a JSON string); 1 more problem in details.",
            {
                "players": {
                    "0": {
                        "name": ["Send text here (a JSON string)."],
                        "bot": ["Send text here (a JSON string)."],
                    }
                }
            },
        ),
        (
            {"game": "gotham-race", "players": [{"nom": "Ann"}]},
            "players[0].nom: Not a field here; the fields here are name, bot and bot_options.",
            {
                "players": {
                    "0": {
                        "nom": ["Not a field here; the fields here are name, bot and bot_options."]
                    }
                }
            },
        ),
        (
            {"game": None, "players": [{}] * 17, "seed": -1, "options": []},
            "game: Send a value here (null is not one); 3 more problems in details.",
            {
                "game": ["Send a value here (null is not one)."],
                "players": {"non_field_errors": ["Send a list of at most 16 items here."]},
                "seed": ["Send a whole number from 0 to 4611686018427387904."],
                "options": ["Send a JSON object here."],
            },
        ),
        (
            {"players": [{"name": "Ann", "bot": "random"}]},
            "game: Send this field (it is required); 1 more problem in details.",
            {
                "game": ["Send this field (it is required)."],
                "players": {
                    "0": {
                        "non_field_errors": [
                            "A seat is a person (a name) or a bot, not both: send one of them."
                        ]
                    }
                },
            },
        ),
        (  # a field named by digits is a field, not a list's item
            {"game": "gotham-race", "players": [{"name": "Ann"}], "5": 1},
            "5: Not a field here; the fields here are game, players, seed and options.",
            {"5": ["Not a field here; the fields here are game, players, seed and options."]},
        ),
    ],
    ids=[
        "players-text",
        "player-text",
        "name-and-bot-numbers",
        "unknown-field",
        "many",
        "both",
        "number-named-field",
    ],
)
def test_a_body_of_the_wrong_shape_names_the_first_problem_and_lists_all_in_our_words(
    api: APIClient, body: dict[str, Any], message: str, details: dict[str, Any]
) -> None:
    """The message names where the first problem is and what to send there (the page shows it
    to a person); the details list every problem, each in the same words, none in DRF's ("Not a
    valid string", "Expected a dictionary, but got str")."""
    response = api.post("/api/games/", body, format="json")
    assert _refusal(response, 400, "invalid_request") == message
    assert response.json()["details"] == details


def test_a_number_out_of_its_range_is_refused_naming_the_whole_range(
    api: APIClient, create_game: CreateGame
) -> None:
    game = create_game()
    url = f"/api/games/{game['id']}/analysis/"
    body = {"iterations": 0, "seconds": 11}
    response = api.post(url, body, format="json", **auth(game["seats"][0]["token"]))
    assert _refusal(response, 400, "invalid_request") == (
        "iterations: Send a whole number from 1 to 5000; 1 more problem in details."
    )
    assert response.json()["details"]["seconds"] == ["Send a number from 0.01 to 10.0."]


def test_a_throttled_request_is_told_when_to_come_back() -> None:
    """No view throttles today (the hours of api.hourly_limits answer 429 themselves); a DRF
    throttle added later answers in the same words and shape."""
    answer = exception_handler(exceptions.Throttled(wait=3.2), {})
    assert answer is not None and answer.status_code == 429
    assert answer.data == {
        "error": "throttled",
        "message": "Too many requests from this address; try again in 4 s.",
        "retry_after": 4,
    }


def test_a_request_for_a_host_not_served_is_refused_in_words(api: APIClient) -> None:
    response = api.get("/api/catalog/", HTTP_HOST="elsewhere.example")
    assert _refusal(response, 400, "bad_request") == (
        "The request's Host header names no address this service answers at."
    )
