"""A seat handed to a bot, or taken back by its player."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from api import bot_services
from api.game_view import GameView
from api.serializers import AutopilotInput, AutopilotOutput, ErrorOutput
from api.view_requests import client_address, game_and_seat, validated_body
from api.view_schema import AUTH, ERRORS


class AutopilotView(GameView):
    @extend_schema(
        parameters=[AUTH],
        request=AutopilotInput,
        responses={200: AutopilotOutput, 409: OpenApiResponse(ErrorOutput), **ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Let a bot play your seat from now on ({"bot": "greedy"}), or play it again ({"bot":
        null}); your token keeps working either way."""
        game, seat = game_and_seat(request, game_id)
        data = validated_body(request, AutopilotInput)
        row = bot_services.seat_autopilot(
            game=game,
            seat=seat,
            bot=data.validated_data["bot"],
            caller=client_address(request),
        )
        return Response({"seat": row.index, "name": row.name, "autopilot": row.autopilot or None})
