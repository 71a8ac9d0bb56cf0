"""Thin API views: parse the request, call one service or selector, render the answer."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import renderers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import live, rulebook_selectors, selectors, services
from api.errors import Malformed, Unauthenticated
from api.models import Event, Game
from api.serializers import (
    AnalysisInput,
    AnalysisOutput,
    AnnotationInput,
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


class EventStreamRenderer(renderers.BaseRenderer):
    """Lets `Accept: text/event-stream` through content negotiation (the body is streamed)."""

    media_type = "text/event-stream"
    format = "event-stream"

    def render(
        self, data: object, accepted_media_type: str | None = None, renderer_context: object = None
    ) -> bytes:
        return b"" if data is None else str(data).encode()


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


class AnalysisView(APIView):
    @extend_schema(request=AnalysisInput, responses={202: AnalysisOutput, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.game_get(game_id=game_id)
        data = AnalysisInput(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        if Event.objects.filter(game=game, move__isnull=False).count() == 0:
            raise Malformed("This game has no moves to analyse yet.")
        services.analysis_request(
            game=game,
            iterations=data.validated_data["iterations"],
            seconds=data.validated_data["seconds"],
        )
        return Response(selectors.analysis_json(game=game), status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: AnalysisOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.analysis_json(game=selectors.game_get(game_id=game_id)))


class AnnotationsView(APIView):
    @extend_schema(parameters=[AUTH], request=AnnotationInput, responses={201: dict, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_caller(request, game_id)
        if not isinstance(request.data, dict):
            raise Malformed("The body must be a JSON object.")
        data = AnnotationInput(data=request.data)
        data.is_valid(raise_exception=True)
        author = data.validated_data.get("author") or (
            game.seats.get(index=seat).name if seat is not None else "spectator"
        )
        note = services.annotation_add(
            game=game,
            seq=data.validated_data["seq"],
            text=data.validated_data["text"],
            author=author,
        )
        body = {"seq": note.seq, "source": note.source, "author": note.author, "text": note.text}
        return Response(body, status=status.HTTP_201_CREATED)


class StreamView(APIView):
    """Server-Sent Events: each new event of the game as the caller may see it."""

    renderer_classes = [EventStreamRenderer, JSONRenderer]

    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("after", int, description="start after this seq (default: now)"),
            OpenApiParameter("seconds", int, description="close after this long (max 600)"),
        ],
        responses={(200, "text/event-stream"): str},
    )
    def get(self, request: Request, game_id: int) -> StreamingHttpResponse:
        # EventSource cannot send headers: a seat token may come as ?token= here
        token = request.query_params.get("token")
        authorization = f"Seat {token}" if token else request.headers.get("Authorization")
        found, caller = selectors.game_and_caller(game_id=game_id, authorization=authorization)
        game, seat = found, None if caller is None else caller.index
        after = _int_param(request, "after")
        seconds = min(_int_param(request, "seconds") or 300, 600)
        stream = live.event_stream(
            game_id=game.pk,
            seat=seat,
            after=game.version if after is None else after,
            seconds=seconds,
        )
        response = StreamingHttpResponse(stream, content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"
        return response
