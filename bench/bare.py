"""The references the full stack is measured against, in the same run: a bare DRF view that
appends one row (for moves), and one that answers a rule search without ranking (for search)."""

from __future__ import annotations

from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.models import Event, Rulebook, Section
from gotham import urls as site_urls


class BareAppendView(APIView):
    """Append one Event row at the seq the client says; nothing else (no rules, no hashing)."""

    def post(self, request: Request) -> Response:
        body: dict[str, int] = dict(request.data)
        row = Event.objects.create(
            game_id=int(body["game"]),
            seq=int(body["seq"]),
            type="bare",
            seat=None,
            data={"n": body["seq"]},
            citations=[],
            prev_hash="",
            hash="",
        )
        return Response({"seq": row.seq}, status=201)


class BareSearchView(APIView):
    """Everything a rule search does but rank: the request read, the one query every search makes
    (whether a book changed) and the first three sections whose title holds the question's longest
    word, returned with the fields a search result carries."""

    def get(self, request: Request) -> Response:
        question = request.query_params.get("q", "").strip()
        books = len(Rulebook.objects.order_by("id").values_list("id", "imported_at"))
        word = max(question.split(), key=len, default="")
        rows = Section.objects.filter(title__icontains=word).select_related("book")[:3]
        results = [
            {
                "book": s.book.slug,
                "book_title": s.book.title,
                "section": s.sid,
                "title": s.title,
                "summary": s.summary,
            }
            for s in rows
        ]
        return Response({"q": question, "books": books, "results": results})


handler404 = "api.errors.not_found_view"
handler500 = "api.errors.server_error_view"

# the site's own patterns after the bare view's, not included under it: a move's URL is resolved
# through as many levels as in production
urlpatterns = [
    path("bench/append/", BareAppendView.as_view()),
    path("bench/rules/search/", BareSearchView.as_view()),
    *site_urls.urlpatterns,
]
