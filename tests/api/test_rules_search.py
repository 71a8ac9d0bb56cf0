"""Search answers players' questions: the right section in the top three for >= 90% of them."""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from api.limits import SEARCH_QUESTION_CHARS, SEARCH_RESULTS
from api.models import Rulebook, Section
from api.rulebook_selectors import _ranker, rules_answer
from rules_core.rulebooks import get_book
from rules_core.rulebooks.question_encoder import QuestionEncoder, question_encoder
from rules_core.rulebooks.section_vectors import own_words_score
from rules_core.rulebooks.sentence_model import Vectors, on_search_scale
from rules_core.rulebooks.text_vectors import passages

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


def test_a_games_name_alone_finds_that_games_chapters_in_the_books_order(api: APIClient) -> None:
    """Black Metro's book opens with its contents and credits: the chapters come after them."""
    for question, book in (("metro", "black-metro"), ("the race game", "gotham-race")):
        results = api.get("/api/rules/search/", {"q": question, "limit": "3"}).json()["results"]
        chapters = [s.id for s in get_book(book).chapters[:3]]
        assert [(r["book"], r["section"]) for r in results] == [(book, c) for c in chapters]
    results = api.get("/api/rules/search/", {"q": "Black Metro", "limit": "2"}).json()["results"]
    assert [r["section"] for r in results] == ["overview", "using-booklet"]
    # with another book asked for, the name is searched as words in that book
    other = {"q": "metro", "book": "gotham-race"}
    assert {r["book"] for r in api.get("/api/rules/search/", other).json()["results"]} <= {
        "gotham-race"
    }


def test_a_misspelt_games_name_names_its_book_and_its_other_words_are_matched_by_meaning(
    api: APIClient,
) -> None:
    """The Chronicles have no deck: the question's one other word matches no section by its
    words, so the book's sections come by meaning alone (its cards among them: its item cards
    with all-MiniLM-L6-v2, its equipment cards with multilingual-e5-small, which puts the dice
    pool nearer a deck)."""
    answer = api.get("/api/rules/search/", {"q": "chronicals deck"}).json()
    assert answer["did_you_mean"] == "chronicles deck"
    results = answer["results"]
    assert results and {r["book"] for r in results} == {"gotham-city-chronicles"}
    assert {"ii.item-cards", "v-d-1"} & {r["section"] for r in results}
    assert api.get("/api/rules/search/", {"q": "the of", "book": "black-metro"}).json() == {
        "q": "the of",
        "did_you_mean": None,
        "results": [],
    }


def test_a_question_matching_no_section_is_not_encoded(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing to re-order by meaning: the encoder (milliseconds of CPU) is not asked."""
    encoded: list[str] = []

    def encoder(name: str) -> QuestionEncoder:
        def encode(question: str) -> Vectors:
            encoded.append(question)
            return question_encoder(name)(question)

        return encode

    monkeypatch.setattr("api.rulebook_selectors.question_encoder", encoder)
    assert api.get("/api/rules/search/", {"q": "the of and"}).json()["results"] == []
    assert encoded == []
    assert api.get("/api/rules/search/", {"q": "first", "book": "gotham-race"}).json()["results"]
    assert encoded == ["first"]


def test_book_filter_and_bad_queries(api: APIClient) -> None:
    results = api.get("/api/rules/search/", {"q": "first", "book": "gotham-race"}).json()["results"]
    assert results and {r["book"] for r in results} == {"gotham-race"}
    assert api.get("/api/rules/search/").status_code == 400
    assert api.get("/api/rules/search/", {"q": "x" * 301}).status_code == 400
    assert api.get("/api/rules/search/", {"q": "tie", "book": "chess"}).status_code == 404
    assert api.get("/api/rules/search/", {"q": "the of and"}).json()["results"] == []
    assert api.get("/api/rules/search/", {"q": '"AND OR NEAR( * -'}).status_code == 200


def test_a_section_is_compared_with_its_imported_text_and_works_without_it(
    api: APIClient,
) -> None:
    call_command(
        "import_rulebook", str(SHARED / "gotham-race.txt"), book="gotham-race", stdout=StringIO()
    )
    section = Section.objects.get(book__slug="gotham-race", sid="questions.decks-exhausted")
    question = passages(section.text)[-1]  # words of the owner's book, not of our summary
    loaded = _ranker()
    assert section.pk in loaded.passages
    with_text = loaded.similarity(question, [section.pk])[section.pk]
    query = question_encoder("model")(question)
    own = own_words_score(
        float(loaded.vectors[section.pk] @ query), (loaded.asked[section.pk] @ query).tolist()
    )
    assert own is not None and with_text > on_search_scale(own)
    # A book imported under all-MiniLM-L6-v2 has that model's passage vectors (bare float16
    # rows): never compared with this model's question, it is ranked on our own words alone
    # until imported again, like a book imported before passage vectors existed (none).
    minilm_rows = np.asarray(loaded.passages[section.pk], np.float16).tobytes()
    for stored in (minilm_rows, b""):
        Section.objects.filter(pk=section.pk).update(text_vectors=stored)
        Rulebook.objects.filter(slug="gotham-race").update(imported_at=timezone.now())
        loaded = _ranker()
        assert section.pk not in loaded.passages
        alone = loaded.similarity(question, [section.pk])[section.pk]
        assert alone == pytest.approx(on_search_scale(own), abs=1e-5)
    results = api.get("/api/rules/search/", {"q": "what if a deck runs out"}).json()["results"]
    assert results and results[0]["book"] == "gotham-race"


def test_the_search_itself_holds_a_question_and_its_results_to_the_stated_limits() -> None:
    """The views refuse a longer question or more results; the search, whoever calls it, reads
    at most SEARCH_QUESTION_CHARS characters and gives at most SEARCH_RESULTS results."""
    many = rules_answer(question="draw a card move fight", limit=10**6)
    assert 0 < len(many.hits) <= SEARCH_RESULTS
    past = "deck " + "x " * SEARCH_QUESTION_CHARS + "chronicals"  # misspelt past the limit
    assert rules_answer(question=past, limit=5).did_you_mean is None
    within = "deck " + "x " * 10 + "chronicals"
    assert rules_answer(question=within, limit=5).did_you_mean is not None


def test_a_questions_hidden_controls_are_read_past_and_not_shown_back(api: APIClient) -> None:
    """A bidirectional control (or another character that hides among words) carries no word:
    the question is searched and shown back without it, so it cannot turn the page around."""
    plain = api.get("/api/rules/search/", {"q": "how do I win"}).json()
    hidden = api.get("/api/rules/search/", {"q": "\u202ehow do\u200b I win\u2066"}).json()
    assert hidden["q"] == "how do I win"
    assert hidden["results"] == plain["results"]
    page = api.get("/rules/search/", {"q": "\u202ehow do I wni"}).content.decode()
    assert "\u202e" not in page and "how do I wni" in page
    blank = api.get("/api/rules/search/", {"q": "\u202e\u200b"})
    assert blank.status_code == 400 and blank.json()["error"] == "malformed"
