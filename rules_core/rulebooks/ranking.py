"""Ranking sections for a player's question: BM25F over fields, book routing, intro demotion.

Pure and database-free, so SQLite and PostgreSQL rank alike: the service builds a `RankIndex`
from the sections it holds (our index plus any imported book text) and asks it for the best.

- Fields are weighted (title and breadcrumb above keywords above the questions a section answers
  and our summary, above heading and the book's imported text) and length-normalised per field
  (BM25F); two of the question's words side by side count once more as a pair.
- Book routing: every word's spread over the five books is learned from the index and the game's
  content pack; a question whose words belong to one game lifts that book's sections.
- A section that only introduces its subsections (FORMAT.md `no_rule = "heading"` or
  "overview") is demoted when one of them matches well, so the subsection holding the answer
  comes first; a subsection also carries its ancestors' titles, and sections that say little
  ("End the melee attack.") are slightly demoted.
- Misspelt game words are corrected against the books' vocabulary ("did you mean").
- Semantic re-ranking (`fuse`): the best `CANDIDATES` sections by BM25F are re-ordered by a
  weighted sum of their BM25F score (as a share of the best) and the cosine similarity of the
  question to the section in a sentence model (rules_core.rulebooks.sentence_model), so a
  question in other words than the section's still finds it among sections sharing its words.
"""

from __future__ import annotations

import itertools
import math
import re
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import cache, lru_cache
from pathlib import Path

from rules_core.rulebooks.search_terms import STOP_WORDS, SYNONYMS

_WORD = re.compile(r"[a-z0-9]+")

# (weight, length normalisation b) per field; tuned on the "tuning" half of
# tests/data/rule_questions_open.toml only (bench/rules_search.py --misses).
FIELDS: dict[str, tuple[float, float]] = {
    "title": (5.6, 0.5),
    "keywords": (1.3, 0.2),
    "questions": (0.8, 0.5),  # what players would ask that it answers (FORMAT.md)
    "summary": (0.7, 0.75),
    "heading": (0.35, 0.5),
    "text": (0.03, 0.35),  # the book's own words: long and loose, a tie-breaker
    "context": (2.4, 0.1),  # the titles of the sections it sits in (its breadcrumb)
}
K1 = 2.0
SYNONYM_WEIGHT = 0.5  # a synonym counts this much of the player's own word
PAIR_WEIGHT = 0.25  # two of the player's words side by side in a section, as one more term
ROUTING = 1.0  # exponent on a book's share of the question's vocabulary (0 = no routing)
INTRO_RATIO = 0.45  # a subsection scoring at least this share of an intro's score ...
INTRO_FACTOR = 0.6  # ... demotes the intro (a section that only introduces its subsections)
INTRO_ONLY = frozenset({"heading", "overview"})  # the no_rule reasons of such sections
MODE_SHARE = 0.5  # a word a mode's sections use for more than this share of its book's uses
MODE_FACTOR = 0.8  # a mode's section, for a question using none of the words that mark it
MODE_FIELDS = ("title", "keywords", "summary", "questions", "heading")  # our words, not the book's
SUBSTANTIAL_WORDS = 25  # a summary this long (in indexed words) or longer is not demoted ...
SUBSTANCE = 0.1  # ... and a shorter one by (its length / SUBSTANTIAL_WORDS) ** SUBSTANCE
NO_RULE_FACTOR = {
    "example": 0.75,
    "components": 0.75,
    "story": 0.6,
    "credits": 0.3,
    "contents": 0.3,
}
# Semantic re-ranking, chosen on the tuned question sets only (the "tuning" half of the open set
# and the old in-repo set): the BM25F candidates re-ordered, and the cosine's weight in the sum.
CANDIDATES = 20
SEMANTIC_WEIGHT = 0.6
# Feedback from the first answer (RankIndex.widened), chosen on the tuned sets alone (session 42,
# bench/rules_search.md): the words that weigh most in it, each up to this share of a player's word.
FEEDBACK_TERMS = 15
FEEDBACK_WEIGHT = 0.25


# Ordinals in figures are the words the books mostly print ("2nd place" asks of "second place").
ORDINALS = {
    f"{n}{end}": word
    for n, end, word in (
        (1, "st", "first"),
        (2, "nd", "second"),
        (3, "rd", "third"),
        (4, "th", "fourth"),
        (5, "th", "fifth"),
        (6, "th", "sixth"),
        (7, "th", "seventh"),
        (8, "th", "eighth"),
        (9, "th", "ninth"),
        (10, "th", "tenth"),
    )
}


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A light English stemmer, the same for sections and questions (plurals, -ing, -ed; an
    ordinal in figures as its word).

    Remembered per word: snippets stem every word of a section's text on each search."""
    if word in ORDINALS:
        return ORDINALS[word]
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, repl, least in (
        ("ies", "y", 5),
        ("sses", "ss", 5),
        ("ing", "", 6),
        ("ed", "", 5),
        ("es", "", 5),
        ("s", "", 4),
    ):
        if word.endswith(suffix) and len(word) >= least and not word.endswith("ss"):
            return word[: -len(suffix)] + repl
    return word


def words(text: str) -> list[str]:
    """The lower-case words of a text (possessive 's folded into its word)."""
    return _WORD.findall(text.lower().replace("\u2019", "'").replace("'s", ""))


def tokens(text: str) -> list[str]:
    """Stemmed words worth indexing (stop words out)."""
    return [stem(w) for w in words(text) if w not in STOP_WORDS]


def pairs(stems: list[str]) -> list[str]:
    """Neighbouring stems as one term ("finish sign", "standby phase"), for phrase matches."""
    return [f"{a}_{b}" for a, b in itertools.pairwise(stems)]


@dataclass(frozen=True, slots=True)
class Doc:
    """One section as the ranker sees it."""

    key: int  # the caller's id for the section
    book: str
    sid: str
    parent: str | None
    no_rule: str
    fields: Mapping[str, str]
    mode: bool = False  # opens a way of playing chosen before the game (index.Section.mode)


@dataclass(frozen=True, slots=True)
class Ranked:
    key: int
    score: float
    terms: tuple[str, ...]  # the question's words (and synonyms) as searched, for snippets
    demotion: float = 1.0  # the factor the section's kind cost it (example, intro...): see fuse


@dataclass(frozen=True, slots=True)
class Query:
    """A question read for ranking: weighted stems, and the corrections made to its words."""

    weights: Mapping[str, float]
    own: tuple[str, ...]  # stems of the player's own (corrected) words
    surface: tuple[str, ...]  # the words to highlight
    corrections: Mapping[str, str] = field(default_factory=dict)


class RankIndex:
    """BM25F postings over a set of sections, with each word's spread over the books."""

    def __init__(self, docs: Iterable[Doc], vocabulary: Mapping[str, Iterable[str]]) -> None:
        self.docs = tuple(docs)
        self.books = tuple(sorted({d.book for d in self.docs}))
        n = len(self.docs)
        by_sid = {(d.book, d.sid): d for d in self.docs}

        def context(doc: Doc) -> str:
            parent = by_sid.get((doc.book, doc.parent or ""))
            return "" if parent is None else f"{context(parent)} {parent.fields.get('title', '')}"

        field_tokens = [
            {f: tokens(context(d) if f == "context" else d.fields.get(f, "")) for f in FIELDS}
            for d in self.docs
        ]
        avg = {f: max(1.0, sum(len(ft[f]) for ft in field_tokens) / max(n, 1)) for f in FIELDS}
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        for i, ft in enumerate(field_tokens):
            pseudo: dict[str, float] = defaultdict(float)
            for f, (weight, b) in FIELDS.items():
                norm = 1 - b + b * len(ft[f]) / avg[f]
                for term, count in Counter(ft[f] + pairs(ft[f])).items():
                    pseudo[term] += weight * count / norm
            for term, tf in pseudo.items():
                postings[term][i] = tf / (K1 + tf)
        self.idf = {
            t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()
        }
        self.postings = dict(postings)
        # Each section's single words by their weight in it, for feedback from a first answer.
        self.weighed: list[dict[str, float]] = [{} for _ in self.docs]
        for term, posting in self.postings.items():
            if "_" not in term:  # a pair of words ("finish_sign") feeds nothing back
                for i, saturation in posting.items():
                    self.weighed[i][term] = saturation * self.idf[term]
        self.by_key = {d.key: i for i, d in enumerate(self.docs)}
        # Each book's use of each word (index text and content pack), normalised by book size.
        per_book: dict[str, Counter[str]] = {b: Counter() for b in self.books}
        for d, ft in zip(self.docs, field_tokens, strict=True):
            for f in FIELDS:
                per_book[d.book].update(ft[f])
        for book, extra in vocabulary.items():
            if book in per_book:
                per_book[book].update(t for text in extra for t in tokens(text))
        sizes = {b: max(1, sum(c.values())) for b, c in per_book.items()}
        self.spread: dict[str, dict[str, float]] = {}
        for term in {t for c in per_book.values() for t in c}:
            rates = {b: per_book[b][term] / sizes[b] for b in self.books}
            total = sum(rates.values())
            self.spread[term] = {b: r / total for b, r in rates.items()}
        self.surface: Counter[str] = Counter(
            w
            for d in self.docs
            for f in ("title", "keywords", "summary", "heading")
            for w in words(d.fields.get(f, ""))
            if len(w) >= 4 and not w.isdigit()
        )
        self.surface.update(
            w for extra in vocabulary.values() for text in extra for w in words(text) if len(w) >= 4
        )
        # A section that says little ("End the melee attack.") rarely holds the answer.
        self.substance = [
            min(1.0, len(ft["summary"]) / SUBSTANTIAL_WORDS) ** SUBSTANCE for ft in field_tokens
        ]
        self._corrections: dict[str, str | None] = {}
        self.children: dict[tuple[str, str], list[int]] = defaultdict(list)
        self.position = {(d.book, d.sid): i for i, d in enumerate(self.docs)}
        for i, d in enumerate(self.docs):
            if d.parent:
                self.children[(d.book, d.parent)].append(i)
        self.mode_words = self._modes(by_sid, field_tokens)

    def _modes(
        self, by_sid: Mapping[tuple[str, str], Doc], field_tokens: list[dict[str, list[str]]]
    ) -> list[frozenset[str] | None]:
        """Per section, the words that mark the way of playing it belongs to (None: every game's
        rules): the mode's title and keywords, and the words its sections use for at least
        MODE_SHARE of their book's uses."""
        root: list[int | None] = []
        for d in self.docs:
            up: Doc | None = d
            while up is not None and not up.mode:
                up = by_sid.get((up.book, up.parent or ""))
            root.append(None if up is None else self.position[(up.book, up.sid)])
        in_book: dict[str, Counter[str]] = defaultdict(Counter)
        in_mode: dict[int, Counter[str]] = defaultdict(Counter)
        for i, (d, ft) in enumerate(zip(self.docs, field_tokens, strict=True)):
            used = Counter(t for f in MODE_FIELDS for t in ft[f])
            in_book[d.book].update(used)
            mode = root[i]
            if mode is not None:
                in_mode[mode].update(used)
        marks = {
            mode: frozenset(
                t for t, n in used.items() if n > MODE_SHARE * in_book[self.docs[mode].book][t]
            )
            | {t for f in ("title", "keywords") for t in field_tokens[mode][f]}
            for mode, used in in_mode.items()
        }
        return [None if mode is None else marks[mode] for mode in root]

    def mode_factor(self, i: int, query: Query) -> float:
        """MODE_FACTOR for a section of a way of playing the question shows no sign of."""
        marks = self.mode_words[i]
        return 1.0 if marks is None or not marks.isdisjoint(query.own) else MODE_FACTOR

    def correction(self, word: str) -> str | None:
        """The closest game word to a word the books never use, if one is close enough."""
        if word not in self._corrections:
            if len(self._corrections) > 10_000:
                self._corrections.clear()
            self._corrections[word] = self._closest(word)
        return self._corrections[word]

    def _closest(self, word: str) -> str | None:
        if len(word) < 4 or word in STOP_WORDS or word.isdigit() or word in self.surface:
            return None
        if stem(word) in self.idf:
            return None
        best, best_key = None, (0.0, 0)
        for candidate, uses in self.surface.items():
            if abs(len(candidate) - len(word)) > 2 or candidate[0] != word[0]:
                continue
            key = (SequenceMatcher(None, word, candidate).ratio(), uses)
            if key > best_key:
                best, best_key = candidate, key
        return best if best_key[0] >= 0.8 else None

    def query(self, question: str) -> Query:
        """The question's stems, weighted: its own words 1, their synonyms less."""
        weights: dict[str, float] = {}
        own: list[str] = []
        surface: list[str] = []
        corrections: dict[str, str] = {}
        for word in words(question):
            if word in STOP_WORDS:
                continue
            fixed = self.correction(word)
            if fixed is not None:
                corrections[word] = fixed
                word = fixed
            surface.append(word)
            own.append(stem(word))
            weights[stem(word)] = 1.0
            for synonym in SYNONYMS.get(word, ()):
                for part in words(synonym):
                    if part not in STOP_WORDS:
                        weights.setdefault(stem(part), SYNONYM_WEIGHT)
                        surface.append(part)
        for pair in pairs(own):
            weights.setdefault(pair, PAIR_WEIGHT)
        return Query(weights, tuple(own), tuple(dict.fromkeys(surface)), corrections)

    def route(self, query: Query) -> dict[str, float]:
        """Each book's share of the question's own words, weighted by how rare each word is."""
        shares = dict.fromkeys(self.books, 0.0)
        mass = 0.0
        for term in query.own:
            spread = self.spread.get(term)
            if spread is None:
                continue
            weight = self.idf.get(term, 0.0)
            mass += weight
            for book, share in spread.items():
                shares[book] += weight * share
        if mass == 0:
            return dict.fromkeys(self.books, 1.0)
        return {b: (len(self.books) * s / mass) ** ROUTING for b, s in shares.items()}

    def read(self, question: str | Query) -> Query:
        """The question as read for ranking (a Query already read is taken as it is)."""
        return question if isinstance(question, Query) else self.query(question)

    def widened(self, query: Query, first: Ranked) -> Query:
        """The question with the first answer's words fed back (pseudo-relevance feedback): the
        FEEDBACK_TERMS words that weigh most in that section and the question lacks, each at
        FEEDBACK_WEIGHT of a player's word times its weight's share of the heaviest one's.
        Ranked again with them, the places after the first go to the sections that say most
        of what the first one says: its neighbours, where a near miss's answer mostly lies."""
        weighed = self.weighed[self.by_key[first.key]]
        fed = sorted((t for t in weighed if t not in query.weights), key=lambda t: -weighed[t])
        fed = fed[:FEEDBACK_TERMS]
        if not fed:
            return query
        heaviest = weighed[fed[0]]
        weights = {**query.weights, **{t: FEEDBACK_WEIGHT * weighed[t] / heaviest for t in fed}}
        return Query(weights, query.own, query.surface, query.corrections)

    def rank(self, question: str | Query, book: str | None = None, limit: int = 10) -> list[Ranked]:
        query = self.read(question)
        scores: dict[int, float] = defaultdict(float)
        for term, weight in query.weights.items():
            idf = self.idf.get(term)
            if idf is None:
                continue
            for i, saturation in self.postings[term].items():
                if book is None or self.docs[i].book == book:
                    scores[i] += weight * idf * saturation
        routing = self.route(query) if book is None else {}
        final: dict[int, float] = {}
        demotion: dict[int, float] = {}
        for i, score in scores.items():
            doc = self.docs[i]
            demoted = NO_RULE_FACTOR.get(doc.no_rule, 1.0) * self.mode_factor(i, query)
            kids = self.children.get((doc.book, doc.sid), ())
            if doc.no_rule in INTRO_ONLY and any(
                scores.get(k, 0.0) >= INTRO_RATIO * scores[i] for k in kids
            ):
                demoted *= INTRO_FACTOR
            demotion[i] = demoted
            final[i] = score * routing.get(doc.book, 1.0) * self.substance[i] * demoted
        best = sorted(final, key=lambda i: (-final[i], i))[:limit]
        return [
            Ranked(self.docs[i].key, round(final[i], 4), query.surface, demotion[i]) for i in best
        ]

    def in_book(self, question: str | Query, book: str) -> list[Ranked]:
        """Every section of `book`, with no score by words: for a question naming a book that
        uses none of its other words, which `fuse` then orders by meaning alone."""
        query = self.read(question)
        return [
            Ranked(
                d.key,
                0.0,
                query.surface,
                NO_RULE_FACTOR.get(d.no_rule, 1.0) * self.mode_factor(i, query),
            )
            for i, d in enumerate(self.docs)
            if d.book == book
        ]


def fuse(ranked: list[Ranked], similarity: Mapping[int, float], limit: int) -> list[Ranked]:
    """BM25F candidates re-ordered by their score as a share of the best, summed with their
    cosine similarity to the question (a section without a vector counts 0), the cosine demoted
    as BM25F demotes the section's kind (an example, an intro whose subsection matches...)."""
    if not ranked:
        return []
    best = max(r.score for r in ranked) or 1.0
    fused = [
        Ranked(
            r.key,
            round(
                (1 - SEMANTIC_WEIGHT) * r.score / best
                + SEMANTIC_WEIGHT * similarity.get(r.key, 0.0) * r.demotion,
                4,
            ),
            r.terms,
            r.demotion,
        )
        for r in ranked
    ]
    order = sorted(range(len(fused)), key=lambda i: (-fused[i].score, i))
    return [fused[i] for i in order[:limit]]


@lru_cache(maxsize=1024)
def _split_stemmed(text: str) -> tuple[tuple[str, ...], tuple[frozenset[str], ...]]:
    """A text's whitespace-separated parts and each part's stems (remembered: section texts
    recur from search to search)."""
    parts = tuple(text.split())
    return parts, tuple(frozenset(stem(w) for w in words(p)) for p in parts)


_WORD_AND_PUNCTUATION = re.compile(r"(\W*)(.*?)(\W*)", re.DOTALL)
# The book's own guillemets (Race's bullets are "»") become single ones in a snippet, so every
# « and » there is a match mark and a page can highlight by them without an unmatched one.
_OWN_GUILLEMETS = str.maketrans({"«": "\u2039", "»": "\u203a"})


def _marked(part: str) -> str:
    """A matching part in «», its punctuation left outside ("(«Henchmen»),")."""
    match = _WORD_AND_PUNCTUATION.fullmatch(part)
    lead, word, trail = match.groups() if match else ("", part, "")
    return f"{lead}«{word}»{trail}" if word else part


def snippet(text: str, terms: Iterable[str], width: int = 24) -> str:
    """The window of `width` words of a text holding most question words, matches in «»."""
    stems = {stem(t) for t in terms}
    parts, part_stems = _split_stemmed(text)
    if not parts:
        return ""
    marks = [not stems.isdisjoint(s) for s in part_stems]
    best = max(range(max(1, len(parts) - width + 1)), key=lambda s: sum(marks[s : s + width]))
    window = [p.translate(_OWN_GUILLEMETS) for p in parts[best : best + width]]
    shown = [_marked(p) if m else p for p, m in zip(window, marks[best:], strict=False)]
    return ("…" if best else "") + " ".join(shown) + ("…" if best + width < len(parts) else "")


GAMES_DIR = Path(__file__).resolve().parent.parent / "games"


@cache
def pack_vocabulary(book: str) -> tuple[str, ...]:
    """The words of a game's shipped content pack (names, card texts, keys) and its vocabulary."""
    folder = GAMES_DIR / book.replace("-", "_") / "content"
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value.replace("_", " ").replace("-", " "))
        elif isinstance(value, dict):
            for key, inner in value.items():
                found.append(str(key).replace("_", " ").replace("-", " "))
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for path in sorted(folder.glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    found += [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.md"))]
    return tuple(found)
