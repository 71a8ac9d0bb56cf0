"""The schema and docs addresses refuse like every other address under /api/: JSON, a code."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

ACCEPTS = ("*/*", "application/json", "text/html")


@pytest.mark.parametrize(
    ("path", "method"),
    [
        *(("/api/docs/", m) for m in ("options", "put", "patch", "delete", "post")),
        *(("/api/schema/", m) for m in ("put", "patch", "delete", "post")),
    ],
)
def test_the_docs_page_is_read_only_and_both_refuse_in_json(
    api: APIClient, path: str, method: str
) -> None:
    """OPTIONS on the docs page answered 500; other refusals came as HTML, text or YAML."""
    for accept in ACCEPTS:
        answer = getattr(api, method)(path, HTTP_ACCEPT=accept)
        assert answer.status_code in (405, 406), (accept, answer.status_code)
        assert answer["Content-Type"] == "application/json"
        assert answer.json()["error"] in ("method_not_allowed", "not_acceptable")


def test_the_docs_page_and_the_schema_still_answer_a_read(api: APIClient) -> None:
    page = api.get("/api/docs/")
    assert page.status_code == 200 and b"swagger" in page.content.lower()
    assert api.head("/api/docs/").status_code == 200
    schema = api.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200 and "/api/games/" in schema.json()["paths"]


def test_a_format_the_schema_lacks_names_each_format_it_has_once(api: APIClient) -> None:
    """The schema has two renderers of each format (their media types differ): its refusal read
    "?format= takes yaml or yaml or json or json"."""
    answer = api.get("/api/schema/", {"format": "xml"})
    assert answer.status_code == 404
    assert answer.json() == {
        "error": "not_found",
        "message": "No answer in that format here: ?format= takes yaml or json.",
    }
