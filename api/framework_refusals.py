"""The refusals DRF raises itself (a method, a media type or an Accept header the view does not
take, a CSRF check, a throttle), and the problems its validation lists, in the project's own
words: each says what to send instead, and none carries DRF's text or a Python type name."""

from __future__ import annotations

import math
from typing import Any

from rest_framework import exceptions

from api.limits import echo
from rules_core.engine.wording import counted, listed

TOKEN_OR_USER = (
    "Send your seat's token ('Authorization: Seat <token>'), or sign in where a signed-in user "
    "may act."
)


def framework_message(exc: exceptions.APIException, context: dict[str, Any]) -> str:
    """What the caller should send instead of the request DRF refused with `exc`."""
    request = context.get("request")
    view = context.get("view")
    if isinstance(exc, exceptions.MethodNotAllowed):
        method = echo(getattr(request, "method", "") or "this method")
        allowed = list(getattr(view, "allowed_methods", []) or [])
        return f"{method} is not allowed at this address; it takes {_or(allowed)}."
    if isinstance(exc, exceptions.NotAcceptable):
        offered = [str(r.media_type) for r in view.get_renderers()] if view is not None else []
        return (
            f"This address answers in {_or(offered) or 'JSON'}, which the Accept header does not "
            "take: accept one of them (or send no Accept header)."
        )
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return (
            "Send the body as JSON, with 'Content-Type: application/json' (this request's "
            f"Content-Type is {_content_type(request)})."
        )
    if isinstance(exc, exceptions.Throttled):
        wait = getattr(exc, "wait", None)
        later = f" in {math.ceil(wait)} s" if wait is not None else " later"
        return f"Too many requests from this address; try again{later}."
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return TOKEN_OR_USER
    if isinstance(exc, exceptions.PermissionDenied):
        if str(exc.detail).startswith("CSRF Failed"):  # SessionAuthentication's check
            return (
                "A signed-in user's request carries the site's CSRF token (the X-CSRFToken "
                "header, from the csrftoken cookie); a seat's sends 'Authorization: Seat "
                "<token>' instead."
            )
        return f"This request is not allowed here. {TOKEN_OR_USER}"
    if isinstance(exc, exceptions.ParseError):
        return "The body could not be read; send a JSON object."
    if isinstance(exc, exceptions.NotFound):
        detail = str(exc.detail)
        return detail if detail != str(exceptions.NotFound.default_detail) else _no_such(request)
    return "The request was refused; see the API's documentation at /api/docs/."


def _or(words: list[str]) -> str:
    """Alternatives as a person lists them: "a", "a or b", "a, b or c"."""
    return listed(words).replace(" and ", " or ") if len(words) > 1 else "".join(words)


def _content_type(request: Any) -> str:
    """The request's media type as a refusal quotes it ("none" when it sent none)."""
    raw = str(getattr(request, "content_type", "") or "").split(";")[0].strip()
    return f"'{echo(raw)}'" if raw else "missing"


def _no_such(request: Any) -> str:
    path = getattr(request, "path", "")
    return f"No such path: {echo(path)}" if path else "Nothing is here."


def validation_message(details: Any) -> str:
    """The first problem of a validation's details, naming where it is ("players[2].name: Send
    text here."), and how many more the details list."""
    problems = list(_problems(details, ""))
    if not problems:
        return "The request body does not match the expected shape; see details."
    where, text = problems[0]
    first = f"{where}: {text}" if where else text
    more = len(problems) - 1
    if more:
        first = f"{first.rstrip('.')}; {counted(more, 'more problem', 'more problems')} in details."
    return first


def _problems(details: Any, where: str) -> Any:
    """Each (place, text) of a validation's details, in the order DRF listed them."""
    if isinstance(details, dict):
        for key, value in details.items():
            if key == "non_field_errors":
                yield from _problems(value, where)
            elif isinstance(key, int):  # a list's item, by its index
                yield from _problems(value, f"{where}[{key}]")
            else:
                yield from _problems(value, f"{where}.{key}" if where else str(key))
    elif isinstance(details, list) and any(isinstance(item, dict) for item in details):
        for index, item in enumerate(details):  # a list's items, each its own place
            yield from _problems(item, f"{where}[{index}]")
    elif isinstance(details, list):
        for item in details:
            yield from _problems(item, where)
    else:
        yield where, str(details)
