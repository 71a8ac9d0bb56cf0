"""A game's analysis: started by a seat of a running game or by anyone once it is over, and read."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from api import analysis_services, selectors
from api.errors import Unauthenticated
from api.game_view import GameView
from api.models import Event, Game
from api.serializers import AnalysisInput, AnalysisOutput
from api.view_requests import client_address, game_and_caller, validated_body
from api.view_schema import AUTH, ERRORS, UNFOLLOWABLE


class AnalysisView(GameView):
    @extend_schema(
        parameters=[AUTH],
        request=AnalysisInput,
        responses={200: AnalysisOutput, 202: AnalysisOutput, **UNFOLLOWABLE, **ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Start an analysis: of a running game, by a seat of it; of a finished one, by anyone.

        202 when this request started it; 200 with the one already running (or done) with
        the same settings.
        """
        game, seat = game_and_caller(request, game_id)
        if game.status == Game.Status.ACTIVE and seat is None:
            raise Unauthenticated(
                "Analysing a running game needs a seat of it: 'Authorization: Seat <token>'."
            )
        data = validated_body(request, AnalysisInput)
        if not Event.objects.filter(game=game, move__isnull=False).exists():
            raise analysis_services.NothingToAnalyse("This game has no moves to analyse yet.")
        started = analysis_services.analysis_request(
            game=game,
            iterations=data.validated_data["iterations"],
            seconds=data.validated_data["seconds"],
            caller=client_address(request),
        )
        code = status.HTTP_202_ACCEPTED if started else status.HTTP_200_OK
        analysis = selectors.analysis_get(game=game)
        return Response(selectors.analysis_json(game=game, analysis=analysis), status=code)

    @extend_schema(responses={200: AnalysisOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        """How the game's analysis stands; reading one that stalled hands it to a worker again."""
        game = selectors.game_get(game_id=game_id)
        analysis = selectors.analysis_get(game=game)  # read once: to resume, and to answer
        analysis_services.analysis_resume_if_stalled(analysis=analysis)
        return Response(selectors.analysis_json(game=game, analysis=analysis))
