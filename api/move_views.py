"""A seat's move: read from the body, checked and appended by services.move_submit, its answer
rendered at once when the caller takes JSON as it is (the most requested endpoint)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors, services
from api.errors import Malformed
from api.game_view import GameView
from api.serializers import (
    ConflictOutput,
    IllegalMoveOutput,
    MoveInput,
    MoveOutput,
    move_input,
)
from api.view_schema import AUTH, ERRORS


class MovesView(GameView):
    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False),
        ],
        request=MoveInput,
        responses={
            201: MoveOutput,
            409: OpenApiResponse(ConflictOutput),
            422: OpenApiResponse(IllegalMoveOutput),
            **ERRORS,
        },
    )
    def post(self, request: Request, game_id: int) -> HttpResponse:
        # headers read from META: request.headers would build a map of every header first
        seat = selectors.caller_seat(
            game_id=game_id, authorization=request.META.get("HTTP_AUTHORIZATION")
        )
        if not isinstance(request.data, dict):
            raise Malformed("The body must be a JSON object.")
        expected_version, move = move_input(request.data)
        try:
            answer = services.move_submit(
                game_id=game_id,
                seat=seat,
                expected_version=expected_version,
                move=move,
                idempotency_key=_idempotency_key(request),
            )
        except ValueError as error:
            raise Malformed(f"Malformed move: {error}") from None
        return _answer(request, answer.body, answer.status)


def _answer(request: Request, body: dict[str, Any], status_code: int) -> HttpResponse:
    """The answer as its Response would render it; JSON asked for as it is is rendered here at
    once (the same bytes and headers), without the template response's machinery."""
    renderer = getattr(request, "accepted_renderer", None)
    if type(renderer) is not JSONRenderer or request.accepted_media_type != renderer.media_type:
        return Response(body, status=status_code)
    return HttpResponse(renderer.render(body), status=status_code, content_type=renderer.media_type)


def _idempotency_key(request: Request) -> str | None:
    key = request.META.get("HTTP_IDEMPOTENCY_KEY")
    if key is not None and (not 0 < len(key) <= 200 or not key.isprintable()):
        raise Malformed("Idempotency-Key must be 1 to 200 printable characters.")
    return key
