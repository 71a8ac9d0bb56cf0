"""Thin API views: parse the request, call one service or selector, render the answer."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import renderers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import (
    analysis_services,
    annotation_services,
    bot_services,
    game_services,
    live,
    rulebook_selectors,
    selectors,
    services,
    stream_access,
)
from api.errors import ApiError, Malformed, Unauthenticated
from api.limits import EVENTS_PAGE, REPLAY_PAGE, SEARCH_QUESTION_CHARS, SEARCH_RESULTS, limits_json
from api.models import Event, Game
from api.serializers import (
    AnalysisInput,
    AnalysisOutput,
    AnnotationInput,
    AutopilotInput,
    AutopilotOutput,
    ConflictOutput,
    ErrorOutput,
    EventsOutput,
    ForkInput,
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
    StreamTicketOutput,
    StrictInput,
    move_input,
)

INT_MAX = 2**31 - 1  # seqs, versions and durations fit a 32-bit column

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


class EventStreamRenderer(renderers.BaseRenderer):
    """Lets `Accept: text/event-stream` through content negotiation (the body is streamed)."""

    media_type = "text/event-stream"
    format = "event-stream"

    def render(
        self, data: object, accepted_media_type: str | None = None, renderer_context: object = None
    ) -> bytes:
        return b"" if data is None else json.dumps(data).encode()


class TooManyStreams(ApiError):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    error = "too_many_streams"


def _int_param(
    request: Request, name: str, least: int = 0, most: int = INT_MAX, refusal: str = ""
) -> int | None:
    """A whole number in the query, from `least` to `most`; anything else is refused with
    `refusal` (by default naming the range), the same words for "x", "1.5" and "0"."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or not least <= int(raw) <= most:
        raise Malformed(
            refusal or f"Query parameter {name!r} must be a whole number from {least} to {most}."
        )
    return int(raw)


def _bool_param(request: Request, name: str) -> bool:
    """A yes or no in the query: `true` or `1` for yes, `false` or `0` (or nothing) for no, in
    any case; anything else is refused rather than read as no."""
    raw = request.query_params.get(name, "")
    if raw.lower() in ("", "0", "false"):
        return False
    if raw.lower() in ("1", "true"):
        return True
    raise Malformed(f"Query parameter {name!r} must be true or false (or 1 or 0).")


def _client_address(request: Request) -> str:
    """The caller's network address (the proxy's, behind one: rate limits count per address)."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")[:64]


def private_to_caller(response: HttpResponseBase) -> None:
    """Mark an answer private to its caller's seat: `Cache-Control: private, no-cache` and
    `Vary: Authorization` patched in (the usual answer's, with DRF's `Vary: Accept` and no
    Cache-Control yet, set at once to what patching gives)."""
    if "Cache-Control" in response:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        response["Cache-Control"] = "private, no-cache"
    if response.get("Vary") == "Accept":
        response["Vary"] = "Accept, Authorization"
    else:
        patch_vary_headers(response, ["Authorization"])


JSON_ACCEPTS = frozenset({None, "*/*", "application/json"})  # what most callers send, if anything


class GameView(APIView):
    """A view of one game: its answer depends on the caller's seat, so no shared cache keeps it."""

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """JSON, without negotiating, for a caller that sends no Accept header or one that takes
        JSON as it is, with no format asked for in the URL: the renderer and media type DRF's
        negotiation picks for it (the view's first renderer when that is JSON's)."""
        renderers = self.get_renderers()
        if (
            isinstance(renderers[0], JSONRenderer)
            and request.META.get("HTTP_ACCEPT") in JSON_ACCEPTS
            and not request.META.get("QUERY_STRING")
            and getattr(self, "format_kwarg", None) is None
        ):
            return renderers[0], renderers[0].media_type
        return super().perform_content_negotiation(request, force)

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        private_to_caller(response)
        return response


def _validated(request: Request, shape: type[StrictInput]) -> StrictInput:
    """The body read as `shape` (a 400 when it is not a JSON object or does not fit it)."""
    if not isinstance(request.data, dict):
        raise Malformed("The body must be a JSON object.")
    data = shape(data=request.data)
    data.is_valid(raise_exception=True)
    return data


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
        return Response({"games": selectors.catalog(), "limits": limits_json()})


class GameCreateView(APIView):
    @extend_schema(
        request=GameCreateInput,
        responses={201: GameCreateOutput, 429: OpenApiResponse(ErrorOutput), **ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = _validated(request, GameCreateInput)
        created = game_services.game_create(
            slug=data.validated_data["game"],
            players=[game_services.PlayerSpec(**p) for p in data.validated_data["players"]],
            seed=data.validated_data.get("seed"),
            options=data.validated_data.get("options") or {},
            caller=_client_address(request),
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


class ForkView(APIView):
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
        data = _validated(request, ForkInput)
        created = game_services.game_fork(
            game=selectors.game_get(game_id=game_id),
            at=data.validated_data["at"],
            players=[game_services.PlayerSpec(**p) for p in data.validated_data["players"]],
            caller=_client_address(request),
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
        game, seat = _game_and_caller(request, game_id)
        version = _int_param(request, "version")
        bot_services.bots_resume_if_stalled(game)
        return Response(selectors.state_view(game=game, seat=seat, version=version))


class LegalMovesView(GameView):
    @extend_schema(parameters=[AUTH], responses={200: LegalMovesOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_seat(request, game_id)
        bot_services.bots_resume_if_stalled(game)
        return Response(selectors.legal_moves(game=game, seat=seat))


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


class EventsView(GameView):
    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("after", int, description=f"seq > after ({EVENTS_PAGE} at most)"),
        ],
        responses={200: EventsOutput, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game, seat = _game_and_caller(request, game_id)
        after = _int_param(request, "after") or 0
        return Response(selectors.events_after(game=game, seat=seat, after=after))


class ReplayView(GameView):
    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("after", int, description="only the events after this seq"),
            OpenApiParameter(
                "limit", int, description=f"at most this many events (1 to {REPLAY_PAGE})"
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
        game, seat = _game_and_caller(request, game_id)
        limit = _int_param(
            request,
            "limit",
            1,
            REPLAY_PAGE,
            f"'limit' is a number of events from 1 to {REPLAY_PAGE}.",
        )
        answer = selectors.replay(
            game=game,
            seat=seat,
            after=_int_param(request, "after") or 0,
            limit=limit,
            compact=_bool_param(request, "compact"),
        )
        return Response(answer)


class RulebooksView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        return Response({"books": rulebook_selectors.books_json()})


class SectionsView(APIView):
    @extend_schema(
        operation_id="rulebooks_sections_list",
        responses={200: dict, 404: OpenApiResponse(ErrorOutput)},
    )
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
            OpenApiParameter(
                "limit", int, required=False, description=f"results (1 to {SEARCH_RESULTS}; 10)"
            ),
        ],
        responses={200: SearchOutput, 400: OpenApiResponse(ErrorOutput)},
    )
    def get(self, request: Request) -> Response:
        question = rulebook_selectors.search_question(request.query_params.get("q", ""))
        if not question or len(question) > SEARCH_QUESTION_CHARS:
            raise Malformed(f"Ask with ?q=… (1 to {SEARCH_QUESTION_CHARS} characters).")
        book = request.query_params.get("book") or None
        if book is not None:
            rulebook_selectors.book_get(book=book)
        limit = _int_param(
            request,
            "limit",
            1,
            SEARCH_RESULTS,
            f"'limit' is a number of results from 1 to {SEARCH_RESULTS}.",
        )
        answer = rulebook_selectors.rules_answer(question=question, book=book, limit=limit or 10)
        return Response(
            {
                "q": question,
                "did_you_mean": answer.did_you_mean,
                "results": [rulebook_selectors.hit_json(h) for h in answer.hits],
            }
        )


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
        game, seat = _game_and_caller(request, game_id)
        if game.status == Game.Status.ACTIVE and seat is None:
            raise Unauthenticated(
                "Analysing a running game needs a seat of it: 'Authorization: Seat <token>'."
            )
        data = _validated(request, AnalysisInput)
        if not Event.objects.filter(game=game, move__isnull=False).exists():
            raise analysis_services.NothingToAnalyse("This game has no moves to analyse yet.")
        started = analysis_services.analysis_request(
            game=game,
            iterations=data.validated_data["iterations"],
            seconds=data.validated_data["seconds"],
            caller=_client_address(request),
        )
        code = status.HTTP_202_ACCEPTED if started else status.HTTP_200_OK
        return Response(selectors.analysis_json(game=game), status=code)

    @extend_schema(responses={200: AnalysisOutput, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.analysis_json(game=selectors.game_get(game_id=game_id)))


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
        game, seat = _game_and_caller(request, game_id)
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
        data = _validated(request, AnnotationInput)
        note = annotation_services.annotation_add(
            game=game,
            seq=data.validated_data["seq"],
            text=data.validated_data["text"],
            author=author,
        )
        body = {"seq": note.seq, "source": note.source, "author": note.author, "text": note.text}
        return Response(body, status=status.HTTP_201_CREATED)


class AutopilotView(GameView):
    @extend_schema(
        parameters=[AUTH],
        request=AutopilotInput,
        responses={200: AutopilotOutput, 409: OpenApiResponse(ErrorOutput), **ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Let a bot play your seat from now on ({"bot": "greedy"}), or play it again ({"bot":
        null}); your token keeps working either way."""
        game, seat = _game_and_seat(request, game_id)
        data = _validated(request, AutopilotInput)
        row = bot_services.seat_autopilot(
            game=game,
            seat=seat,
            bot=data.validated_data["bot"],
            caller=_client_address(request),
        )
        return Response({"seat": row.index, "name": row.name, "autopilot": row.autopilot or None})


class StreamTicketView(GameView):
    @extend_schema(parameters=[AUTH], request=None, responses={201: StreamTicketOutput, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        """A short-lived ticket that opens this seat's stream (so no token goes in a URL)."""
        game, seat = _game_and_seat(request, game_id)
        ticket = stream_access.ticket_issue(game_id=game.pk, seat=seat)
        body = {"ticket": ticket, "expires_in": stream_access.TICKET_SECONDS}
        return Response(body, status=status.HTTP_201_CREATED)


class StreamView(GameView):
    """Server-Sent Events: each new event of the game as the caller may see it."""

    renderer_classes = [EventStreamRenderer, JSONRenderer]
    # no HEAD: answered as GET it opened a stream whose body is never written, so the server
    # never learned the client left and the caller's slot stayed held for the stream's length
    http_method_names = ["get", "options"]

    @extend_schema(
        parameters=[
            AUTH,
            OpenApiParameter("ticket", str, description="from stream-ticket/, for EventSource"),
            OpenApiParameter("after", int, description="start after this seq (default: now)"),
            OpenApiParameter("seconds", int, description="close after this long (max 600)"),
        ],
        responses={(200, "text/event-stream"): str, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> StreamingHttpResponse:
        if "token" in request.query_params:
            raise Malformed(
                "Seat tokens do not go in URLs: POST stream-ticket/ with your token in the "
                "Authorization header, then open the stream with ?ticket=."
            )
        ticket = request.query_params.get("ticket")
        if ticket is not None:  # an empty one is a ticket that is not valid, not a spectator
            game = selectors.game_get(game_id=game_id)
            seat: int | None = stream_access.ticket_seat(ticket=ticket, game_id=game.pk)
        else:  # a client that can send headers may send its token as for any other request
            game, seat = _game_and_caller(request, game_id)
        after = _int_param(request, "after")
        limit = settings.GOTHAM_STREAM_MAX_SECONDS
        seconds = _int_param(
            request,
            "seconds",
            least=1,
            most=limit,
            refusal=f"A stream lasts a whole number of seconds from 1 to {limit}.",
        )
        caller = (
            f"seat:{game.pk}:{seat}" if seat is not None else f"addr:{_client_address(request)}"
        )
        slot = stream_access.slot_acquire(caller)
        if slot is None:
            raise TooManyStreams(
                f"At most {settings.GOTHAM_STREAMS_PER_CALLER} streams may be open at once "
                "for one seat (or one address watching); close one first."
            )

        def release() -> None:
            stream_access.slot_release(caller, slot)

        # from the head unless asked for earlier events (a version the game never reached is
        # its head: the stream's last word names the version it covered)
        start = game.version if after is None else min(after, game.version)
        duration = min(seconds or 300, limit)
        stream: Any = (
            live.ClosingAsyncStream(
                live.event_stream_async(game_id=game.pk, seat=seat, after=start, seconds=duration),
                release,
            )
            if isinstance(request._request, ASGIRequest)
            else live.ClosingStream(
                live.event_stream(game_id=game.pk, seat=seat, after=start, seconds=duration),
                release,
            )
        )
        response = StreamingHttpResponse(stream, content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"
        return response

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        if isinstance(response, Response):  # an error: plain JSON, whatever was accepted
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = "application/json"
        return response
