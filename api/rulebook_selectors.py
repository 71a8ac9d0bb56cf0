"""Reads for the rules reference: books, tables of contents, a section by any spelling, search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, F

from api.errors import NotFoundError
from api.models import Rulebook, Section
from rules_core.engine import all_games
from rules_core.engine.citations import citation_uses
from rules_core.rulebooks import get_book
from rules_core.rulebooks.labels import ref_key
from rules_core.rulebooks.search_terms import book_named_in, question_terms


def section_url(book: str, sid: str) -> str:
    """The web page of a section."""
    return f"/rules/{book}/{sid}/"


def book_get(*, book: str) -> Rulebook:
    row = Rulebook.objects.filter(slug=book).first()
    if row is None:
        raise NotFoundError(f"No rulebook {book!r}; see /api/rulebooks/.")
    return row


def section_find(*, book: str, ref: str) -> Section:
    """A section by its id, or by the book's label in any common spelling."""
    row = book_get(book=book)
    entry = get_book(book).find(ref)
    match = None if entry is None else Section.objects.filter(book=row, sid=entry.id).first()
    if match is None:
        raise NotFoundError(f"No section {ref!r} in {book}.")
    return match


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result."""

    section: Section
    score: float
    snippet: str


def rules_search(*, question: str, book: str | None = None, limit: int = 10) -> list[Hit]:
    """Sections answering a player's question, best first, ranked by the database's full text."""
    named, question = book_named_in(question)
    book = book or named
    terms = question_terms(question)
    hits: list[Hit] = []
    label_hit = _label_match(question, book)
    if label_hit is not None:
        hits.append(Hit(label_hit, 1000.0, label_hit.summary[:200]))
    if terms:
        search = _search_sqlite if connection.vendor == "sqlite" else _search_postgres
        hits += [
            h
            for h in search(terms, book, limit + 1)
            if h.section.pk != getattr(label_hit, "pk", None)
        ]
    return hits[:limit]


def _label_match(question: str, book: str | None) -> Section | None:
    """A question that is just a label (`IX L`, `v.c.1.a`) finds that section first."""
    key = ref_key(question)
    if len(key) < 2 or len(question.split()) > 4:
        return None
    rows = Section.objects.select_related("book").filter(label_key=key)
    if book:
        rows = rows.filter(book__slug=book)
    return rows.first()


# Column weights: title, label, keywords, summary, text (the book's own words, once imported).
_SQLITE_WEIGHTS = "0.0, 8.0, 6.0, 5.0, 2.5, 1.0"


def _search_sqlite(terms: list[str], book: str | None, limit: int) -> list[Hit]:
    match = " OR ".join(f'"{t}"' for t in terms)
    sql = (
        f"SELECT rowid, bm25(api_section_fts, {_SQLITE_WEIGHTS}) AS rank,"
        " snippet(api_section_fts, 4, '«', '»', '…', 24)"
        " FROM api_section_fts WHERE api_section_fts MATCH %s"
    )
    params: list[str | int] = [match]
    if book:
        sql += " AND book = %s"
        params.append(book)
    sql += " ORDER BY rank LIMIT %s"
    params.append(limit)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    sections = Section.objects.select_related("book").in_bulk([r[0] for r in rows])
    return [Hit(sections[r[0]], round(-float(r[1]), 4), r[2]) for r in rows if r[0] in sections]


def _search_postgres(terms: list[str], book: str | None, limit: int) -> list[Hit]:
    from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank

    query = SearchQuery(" | ".join(terms), search_type="raw", config="english")
    rows = Section.objects.filter(search_vector=query)
    if book:
        rows = rows.filter(book__slug=book)
    ranked = list(
        rows.annotate(rank=SearchRank(F("search_vector"), query, weights=[0.1, 0.3, 0.5, 1.0]))
        .order_by("-rank", "position")
        .values_list("id", "rank")[:limit]
    )
    snippets = (
        Section.objects.select_related("book")
        .filter(id__in=[i for i, _ in ranked])
        .annotate(
            snippet=SearchHeadline(
                "summary", query, config="english", start_sel="«", stop_sel="»", max_words=30
            )
        )
        .in_bulk()
    )
    return [Hit(snippets[i], round(float(rank), 4), snippets[i].snippet) for i, rank in ranked]


def _ref_json(section: Section) -> dict[str, Any]:
    book = section.book.slug
    return {
        "book": book,
        "section": section.sid,
        "label": section.label,
        "title": section.title,
        "url": section_url(book, section.sid),
    }


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
    """The event types and rejections of every game that cite a section."""
    return [
        {"game": use.game, "kind": use.kind, "name": use.name}
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
        "summary": hit.section.summary,
        "score": hit.score,
        "snippet": hit.snippet,
    }
