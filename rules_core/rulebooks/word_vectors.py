"""A question's sentence vector without running the sentence model: static word vectors.

The sentence model (rules_core.rulebooks.sentence_model) costs 4-10 ms of CPU per question and
tens of MB once loaded; rule search needs a question's vector in well under a millisecond. So,
once at build time (`manage.py embed_rulebooks`), in the style of model2vec:

- every word of our vocabulary is run through the model alone, as a query like a question: the
  words of the index (titles, summaries, keywords, questions, headings), of the content packs
  and of the search synonyms and stop words, and the `COMMON_WORDS` commonest English words
  (common_words.txt), so a player's everyday words are known too;
- each word is weighted by how rare it is in our texts (SIF: a / (a + its share of our words));
- a linear map, fitted by ridge regression, carries the weighted sum of a text's word vectors
  toward the model's own vector for that text (as a query), over short texts of ours (section
  titles, titles with keywords, summary sentences, the questions players would ask,
  content-pack strings).

Stored (`vectors/words.npz`): each word's weighted, mapped vector as int8 with a scale per word,
and the name of the model it was distilled from (a table of another model's is refused).
A question's vector is then the sum of its words' rows, unit length: comparable by dot product
with the section vectors the full model made (rules_core.rulebooks.section_vectors). A word not
in the table adds nothing.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from rules_core.rulebooks.index import INDEX_DIR, Book
from rules_core.rulebooks.ranking import pack_vocabulary, words
from rules_core.rulebooks.search_terms import STOP_WORDS, SYNONYMS
from rules_core.rulebooks.sentence_model import MODEL_NAME, SentenceModel, Vectors

WORDS_PATH = INDEX_DIR / "vectors" / "words.npz"
COMMON_WORDS = 3000  # everyday English words a table knows beside ours (common_words)
# bert-base-uncased's first 3,000 whole words (letters only, two or more), in its vocabulary's
# order, about that of their frequency in English: the list the table was built with when it was
# distilled from all-MiniLM-L6-v2, kept as a plain list
COMMON_WORDS_PATH = Path(__file__).with_name("common_words.txt")
SIF_A = 1e-3  # a word's weight: SIF_A / (SIF_A + its share of our words)
RIDGE = 1.0  # the linear map's pull toward the identity
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
_EPS = 1e-12


@dataclass(frozen=True)
class WordTable:
    """Each known word's row; a text's vector is the sum of its words' rows, unit length."""

    index: dict[str, int]
    rows: Vectors  # (words, dimensions) float32

    def encode(self, text: str) -> Vectors:
        found = [self.index[w] for w in words(text) if w in self.index]
        total = self.rows[found].sum(axis=0) if found else np.zeros(self.rows.shape[1])
        unit: Vectors = (total / max(float(np.linalg.norm(total)), _EPS)).astype(np.float32)
        return unit

    def __contains__(self, word: str) -> bool:
        return word in self.index


def our_texts(books: Iterable[Book]) -> list[str]:
    """Our own words about the books: section titles, summaries, keywords, questions and headings,
    the content packs' strings and the search synonyms (never the books' text)."""
    texts: list[str] = []
    for book in books:
        for s in book.sections:
            texts += [s.title, s.summary, " ".join(s.keywords), s.heading, *s.questions]
        texts += pack_vocabulary(book.slug)
    texts += [f"{word} {' '.join(alike)}" for word, alike in SYNONYMS.items()]
    return texts


def word_counts(texts: Iterable[str]) -> Counter[str]:
    return Counter(w for text in texts for w in words(text))


def common_words(n: int = COMMON_WORDS) -> list[str]:
    """The first `n` words of COMMON_WORDS_PATH: English words in about the order of their
    frequency (e5's own vocabulary is multilingual and cuts many English words into pieces)."""
    return COMMON_WORDS_PATH.read_text().split()[:n]


def training_texts(books: Iterable[Book]) -> list[str]:
    """Short texts of ours the map is fitted on (each once, in a fixed order)."""
    texts: list[str] = []
    for book in books:
        for s in book.sections:
            texts += [s.title, f"{s.title} {' '.join(s.keywords)}"]
            texts += [t for t in _SENTENCE_END.split(s.summary) if len(t.split()) >= 3]
            texts += s.questions
        texts += [t for t in pack_vocabulary(book.slug) if 3 <= len(t.split()) <= 40]
    return list(dict.fromkeys(texts))


def sif_weights(vocabulary: Sequence[str], counts: Counter[str]) -> Vectors:
    total = sum(counts.values()) + len(vocabulary)
    share = np.array([(counts[w] + 1) / total for w in vocabulary])
    weights: Vectors = (SIF_A / (SIF_A + share)).astype(np.float32)
    return weights


def fit_map(static: Vectors, full: Vectors, ridge: float = RIDGE) -> Vectors:
    """The matrix M minimising |static @ M - full|^2 + ridge * |M - I|^2."""
    eye = np.eye(static.shape[1])
    solved = np.linalg.solve(static.T @ static + ridge * eye, static.T @ full + ridge * eye)
    out: Vectors = solved.astype(np.float32)
    return out


def build_table(model: SentenceModel, books: Sequence[Book]) -> tuple[list[str], Vectors]:
    """The vocabulary and each word's weighted, mapped row (float32), computed afresh."""
    counts = word_counts(our_texts(books))
    vocabulary = sorted(set(counts) | STOP_WORDS | set(common_words()))
    weighted = model.encode(vocabulary, "query", batch=256)
    weighted *= sif_weights(vocabulary, counts)[:, None]
    index = {w: i for i, w in enumerate(vocabulary)}
    texts = training_texts(books)
    static = np.zeros((len(texts), weighted.shape[1]), np.float32)
    for row, text in enumerate(texts):
        found = [index[w] for w in words(text) if w in index]
        if found:
            total = weighted[found].sum(axis=0)
            static[row] = total / max(float(np.linalg.norm(total)), _EPS)
    full = model.encode(texts, "query", batch=128)
    mapped: Vectors = (weighted @ fit_map(static, full)).astype(np.float32)
    return vocabulary, mapped


def table_bytes(vocabulary: Sequence[str], rows: Vectors) -> bytes:
    """The .npz file of a table: words, rows as int8, each row's scale and the model's name."""
    scales = np.maximum(np.abs(rows).max(axis=1), _EPS) / 127
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        model=np.array(MODEL_NAME),
        words=np.array(vocabulary),
        rows=np.round(rows / scales[:, None]).astype(np.int8),
        scales=scales.astype(np.float32),
    )
    return buffer.getvalue()


def read_table(data: bytes | io.BytesIO) -> WordTable:
    """The table in a file `table_bytes` wrote; a ValueError for a table another model's
    vectors were distilled from (its rows are not comparable with this model's)."""
    source = io.BytesIO(data) if isinstance(data, bytes) else data
    with np.load(source, allow_pickle=False) as stored:
        made_by = str(stored["model"]) if "model" in stored else "all-MiniLM-L6-v2"
        if made_by != MODEL_NAME:
            raise ValueError(
                f"the word table was distilled from {made_by}, not {MODEL_NAME}: "
                "run `python manage.py embed_rulebooks`"
            )
        rows = stored["rows"].astype(np.float32) * stored["scales"][:, None]
        return WordTable({str(w): i for i, w in enumerate(stored["words"])}, rows)


@cache
def word_table() -> WordTable:
    """The shipped table, loaded once per process (`manage.py embed_rulebooks` writes it)."""
    if not WORDS_PATH.exists():
        raise FileNotFoundError(f"{WORDS_PATH} is missing: run `python manage.py embed_rulebooks`")
    return read_table(WORDS_PATH.read_bytes())
