"""Thin API views: parse the request, call one service or selector, render the answer."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import rulebook_selectors, selectors, services
from api.errors import Malformed, Unauthenticated
from api.models import Game
from api.serializers import (
    ConflictOutput,
    ErrorOutput,
    EventsOutput,
    GameCreateInput,
    GameCreateOutput,
    GameOutput,
    IllegalMoveOutput,
    LegalMovesOutput,
    MoveInput,
    MoveOutput,
    ReplayOutput,
    SearchOutput,
    SectionOutput,
    StateOutput,
)

AUTH = OpenApiParameter(
    "Authorization", str, OpenApiParameter.HEADER, description="Seat <token> (omit to spectate)"
)
ERRORS = {
    400: OpenApiResponse(ErrorOutput),
    401: OpenApiResponse(ErrorOutput),
    403: OpenApiResponse(ErrorOutput),
    404: OpenApiResponse(ErrorOutput),
}


def _int_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise Malformed(f"Query parameter {name!r} must be a whole number.") from None
    if value < 0:
        raise Malformed(f"Query parameter {name!r} must not be negative.")
    return value


def _game_and_caller(request: Request, game_id: int) -> tuple[Game, int | None]:
    """The game and the caller's seat index (None for a spectator)."""
    game, seat = selectors.game_and_caller(
        game_id=game_id, authorization=request.headers.get("Authorization")
    )
    return game, None if seat is None else seat.index


def _game_and_seat(request: Request, game_id: int) -> tuple[Game, int]:
    """The game and the caller's seat index; 401 without a token."""
    game, seat = _game_and_caller(request, game_id)
    if seat is None:
        raise Unauthenticated("Send your seat's token: 'Authorization: Seat <token>'.")
    return game, seat


class HealthView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"status": "ok"})


class CatalogView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"games": selectors.catalog()})


class GameCreateView(APIView):
    @extend_schema(request=GameCreateInput, responses={201: GameCreateOutput, **ERRORS})
    def post(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            raise Malformed("The body must be a JSON object.")
        data = GameCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        created = services.game_create(
            slug=data.validated_data["game"],
            players=[services.PlayerSpec(**p) for p in data.validated_data["players"]],
            seed=data.validated_data.get("seed"),
            options=data.validated_data.get("options") or {},
        )
        game = created.game
        seats = [
            {"seat": s.index, "name": s.name, "bot": s.bot or None, "token": token}
            for s, token in zip(game.seats.all(), created.tokens, strict=True)
        ]
        body = {
            "id": game.pk,
            "game": game.game,
            "version": game.version,
            "status": game.status,
            "seats": seats,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    @extend_schema(responses={200: GameOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.game_detail(game=selectors.game_get(game_id=game_id)))


class StateView(APIView):
    @extend_schema(
        parameters=[AUTH, OpenApiParameter("version", int, description="a past version")],
        responses={200: StateOutput, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_caller(request, game_id)
        version = _int_param(request, "version")
        return Response(selectors.state_view(game=game, seat=seat, version=version))


class LegalMovesView(APIView):
    @extend_schema(parameters=[AUTH], responses={200: LegalMovesOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_seat(request, game_id)
        return Response(selectors.legal_moves(game=game, seat=seat))


class MovesView(APIView):
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
    def post(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_seat(request, game_id)
        if not isinstance(request.data, dict):
            raise Malformed("The body must be a JSON object.")
        data = MoveInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            answer = services.move_submit(
                game_id=game.pk,
                seat=seat,
                expected_version=data.validated_data["expected_version"],
                move=data.validated_data["move"],
                idempotency_key=_idempotency_key(request),
            )
        except ValueError as error:
            raise Malformed(f"Malformed move: {error}") from None
        return Response(answer.body, status=answer.status)


def _idempotency_key(request: Request) -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 0 < len(key) <= 200:
        raise Malformed("Idempotency-Key must be 1 to 200 characters.")
    return key


class EventsView(APIView):
    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("after", int, description="only events with seq > after"),
        ],
        responses={200: EventsOutput, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_caller(request, game_id)
        after = _int_param(request, "after") or 0
        return Response(selectors.events_after(game=game, seat=seat, after=after))


class ReplayView(APIView):
    @extend_schema(parameters=[AUTH], responses={200: ReplayOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_caller(request, game_id)
        return Response(selectors.replay(game=game, seat=seat))


class RulebooksView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"books": rulebook_selectors.books_json()})


class SectionsView(APIView):
    @extend_schema(responses={200: dict, 404: OpenApiResponse(ErrorOutput)})
    def get(self, request: Request, book: str) -> Response:
        return Response(rulebook_selectors.contents_json(book=book))


class SectionView(APIView):
    @extend_schema(responses={200: SectionOutput, 404: OpenApiResponse(ErrorOutput)})
    def get(self, request: Request, book: str, ref: str) -> Response:
        section = rulebook_selectors.section_find(book=book, ref=ref)
        return Response(rulebook_selectors.section_json(section))


class RulesSearchView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="a question in plain words, or a label"),
            OpenApiParameter("book", str, required=False),
            OpenApiParameter("limit", int, required=False),
        ],
        responses={200: SearchOutput, 400: OpenApiResponse(ErrorOutput)},
    )
    def get(self, request: Request) -> Response:
        question = request.query_params.get("q", "").strip()
        if not question or len(question) > 300:
            raise Malformed("Ask with ?q=… (1 to 300 characters).")
        book = request.query_params.get("book") or None
        if book is not None:
            rulebook_selectors.book_get(book=book)
        limit = min(_int_param(request, "limit") or 10, 50)
        hits = rulebook_selectors.rules_search(question=question, book=book, limit=limit)
        return Response({"q": question, "results": [rulebook_selectors.hit_json(h) for h in hits]})
