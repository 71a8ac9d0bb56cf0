"""The owner's imported book text as sentence vectors, for the semantic re-ranking of rule search.

The book's text is the owner's (imported with `manage.py import_rulebook`, kept in the database,
never in this repository), so its vectors are computed at import and stored with the text: each
section's text is cut into passages of a few sentences, and a book's passages go through the
sentence model in one batch (as passages, sentence_model.PREFIXES), stored with the model's name
(`TAG`): vectors an older model made (a book imported before multilingual-e5-small replaced
all-MiniLM-L6-v2) are ignored, so such a book is ranked on our own words until it is imported
again. A section's semantic score is then half its own words' cosine
(rules_core.rulebooks.section_vectors: where it sits, its title, our summary) and half its best
passage's (`semantic_score`). Chosen on the two tuned question sets only
(the old set and the open set's tuning half): passages of three sentences as the book words
them (prefixing each with its book and breadcrumb scored a question lower and cost 10% more);
the half-and-half blend scored the same for passages of 2, 3 and 5 sentences, where taking the
better of the two scores lost two to three questions with passages of 2 or 5.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from rules_core.engine.recent import Recent
from rules_core.rulebooks.section_vectors import with_best
from rules_core.rulebooks.sentence_model import DIMS, MODEL_NAME, Vectors, sentence_model

SENTENCES = 3  # sentences per passage
MAX_WORDS = 60  # a passage ends early past this many words (the model reads 128 tokens)
PASSAGE_WEIGHT = 0.5  # the best passage's share of a section's cosine, our own words the rest
RECENT_PASSAGES = 4096  # passage vectors this process remembers (the same text, the same vector)
# a sentence ends at the blanks after its stop, a paragraph at blanks holding two line breaks;
# each run of blanks is read once from its start (tried from every blank, with every split
# of the run around its line breaks, a run of a few hundred thousand blanks took minutes)
_SENTENCE_END = re.compile(r"(?<=[.!?:;])\s++|(?<!\s)(?=[^\S\n]*+\n[^\S\n]*+\n)\s++")
_MARKUP = re.compile(r"<[^<>]*>|[#*_`|]+|\[page \d+\]")
_SPACE = re.compile(r"\s+")
# A passage's vector by its text, for the passages encoded last: importing a book again in the
# same process (a corrected file, the tests) runs the model only on the passages that changed.
_RECENT: Recent[str, Vectors] = Recent(RECENT_PASSAGES)
# The start of a section's stored vectors: the name of the model that made them
TAG = f"[{MODEL_NAME}]".encode()


def passages(text: str) -> list[str]:
    """A section's text as passages of up to SENTENCES sentences (or MAX_WORDS words)."""
    sentences = [_SPACE.sub(" ", s).strip() for s in _SENTENCE_END.split(_MARKUP.sub(" ", text))]
    out: list[str] = []
    current: list[str] = []
    for sentence in filter(None, sentences):
        current.append(sentence)
        if len(current) >= SENTENCES or sum(len(s.split()) for s in current) >= MAX_WORDS:
            out.append(" ".join(current))
            current = []
    if current:
        out.append(" ".join(current))
    return out


def encode_sections(texts: dict[str, str]) -> dict[str, Vectors]:
    """Each section's passage vectors (rows), a book's new passages in one batch; sections
    without text get none."""
    owners = [(sid, piece) for sid, text in texts.items() for piece in passages(text)]
    known = {p: v for _, p in owners if (v := _RECENT.get(p)) is not None}
    new = list(dict.fromkeys(p for _, p in owners if p not in known))
    for text, vector in zip(new, sentence_model().encode(new, "passage"), strict=True):
        known[text] = _RECENT.put(text, vector)
    out: dict[str, list[Vectors]] = {}
    for sid, text in owners:
        out.setdefault(sid, []).append(known[text])
    return {sid: np.stack(rows) for sid, rows in out.items()}


def to_bytes(vectors: Vectors) -> bytes:
    """Rows of vectors as stored: the model's tag (TAG), then float16, row after row."""
    return TAG + np.asarray(vectors, np.float16).tobytes()


def from_bytes(raw: bytes | memoryview) -> Vectors | None:
    """The stored rows back as float32 (no rows for empty bytes); None for rows another model
    made (stored without this model's tag: all-MiniLM-L6-v2's, before multilingual-e5-small),
    which are never compared with this model's vectors."""
    data = bytes(raw)
    if not data:
        return np.zeros((0, DIMS), np.float32)
    if not data.startswith(TAG) or (len(data) - len(TAG)) % (2 * DIMS):
        return None
    return np.frombuffer(data, np.float16, offset=len(TAG)).reshape(-1, DIMS).astype(np.float32)


def semantic_score(own: float | None, passage_scores: Sequence[float]) -> float | None:
    """A section's cosine to the question: PASSAGE_WEIGHT of its best passage's and the rest of
    its own words'; either alone when the other is missing (None when both are)."""
    return with_best(own, passage_scores, PASSAGE_WEIGHT)
