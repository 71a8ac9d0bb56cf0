"""Each indexed section as a sentence vector, for the semantic re-ranking of rule search.

A section is embedded from our own words only (the book's title, the titles of the sections it
sits in, its title and our summary), so the vectors are the same before and after a book's text
is imported. They are computed once and stored beside the index, one file per book
(`vectors/<slug>.npz`: section ids, a digest of each embedded passage, float16 vectors);
`manage.py embed_rulebooks` rewrites them after the index changes. A section whose passage no
longer matches its stored digest (or a book without a file) is embedded when loaded instead.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import numpy as np

from rules_core.rulebooks.index import INDEX_DIR, Book, Section
from rules_core.rulebooks.sentence_model import Vectors, sentence_model

VECTORS_DIR = INDEX_DIR / "vectors"


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


def stored_vectors(book: Book) -> dict[str, tuple[str, Vectors]]:
    """The stored file's vectors by section id, each with the digest of the passage it came from."""
    path = vectors_path(book)
    if not path.exists():
        return {}
    with np.load(path, allow_pickle=False) as data:
        return {
            str(sid): (str(d), np.asarray(v, np.float32))
            for sid, d, v in zip(data["ids"], data["digests"], data["vectors"], strict=True)
        }


def book_vectors(book: Book) -> dict[str, Vectors]:
    """A unit vector per section of the book: stored where still current, else computed now."""
    stored = stored_vectors(book)
    out: dict[str, Vectors] = {}
    stale: list[Section] = []
    for section in book.sections:
        kept = stored.get(section.id)
        if kept is not None and kept[0] == digest(passage(book, section)):
            out[section.id] = kept[1]
        else:
            stale.append(section)
    if stale:
        fresh = sentence_model().encode([passage(book, s) for s in stale])
        out.update({s.id: v for s, v in zip(stale, fresh, strict=True)})
    return out


def encode_book(book: Book) -> bytes:
    """The .npz file of a book's vectors, computed afresh."""
    passages = [passage(book, s) for s in book.sections]
    vectors = sentence_model().encode(passages)
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        ids=np.array([s.id for s in book.sections]),
        digests=np.array([digest(p) for p in passages]),
        vectors=vectors.astype(np.float16),
    )
    return buffer.getvalue()
