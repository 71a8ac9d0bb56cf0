"""Project-wide request limits and response headers, applied before any view runs."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, JsonResponse

Handler = Callable[[HttpRequest], HttpResponse]


def error_response(status: int, error: str, message: str) -> JsonResponse:
    """The API's error shape, for answers given before a view (and DRF) is reached."""
    return JsonResponse({"error": error, "message": message}, status=status)


def body_too_large(limit: int) -> dict[str, str]:
    """The 413 answer's body for a request body over `limit` bytes (gotham/asgi_limits.py too)."""
    return {
        "error": "body_too_large",
        "message": f"The request body is over the limit of {limit} bytes.",
    }


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    if not request.META.get("QUERY_STRING"):
        return False  # no query to parse
    return any("\x00" in k or "\x00" in v for k, vs in request.GET.lists() for v in [k, *vs])


class RequestLimitsMiddleware:
    """A body over the stated size is 413; a NUL character in the path or query, or a query of
    more parameters than Django parses, is 400.

    Both are refused before any view reads the request, so no view sees a body it did not
    agree to hold and no NUL reaches the database (PostgreSQL refuses it in text).
    """

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.GOTHAM_MAX_BODY_BYTES
        raw_length = request.META.get("CONTENT_LENGTH") or "0"
        try:
            length = int(raw_length)
        except ValueError:
            return error_response(400, "malformed", "Content-Length must be a whole number.")
        if length > limit:
            return JsonResponse(body_too_large(limit), status=413)
        try:
            nul = _has_nul(request)
        except TooManyFieldsSent:  # refused here, as DEBUG's page would read the query again
            fields = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
            return error_response(400, "malformed", f"The query has more than {fields} parameters.")
        if nul:
            return error_response(
                400, "nul_character", "The path or query contains a NUL character."
            )
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Every answer carries the Content-Security-Policy of settings (no inline script)."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY_BY_PATH.get(
            request.path, settings.CONTENT_SECURITY_POLICY
        )
        response.headers.setdefault("Content-Security-Policy", policy)
        return response
