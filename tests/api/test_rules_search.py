"""Search answers players' questions: the right section in the top three for >= 90% of them."""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
QUESTIONS = tomllib.loads((Path(__file__).parents[1] / "data" / "rule_questions.toml").read_text())[
    "q"
]
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks"
FILES = {
    "gotham-race": "gotham-race.txt",
    "gotham-city-strategy": "gotham-city-strategy.md",
    "black-metro": "black-metro.md",
    "gotham-city-chronicles": "gotham-city-chronicles.json",
    "no-mans-land": "no-mans-land.txt",
}


def top3_accuracy(api: APIClient) -> tuple[float, list[str]]:
    misses = []
    for item in QUESTIONS:
        params = {"q": item["q"], "limit": 3, **({"book": item["book"]} if "book" in item else {})}
        results = api.get("/api/rules/search/", params).json()["results"]
        if not {r["section"] for r in results} & set(item["answers"]):
            misses.append(f"{item['q']!r} -> {[r['section'] for r in results]}")
    return 1 - len(misses) / len(QUESTIONS), misses


def test_there_are_forty_questions_across_the_five_books() -> None:
    assert len(QUESTIONS) >= 40


def test_top3_accuracy_on_summaries_alone(api: APIClient) -> None:
    accuracy, misses = top3_accuracy(api)
    assert accuracy >= 0.9, misses


def test_top3_accuracy_with_the_books_imported(api: APIClient) -> None:
    for slug, file in FILES.items():
        call_command("import_rulebook", str(SHARED / file), book=slug, stdout=StringIO())
    accuracy, misses = top3_accuracy(api)
    assert accuracy >= 0.9, misses


def test_results_carry_section_summary_snippet_score_and_url(api: APIClient) -> None:
    results = api.get("/api/rules/search/", {"q": "how many fortunes can I hold"}).json()["results"]
    first = results[0]
    assert set(first) >= {"book", "section", "label", "title", "summary", "score", "url", "snippet"}
    assert first["book"] == "black-metro" and "«" in first["snippet"]
    scores = [r["score"] for r in results]
    assert scores == sorted(scores, reverse=True)


def test_a_label_as_the_question_finds_that_section_first(api: APIClient) -> None:
    results = api.get("/api/rules/search/", {"q": "IX L"}).json()["results"]
    assert results[0]["section"] == "ix-l"


def test_book_filter_and_bad_queries(api: APIClient) -> None:
    results = api.get("/api/rules/search/", {"q": "first", "book": "gotham-race"}).json()["results"]
    assert results and {r["book"] for r in results} == {"gotham-race"}
    assert api.get("/api/rules/search/").status_code == 400
    assert api.get("/api/rules/search/", {"q": "x" * 301}).status_code == 400
    assert api.get("/api/rules/search/", {"q": "tie", "book": "chess"}).status_code == 404
    assert api.get("/api/rules/search/", {"q": "the of and"}).json()["results"] == []
    assert api.get("/api/rules/search/", {"q": '"AND OR NEAR( * -'}).status_code == 200
