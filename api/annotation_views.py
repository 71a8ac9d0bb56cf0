"""A comment on a game's event, by a seat of the game or by a signed-in user."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from api import annotation_services
from api.errors import Unauthenticated
from api.game_view import GameView
from api.serializers import AnnotationInput, ErrorOutput
from api.view_requests import game_and_caller, validated_body
from api.view_schema import AUTH, ERRORS


class AnnotationsView(GameView):
    # a signed-in user may comment too; DRF's session authentication checks their CSRF token
    authentication_classes = [SessionAuthentication]

    def perform_authentication(self, request: Request) -> None:
        """Lazily: a seat's token comes first, and a seat needs no session (nor its CSRF)."""

    @extend_schema(
        parameters=[AUTH],
        request=AnnotationInput,
        responses={201: dict, 409: OpenApiResponse(ErrorOutput), **ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """A comment by a seat of the game (named after it) or by a signed-in user."""
        game, seat = game_and_caller(request, game_id)
        user = request.user
        if seat is not None:
            author = game.seats.get(index=seat).name
        elif user is not None and user.is_authenticated:
            author = user.get_username()
        else:
            raise Unauthenticated(
                "Comments come from a seat of the game ('Authorization: Seat <token>') or a "
                "signed-in user."
            )
        data = validated_body(request, AnnotationInput)
        note = annotation_services.annotation_add(
            game=game,
            seq=data.validated_data["seq"],
            text=data.validated_data["text"],
            author=author,
        )
        body = {"seq": note.seq, "source": note.source, "author": note.author, "text": note.text}
        return Response(body, status=status.HTTP_201_CREATED)
