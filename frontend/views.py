"""Pages: the lobby, and the rules reference (books, contents, sections, search)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from api import rulebook_selectors, selectors
from api.errors import NotFoundError
from api.models import Game


def lobby(request: HttpRequest) -> HttpResponse:
    games = Game.objects.all().order_by("-id")[:50]
    return render(request, "frontend/lobby.html", {"catalog": selectors.catalog(), "games": games})


def _not_found(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "frontend/not_found.html", {"message": message}, status=404)


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/rules_index.html", {"books": rulebook_selectors.books_json()})


def rules_book(request: HttpRequest, book: str) -> HttpResponse:
    try:
        contents = rulebook_selectors.contents_json(book=book)
    except NotFoundError as error:
        return _not_found(request, error.message)
    parents = {s["section"]: s["parent"] for s in contents["sections"]}

    def depth(sid: str) -> int:
        level, parent = 0, parents.get(sid)
        while parent:
            level, parent = level + 1, parents.get(parent)
        return min(level, 4)

    sections = [{**s, "depth": depth(s["section"])} for s in contents["sections"]]
    context = {"contents": contents, "sections": sections, "book_slug": book}
    return render(request, "frontend/rules_book.html", context)


def rules_section(request: HttpRequest, book: str, ref: str) -> HttpResponse:
    try:
        section = rulebook_selectors.section_find(book=book, ref=ref)
    except NotFoundError as error:
        return _not_found(request, error.message)
    if section.sid != ref:
        return redirect(rulebook_selectors.section_url(book, section.sid))
    context = {
        "book": section.book,
        "section": rulebook_selectors.section_json(section),
        "book_slug": book,
    }
    return render(request, "frontend/rules_section.html", context)


def _highlight(snippet: str) -> SafeString:
    """The search snippet with its «matches» marked, everything else escaped."""
    return mark_safe(str(escape(snippet)).replace("«", "<mark>").replace("»", "</mark>"))


def rules_search(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:300]
    book = request.GET.get("book") or None
    hits = rulebook_selectors.rules_search(question=q, book=book, limit=20) if q else []
    results = [
        {**rulebook_selectors.hit_json(h), "snippet_html": _highlight(h.snippet)} for h in hits
    ]
    return render(
        request, "frontend/rules_search.html", {"q": q, "results": results, "book_slug": book}
    )
