"""The one place rule search's question encoder is chosen (setting RULES_SEARCH_ENCODER).

- `model` (the default): the sentence model (rules_core.rulebooks.sentence_model) runs on the
  question, with 8-bit weights; the better answers, at 4-7 ms of CPU per question.
- `words`: the static word table distilled from that model (rules_core.rulebooks.word_vectors);
  well under a millisecond per question, a few points of accuracy lower.

Both give a unit vector comparable by dot product with the stored section vectors; everything
after (caching, demotion, re-ranking) is the same for both.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the encoders (ONNX Runtime, the tokenizer) load on first use, not with settings
    from rules_core.rulebooks.sentence_model import Vectors

ENCODERS = ("model", "words")
DEFAULT_ENCODER = "model"

QuestionEncoder = Callable[[str], "Vectors"]


def check_encoder(name: str) -> str:
    """The name if it is an encoder's; otherwise a ValueError saying which names there are."""
    if name not in ENCODERS:
        raise ValueError(
            f"RULES_SEARCH_ENCODER={name!r} is not an encoder: use one of {', '.join(ENCODERS)}"
        )
    return name


@cache
def question_encoder(name: str) -> QuestionEncoder:
    """A question's unit vector by the named encoder (loaded once per process and name)."""
    from rules_core.rulebooks.sentence_model import sentence_model
    from rules_core.rulebooks.word_vectors import word_table

    if check_encoder(name) == "words":
        return word_table().encode
    model = sentence_model()

    return model.encode_question
