"""The base of every view of one game: its answer is private to the caller's seat, and JSON is
answered without negotiating to a caller that takes it as it is."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponseBase
from django.utils.cache import patch_cache_control, patch_vary_headers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from api.view_requests import refuse_token_in_url


def private_to_caller(response: HttpResponseBase) -> None:
    """Mark an answer private to its caller's seat: `Cache-Control: private, no-cache` and
    `Vary: Authorization` patched in (the usual answer's, with DRF's `Vary: Accept` and no
    Cache-Control yet, set at once to what patching gives)."""
    if "Cache-Control" in response:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        response["Cache-Control"] = "private, no-cache"
    if response.get("Vary") == "Accept":
        response["Vary"] = "Accept, Authorization"
    else:
        patch_vary_headers(response, ["Authorization"])


JSON_ACCEPTS = frozenset({None, "*/*", "application/json"})  # what most callers send, if anything


class GameView(APIView):
    """A view of one game: its answer depends on the caller's seat, so no shared cache keeps it;
    a seat token in the URL is refused before the request is handled (`refuse_token_in_url`)."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        refuse_token_in_url(request)

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """JSON, without negotiating, for a caller that sends no Accept header or one that takes
        JSON as it is, with no format asked for in the URL: the renderer and media type DRF's
        negotiation picks for it (the view's first renderer when that is JSON's)."""
        renderers = self.get_renderers()
        if (
            isinstance(renderers[0], JSONRenderer)
            and request.META.get("HTTP_ACCEPT") in JSON_ACCEPTS
            and not request.META.get("QUERY_STRING")
            and getattr(self, "format_kwarg", None) is None
        ):
            return renderers[0], renderers[0].media_type
        return super().perform_content_negotiation(request, force)

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        private_to_caller(response)
        return response
