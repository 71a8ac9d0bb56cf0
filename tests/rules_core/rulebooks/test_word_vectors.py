"""The static word table: a question's vector without the model, close to the model's own."""

from __future__ import annotations

import io
from collections import Counter

import numpy as np
import pytest

from rules_core.rulebooks.ranking import words
from rules_core.rulebooks.sentence_model import sentence_model
from rules_core.rulebooks.word_vectors import (
    WordTable,
    common_words,
    fit_map,
    our_texts,
    read_table,
    sif_weights,
    table_bytes,
    training_texts,
    word_table,
)
from tests.shipped import shipped_books


def test_every_word_of_ours_is_in_the_shipped_table() -> None:
    table = word_table()
    missing = sorted({w for t in our_texts(shipped_books()) for w in words(t)} - set(table.index))
    assert not missing, f"run manage.py embed_rulebooks (missing: {missing[:10]})"


def test_everyday_words_a_player_uses_are_known_too() -> None:
    common = common_words()
    assert common[:3] == ["the", "of", "and"] and len(common) == 3000
    assert {"cash", "flag", "lane"} <= set(common) and {"cash", "flag"} <= set(word_table().index)


def test_a_question_is_the_unit_sum_of_its_known_words_rows() -> None:
    rows = np.array([[1.0, 0.0], [0.0, 2.0], [3.0, 3.0]], np.float32)
    table = WordTable({"deck": 0, "empty": 1, "runner": 2}, rows)
    assert np.allclose(table.encode("the Deck is empty"), [1 / np.sqrt(5), 2 / np.sqrt(5)])
    assert np.allclose(table.encode("deck deck"), [1.0, 0.0])  # a repeated word counts twice
    assert np.allclose(table.encode("nothing known"), [0.0, 0.0])
    assert "runner" in table and "runners" not in table


def test_a_table_survives_its_file_within_int8_precision() -> None:
    rows = np.random.default_rng(19).normal(size=(3, 8)).astype(np.float32)
    back = read_table(table_bytes(["a", "b", "c"], rows))
    assert back.index == {"a": 0, "b": 1, "c": 2}
    assert np.abs(back.rows - rows).max() <= np.abs(rows).max(axis=1).max() / 254 + 1e-6


def test_a_table_distilled_from_another_model_is_refused() -> None:
    rows = np.ones((1, 4), np.float32)
    buffer = io.BytesIO()  # as all-MiniLM-L6-v2's table was written: no model named
    np.savez_compressed(buffer, words=np.array(["deck"]), rows=rows.astype(np.int8), scales=rows[0])
    with pytest.raises(ValueError, match=r"distilled from all-MiniLM-L6-v2.*embed_rulebooks"):
        read_table(buffer.getvalue())
    assert "deck" in read_table(table_bytes(["deck"], rows))


def test_rare_words_weigh_more_than_common_ones() -> None:
    counts = Counter({"the": 90_000, "falcone": 20})
    weights = sif_weights(["the", "falcone", "unseen"], counts)
    shares = np.array([90_001, 21, 1]) / (90_020 + 3)  # each count + 1, of all words + 3
    assert np.allclose(weights, 1e-3 / (1e-3 + shares))
    assert weights[0] < 0.01 < 0.8 < weights[1] < weights[2] < 1.0


def test_the_map_recovers_a_linear_relation_and_leans_on_identity_when_data_is_thin() -> None:
    rng = np.random.default_rng(7)
    static = rng.normal(size=(400, 6)).astype(np.float32)  # vectors are float32, as in use
    true = rng.normal(size=(6, 6)).astype(np.float32)
    assert np.allclose(fit_map(static, static @ true, ridge=1e-6), true, atol=1e-4)
    assert np.allclose(fit_map(static[:0], static[:0] @ true, ridge=1.0), np.eye(6))


def test_training_texts_are_our_short_texts_each_once() -> None:
    texts = training_texts(shipped_books())
    assert len(texts) == len(set(texts)) > 1000
    assert "The Finish" in texts


def test_questions_land_near_the_model_s_own_vectors() -> None:
    # Questions not in the map's training texts: the static vector points where the model's does.
    questions = [
        "who moves first in the race",
        "what happens when my villain loses a fight against batman",
        "how many dice do I roll when I attack",
        "can I keep my money hidden",
    ]
    full = sentence_model().encode(questions, "query")
    static = np.stack([word_table().encode(q) for q in questions])
    cosines = (full * static).sum(axis=1)
    assert cosines.min() > 0.4 and cosines.mean() > 0.6
    # ... and nearer its own question's model vector than any other question's.
    assert list((static @ full.T).argmax(axis=1)) == [0, 1, 2, 3]
