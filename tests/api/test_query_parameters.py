"""Every yes-or-no and number the API reads from a query is checked: a value it does not take is
a 400 `malformed` naming what it takes, never read as a default (`?compact=abc` read as no)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import CreateGame

pytestmark = pytest.mark.django_db

WHOLE = "must be a whole number from 0 to 2147483647."


@pytest.mark.parametrize(
    ("path", "query", "message"),
    [
        ("replay/", "compact=abc", "Query parameter 'compact' must be true or false (or 1 or 0)."),
        ("replay/", "compact=yes", "Query parameter 'compact' must be true or false (or 1 or 0)."),
        ("replay/", "compact=2", "Query parameter 'compact' must be true or false (or 1 or 0)."),
        ("replay/", "limit=abc", "'limit' is a number of events from 1 to 5000."),
        ("replay/", "limit=0", "'limit' is a number of events from 1 to 5000."),
        ("replay/", "after=1.5", f"Query parameter 'after' {WHOLE}"),
        ("events/", "after=abc", f"Query parameter 'after' {WHOLE}"),
        ("events/", "limit=0", "'limit' is a number of events from 1 to 1000."),
        ("events/", "limit=1001", "'limit' is a number of events from 1 to 1000."),
        ("events/", "limit=x", "'limit' is a number of events from 1 to 1000."),
        ("state/", "version=-1", f"Query parameter 'version' {WHOLE}"),
        ("stream/", "after=x", f"Query parameter 'after' {WHOLE}"),
        ("stream/", "seconds=x", "A stream lasts a whole number of seconds from 1 to 600."),
    ],
)
def test_a_query_value_a_game_read_does_not_take_is_refused(
    api: APIClient, create_game: CreateGame, path: str, query: str, message: str
) -> None:
    gid = create_game()["id"]
    answer = api.get(f"/api/games/{gid}/{path}?{query}")
    assert answer.status_code == 400, answer.content
    assert answer.json() == {"error": "malformed", "message": message}


@pytest.mark.parametrize("limit", ["abc", "0", "51", "1e3"])
def test_a_rule_search_limit_it_does_not_take_is_refused(api: APIClient, limit: str) -> None:
    answer = api.get(f"/api/rules/search/?q=arrest&limit={limit}")
    assert answer.status_code == 400
    assert answer.json() == {
        "error": "malformed",
        "message": "'limit' is a number of results from 1 to 50.",
    }


@pytest.mark.parametrize(
    ("value", "compact"),
    [("1", True), ("true", True), ("True", True), ("0", False), ("false", False), ("", False)],
)
def test_compact_takes_true_or_false_and_1_or_0_in_any_case(
    api: APIClient, create_game: CreateGame, value: str, compact: bool
) -> None:
    """`true` as Python's requests writes it (`True`) is a yes too; nothing, or empty, a no."""
    gid = create_game()["id"]
    answer = api.get(f"/api/games/{gid}/replay/?compact={value}")
    assert answer.status_code == 200
    assert ("sections" in answer.json()) is compact
