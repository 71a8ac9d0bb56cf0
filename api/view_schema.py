"""The OpenAPI words the API views share: the seat's Authorization header and the error answers."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from api.serializers import ErrorOutput

AUTH = OpenApiParameter(
    "Authorization", str, OpenApiParameter.HEADER, description="Seat <token> (omit to spectate)"
)
ERRORS = {
    400: OpenApiResponse(ErrorOutput),
    401: OpenApiResponse(ErrorOutput),
    403: OpenApiResponse(ErrorOutput),
    404: OpenApiResponse(ErrorOutput),
}

# a game of earlier rules today's rules cannot follow (log_check.unfollowable): no analysis, no fork
UNFOLLOWABLE = {422: OpenApiResponse(ErrorOutput)}
