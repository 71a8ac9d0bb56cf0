"""Input and output shapes of the API (input validation and the OpenAPI schema)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

from rest_framework import serializers

from api.errors import Malformed
from api.event_store import canonical
from api.limits import (
    ANALYSIS_ITERATIONS,
    ANALYSIS_SECONDS,
    ANNOTATION_MAX_CHARS,
    MOVE_MAX_BYTES,
    MOVE_MAX_DEPTH,
    MOVE_TYPE_MAX_CHARS,
    SEAT_NAME_CHARS,
)
from api.parsing import check_json_value
from rules_core.engine.wording import listed

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    Messages = dict[str, StrOrPromise]  # a field's refusals by DRF's codes

VERSION_MAX = 2**31 - 1  # versions fit a 32-bit column


class OwnWords:
    """A field's refusals in the project's words, each saying what to send (DRF's own texts
    name Python types: "Expected a dictionary, but got str")."""

    default_error_messages: ClassVar[Messages] = {
        "required": "Send this field (it is required).",
        "null": "Send a value here (null is not one).",
    }


def _range_words(kind: str, kwargs: dict[str, Any]) -> dict[str, str]:
    """A number field's refusals of a value out of its range, naming the whole range."""
    low, high = kwargs.get("min_value"), kwargs.get("max_value")
    if low is not None and high is not None:
        words = f"Send {kind} from {low} to {high}."
    elif low is not None:
        words = f"Send {kind} of at least {low}."
    else:
        words = f"Send {kind} of at most {high}."
    return {"min_value": words, "max_value": words, **kwargs.get("error_messages", {})}


class StrictIntegerField(OwnWords, serializers.IntegerField):
    """A JSON whole number: the string "4", 4.0 and true are refused, not read as numbers."""

    default_error_messages: ClassVar[Messages] = {
        "invalid": "Send a whole number here (a JSON number, not a string)."
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs["error_messages"] = _range_words("a whole number", kwargs)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictFloatField(OwnWords, serializers.FloatField):
    """A finite JSON number (a whole number too); strings and booleans are refused."""

    default_error_messages: ClassVar[Messages] = {
        "invalid": "Send a number here (a JSON number, not a string).",
        "overflow": "Send a number of ordinary size here.",
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs["error_messages"] = _range_words("a number", kwargs)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
            self.fail("invalid")
        return float(super().to_internal_value(data))


class StrictCharField(OwnWords, serializers.CharField):
    """A JSON string: a number or true is refused, not read as its text ("5")."""

    default_error_messages: ClassVar[Messages] = {
        "invalid": "Send text here (a JSON string).",
        "blank": "Send some text here (it may not be empty).",
        "max_length": "Send at most {max_length} characters here.",
        "min_length": "Send at least {min_length} characters here.",
    }

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class ObjectField(OwnWords, serializers.DictField):
    """A JSON object of any fields (options, a bot's options)."""

    default_error_messages: ClassVar[Messages] = {
        "not_a_dict": "Send a JSON object here.",
        "empty": "Send a JSON object of at least one field here.",
    }


class StrictList(OwnWords, serializers.ListSerializer[Any]):
    """A JSON list of an input shape's items (the players)."""

    default_error_messages: ClassVar[Messages] = {
        "not_a_list": "Send a JSON list here.",
        "empty": "Send a list of at least one item here.",
        "max_length": "Send a list of at most {max_length} items here.",
        "min_length": "Send a list of at least {min_length} items here.",
    }


class StrictInput(OwnWords, serializers.Serializer[Any]):
    """An input shape that refuses fields it does not know (a typo is not silently ignored)."""

    default_error_messages: ClassVar[Messages] = {"invalid": "Send a JSON object here."}

    class Meta:
        list_serializer_class = StrictList

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                names = list(self.fields)
                known = (
                    f"the fields here are {listed(names)}"
                    if len(names) > 1
                    else (f"the only field here is {listed(names)}")
                )
                raise serializers.ValidationError(
                    {key[:40]: [f"Not a field here; {known}."] for key in unknown[:5]}
                )
        return super().to_internal_value(data)


class MoveField(ObjectField):
    """A move: a JSON object with a `type` name, within the stated size and nesting."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = dict(super().to_internal_value(data))
        problem = move_problem(value)
        if problem is not None:
            raise serializers.ValidationError(problem)
        return value


def move_problem(move: dict[str, Any]) -> str | None:
    """Why a JSON object is not a move (None: it is one): its type, nesting and size."""
    kind = move.get("type")
    if not isinstance(kind, str) or not 1 <= len(kind) <= MOVE_TYPE_MAX_CHARS:
        return f"A move has a type: a name of 1 to {MOVE_TYPE_MAX_CHARS} characters."
    try:
        check_json_value(move, max_depth=MOVE_MAX_DEPTH, where="move")
    except Malformed as error:
        return error.message
    if len(canonical(move).encode()) > MOVE_MAX_BYTES:
        return f"A move is at most {MOVE_MAX_BYTES} bytes of JSON."
    return None


class PlayerInput(StrictInput):
    name = StrictCharField(required=False, allow_blank=True, max_length=SEAT_NAME_CHARS)
    bot = StrictCharField(required=False, allow_blank=False, max_length=32)
    bot_options = ObjectField(required=False, default=dict)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "bot" in attrs and attrs.get("name"):
            raise serializers.ValidationError(
                "A seat is a person (a name) or a bot, not both: send one of them."
            )
        return attrs


class GameCreateInput(StrictInput):
    game = StrictCharField(max_length=64)
    players = PlayerInput(many=True, allow_empty=False, max_length=16)  # type: ignore[call-arg]
    seed = StrictIntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)
    options = ObjectField(required=False, default=dict)


class ForkInput(StrictInput):
    at = StrictIntegerField(
        min_value=1, max_value=2**31 - 1, help_text="the last event kept: a move's boundary"
    )
    players = PlayerInput(many=True, allow_empty=False, max_length=16)  # type: ignore[call-arg]


class SeatOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.CharField(allow_null=True)
    token = serializers.CharField(allow_null=True)
    role = serializers.CharField(
        allow_null=True, help_text="the seat's role at the table (the villain, the figure...)"
    )


class GameCreateOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField()
    seeded = serializers.BooleanField()
    status = serializers.CharField()
    seats = SeatOutput(many=True)


class GameOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField()
    seeded = serializers.BooleanField(help_text="the creator chose the seed (and could know it)")
    forked_from = serializers.JSONField(
        allow_null=True, help_text='{"game", "at"}: the finished game and event it continues'
    )
    status = serializers.ChoiceField(choices=["active", "finished"])
    to_act = serializers.ListField(child=serializers.IntegerField())
    outcome = serializers.JSONField(allow_null=True)


class MoveInput(StrictInput):
    expected_version = StrictIntegerField(min_value=0, max_value=VERSION_MAX)
    move = MoveField()


def move_input(data: Any) -> tuple[int, dict[str, Any]]:
    """The expected version and the move of a move's body; a 400 as MoveInput words it when the
    body does not fit. A well-formed body, the usual case, is checked here without building the
    serializer (the same checks: exactly these two fields, a whole number in range, a move)."""
    if isinstance(data, dict) and len(data) == 2:
        version, move = data.get("expected_version"), data.get("move")
        if (
            type(version) is int
            and 0 <= version <= VERSION_MAX
            and type(move) is dict
            and move_problem(move) is None
        ):
            return version, move
    checked = MoveInput(data=data)
    checked.is_valid(raise_exception=True)
    return checked.validated_data["expected_version"], checked.validated_data["move"]


class CitationOutput(serializers.Serializer[Any]):
    book = serializers.CharField()
    section = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    title = serializers.CharField()
    parent_title = serializers.CharField(
        allow_null=True, help_text="the title of the section it sits in (None at the top)"
    )
    name = serializers.CharField(
        help_text="the title, with the section it sits in where the book has another of that title"
    )
    url = serializers.CharField()


class EventOutput(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField()  # type: ignore[assignment]
    text = serializers.CharField(help_text="what happened, in the game's words, for the caller")
    citations = CitationOutput(many=True)


class MoveOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    events = EventOutput(many=True)


class ErrorOutput(serializers.Serializer[Any]):
    error = serializers.CharField()
    message = serializers.CharField()


class IllegalMoveOutput(ErrorOutput):
    code = serializers.CharField()
    citations = CitationOutput(many=True)


class ConflictOutput(ErrorOutput):
    current_version = serializers.IntegerField()


class EventsOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    events = EventOutput(many=True)


class ReplayEventOutput(EventOutput):
    annotations = serializers.ListField(child=serializers.JSONField())


class ReplayOutput(serializers.Serializer[Any]):
    game = serializers.CharField()
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    events = ReplayEventOutput(many=True)


class StateOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    to_act = serializers.ListField(child=serializers.IntegerField())
    state = serializers.JSONField()


class LabelledMoveOutput(serializers.Serializer[Any]):
    move = serializers.JSONField(help_text="post this as the move")
    label = serializers.CharField(help_text="the move in the game's words")  # type: ignore[assignment]


class LegalMovesOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    moves = LabelledMoveOutput(many=True)


class SectionOutput(CitationOutput):
    page = serializers.IntegerField(allow_null=True)
    parent = serializers.CharField(allow_null=True)  # type: ignore[assignment]
    chapter = serializers.CharField()
    summary = serializers.CharField()
    text = serializers.CharField(allow_null=True, help_text="the book's own text, once imported")
    keywords = serializers.ListField(child=serializers.CharField())
    breadcrumbs = CitationOutput(many=True)
    children = CitationOutput(many=True)
    related = CitationOutput(many=True)
    cited_by = serializers.ListField(
        child=serializers.JSONField(),
        help_text="where games apply it: each {game, kind (event or rejection), name, words}",
    )


class SearchResultOutput(CitationOutput):
    summary = serializers.CharField()
    score = serializers.FloatField()
    snippet = serializers.CharField()
    book_title = serializers.CharField()
    breadcrumb = serializers.ListField(
        child=serializers.CharField(), help_text="the titles of the sections it sits in"
    )


class SearchOutput(serializers.Serializer[Any]):
    q = serializers.CharField()
    did_you_mean = serializers.CharField(
        allow_null=True, help_text="the question with misspelt game words corrected, if any"
    )
    results = SearchResultOutput(many=True)


class AnalysisInput(StrictInput):
    iterations = StrictIntegerField(
        required=False,
        default=200,
        min_value=ANALYSIS_ITERATIONS[0],
        max_value=ANALYSIS_ITERATIONS[1],
    )
    seconds = StrictFloatField(
        required=False, default=0.5, min_value=ANALYSIS_SECONDS[0], max_value=ANALYSIS_SECONDS[1]
    )


class AnalysisSettingsOutput(serializers.Serializer[Any]):
    iterations = serializers.IntegerField()
    seconds = serializers.FloatField()


class AnalysisOutput(serializers.Serializer[Any]):
    """A game's analysis: "none" has only status, done and total; an analysis asked for also
    says which log length it covers, its settings and whether it predates today's analysis."""

    status = serializers.ChoiceField(choices=["none", "queued", "running", "done", "failed"])
    done = serializers.IntegerField(help_text="positions analysed so far")
    total = serializers.IntegerField(help_text="positions to analyse")
    version = serializers.IntegerField(required=False, help_text="the log length analysed")
    settings = AnalysisSettingsOutput(required=False)
    outdated = serializers.BooleanField(
        required=False, help_text="made by an older analysis: asking again makes it anew"
    )
    error = serializers.CharField(required=False, help_text="why a failed analysis failed")


class AnnotationInput(StrictInput):
    """A comment; its author is the seat (or signed-in user) that posts it, never given."""

    seq = StrictIntegerField(min_value=1, max_value=2**31 - 1)
    text = StrictCharField(max_length=ANNOTATION_MAX_CHARS)


class AutopilotInput(StrictInput):
    """Who plays the caller's seat from now on: a bot by name, or null for its person again."""

    bot = StrictCharField(allow_null=True, allow_blank=False, max_length=32)


class AutopilotOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    autopilot = serializers.CharField(allow_null=True, help_text="the bot playing for the seat")


class StreamTicketOutput(serializers.Serializer[Any]):
    ticket = serializers.CharField()
    expires_in = serializers.IntegerField(help_text="seconds")
