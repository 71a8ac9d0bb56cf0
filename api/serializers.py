"""Input and output shapes of the API (input validation and the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class PlayerInput(serializers.Serializer[Any]):
    name = serializers.CharField(required=False, allow_blank=True, max_length=80)
    bot = serializers.CharField(required=False, allow_blank=False, max_length=32)
    bot_options = serializers.DictField(required=False, default=dict)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "bot" in attrs and attrs.get("name"):
            raise serializers.ValidationError("a seat is a person (name) or a bot, not both")
        return attrs


class GameCreateInput(serializers.Serializer[Any]):
    game = serializers.CharField(max_length=64)
    players = PlayerInput(many=True, allow_empty=False)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)
    options = serializers.DictField(required=False, default=dict)


class SeatOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.CharField(allow_null=True)
    token = serializers.CharField(allow_null=True)


class GameCreateOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    seats = SeatOutput(many=True)


class GameOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["active", "finished"])
    to_act = serializers.ListField(child=serializers.IntegerField())
    outcome = serializers.JSONField(allow_null=True)


class MoveInput(serializers.Serializer[Any]):
    expected_version = serializers.IntegerField(min_value=0)
    move = serializers.DictField()


class CitationOutput(serializers.Serializer[Any]):
    book = serializers.CharField()
    section = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    title = serializers.CharField()
    url = serializers.CharField()


class EventOutput(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField()  # type: ignore[assignment]
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


class LegalMovesOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.JSONField())


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
    cited_by = serializers.ListField(child=serializers.JSONField())


class SearchResultOutput(CitationOutput):
    summary = serializers.CharField()
    score = serializers.FloatField()
    snippet = serializers.CharField()


class SearchOutput(serializers.Serializer[Any]):
    q = serializers.CharField()
    results = SearchResultOutput(many=True)


class AnalysisInput(serializers.Serializer[Any]):
    iterations = serializers.IntegerField(required=False, default=200, min_value=1, max_value=5000)
    seconds = serializers.FloatField(required=False, default=0.5, min_value=0.01, max_value=10.0)


class AnalysisOutput(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=["none", "queued", "running", "done", "failed"])
    done = serializers.IntegerField()
    total = serializers.IntegerField()


class AnnotationInput(serializers.Serializer[Any]):
    seq = serializers.IntegerField(min_value=1)
    text = serializers.CharField(max_length=2000)
    author = serializers.CharField(required=False, max_length=80)
