"""Each indexed section as a sentence vector, for the semantic re-ranking of rule search.

A section is embedded from our own words only (the book's title, the titles of the sections it
sits in, its title and our summary), so the vectors are the same before and after a book's text
is imported. They are computed once and stored beside the index, one file per book
(`vectors/<slug>.npz`: section ids, a digest of each embedded passage, float16 vectors, and the
name of the model that made them); `manage.py embed_rulebooks` rewrites them after the index
changes. A section whose passage no longer matches its stored digest (or a book without a file,
or a file another model made) is embedded when loaded instead. Sections are embedded as passages,
the index's questions as queries (sentence_model.PREFIXES).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from rules_core.rulebooks.index import INDEX_DIR, Book, Section
from rules_core.rulebooks.sentence_model import (
    DIMS,
    MODEL_NAME,
    Kind,
    Vectors,
    sentence_model,
)

VECTORS_DIR = INDEX_DIR / "vectors"
ASKED_WEIGHT = 0.5  # the closest question's share of our own words' cosine (own_words_score)


def passage(book: Book, section: Section) -> str:
    """The words a section is embedded from: where it sits, its title and our summary."""
    chain = [section.title]
    parent = section.parent
    while parent:
        above = book.section(parent)
        chain.insert(0, above.title)
        parent = above.parent
    return f"{book.title}: {' > '.join(chain)}. {section.summary}"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def vectors_path(book: Book) -> Path:
    return VECTORS_DIR / f"{book.slug}.npz"


def questions(book: Book) -> dict[str, str]:
    """The index's questions, each under `<section id>#<n>` (the key its vector is stored by)."""
    return {f"{s.id}#{n}": q for s in book.sections for n, q in enumerate(s.questions)}


def stored_vectors(book: Book, kind: str = "") -> dict[str, tuple[str, Vectors]]:
    """The stored file's vectors by key (section id; with kind "asked", question key), each with
    the digest of the passage it came from."""
    path = vectors_path(book)
    if not path.exists():
        return {}
    with np.load(path, allow_pickle=False) as data:
        if f"{kind}ids" not in data or "model" not in data or str(data["model"]) != MODEL_NAME:
            return {}
        return {
            str(key): (str(d), np.asarray(v, np.float32))
            for key, d, v in zip(
                data[f"{kind}ids"], data[f"{kind}digests"], data[f"{kind}vectors"], strict=True
            )
        }


def _current(
    stored: dict[str, tuple[str, Vectors]], texts: dict[str, str], kind: Kind
) -> dict[str, Vectors]:
    """A unit vector per text: stored where its digest still matches, else computed now."""
    out: dict[str, Vectors] = {}
    stale: list[str] = []
    for key, text in texts.items():
        kept = stored.get(key)
        if kept is not None and kept[0] == digest(text):
            out[key] = kept[1]
        else:
            stale.append(key)
    if stale:
        fresh = sentence_model().encode([texts[k] for k in stale], kind)
        out.update({k: v for k, v in zip(stale, fresh, strict=True)})
    return out


def book_vectors(book: Book) -> dict[str, Vectors]:
    """A unit vector per section of the book: stored where still current, else computed now."""
    texts = {s.id: passage(book, s) for s in book.sections}
    return _current(stored_vectors(book), texts, "passage")


def book_questions(book: Book) -> dict[str, Vectors]:
    """Each section's questions (the index's `questions`) as rows of unit vectors, for the
    sections that have any: a player's question in other words often says what one of them
    says."""
    vectors = _current(stored_vectors(book, "asked"), questions(book), "query")
    rows: dict[str, list[Vectors]] = {}
    for key, vector in vectors.items():
        rows.setdefault(key.rsplit("#", 1)[0], []).append(vector)
    return {sid: np.stack(found) for sid, found in rows.items()}


def with_best(score: float | None, others: Sequence[float], weight: float) -> float | None:
    """`weight` of the best of `others` and the rest of `score`; either alone when the other is
    missing (None when both are). How a section's cosines of several kinds are blended."""
    best = max(others, default=None)
    if score is None or best is None:
        return best if score is None else score
    return (1 - weight) * score + weight * best


def own_words_score(summary: float | None, asked: Sequence[float]) -> float | None:
    """A section's cosine to the question in our own words: ASKED_WEIGHT of its closest
    question's (the index's `questions`) and the rest of where it sits, its title and summary."""
    return with_best(summary, asked, ASKED_WEIGHT)


def encode_book(book: Book) -> bytes:
    """The .npz file of a book's vectors (sections and their questions), computed afresh."""
    passages = [passage(book, s) for s in book.sections]
    asked = questions(book)
    model = sentence_model()
    vectors = model.encode(passages, "passage")
    asked_vectors = model.encode(list(asked.values()), "query") if asked else np.zeros((0, DIMS))
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        model=np.array(MODEL_NAME),
        ids=np.array([s.id for s in book.sections]),
        digests=np.array([digest(p) for p in passages]),
        vectors=vectors.astype(np.float16),
        askedids=np.array(list(asked), dtype=str),
        askeddigests=np.array([digest(q) for q in asked.values()], dtype=str),
        askedvectors=np.asarray(asked_vectors, np.float16).reshape(-1, DIMS),
    )
    return buffer.getvalue()
