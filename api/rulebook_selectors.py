"""Reads for the rules reference: books, tables of contents, a section by any spelling, search."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Count

from api.errors import NotFoundError
from api.limits import SEARCH_QUESTION_CHARS, SEARCH_RESULTS
from api.models import Rulebook, Section
from api.selectors import citation_json
from rules_core.engine import all_games
from rules_core.engine.citations import citation_uses
from rules_core.engine.content_limits import without_hidden_controls
from rules_core.rulebooks import get_book
from rules_core.rulebooks.index import Book
from rules_core.rulebooks.labels import ref_key
from rules_core.rulebooks.question_encoder import question_encoder
from rules_core.rulebooks.ranking import (
    CANDIDATES,
    Doc,
    Query,
    Ranked,
    RankIndex,
    fuse,
    pack_vocabulary,
    snippet,
)
from rules_core.rulebooks.search_terms import book_named_in, name_only
from rules_core.rulebooks.section_vectors import book_questions, book_vectors, own_words_score
from rules_core.rulebooks.sentence_model import Vectors, on_search_scale
from rules_core.rulebooks.text_vectors import from_bytes, semantic_score

_WORD = re.compile(r"[A-Za-z0-9]+")


def section_url(book: str, sid: str) -> str:
    """The web page of a section."""
    return f"/rules/{book}/{sid}/"


def book_get(*, book: str) -> Rulebook:
    row = Rulebook.objects.filter(slug=book).first()
    if row is None:
        raise NotFoundError("There is no rulebook by that name; see /api/rulebooks/.")
    return row


def section_find(*, book: str, ref: str) -> Section:
    """A section by its id, or by the book's label in any common spelling."""
    row = book_get(book=book)
    entry = get_book(book).find(ref)
    match = None if entry is None else Section.objects.filter(book=row, sid=entry.id).first()
    if match is None:
        raise NotFoundError(  # never the posted reference again: it may be of any length
            f"{row.title} has no such section; its contents are at /api/rulebooks/{row.slug}/."
        )
    return match


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result, with the titles of the sections it sits in (outermost first)."""

    section: Section
    score: float
    snippet: str
    breadcrumb: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Loaded:
    """The ranking index over the sections the database holds, and those rows by pk."""

    signature: tuple[Any, ...]
    index: RankIndex
    rows: dict[int, Section]
    crumbs: dict[int, tuple[str, ...]]  # pk -> the titles of the sections it sits in
    vectors: dict[int, Vectors]  # pk -> the section's sentence vector (rules_core section_vectors)
    passages: dict[int, Vectors]  # pk -> its imported text's passage vectors (text_vectors)
    asked: dict[int, Vectors]  # pk -> the vectors of the index's questions it answers

    def similarity(self, question: str, keys: list[int]) -> dict[int, float]:
        """Cosine similarity of the question (encoded as settings.RULES_SEARCH_ENCODER says, see
        rules_core.rulebooks.question_encoder) to each of these sections (those with a vector of
        our own words or of imported text), the two blended (text_vectors.semantic_score), on
        the scale rule search blends (sentence_model.on_search_scale)."""
        return self.similarity_to(self.encoded(question), keys)

    def encoded(self, question: str) -> Vectors:
        """The question's vector (settings.RULES_SEARCH_ENCODER)."""
        return question_encoder(settings.RULES_SEARCH_ENCODER)(question)

    def similarity_to(self, query: Vectors, keys: list[int]) -> dict[int, float]:
        """As `similarity`, for a question already encoded (one encoding serves both passes)."""
        keys = [k for k in keys if k in self.vectors or k in self.passages or k in self.asked]
        if not keys:
            return {}
        out: dict[int, float] = {}
        for k in keys:
            own = own_words_score(
                float(self.vectors[k] @ query) if k in self.vectors else None,
                (self.asked[k] @ query).tolist() if k in self.asked else [],
            )
            text = (self.passages[k] @ query).tolist() if k in self.passages else []
            score = semantic_score(own, text)
            if score is not None:
                out[k] = on_search_scale(score)
        return out


_LOADED: list[_Loaded] = []


def _ranker() -> _Loaded:
    """The ranking index, rebuilt only when the books change: sections are synced and text
    imported only through rulebook_services, which stamps the book (`imported_at`)."""
    signature = tuple(Rulebook.objects.order_by("id").values_list("id", "imported_at"))
    if _LOADED and _LOADED[0].signature == signature:
        return _LOADED[0]
    rows = {s.pk: s for s in Section.objects.select_related("book").order_by("book", "position")}
    docs = []
    for s in rows.values():
        try:
            entry = get_book(s.book.slug).section(s.sid)
        except KeyError:
            entry = None
        docs.append(
            Doc(
                key=s.pk,
                book=s.book.slug,
                sid=s.sid,
                parent=s.parent_sid or None,
                no_rule="" if entry is None else entry.no_rule,
                mode=entry is not None and entry.mode,
                fields={
                    "title": f"{s.title} {s.label}",
                    "heading": "" if entry is None else entry.heading,
                    "keywords": s.keywords,
                    "questions": "" if entry is None else " ".join(entry.questions),
                    "summary": s.summary,
                    "text": s.text,
                },
            )
        )
    books = {d.book for d in docs}
    index = RankIndex(docs, {b: pack_vocabulary(b) for b in books})
    vectors = _by_row(rows, books, book_vectors)
    asked = _by_row(rows, books, book_questions)
    # rows another model made (from_bytes gives None) are left out: our own words rank those
    stored = {pk: from_bytes(s.text_vectors) for pk, s in rows.items() if s.text_vectors}
    passages = {pk: v for pk, v in stored.items() if v is not None}
    crumbs = {pk: _breadcrumb(s, rows) for pk, s in rows.items()}
    loaded = _Loaded(signature, index, rows, crumbs, vectors, passages, asked)
    _LOADED[:] = [loaded]
    return loaded


def _by_row(
    rows: dict[int, Section], books: set[str], vectors: Callable[[Book], dict[str, Vectors]]
) -> dict[int, Vectors]:
    """Each row's vectors of one kind (by section id in its book's index; none for a book in the
    database that no index describes any more)."""
    per_book: dict[str, dict[str, Vectors]] = {}
    for book in books:
        try:
            per_book[book] = vectors(get_book(book))
        except KeyError:
            per_book[book] = {}
    return {
        pk: per_book[s.book.slug][s.sid] for pk, s in rows.items() if s.sid in per_book[s.book.slug]
    }


def _breadcrumb(section: Section, rows: dict[int, Section]) -> tuple[str, ...]:
    by_sid = {(s.book_id, s.sid): s for s in rows.values()}
    chain: list[str] = []
    current = by_sid.get((section.book_id, section.parent_sid))
    while current is not None:
        chain.insert(0, current.title)
        current = by_sid.get((current.book_id, current.parent_sid))
    return tuple(chain)


@dataclass(frozen=True, slots=True)
class Answer:
    """The results for a question, and the question respelt when a game word looked misspelt."""

    hits: list[Hit]
    did_you_mean: str | None


def rules_search(*, question: str, book: str | None = None, limit: int = 10) -> list[Hit]:
    """Sections answering a player's question, best first (one ranking on every database)."""
    return rules_answer(question=question, book=book, limit=limit).hits


def search_question(asked: str) -> str:
    """A question as rule search reads it and shows it back: its hidden controls taken out (a
    bidirectional control would turn the words shown after it around; none carries a word),
    spaces trimmed."""
    return without_hidden_controls(asked).strip()


def rules_answer(*, question: str, book: str | None = None, limit: int = 10) -> Answer:
    """Sections answering a player's question, best first, and a "did you mean".

    A question naming a game searches that book; otherwise the question's own vocabulary routes
    it (see rules_core.rulebooks.ranking). Held to the stated limits whoever asks (the views
    refuse more): the first SEARCH_QUESTION_CHARS characters, 1 to SEARCH_RESULTS results.
    """
    question = search_question(question)[:SEARCH_QUESTION_CHARS]
    limit = min(max(limit, 1), SEARCH_RESULTS)
    loaded = _ranker()
    query = loaded.index.query(question)  # read once: its words are already respelt
    fixes = query.corrections
    respelt = _WORD.sub(lambda m: fixes.get(m[0].lower(), m[0]), question) if fixes else None
    named, searched = book_named_in(respelt or question)  # "chronicals deck" names the book
    opened = name_only(respelt or question) if named else None  # no name, nothing to open
    if opened is not None and book in (None, opened):  # "metro": the book's chapters
        return Answer(_chapters(opened, loaded)[:limit], respelt)
    if searched != (respelt or question):
        query = loaded.index.query(searched)  # the book's name taken out
    book = book or named
    hits: list[Hit] = []
    label_hit = _label_match(searched, book, loaded.rows)
    if label_hit is not None:
        hits.append(Hit(label_hit, 1000.0, label_hit.summary[:200], loaded.crumbs[label_hit.pk]))
    if settings.RULES_SEARCH_SEMANTIC:
        ranking = _by_words_and_meaning(loaded, query, searched, book, limit + 1)
    else:
        ranking = loaded.index.rank(query, book, limit + 1)
    for ranked in ranking:
        if len(hits) == limit:  # one more was ranked in case the label's section is among them
            break
        section = loaded.rows[ranked.key]
        if section.pk == getattr(label_hit, "pk", None):
            continue
        text = section.text or section.summary
        hits.append(
            Hit(
                section,
                ranked.score,
                snippet(text, ranked.terms),
                loaded.crumbs[section.pk],
            )
        )
    return Answer(hits, respelt)


def _by_words_and_meaning(
    loaded: _Loaded, query: Query, question: str, book: str | None, limit: int
) -> list[Ranked]:
    """BM25F's candidates re-ordered with their meaning (`fuse`), twice: the first answer found
    so, the question is ranked again widened by that answer's words (RankIndex.widened) and
    fused again, so that the places after the first go to its neighbours."""
    wanted = max(CANDIDATES, limit)
    candidates = loaded.index.rank(query, book, wanted)
    if not candidates:
        if book is None or not query.own:
            return []  # nothing to re-order: the question is not encoded
        candidates = loaded.index.in_book(query, book)  # "chronicles deck": by meaning alone
        return fuse(candidates, loaded.similarity(question, [r.key for r in candidates]), limit)
    vector = loaded.encoded(question)
    similarity = loaded.similarity_to(vector, [r.key for r in candidates])
    first = fuse(candidates, similarity, 1)[0]
    widened = loaded.index.rank(loaded.index.widened(query, first), book, wanted)
    similarity |= loaded.similarity_to(vector, [r.key for r in widened if r.key not in similarity])
    return fuse(widened, similarity, limit)


def _chapters(book: str, loaded: _Loaded) -> list[Hit]:
    """A book's chapters (rules_core Book.chapters) as results, in the book's order."""
    rows = {s.sid: s for s in loaded.rows.values() if s.book.slug == book}
    found = [rows[c.id] for c in get_book(book).chapters if c.id in rows]
    return [Hit(s, 1000.0, s.summary[:200], loaded.crumbs[s.pk]) for s in found]


def _label_match(question: str, book: str | None, rows: dict[int, Section]) -> Section | None:
    """A question that is just a label (`IX L`, `v.c.1.a`) finds that section first."""
    key = ref_key(question)
    if len(key) < 2 or len(question.split()) > 4:
        return None
    return next(
        (s for s in rows.values() if s.label_key == key and book in (None, s.book.slug)), None
    )


def _ref_json(section: Section) -> dict[str, Any]:
    """A stored section as a citation (rulebooks_sync keeps the rows to the books' indexes)."""
    return citation_json(section.book.slug, section.sid)


def books_json() -> list[dict[str, Any]]:
    return [
        {
            "book": b.slug,
            "title": b.title,
            "sections": b.section_count,
            "imported": b.imported_at is not None,
            "url": f"/api/rulebooks/{b.slug}/sections/",
            "page": f"/rules/{b.slug}/",
        }
        for b in Rulebook.objects.annotate(section_count=Count("sections")).order_by("slug")
    ]


def contents_json(*, book: str) -> dict[str, Any]:
    """A book's table of contents, in the book's order."""
    row = book_get(book=book)
    sections = [
        {**_ref_json(s), "page": s.page, "parent": s.parent_sid or None}
        for s in Section.objects.filter(book=row).select_related("book").order_by("position")
    ]
    return {
        "book": row.slug,
        "title": row.title,
        "imported": row.imported_at is not None,
        "sections": sections,
    }


def breadcrumbs(section: Section) -> list[Section]:
    """The section's ancestors, outermost first."""
    by_sid = {s.sid: s for s in Section.objects.filter(book=section.book).select_related("book")}
    chain: list[Section] = []
    current = by_sid.get(section.parent_sid)
    while current is not None:
        chain.insert(0, current)
        current = by_sid.get(current.parent_sid)
    return chain


def cited_by(book: str, sid: str) -> list[dict[str, str]]:
    """The event types and rejections of every game that cite a section, each in words."""
    return [
        {"game": use.game, "kind": use.kind, "name": use.name, "words": use.words}
        for spec in all_games()
        for use in citation_uses(spec)
        if use.citation.book == book and use.citation.section == sid
    ]


def section_json(section: Section) -> dict[str, Any]:
    """A section with everything a rules lawyer wants: summary, original text, context."""
    rows = Section.objects.filter(book=section.book).select_related("book")
    children = rows.filter(parent_sid=section.sid).order_by("position")
    related = rows.filter(sid__in=section.related)
    return {
        **_ref_json(section),
        "page": section.page,
        "parent": section.parent_sid or None,
        "chapter": section.chapter,
        "summary": section.summary,
        "text": section.text or None,
        "keywords": section.keywords.split(),
        "breadcrumbs": [_ref_json(s) for s in breadcrumbs(section)],
        "children": [_ref_json(s) for s in children],
        "related": [_ref_json(s) for s in related],
        "cited_by": cited_by(section.book.slug, section.sid),
    }


def hit_json(hit: Hit) -> dict[str, Any]:
    return {
        **_ref_json(hit.section),
        "book_title": hit.section.book.title,
        "breadcrumb": list(hit.breadcrumb),
        "summary": hit.section.summary,
        "score": hit.score,
        "snippet": hit.snippet,
    }
