"""The request body's limit under ASGI, applied while the body arrives.

Django's ASGI handler reads a request's whole body (into a temporary file) before any
middleware runs, and a body sent in chunks declares no Content-Length for
`RequestLimitsMiddleware` to read: behind this, a client could make a worker take in and store
a body of any size. Here a declared length over `GOTHAM_MAX_BODY_BYTES` is refused before any
of the body is read, and a body that grows past it as soon as it does, both with the 413 that
middleware gives; a body within it is handed on as it came, with the length it turned out to
have when it came in chunks (without one, Django REST framework reads no body at all).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings

from gotham.middleware import body_too_large

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def _declared_length(scope: Scope) -> int | None:
    """The Content-Length the request declares (None without one, or when it is not a whole
    number: the request-limits middleware refuses that with its 400)."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            return int(value) if value.isdigit() else None
    return None


async def _refuse(send: Send, limit: int) -> None:
    body = json.dumps(body_too_large(limit)).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"content-security-policy", settings.CONTENT_SECURITY_POLICY.encode()),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware: an HTTP request's body is read here, up to the limit, before `app`."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = settings.GOTHAM_MAX_BODY_BYTES
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            await _refuse(send, limit)
            return
        arrived: list[Message] = []
        size = 0
        while True:
            message: Message = await receive()
            arrived.append(message)
            if message["type"] != "http.request":
                break  # the client left
            size += len(message.get("body", b""))
            if size > limit:
                await _refuse(send, limit)
                return
            if not message.get("more_body", False):
                break

        async def replayed() -> Any:
            """The body as it arrived, then the server's own messages (a disconnect)."""
            return arrived.pop(0) if arrived else await receive()

        if declared is None and size:  # sent in chunks: Django's parsers read a declared length
            headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"content-length"]
            scope = {**scope, "headers": [*headers, (b"content-length", str(size).encode())]}
        await self.app(scope, replayed, send)
