"""Creating and forking a game, and reading one: its detail, state, legal moves, events and
replay (each as the caller's seat may see it)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import bot_services, game_services, selectors
from api.game_view import GameView
from api.limits import EVENTS_PAGE, REPLAY_PAGE
from api.serializers import (
    ErrorOutput,
    EventsOutput,
    ForkInput,
    GameCreateInput,
    GameCreateOutput,
    GameOutput,
    LegalMovesOutput,
    ReplayOutput,
    StateOutput,
)
from api.view_requests import (
    bool_param,
    client_address,
    events_limit,
    game_and_caller,
    game_and_seat,
    int_param,
    validated_body,
)
from api.view_schema import AUTH, ERRORS, UNFOLLOWABLE


class GameCreateView(APIView):
    @extend_schema(
        request=GameCreateInput,
        responses={201: GameCreateOutput, 429: OpenApiResponse(ErrorOutput), **ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = validated_body(request, GameCreateInput)
        created = game_services.game_create(
            slug=data.validated_data["game"],
            players=[game_services.PlayerSpec(**p) for p in data.validated_data["players"]],
            seed=data.validated_data.get("seed"),
            options=data.validated_data.get("options") or {},
            caller=client_address(request),
        )
        return Response(_created(created), status=status.HTTP_201_CREATED)


def _created(created: game_services.CreatedGame) -> dict[str, Any]:
    """A new game with each seat's token (shown only in this answer)."""
    game = created.game
    roles = selectors.seat_roles(game=game)
    seats = [
        {
            "seat": s.index,
            "name": s.name,
            "bot": s.bot or None,
            "token": token,
            "role": roles[s.index] if s.index < len(roles) else None,
        }
        for s, token in zip(game.seats.all(), created.tokens, strict=True)
    ]
    return {
        "id": game.pk,
        "game": game.game,
        "version": game.version,
        "seeded": game.seeded,
        "status": game.status,
        "seats": seats,
    }


class ForkView(GameView):
    @extend_schema(
        request=ForkInput,
        responses={
            201: GameCreateOutput,
            **UNFOLLOWABLE,
            429: OpenApiResponse(ErrorOutput),
            **ERRORS,
        },
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(request, ForkInput)
        created = game_services.game_fork(
            game=selectors.game_get(game_id=game_id),
            at=data.validated_data["at"],
            players=[game_services.PlayerSpec(**p) for p in data.validated_data["players"]],
            caller=client_address(request),
        )
        return Response(_created(created), status=status.HTTP_201_CREATED)


class GameDetailView(GameView):
    @extend_schema(responses={200: GameOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.game_get(game_id=game_id)
        bot_services.bots_resume_if_stalled(game)
        return Response(selectors.game_detail(game=game))


class StateView(GameView):
    @extend_schema(
        parameters=[AUTH, OpenApiParameter("version", int, description="a past version")],
        responses={200: StateOutput, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = game_and_caller(request, game_id)
        version = int_param(request, "version")
        bot_services.bots_resume_if_stalled(game)
        return Response(selectors.state_view(game=game, seat=seat, version=version))


class LegalMovesView(GameView):
    @extend_schema(parameters=[AUTH], responses={200: LegalMovesOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = game_and_seat(request, game_id)
        bot_services.bots_resume_if_stalled(game)
        return Response(selectors.legal_moves(game=game, seat=seat))


class EventsView(GameView):
    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("after", int, description="only the events after this seq"),
            OpenApiParameter(
                "limit",
                int,
                description=f"at most this many events (1 to {EVENTS_PAGE}; {EVENTS_PAGE} unless "
                "asked: `version` says where the log ends, read on with `after`)",
            ),
        ],
        responses={200: EventsOutput, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = game_and_caller(request, game_id)
        after = int_param(request, "after") or 0
        limit = events_limit(request, EVENTS_PAGE)
        return Response(selectors.events_after(game=game, seat=seat, after=after, limit=limit))


class ReplayView(GameView):
    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("after", int, description="only the events after this seq"),
            OpenApiParameter(
                "limit",
                int,
                description=f"at most this many events (1 to {REPLAY_PAGE}; {REPLAY_PAGE} unless "
                "asked: `version` says where the log ends, read on with `after`)",
            ),
            OpenApiParameter(
                "compact",
                bool,
                description="citations as book:section keys, resolved in `sections`",
            ),
        ],
        responses={200: ReplayOutput, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = game_and_caller(request, game_id)
        limit = events_limit(request, REPLAY_PAGE)
        answer = selectors.replay(
            game=game,
            seat=seat,
            after=int_param(request, "after") or 0,
            limit=limit,
            compact=bool_param(request, "compact"),
        )
        return Response(answer)
