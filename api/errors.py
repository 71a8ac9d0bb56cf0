"""Errors as JSON with a stable `error` code and a human `message`; never a 500 for bad input."""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.core.exceptions import (
    DisallowedHost,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    JsonResponse,
)
from django.utils.http import escape_leading_slashes
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response

from api.framework_refusals import framework_message, validation_message


class ApiError(exceptions.APIException):
    """An API error with a stable code; `extra` fields are added to the JSON body."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    error = "bad_request"

    def __init__(self, message: str, *, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class InvalidRequest(ApiError):
    """A well-formed request with a value outside its range (as a serializer's refusal)."""

    error = "invalid_request"


class Malformed(ApiError):
    error = "malformed"


class BodyTooLarge(ApiError):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    error = "body_too_large"


class RateLimited(ApiError):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    error = "rate_limited"


class LimitReached(ApiError):
    """A count a caller may not pass (not a rate: waiting does not lift it)."""

    status_code = status.HTTP_409_CONFLICT
    error = "limit_reached"


class Unauthenticated(ApiError):
    status_code = status.HTTP_401_UNAUTHORIZED
    error = "token_required"


class Forbidden(ApiError):
    status_code = status.HTTP_403_FORBIDDEN
    error = "foreign_token"


class NotFoundError(ApiError):
    status_code = status.HTTP_404_NOT_FOUND
    error = "not_found"


class VersionConflict(ApiError):
    status_code = status.HTTP_409_CONFLICT
    error = "version_conflict"


class IdempotencyMismatch(ApiError):
    status_code = status.HTTP_409_CONFLICT
    error = "idempotency_key_reused"


_DRF_CODES = {
    exceptions.ParseError: "malformed",
    exceptions.ValidationError: "invalid_request",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.NotAuthenticated: "token_required",
    exceptions.AuthenticationFailed: "token_required",
    exceptions.PermissionDenied: "forbidden",
}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF hook: every API error becomes {"error": code, "message": text, ...}, the message in
    the project's words (api.framework_refusals), never DRF's own text."""
    # imported here: rest_framework.views reads the parser setting, whose parser imports this
    from rest_framework.views import exception_handler as drf_exception_handler

    if isinstance(exc, ApiError):
        return Response({"error": exc.error, "message": exc.message, **exc.extra}, exc.status_code)
    if isinstance(exc, DjangoPermissionDenied):  # as DRF would turn it, for our words below
        exc = exceptions.PermissionDenied()
    if isinstance(exc, Http404):  # Django's, as DRF's negotiation raises for an unknown ?format=
        asked = _format_asked(context)  # else no such thing: Django's text is not shown
        exc = exceptions.NotFound(_formats_offered(context)) if asked else exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = next((c for t, c in _DRF_CODES.items() if isinstance(exc, t)), "error")
    body: dict[str, Any] = {"error": code}
    if isinstance(exc, exceptions.ValidationError):
        body["message"] = validation_message(response.data)
        body["details"] = response.data
    else:
        body["message"] = framework_message(exc, context)  # type: ignore[arg-type]
    wait = getattr(exc, "wait", None)  # a throttle's: the seconds until it lets one through
    if isinstance(exc, exceptions.Throttled) and wait is not None:
        body["retry_after"] = math.ceil(wait)
    response.data = body
    return response


def _format_asked(context: dict[str, Any]) -> bool:
    """Whether the request asked for an answer format (`?format=`, or a suffix in the URL)."""
    request = context.get("request")
    query = getattr(request, "query_params", {})
    return bool(getattr(context.get("view"), "format_kwarg", None)) or "format" in query


def _formats_offered(context: dict[str, Any]) -> str:
    """Why a view's answer is not found in the format asked for, and the formats it has (each
    once: the schema has two renderers of each of its formats, by media type)."""
    view = context.get("view")
    renderers = view.get_renderers() if view is not None else []
    formats = list(dict.fromkeys(str(r.format) for r in renderers))
    return f"No answer in that format here: ?format= takes {' or '.join(formats)}."


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 404 handler: JSON for everyone (pages render their own 404 where they want)."""
    return JsonResponse(
        {"error": "not_found", "message": f"No such path: {request.path}"}, status=404
    )


def bad_request_view(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 400 handler for the API: the request could not be read (more form fields than
    allowed, a host not served), as JSON, saying which."""
    return JsonResponse({"error": "bad_request", "message": _unreadable(exception)}, status=400)


def _unreadable(exception: Exception | None) -> str:
    """Why Django could not read a request, in words that say what to change."""
    if isinstance(exception, DisallowedHost):
        return "The request's Host header names no address this service answers at."
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        return (
            f"The request holds more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields or "
            f"{settings.DATA_UPLOAD_MAX_NUMBER_FILES} files."
        )
    if isinstance(exception, RequestDataTooBig):
        return f"The request body is over the limit of {settings.GOTHAM_MAX_BODY_BYTES} bytes."
    return "The request could not be read."


class HttpResponseMethodKeepingRedirect(HttpResponsePermanentRedirect):
    """308: moved for good, to be asked again with the same method and body (a 301 lets a
    client turn a POST into a GET and drop its body)."""

    status_code = 308


@csrf_exempt  # it changes nothing; else a write got the CSRF check's HTML 403 (as the API does)
def unmatched_view(request: HttpRequest) -> HttpResponse:
    """Any other address under /api/ (its root too), the same in every mode: without its final
    slash, sent on to the address with it (with APPEND_SLASH: a read by 301, as CommonMiddleware
    answers it; a POST, PUT, PATCH or DELETE by 308, so the move or body is sent again as it
    was, where CommonMiddleware's 301 lost it and DEBUG's answer was an HTML error page), else
    the JSON 404 (DEBUG's is an HTML page listing the URL patterns)."""
    if settings.APPEND_SLASH and not request.path_info.endswith("/"):
        slashed = escape_leading_slashes(request.get_full_path(force_append_slash=True))
        if request.method in ("GET", "HEAD"):
            return HttpResponsePermanentRedirect(slashed)
        return HttpResponseMethodKeepingRedirect(slashed)
    return not_found_view(request)


def server_error_view(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler: JSON, with no internals."""
    return JsonResponse(
        {"error": "server_error", "message": "Something went wrong on our side."}, status=500
    )
