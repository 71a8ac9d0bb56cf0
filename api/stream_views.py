"""A game's live stream (Server-Sent Events) and the short-lived ticket that opens a seat's."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import renderers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api import live, selectors, stream_access
from api.errors import ApiError, Malformed
from api.game_view import GameView
from api.serializers import StreamTicketOutput
from api.view_requests import (
    INT_MAX,
    client_address,
    game_and_caller,
    game_and_seat,
    int_param,
)
from api.view_schema import AUTH, ERRORS


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


class StreamTicketView(GameView):
    @extend_schema(parameters=[AUTH], request=None, responses={201: StreamTicketOutput, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        """A short-lived ticket that opens this seat's stream (so no token goes in a URL)."""
        game, seat = game_and_seat(request, game_id)
        ticket = stream_access.ticket_issue(game_id=game.pk, seat=seat)
        body = {"ticket": ticket, "expires_in": stream_access.TICKET_SECONDS}
        return Response(body, status=status.HTTP_201_CREATED)


def _resumed_after(request: Request, after: int | None) -> int | None:
    """Where a stream starts: after the `Last-Event-ID` an EventSource sends when it reconnects
    (the seq of the last event it was given) when that is later than the URL's `after`, which
    the reconnect repeats; otherwise after `after`."""
    raw = request.headers.get("Last-Event-ID", "")
    if raw == "":
        return after
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or int(raw) > INT_MAX:
        raise Malformed("Last-Event-ID is the id of the last event you were given: a whole number.")
    return max(int(raw), after or 0)


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
            OpenApiParameter(
                "Last-Event-ID",
                str,
                location=OpenApiParameter.HEADER,
                description="sent by a reconnecting EventSource: start after this seq",
            ),
        ],
        responses={(200, "text/event-stream"): str, **ERRORS},
    )
    def get(self, request: Request, game_id: int) -> StreamingHttpResponse:
        ticket = request.query_params.get("ticket")
        if ticket is not None:  # an empty one is a ticket that is not valid, not a spectator
            game = selectors.game_get(game_id=game_id)
            seat: int | None = stream_access.ticket_seat(ticket=ticket, game_id=game.pk)
        else:  # a client that can send headers may send its token as for any other request
            game, seat = game_and_caller(request, game_id)
        after = _resumed_after(request, int_param(request, "after"))
        limit = settings.GOTHAM_STREAM_MAX_SECONDS
        seconds = int_param(
            request,
            "seconds",
            least=1,
            most=limit,
            refusal=f"A stream lasts a whole number of seconds from 1 to {limit}.",
        )
        caller = f"seat:{game.pk}:{seat}" if seat is not None else f"addr:{client_address(request)}"
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
