"""bench/bare.py's rule-search reference does what a search does but rank: the one query every
search makes, then the first sections whose title holds the question's longest word."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_django.fixtures import DjangoAssertNumQueries
from rest_framework.test import APIClient

from api.models import Rulebook, Section

pytestmark = pytest.mark.django_db


def test_the_bare_search_answers_by_a_plain_title_match_in_two_queries(
    api: APIClient, settings: Any, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    settings.ROOT_URLCONF = "bench.bare"
    titled = list(Section.objects.filter(title__icontains="rerolls").order_by("book", "position"))
    assert len(titled) > 3, "the shipped indexes title several sections 'Rerolls'"
    with django_assert_num_queries(2):
        response = api.get("/bench/rules/search/", {"q": " when are rerolls allowed "})
    body = response.json()
    assert response.status_code == 200 and body["q"] == "when are rerolls allowed"
    assert body["books"] == Rulebook.objects.count()
    assert [(r["book"], r["section"], r["title"]) for r in body["results"]] == [
        (s.book.slug, s.sid, s.title) for s in titled[:3]
    ]
