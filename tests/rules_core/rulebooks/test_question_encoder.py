"""The question encoder is chosen by name in one place; an unknown name is refused."""

from __future__ import annotations

import numpy as np
import pytest

from rules_core.rulebooks.question_encoder import ENCODERS, check_encoder, question_encoder
from rules_core.rulebooks.sentence_model import sentence_model
from rules_core.rulebooks.word_vectors import word_table

QUESTION = "what happens when a deck runs out"


def test_each_name_gives_its_own_encoder() -> None:
    assert ENCODERS == ("model", "words")
    quick = sentence_model().encode_question(QUESTION)
    static = word_table().encode(QUESTION)
    assert np.allclose(question_encoder("model")(QUESTION), quick, atol=1e-6)
    assert np.allclose(question_encoder("words")(QUESTION), static, atol=1e-6)
    assert not np.allclose(quick, static, atol=1e-2)  # so the two cannot stand in for each other


@pytest.mark.parametrize("name", ENCODERS)
def test_both_encoders_give_unit_vectors(name: str) -> None:
    assert np.isclose(np.linalg.norm(question_encoder(name)(QUESTION)), 1.0, atol=1e-4)


@pytest.mark.parametrize("name", ["", "Model", "bert", "word"])
def test_an_unknown_name_is_refused_and_the_names_are_listed(name: str) -> None:
    with pytest.raises(ValueError, match="use one of model, words"):
        check_encoder(name)
    with pytest.raises(ValueError, match="is not an encoder"):
        question_encoder(name)
