"""The stated limits of every cost a caller controls, in one place, as the catalog shows them.

Each is refused above its limit with a 4xx naming it, and enforced inside the work as well:
bodies by the middleware and the parser, moves by the move input, bots by their options
(`rules_core.bots.mcts.ITERATIONS_LIMIT` and `SECONDS_LIMIT`, clamped again by the search),
analyses by their input and a total worker time, streams by their duration and a count of open
ones per caller, content packs by `rules_core.engine.content_limits`.
"""

from __future__ import annotations

from django.conf import settings

from rules_core.engine.types import JSON

MOVE_MAX_BYTES = 2048  # a move's canonical JSON
MOVE_TYPE_MAX_CHARS = 64
MOVE_MAX_DEPTH = 4
ANALYSIS_ITERATIONS = (1, 5000)
ANALYSIS_SECONDS = (0.01, 10.0)
ANNOTATION_MAX_CHARS = 2000  # one comment's text
SEAT_NAME_CHARS = 80  # a player's name (a seat's and a comment's author's column hold no more)
REPLAY_PAGE = 5000  # events in one page of a replay asked for by `limit`
EVENTS_PAGE = 1000  # events in one answer of events/?after= (read on from the last one's seq)
SEARCH_QUESTION_CHARS = 300  # a rule search's question
SEARCH_RESULTS = 50  # results a rule search may ask for (`limit`; 10 unless asked)
ECHO_MAX_CHARS = 80  # of a caller's value quoted back in an error message


def echo(value: object) -> str:
    """A caller's value as an error message quotes it: at most ECHO_MAX_CHARS characters."""
    text = str(value)
    return text if len(text) <= ECHO_MAX_CHARS else text[: ECHO_MAX_CHARS - 1] + "…"


def limits_json() -> dict[str, JSON]:
    """The service-wide limits (per-game ones, bots and content packs, are in each game)."""
    return {
        "body_bytes": settings.GOTHAM_MAX_BODY_BYTES,
        "json_depth": settings.GOTHAM_MAX_JSON_DEPTH,
        "move": {
            "bytes": MOVE_MAX_BYTES,
            "type_chars": MOVE_TYPE_MAX_CHARS,
            "depth": MOVE_MAX_DEPTH,
        },
        "stream": {
            "max_seconds": settings.GOTHAM_STREAM_MAX_SECONDS,
            "open_per_caller": settings.GOTHAM_STREAMS_PER_CALLER,
        },
        "analysis": {
            "iterations": {"min": ANALYSIS_ITERATIONS[0], "max": ANALYSIS_ITERATIONS[1]},
            "seconds": {"min": ANALYSIS_SECONDS[0], "max": ANALYSIS_SECONDS[1]},
            "starts_per_hour": settings.GOTHAM_ANALYSIS_STARTS_PER_HOUR,
            "total_seconds": settings.GOTHAM_ANALYSIS_MAX_SECONDS,
        },
        "forks_per_hour": settings.GOTHAM_FORKS_PER_HOUR,
        "games_per_hour": settings.GOTHAM_GAMES_PER_HOUR,
        "annotations": {
            "chars": ANNOTATION_MAX_CHARS,
            "per_author_per_game": settings.GOTHAM_ANNOTATIONS_PER_AUTHOR,
            "per_game": settings.GOTHAM_ANNOTATIONS_PER_GAME,
        },
        "bot_games_per_hour": settings.GOTHAM_BOT_GAMES_PER_HOUR,
        "autopilot_changes_per_seat": settings.GOTHAM_AUTOPILOT_CHANGES_PER_SEAT,
        "bot_seconds_per_game": settings.GOTHAM_BOT_SECONDS_PER_GAME,
        "replay_page_events": REPLAY_PAGE,
        "seat_name_chars": SEAT_NAME_CHARS,
        "events_page_events": EVENTS_PAGE,
        "search": {"question_chars": SEARCH_QUESTION_CHARS, "results": SEARCH_RESULTS},
    }
