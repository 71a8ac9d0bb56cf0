"""Search without a book filter (issue 19): routing to the right book, subsections before their
introductions, breadcrumbs, "did you mean", and the held-out half of the open question set."""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from api.models import Section
from api.rulebook_selectors import _ranker
from rules_core.rulebooks import all_books, get_book
from rules_core.rulebooks.question_encoder import ENCODERS, question_encoder
from rules_core.rulebooks.section_vectors import own_words_score
from rules_core.rulebooks.sentence_model import on_search_scale
from tests.shipped import shipped_books

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parents[1] / "data"
OPEN = tomllib.loads((DATA / "rule_questions_open.toml").read_text())["q"]
FRESH = tomllib.loads((DATA / "rule_questions_fresh.toml").read_text())["q"]
FRESH2 = tomllib.loads((DATA / "rule_questions_fresh2.toml").read_text())["q"]
FRESH3 = tomllib.loads((DATA / "rule_questions_fresh3.toml").read_text())["q"]
FRESH4 = tomllib.loads((DATA / "rule_questions_fresh4.toml").read_text())["q"]
FRESH5 = tomllib.loads((DATA / "rule_questions_fresh5.toml").read_text())["q"]
TUNE2 = tomllib.loads((DATA / "rule_questions_tune2.toml").read_text())["q"]
JUDGED = tomllib.loads((DATA / "rule_questions_judged.toml").read_text())["j"]
# Just under what bench/rules_search.py measures on the held-out sets, books imported (their
# passage vectors with them), for each question encoder (RULES_SEARCH_ENCODER), as (top-1, top-3),
# with multilingual-e5-small (2026-11-29):
#   model: open untuned 70.0% / 92.5%, fresh 89.6% / 95.8%, fresh2 84.3% / 98.0%,
#          fresh3 83.3% / 93.3%, fresh4 91.7% / 96.7%
#   model, weights within -63..63 (exact on every CPU; 2026-11-29, session 35): open untuned
#          67.5% / 92.5%, fresh 89.6% / 95.8%, fresh2 86.3% / 98.0%, fresh3 83.3% / 93.3%,
#          fresh4 93.3% / 96.7%
#   words: open untuned 60.0% / 87.5%, fresh 85.4% / 95.8%, fresh2 86.3% / 96.1%,
#          fresh3 81.7% / 91.7%, fresh4 88.3% / 96.7%
# With the first answer's words fed back (RankIndex.widened; 2026-11-30, session 42):
#   model: open untuned 67.5% / 92.5%, fresh 89.6% / 95.8%, fresh2 86.3% / 98.0%,
#          fresh3 83.3% / 95.0%, fresh4 93.3% / 98.3%
#   words: open untuned 60.0% / 85.0%, fresh 85.4% / 97.9%, fresh2 86.3% / 96.1%,
#          fresh3 81.7% / 90.0%, fresh4 88.3% / 98.3%
# The fifth fresh set, first measured 2026-12-02 (session 47): model 89.8% / 100%, words 87.8% /
# 98.0%.
FLOORS = {
    "model": {
        "untuned": (0.67, 0.90),
        "fresh": (0.87, 0.93),
        "fresh2": (0.82, 0.96),
        "fresh3": (0.81, 0.93),
        "fresh4": (0.89, 0.96),
        "fresh5": (0.87, 0.97),
    },
    "words": {
        "untuned": (0.57, 0.82),
        "fresh": (0.83, 0.93),
        "fresh2": (0.84, 0.94),
        "fresh3": (0.79, 0.89),
        "fresh4": (0.86, 0.95),
        "fresh5": (0.85, 0.95),
    },
}
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks"


def _first(api: APIClient, q: str) -> dict[str, Any]:
    results: list[dict[str, Any]] = api.get("/api/rules/search/", {"q": q}).json()["results"]
    assert results, q
    return results[0]


def test_the_open_set_spans_the_five_books_the_three_patterns_and_two_halves() -> None:
    assert len(OPEN) >= 60
    halves = [q["half"] for q in OPEN]
    assert {"untuned", "tuning"} == set(halves)
    assert halves.count("untuned") >= 30 and halves.count("tuning") >= 30
    assert {q["book"] for q in OPEN} == {b.slug for b in shipped_books()}
    assert {q["pattern"] for q in OPEN} == {"intro", "book", "neighbour"}
    for q in OPEN:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)  # KeyError names a wrong answer id


def test_the_fresh_set_is_held_out_and_spans_the_five_books() -> None:
    assert len(FRESH) >= 40
    assert {q["half"] for q in FRESH} == {"fresh"}
    assert {q["book"] for q in FRESH} == {b.slug for b in shipped_books()}
    for q in FRESH:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)


def test_the_second_fresh_set_is_held_out_and_spans_the_five_books() -> None:
    assert len(FRESH2) >= 40
    assert {q["half"] for q in FRESH2} == {"fresh2"}
    assert {q["book"] for q in FRESH2} == {b.slug for b in shipped_books()}
    assert not {q["q"] for q in FRESH2} & {q["q"] for q in OPEN + FRESH}
    for q in FRESH2:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)


def test_the_third_fresh_set_is_held_out_and_spans_the_five_books_evenly() -> None:
    assert len(FRESH3) >= 60
    assert {q["half"] for q in FRESH3} == {"fresh3"}
    books = [q["book"] for q in FRESH3]
    assert {books.count(b.slug) for b in shipped_books()} == {12}
    assert not {q["q"] for q in FRESH3} & {q["q"] for q in OPEN + FRESH + FRESH2}
    for q in FRESH3:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)


def test_the_fourth_fresh_set_is_held_out_and_spans_the_five_books_and_three_patterns() -> None:
    assert len(FRESH4) >= 60
    assert {q["half"] for q in FRESH4} == {"fresh4"}
    books = [q["book"] for q in FRESH4]
    assert {books.count(b.slug) for b in shipped_books()} == {12}
    assert {q["pattern"] for q in FRESH4} == {"rule", "book", "neighbour"}
    # Written apart from the others; one everyday question came out word for word the same.
    shared = {q["q"] for q in FRESH4} & {q["q"] for q in OPEN + FRESH + FRESH2 + FRESH3}
    assert shared == {"when do I draw a new criminal plot card"}
    for q in FRESH4:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)


def test_the_fifth_fresh_set_is_held_out_and_spans_the_five_books_and_three_patterns() -> None:
    # Written as 60, 12 a book; the 11 closest to a tuned or an index question were taken out.
    assert len(FRESH5) == 49
    assert {q["half"] for q in FRESH5} == {"fresh5"}
    assert {q["book"] for q in FRESH5} == {b.slug for b in shipped_books()}
    assert {q["pattern"] for q in FRESH5} == {"intro", "book", "neighbour"}
    earlier = OPEN + FRESH + FRESH2 + FRESH3 + FRESH4 + TUNE2
    assert not {q["q"].lower() for q in FRESH5} & {q["q"].lower() for q in earlier}
    for q in FRESH5:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)


def test_the_second_tuning_set_spans_the_books_and_patterns_and_shares_no_question() -> None:
    assert len(TUNE2) == 60 and {q["half"] for q in TUNE2} == {"tuning"}
    books = [q["book"] for q in TUNE2]
    assert {books.count(b.slug) for b in shipped_books()} == {12}
    assert {q["pattern"] for q in TUNE2} == {"intro", "book", "neighbour"}
    assert not {q["q"] for q in TUNE2} & {q["q"] for q in OPEN + FRESH + FRESH2 + FRESH3 + FRESH4}
    for q in TUNE2:
        book = get_book(q["book"])
        for sid in q["answers"]:
            book.section(sid)


def test_the_blind_judgments_cover_the_held_out_sets_and_the_open_set_in_its_books() -> None:
    judged = {(j["q"], j["book"]): j for j in JUDGED}
    assert len(judged) == len(JUDGED)  # one judgment a question
    assert set(judged) == {(q["q"], q["book"]) for q in OPEN + FRESH + FRESH2 + FRESH3 + FRESH4}
    for (_, slug), j in judged.items():
        book = get_book(slug)
        for sid in [j["best"], *j["also"]]:
            book.section(sid)


def test_no_held_out_question_is_among_the_indexs_own_questions() -> None:
    # Three did, written apart word for word, and were taken out of the index: a held-out
    # question answered by matching itself would measure nothing.
    asked = {q.lower() for b in all_books() for s in b.sections for q in s.questions}
    everyone = OPEN + FRESH + FRESH2 + FRESH3 + FRESH4 + FRESH5
    held_out = [q for q in everyone if q["half"] != "tuning"]
    assert not {q["q"].lower() for q in held_out} & asked


def _accuracy(api: APIClient, half: str) -> tuple[float, float]:
    everyone = OPEN + FRESH + FRESH2 + FRESH3 + FRESH4 + FRESH5
    questions = [q for q in everyone if q["half"] == half]
    top1 = top3 = 0
    for q in questions:
        results = api.get("/api/rules/search/", {"q": q["q"], "limit": 3}).json()["results"]
        right = [r["book"] == q["book"] and r["section"] in q["answers"] for r in results]
        top1 += any(right[:1])
        top3 += any(right)
    return top1 / len(questions), top3 / len(questions)


@pytest.mark.parametrize("encoder", ENCODERS)
def test_the_held_out_sets_with_the_books_imported(
    api: APIClient, settings: Any, encoder: str
) -> None:
    settings.RULES_SEARCH_ENCODER = encoder
    call_command("import_rulebook", str(SHARED), stdout=StringIO())
    for half, (least1, least3) in FLOORS[encoder].items():
        top1, top3 = _accuracy(api, half)
        assert top1 >= least1 and top3 >= least3, (encoder, half, top1, top3)


def test_a_question_in_one_games_words_is_answered_from_that_book(api: APIClient) -> None:
    assert _first(api, "what does falcone collect each turn")["book"] == "no-mans-land"
    assert _first(api, "where do the runners start")["book"] == "gotham-race"
    assert _first(api, "how many henchmen can I recruit")["book"] == "gotham-city-strategy"
    assert _first(api, "how much strain can I take")["book"] == "black-metro"
    assert _first(api, "how does a hero spend energy cubes")["book"] == "gotham-city-chronicles"


def test_a_subsection_that_answers_comes_before_the_heading_introducing_it(
    api: APIClient,
) -> None:
    # turn.level only introduces its steps; the question is about one of them.
    first = _first(api, "gain a new ability when my villain goes up a level")
    assert first["section"] == "turn.level.ability"


def test_results_name_the_book_and_the_sections_they_sit_in(api: APIClient) -> None:
    query: dict[str, str | int] = {"q": "dominance fortunes", "limit": 20}
    results = api.get("/api/rules/search/", query).json()
    by_id = {r["section"]: r for r in results["results"]}
    solo = by_id["solo.rules.fortunes"]
    assert solo["book_title"] == "Black Metro"
    assert solo["breadcrumb"] == ["Solo Challenge", "Additional Rules"]
    assert by_id["appendix.fortunes.dominance"]["breadcrumb"] == [
        "Appendix",
        "Appendix 05: Fortunes",
    ]
    assert _first(api, "IX L")["breadcrumb"] == ["General concepts"]


def test_did_you_mean_for_a_misspelt_game_word(api: APIClient) -> None:
    answer = api.get("/api/rules/search/", {"q": "how much do henchmne cost"}).json()
    assert answer["did_you_mean"] == "how much do henchmen cost"
    assert answer["results"][0]["section"] == "turn.recruit"
    assert api.get("/api/rules/search/", {"q": "henchmen cost"}).json()["did_you_mean"] is None


def test_the_search_page_shows_book_breadcrumb_and_suggestion(client: Any) -> None:
    page = client.get("/rules/search/", {"q": "drakownum"}).content.decode()
    assert "Did you mean" in page and "drakownium" in page
    assert "Black Metro" in page


def test_import_rulebook_takes_the_folder_and_reports_each_book() -> None:
    out = StringIO()
    call_command("import_rulebook", str(SHARED), stdout=out)
    text = out.getvalue()
    for book in shipped_books():
        total = len(book.sections)
        assert f"{book.slug}: found {total} of {total} sections" in text
    assert f"imported {len(shipped_books())} of {len(all_books())} books" in text
    assert (
        Section.objects.filter(book__slug__in=[b.slug for b in shipped_books()], text="").count()
        == 0
    )


def test_import_rulebook_folder_reports_a_missing_or_wrong_file_per_book(tmp_path: Path) -> None:
    (tmp_path / "gotham-race.txt").write_text((SHARED / "gotham-race.txt").read_text())
    (tmp_path / "black-metro.md").write_text("a shopping list")
    out = StringIO()
    with pytest.raises(CommandError, match="not imported: black-metro"):
        call_command("import_rulebook", str(tmp_path), stdout=out)
    text = out.getvalue()
    assert "gotham-race: found 28 of 28 sections" in text
    assert f"no-mans-land: no no-mans-land.txt in {tmp_path}: skipped" in text
    assert f"imported 1 of {len(all_books())} books" in text
    (tmp_path / "empty").mkdir()
    with pytest.raises(CommandError, match="no rulebook file"):
        call_command("import_rulebook", str(tmp_path / "empty"), stdout=StringIO())
    with pytest.raises(CommandError, match="--book"):
        call_command("import_rulebook", str(tmp_path / "gotham-race.txt"))


@pytest.mark.parametrize("encoder", ENCODERS)
def test_the_sentence_model_reorders_what_bm25f_finds(
    api: APIClient, settings: Any, encoder: str
) -> None:
    # The words find the heading over the ways the game ends; the meaning, the one way Gordon
    # wins (Falcone runs out of counters).
    q = "when does gordon win"
    settings.RULES_SEARCH_SEMANTIC = False
    assert _first(api, q)["section"] == "ending-the-game"
    settings.RULES_SEARCH_SEMANTIC = True
    settings.RULES_SEARCH_ENCODER = encoder
    assert _first(api, q)["section"] == "ending-the-game.counters-exhausted"


def test_the_re_ranking_uses_the_encoder_the_setting_names(settings: Any) -> None:
    q = "an action card pile ran out, what now"
    loaded = _ranker()
    keys = sorted(loaded.vectors)[:50]
    assert len(keys) == 50
    stacked = np.stack([loaded.vectors[k] for k in keys])
    for encoder in ENCODERS:
        settings.RULES_SEARCH_ENCODER = encoder
        query = question_encoder(encoder)(q)
        expected: list[float] = []
        for k, v in zip(keys, stacked @ query, strict=True):
            score = own_words_score(
                float(v), (loaded.asked[k] @ query).tolist() if k in loaded.asked else []
            )
            assert score is not None  # a section with a summary always has a score
            expected.append(on_search_scale(score))
        got = loaded.similarity(q, keys)
        assert np.allclose([got[k] for k in keys], expected, atol=1e-6), encoder
    settings.RULES_SEARCH_ENCODER = "bert"
    with pytest.raises(ValueError, match="not an encoder"):
        loaded.similarity(q, keys)
