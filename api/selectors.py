"""Reads: games, seats by token, views of state, redacted events, replays and citations."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from api import event_store
from api.errors import Forbidden, NotFoundError, Unauthenticated
from api.limits import EVENTS_PAGE, REPLAY_PAGE
from api.models import Analysis, Annotation, Event, Game, Seat
from api.shown_moves import Hidden, declared, move_shown
from api.tokens import hash_token, known_seat, parse_authorization, remember_seat
from rules_core.bots.analysis import analysis_version
from rules_core.engine import GameEvent, GameSpec, Move, get_game
from rules_core.engine.types import JSON
from rules_core.rulebooks import get_book


@cache
def citation_json(book: str, section: str) -> dict[str, JSON]:
    """A citation as the API shows it: book, section id, label, title, the title of the section
    it sits in (`parent_title`, None at the top: "Assignment Phase" in "Phases" or in "Quick
    Reference"), the title a reader can tell from the book's other sections (`name`) and the
    section's URL."""
    rulebook = get_book(book)
    entry = rulebook.section(section)
    return {
        "book": book,
        "section": section,
        "label": entry.label,
        "title": entry.title,
        "parent_title": rulebook.section(entry.parent).title if entry.parent else None,
        "name": rulebook.distinct_title(section),
        "url": f"/rules/{book}/{section}/",
    }


def game_get(*, game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFoundError(f"No game {game_id}.")
    return game


def game_and_caller(*, game_id: int, authorization: str | None) -> tuple[Game, Seat | None]:
    """The game and the caller's seat from `Authorization: Seat <token>` (None: a spectator).

    One query on the usual path. No such game is 404; a malformed header is 401; a token that
    belongs to no seat of this game is 403.
    """
    try:
        token = parse_authorization(authorization)
    except ValueError as error:
        raise Unauthenticated(str(error)) from None
    if token is None:
        return game_get(game_id=game_id), None
    seat = (
        Seat.objects.select_related("game")
        .defer("game__options")
        .filter(game_id=game_id, token_hash=hash_token(token))
        .first()
    )
    if seat is None:
        game_get(game_id=game_id)
        raise Forbidden("This token does not belong to a seat of this game.")
    return seat.game, seat


def caller_seat(*, game_id: int, authorization: str | None) -> int:
    """The caller's seat index from `Authorization: Seat <token>`, for a write that reads the
    game itself (a move): no query once this process has seen the token. No token is 401 (404
    first when there is no such game); a token of no seat of this game is 403."""
    try:
        token = parse_authorization(authorization)
    except ValueError as error:
        raise Unauthenticated(str(error)) from None
    if token is None:
        game_get(game_id=game_id)
        raise Unauthenticated("Send your seat's token: 'Authorization: Seat <token>'.")
    token_hash = hash_token(token)
    index = known_seat(game_id, token_hash)
    if index is None:
        index = (
            Seat.objects.filter(game_id=game_id, token_hash=token_hash)
            .values_list("index", flat=True)
            .first()
        )
        if index is None:
            game_get(game_id=game_id)
            raise Forbidden("This token does not belong to a seat of this game.")
        remember_seat(game_id, token_hash, index)
    return index


def seat_roles(*, game: Game) -> tuple[str, ...]:
    """Each seat's role at the table (the villain it plays, the figure it races); none before
    the game's first event."""
    spec = _spec(game)
    return spec.seat_names(event_store.load_state(game, spec)) if game.version else ()


def game_detail(*, game: Game) -> dict[str, JSON]:
    seats = list(game.seats.all())
    roles = seat_roles(game=game)
    return {
        "id": game.pk,
        "game": game.game,
        "version": game.version,
        "seeded": game.seeded,
        "forked_from": None
        if game.forked_from_id is None
        else {"game": game.forked_from_id, "at": game.fork_at},
        "status": game.status,
        "to_act": list(game.to_act),
        "outcome": game.outcome,
        "seats": [
            {
                "seat": s.index,
                "name": s.name,
                "bot": s.bot or None,
                "autopilot": s.autopilot or None,
                "role": roles[s.index] if s.index < len(roles) else None,
            }
            for s in seats
        ],
        "created_at": game.created_at.isoformat(),
    }


def _spec(game: Game) -> GameSpec[Any]:
    return get_game(game.game)


def state_view(*, game: Game, seat: int | None, version: int | None) -> dict[str, JSON]:
    """The caller's view of the state at the head or at `version`."""
    if version is not None and not 0 <= version <= game.version:
        raise NotFoundError(f"Version {version} does not exist; the game is at {game.version}.")
    spec = _spec(game)
    state = event_store.load_state(game, spec, version)
    at = game.version if version is None else version
    return {
        "id": game.pk,
        "game": game.game,
        "version": at,
        "seat": seat,
        "status": game.status,
        "to_act": [] if _inside_a_move(game, at) else sorted(spec.to_act(state)),
        "state": spec.view(state, seat, reveal=game.status == Game.Status.FINISHED),
    }


def _inside_a_move(game: Game, version: int) -> bool:
    """Whether `version` lies inside a move's (or the set-up's) events: the next event was
    written by the game in the same go, not by a move, so nobody was to act there, whatever
    the state at that point names (the log is the proof, for every game alike)."""
    if version >= game.version:
        return False
    following = Event.objects.filter(game=game, seq=version + 1).values_list("move", flat=True)
    return list(following) == [None]


def legal_moves(*, game: Game, seat: int) -> dict[str, JSON]:
    """The seat's legal moves, each with its label in the game's words."""
    spec = _spec(game)
    state = event_store.load_state(game, spec)
    return {
        "version": game.version,
        "seat": seat,
        "moves": [
            {"move": m.to_json(), "label": spec.describe_move(state, seat, m)}
            for m in spec.legal_moves(state, seat)
        ],
    }


def event_view(
    spec: GameSpec[Any],
    seq: int,
    event: GameEvent,
    seat: int | None,
    finished: bool,
    before: Any,
) -> dict[str, JSON]:
    """One event as `seat` may see it: its data, its story in the game's words (told from the
    state `before` it), and its citations resolved."""
    return {
        "seq": seq,
        "type": event.type,
        "seat": event.seat,
        "data": spec.redact(event, seat, finished),
        "text": spec.narrate(before, event, seat, finished),
        "citations": [citation_json(c.book, c.section) for c in event.cited()],
    }


def _told(
    spec: GameSpec[Any], rows: Iterable[Event], before: Any, seat: int | None, finished: bool
) -> Iterator[tuple[Event, GameEvent, dict[str, JSON], Any]]:
    """Each stored event (decoded) as `seat` may see it (with the state before it), folding the
    state along to tell its story."""
    state = before
    for row in rows:
        event = event_store.decode_event(spec, row.type, row.seat, row.data, row.schema)
        yield row, event, event_view(spec, row.seq, event, seat, finished, state), state
        state = spec.evolve(state, event)


def events_after(
    *, game: Game, seat: int | None, after: int, limit: int | None = None
) -> dict[str, JSON]:
    """Events with seq > after, at most `limit` of them (by default the stated page of
    EVENTS_PAGE: the answer's `version` says whether the log goes on past the last), as `seat`
    may see them."""
    spec = _spec(game)
    finished = game.status == Game.Status.FINISHED
    start = min(after, game.version)
    rows = Event.objects.filter(game=game, seq__gt=start).order_by("seq")[: limit or EVENTS_PAGE]
    before = event_store.load_state(game, spec, start)
    return {
        "version": game.version,
        "events": [view for _, _, view, _ in _told(spec, rows, before, seat, finished)],
    }


def replay(
    *,
    game: Game,
    seat: int | None,
    after: int = 0,
    limit: int | None = None,
    compact: bool = False,
) -> dict[str, JSON]:
    """The log with citations and annotations (the events after `after`, at most `limit` of
    them, by default the stated page of REPLAY_PAGE, far more than random games of the reference
    content hold; the answer's `version` says whether the log goes on); full information once
    finished.

    While the game runs, the caller sees each move without what its events hide from it (a card
    placed face down, a card chosen into a hand), and no less: a card played face up stays
    named in its move after it is shuffled back into a deck, as its events name it
    (api/shown_moves.py); and the analysis only of its own decisions: the analysing bot judged
    each decision from the deciding seat's view, hand included.

    `compact` names each event's citations by `book:section` and resolves each once, in
    `sections` (most of a long replay's weight was the same citations again and again).
    """
    spec = _spec(game)
    finished = game.status == Game.Status.FINISHED
    start = min(after, game.version)
    rows = Event.objects.filter(game=game, seq__gt=start).order_by("seq")
    shown = list(rows[: limit or REPLAY_PAGE])
    last = shown[-1].seq if shown else start
    notes: dict[int, list[JSON]] = {}
    for note in Annotation.objects.filter(game=game, seq__gt=start, seq__lte=last).order_by(
        "seq", "id"
    ):
        if not finished and not _annotation_shown(note, seat):
            continue
        notes.setdefault(note.seq, []).append(
            {
                "source": note.source,
                "author": note.author,
                "text": note.text,
                "data": note.data,
                "created_at": note.created_at.isoformat(),
            }
        )
    events: list[JSON] = []
    sections: dict[str, JSON] = {}
    before = event_store.load_state(game, spec, start) if start else spec.initial_state()
    moves: list[_MoveSeen] = []  # each move of the page, and what its events hide from `seat`
    for row, event, item, state in _told(spec, shown, before, seat, finished):
        item["move"] = item["move_label"] = None
        if isinstance(row.move, dict):
            moves.append(_MoveSeen(item, row.move, state))
        if moves and not finished:
            moves[-1] = moves[-1].hiding(
                Hidden.between(event.type, spec.redact(event, seat, True), item["data"])
            )
        item["annotations"] = notes.get(row.seq, [])
        if compact:
            keys = []
            for citation in item["citations"]:  # type: ignore[union-attr]
                assert isinstance(citation, dict)
                key = f"{citation['book']}:{citation['section']}"
                sections.setdefault(key, citation)
                keys.append(key)
            item["citations"] = list(keys)
        events.append(item)
    if moves and not finished and last < game.version:  # the page ends inside the last move?
        for row in _rest_of_move(game, last):
            event = event_store.decode_event(spec, row.type, row.seat, row.data, row.schema)
            full, data = spec.redact(event, seat, True), spec.redact(event, seat, False)
            moves[-1] = moves[-1].hiding(Hidden.between(event.type, full, data))
    for seen in moves:
        seen.item["move"] = move_shown(seen.move, seen.hidden, declared(spec, seen.move))
        seen.item["move_label"] = _move_label(spec, seen.before, seen.move, seen.item["move"])
    answer: dict[str, JSON] = {
        "game": game.game,
        "id": game.pk,
        "version": game.version,
        "status": game.status,
        "events": events,
    }
    if compact:
        answer["sections"] = sections
    return answer


@dataclass(frozen=True, slots=True)
class _MoveSeen:
    """A move in a replay: its event's item, the stored move, the state before it, and what
    its events hide from the viewer (gathered as they are read)."""

    item: dict[str, JSON]
    move: dict[str, JSON]
    before: Any
    hidden: Hidden = field(default_factory=Hidden)

    def hiding(self, more: Hidden) -> _MoveSeen:
        return replace(self, hidden=self.hidden | more)


def _rest_of_move(game: Game, last: int) -> list[Event]:
    """The events after `last` that belong to the move before it (up to the next move's)."""
    following = Event.objects.filter(game=game, seq__gt=last)
    nxt = following.filter(move__isnull=False).order_by("seq").values_list("seq", flat=True)
    end = nxt.first()
    return list((following if end is None else following.filter(seq__lt=end)).order_by("seq"))


def _move_label(spec: GameSpec[Any], before: Any, move: JSON, shown: JSON) -> str | None:
    """The stored move in the game's words, or None when part of it is still hidden."""
    if not isinstance(move, dict) or shown != move:
        return None
    mover = move.get("seat")
    assert isinstance(mover, int)
    return spec.describe_move(
        before, mover, Move.from_json({k: v for k, v in move.items() if k != "seat"})
    )


def _annotation_shown(note: Annotation, seat: int | None) -> bool:
    """Whether a running game's annotation may be shown to `seat` (people's comments always)."""
    if note.source != Annotation.Source.ANALYSIS:
        return True
    return seat is not None and isinstance(note.data, dict) and note.data.get("seat") == seat


def catalog() -> list[JSON]:
    from rules_core.bots import BOTS, bot_options
    from rules_core.engine import all_games

    return [
        {
            "game": spec.slug,
            "title": spec.title,
            "players": {"min": spec.min_players, "max": spec.max_players},
            "info": spec.info.to_json(),
            "options": spec.options_schema(),
            "bots": sorted(BOTS),
            "bot_options": bot_options(spec),
            "rulebook": spec.book,
        }
        for spec in all_games()
    ]


def analysis_get(*, game: Game) -> Analysis | None:
    """The game's analysis, if one was asked for."""
    return Analysis.objects.filter(game=game).first()


def analysis_json(*, game: Game, analysis: Analysis | None) -> dict[str, JSON]:
    """The state of `game`'s analysis (`analysis_get`): none, queued, running (done of
    total), done or failed."""
    if analysis is None:
        return {"status": "none", "done": 0, "total": 0}
    body: dict[str, JSON] = {
        "status": analysis.status,
        "done": analysis.done,
        "total": analysis.total,
        "version": analysis.version,
        "settings": analysis.settings,
        # made before a change to the analysis of every game or of this one: asking again makes
        # it anew
        "outdated": analysis.made_by < analysis_version(_spec(game)),
    }
    if analysis.error:
        body["error"] = analysis.error
    return body
