"""The imported text's passages and their vectors (rules_core.rulebooks.text_vectors)."""

from __future__ import annotations

import time

import numpy as np
import pytest

from rules_core.engine.recent import Recent
from rules_core.rulebooks import text_vectors as tv
from rules_core.rulebooks.sentence_model import DIMS, Kind, Vectors, sentence_model


def test_text_is_cut_into_passages_of_a_few_sentences_without_markup() -> None:
    text = "## Setup\n\n**Shuffle** the deck. Deal five cards! Who starts? The youngest. Then play."
    assert tv.passages(text) == [
        "Setup Shuffle the deck. Deal five cards!",
        "Who starts? The youngest. Then play.",
    ]
    assert tv.passages("") == []


def test_a_paragraph_ends_at_blanks_holding_two_line_breaks_and_only_there() -> None:
    assert tv.passages("One, \n \n two\nthree \t\n\n\tfour") == ["One, two three four"]
    assert tv._SENTENCE_END.split("a \n b \n\n c. d") == ["a \n b", "c.", "d"]


def test_a_crafted_run_of_blanks_is_cut_in_linear_time() -> None:
    # every blank began a match that tried each split of the run around its line break: a
    # book with 40,000 blanks took about a minute to import, a few hundred thousand hours
    started = time.perf_counter()
    for n in (200_000, 1_000_000):
        tv.passages("a" + " " * n + "\n" + "\t" * n + "b")
        tv.passages("a " * n)
    assert time.perf_counter() - started < 10


def test_a_long_run_of_words_ends_its_passage_early() -> None:
    long = " ".join(["word"] * tv.MAX_WORDS) + "."
    assert tv.passages(f"{long} Short one. Another.") == [long, "Short one. Another."]


def test_vectors_survive_storage_as_float16_rows() -> None:
    rows = sentence_model().encode(["draw a card", "move your runner"], "passage")
    back = tv.from_bytes(tv.to_bytes(rows))
    assert back is not None and back.shape == (2, DIMS) and back.dtype == np.float32
    assert np.allclose(back, rows, atol=2e-3)
    empty = tv.from_bytes(b"")
    assert empty is not None and empty.shape == (0, DIMS)


def test_rows_another_model_made_are_not_read_as_this_models() -> None:
    rows = sentence_model().encode(["draw a card", "move your runner"], "passage")
    stored = tv.to_bytes(rows)
    assert stored.startswith(b"[multilingual-e5-small-q4]")
    # all-MiniLM-L6-v2's rows were stored as bare float16, as were any untagged bytes
    assert tv.from_bytes(np.asarray(rows, np.float16).tobytes()) is None
    assert tv.from_bytes(b"[all-MiniLM-L6-v2]" + stored[len(tv.TAG) :]) is None
    assert tv.from_bytes(stored[:-2]) is None  # a cut-off row


def test_a_sections_score_blends_its_own_words_with_its_best_passage() -> None:
    assert tv.semantic_score(0.3, [0.1, 0.5, 0.2]) == pytest.approx(0.4)
    assert tv.semantic_score(0.6, [0.1, 0.4]) == pytest.approx(0.5)
    assert tv.semantic_score(0.3, []) == 0.3
    assert tv.semantic_score(None, [0.4]) == 0.4
    assert tv.semantic_score(None, []) is None


def test_each_section_gets_the_models_vector_of_each_passage() -> None:
    texts = {"finish": "Reach the end first. Then stop.", "questions.decks-exhausted": ""}
    tv._RECENT.clear()
    vectors = tv.encode_sections(texts)
    assert set(vectors) == {"finish"}
    expected = sentence_model().encode([texts["finish"]], "passage")
    assert np.allclose(vectors["finish"], expected, atol=1e-5)


def test_only_passages_not_seen_lately_go_through_the_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tv, "SENTENCES", 1)
    tv._RECENT.clear()
    first = tv.encode_sections({"finish": "Reach the end first."})
    encoded: list[list[str]] = []
    model = sentence_model()

    class Counting:
        def encode(self, texts: list[str], kind: Kind) -> Vectors:
            assert kind == "passage"
            encoded.append(texts)
            return model.encode(texts, kind)

    monkeypatch.setattr(tv, "sentence_model", Counting)
    again = tv.encode_sections({"finish": "Reach the end first. Then stop."})
    assert encoded == [["Then stop."]]
    assert again["finish"].shape == (2, DIMS)
    assert np.array_equal(again["finish"][0], first["finish"][0])
    monkeypatch.setattr(tv, "_RECENT", Recent(1))
    tv.encode_sections({"finish": "Reach the end first. Then stop."})
    assert len(tv._RECENT) == 1
