"""Project-wide headers: every page and answer carries the Content-Security-Policy."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/rules/", "/api/health/", "/api/catalog/", "/nowhere/"])
def test_every_answer_forbids_inline_script(client: Client, path: str) -> None:
    policy = client.get(path)["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "'unsafe-inline'" not in policy
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_the_api_docs_may_style_inline_but_never_script_inline(client: Client) -> None:
    response = client.get("/api/docs/")
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "style-src 'self' 'unsafe-inline'" in policy and "script-src 'self';" in policy
    assert b"<script>" not in response.content  # the split view serves its script as a file


def test_a_frame_is_refused(client: Client) -> None:
    assert client.get("/")["X-Frame-Options"] == "DENY"
