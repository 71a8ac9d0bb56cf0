"""The reference the full stack is measured against: a bare DRF view that appends one row."""

from __future__ import annotations

from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.models import Event
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


handler404 = "api.errors.not_found_view"
handler500 = "api.errors.server_error_view"

# the site's own patterns after the bare view's, not included under it: a move's URL is resolved
# through as many levels as in production
urlpatterns = [path("bench/append/", BareAppendView.as_view()), *site_urls.urlpatterns]
