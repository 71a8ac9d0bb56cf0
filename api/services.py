"""Writes: creating games, submitting moves (people and bots), with the log's guarantees.

Each service takes keyword arguments and queues follow-up work (bot turns) only after commit. A
move holds no lock while the rules decide: its append is conditional on the head it was decided
on (event_store.append); creating and forking a game run in one transaction.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import math
import random
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from api import event_store, game_facts, live
from api.errors import (
    ApiError,
    IdempotencyMismatch,
    InvalidRequest,
    LimitReached,
    NotFoundError,
    RateLimited,
    VersionConflict,
)
from api.models import Analysis, Annotation, Event, Game, IdempotencyRecord, Seat
from api.parsing import check_text
from api.queueing import enqueue_after_commit
from api.rate_limits import rate_limit_give_back, rate_limit_take
from api.selectors import citation_json, event_view
from api.tokens import hash_token, new_token
from rules_core.bots import choose_move
from rules_core.bots.analysis import ANALYSIS_VERSION, CLOSE, GOOD, judge
from rules_core.bots.mcts import MctsSettings
from rules_core.bots.registry import BOT_LEVELS, bot_options_problem
from rules_core.engine import GameSpec, Move, Rejection, get_game
from rules_core.engine.randomness import bot_rng, fork_rng, move_rng, setup_rng
from rules_core.engine.types import JSON
from rules_core.engine.wording import capitalized, counted

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One seat asked for at creation: a person's name or a bot's name."""

    name: str = ""
    bot: str = ""
    bot_options: dict[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CreatedGame:
    """A new game and each person's token (shown only here)."""

    game: Game
    tokens: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    """The HTTP status and body of a move submission (what a retry with the same key gets)."""

    status: int
    body: dict[str, JSON]


class RuleRejected(ApiError):
    """A request the rules refuse outside a move (e.g. a player count): 400 with citations."""

    error = "rules_rejected"


class InvalidBotOptions(ApiError):
    """A bot that does not exist, or options beyond the limits the catalog states."""

    error = "invalid_bot_options"


class ForkRefused(ApiError):
    """A fork the service cannot make: of a running game, at a point inside a move's events,
    with another number of players."""

    error = "fork_refused"


class ForkAtEnd(ForkRefused):
    """A fork at a finished game's last event: a game over before it starts, so none is made
    (and, refused before the hour's count, it costs no fork)."""

    error = "fork_at_end"


class GameFinished(ApiError):
    status_code = 409
    error = "game_finished"


class NothingToAnalyse(ApiError):
    error = "nothing_to_analyse"


class AnalysisRunning(ApiError):
    """An analysis of the game with other settings is queued or running."""

    status_code = 409
    error = "analysis_running"


def spec_for(slug: str) -> GameSpec[Any]:
    """The registered game for a slug, or a 404-style error."""
    try:
        return get_game(slug)
    except KeyError:
        raise NotFoundError(f"No game called {slug!r}; see /api/catalog/.") from None


def _check_players(spec: GameSpec[Any], players: Sequence[PlayerSpec]) -> None:
    for player in players:
        check_text(player.name, "player's name")  # the lobby's form too, not only JSON bodies
        if player.bot_options and not player.bot:
            raise InvalidBotOptions("Only a bot's seat takes bot_options.")
        problem = player.bot and bot_options_problem(spec, player.bot, player.bot_options)
        if problem:
            raise InvalidBotOptions(problem)


def _default_name(players: Sequence[PlayerSpec], index: int) -> str:
    """The name of a seat posted without one: "Player 3", or its bot's ("greedy bot"), numbered
    when the table has two unnamed bots of that kind ("greedy bot 1", "greedy bot 2")."""
    player = players[index]
    if not player.bot:
        return f"Player {index + 1}"
    alike = [i for i, p in enumerate(players) if p.bot == player.bot and not p.name]
    return f"{player.bot} bot" + (f" {alike.index(index) + 1}" if len(alike) > 1 else "")


def _seat_players(game: Game, players: Sequence[PlayerSpec]) -> tuple[str | None, ...]:
    """Seat people (each with a new secret token, stored hashed) and bots; the tokens."""
    tokens: list[str | None] = []
    seats = []
    for index, player in enumerate(players):
        token = None if player.bot else new_token()
        tokens.append(token)
        seats.append(
            Seat(
                game=game,
                index=index,
                name=player.name or _default_name(players, index),
                bot=player.bot,
                bot_options=dict(player.bot_options),
                token_hash=hash_token(token) if token else "",
            )
        )
    Seat.objects.bulk_create(seats)
    return tuple(tokens)


def game_create(
    *,
    slug: str,
    players: Sequence[PlayerSpec],
    seed: int | None,
    options: Mapping[str, JSON],
    caller: str = "unknown",
) -> CreatedGame:
    """Create a game, seat its players and bots, and append its opening events (counted
    against the caller's hourly limits once it is known to be valid)."""
    spec = spec_for(slug)
    _check_players(spec, players)
    rejection = spec.validate_options(len(players), options)
    if rejection is not None:
        raise RuleRejected(
            rejection.message,
            extra={"code": rejection.code, "citations": citations_json(rejection.citations)},
        )
    _creation_allowed(caller, bots=any(p.bot for p in players))
    seeded = seed is not None
    seed = secrets.randbits(62) if seed is None else seed
    events = spec.setup(len(players), options, setup_rng(seed))
    with transaction.atomic():
        game = Game.objects.create(
            game=slug,
            players=len(players),
            options=dict(options),
            seed=seed,
            seeded=seeded,
            rules_version=spec.rules_version,
            bot_seats=[i for i, p in enumerate(players) if p.bot],
        )
        game_facts.forget(game.pk)  # an id a rolled-back game had (SQLite) is not that game
        tokens = _seat_players(game, players)
        _append_and_update(game, spec, spec.initial_state(), events)
        _queue_bots_if_needed(game)
    return CreatedGame(game, tokens)


def _within_hour(name: str, caller: str, limit: int, what: tuple[str, str], done: str) -> None:
    """Count one use of `name` by `caller` in the clock's hour: RateLimited past `limit`, saying
    how many of `what` (one, several) may be `done` from one address and when the hour ends."""
    wait = rate_limit_take(f"{name}:{caller}", limit=limit, window=3600)
    if wait is not None:
        raise RateLimited(
            f"At most {counted(limit, *what)} an hour may be {done} from one address; try again"
            f" in {wait} s.",
            extra={"retry_after": wait},
        )


def _creation_allowed(caller: str, *, bots: bool) -> None:
    """Count a game against the caller's hour (and, with a bot seat, against its hour of bot
    games, which spend worker time on their own)."""
    _within_hour("games", caller, settings.GOTHAM_GAMES_PER_HOUR, ("game", "games"), "created")
    if bots:
        _bot_game_allowed(caller, counted="games")


def _bot_game_allowed(caller: str, *, counted: str | None) -> None:
    """Count a game with a bot seat (a new one, a fork, or one a seat's autopilot gives its
    first bot) against the caller's hour of them. Refused, it gives back the use just
    `counted` in the hour of games or forks: a refused request costs nothing."""
    limit = settings.GOTHAM_BOT_GAMES_PER_HOUR
    bot_games = ("game with a bot seat", "games with a bot seat")
    try:
        _within_hour("bot-games", caller, limit, bot_games, "created")
    except RateLimited:
        if counted is not None:
            rate_limit_give_back(f"{counted}:{caller}", window=3600)
        raise


def fork_points(game: Game) -> list[int]:
    """The positions a game may be forked at: after its set-up and after each move's events
    but the last (where a finished game is over: a fork there would have nothing to play)."""
    starts = list(
        Event.objects.filter(game=game, move__isnull=False)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    return [seq - 1 for seq in starts if seq > 1]


def _fork_neighbours(at: int, points: list[int]) -> list[int]:
    """The fork points either side of event `at` (one when it is before or past them all)."""
    before = [p for p in points if p < at]
    after = [p for p in points if p > at]
    return sorted({*before[-1:], *after[:1]})


def _fork_point_wanted(at: int, points: list[int], nearest: list[int], end: int) -> str:
    """Why a game that ends at event `end` cannot be forked at event `at`, and where it can
    (`nearest`: the fork points either side of it)."""
    first, last = points[0], points[-1]
    if at > last:
        return f"The game ends at event {end}: fork at {last} or at an earlier move's start."
    if at < first:
        return f"The set-up takes events 1 to {first}: fork at {first} or at a later move's start."
    before, after = nearest
    return (
        f"Event {at} falls inside a move's events: fork at {before} or {after}, where a move "
        "begins."
    )


def older_rules_words(title: str) -> str:
    """What a fork of a game played under an earlier version of its rules does: its moves
    stand as played (verify_log checks them by chain and replay), and it plays on under today's
    rules (`decided_from`)."""
    return (
        f"This game was played under an earlier version of the rules of {title}: its moves stand "
        "as they were played, and a game played on from here follows today's rules."
    )


def game_fork(
    *, game: Game, at: int, players: Sequence[PlayerSpec], caller: str = "unknown"
) -> CreatedGame:
    """A new game that starts where a finished game stood after event `at` (the events up to
    there copied with their moves and hashes), seated anew, with a fresh secret seed for what
    follows (design.md: what-if play). The finished game shows its decks' order to anyone, so
    the cards nobody had seen at `at` are shuffled again by one more event (the fork's new deal;
    rules_core.engine.fork_shuffle)."""
    spec = spec_for(game.game)
    if game.status != Game.Status.FINISHED:
        raise ForkRefused("Only a finished game can be forked: its hidden cards are all shown.")
    if len(players) != game.players:
        raise ForkRefused(f"A fork of this game seats {game.players} players, as it had.")
    points = fork_points(game)
    if not points:  # no move began after a set-up event: nothing before the end to play on from
        raise ForkRefused("This game has no point before its end to fork at.")
    if at == game.version:  # refused before the hour counts it: a refusal costs no fork
        raise ForkAtEnd(
            f"The game is over at event {at}: a fork there would have nothing to play. Fork at "
            f"{points[-1]}, where its last move begins, or earlier.",
            extra={"nearest": points[-1:]},
        )
    if at not in points:
        nearest = _fork_neighbours(at, points)
        wanted = _fork_point_wanted(at, points, nearest, game.version)
        raise ForkRefused(wanted, extra={"nearest": nearest})
    _check_players(spec, players)
    _within_hour("fork", caller, settings.GOTHAM_FORKS_PER_HOUR, ("fork", "forks"), "made")
    if any(p.bot for p in players):  # a bot seat plays on the workers as in a new game
        _bot_game_allowed(caller, counted="fork")
    rows = list(Event.objects.filter(game=game, seq__lte=at).order_by("seq"))
    with transaction.atomic():
        fork = Game.objects.create(
            game=game.game,
            players=game.players,
            options=dict(game.options),
            seed=secrets.randbits(62),
            seeded=True,  # whoever forks a finished game has seen every card dealt so far
            rules_version=spec.rules_version,
            bot_seats=[i for i, p in enumerate(players) if p.bot],
            forked_from=game,
            fork_at=at,
            earlier_seeds=_earlier_seeds(game, at),
            decided_from=_decided_from(game, spec, at),
        )
        game_facts.forget(fork.pk)
        tokens = _seat_players(fork, players)
        state = spec.initial_state()
        for batch in _batches(rows):
            events = [
                event_store.decode_event(spec, r.type, r.seat, r.data, r.schema) for r in batch
            ]
            move = batch[0].move if isinstance(batch[0].move, dict) else None
            _, state = _append_and_update(fork, spec, state, events, move)
        # the decks: a fresh deal, by the fork's own seed (log_check decides it again)
        redeal = spec.shuffle_unseen(state, fork_rng(fork.seed_for(at + 1)))
        if redeal:
            _append_and_update(fork, spec, state, redeal, None)
        _queue_bots_if_needed(fork)
    return CreatedGame(fork, tokens)


def _decided_from(game: Game, spec: GameSpec[Any], at: int) -> int:
    """The first of a fork's events that today's rules decided (verify_log re-decides from
    there): the parent's own first, or, where the parent was played under older rules, the
    fork's new deal just after `at` (the copied events are checked by chain and replay)."""
    if game.rules_version != spec.rules_version:
        return at + 1
    return min(game.decided_from, at + 1)


def _earlier_seeds(game: Game, at: int) -> list[list[int]]:
    """The seeds that decided a fork's copied events: the parent's own earlier ones, then its
    seed up to `at`."""
    seeds = [[min(last, at), seed] for last, seed in game.earlier_seeds]
    covered = max((last for last, _ in seeds), default=0)
    return [*seeds, [at, game.seed]] if at > covered else seeds


def _batches(rows: Sequence[Event]) -> list[list[Event]]:
    """Stored events grouped by the move (or set-up) that made them."""
    batches: list[list[Event]] = []
    for row in rows:
        if row.move is not None or not batches:
            batches.append([])
        batches[-1].append(row)
    return batches


def _append_and_update(
    game: Game,
    spec: GameSpec[Any],
    state: Any,
    events: Sequence[Any],
    move: dict[str, JSON] | None = None,
) -> tuple[event_store.Appended, Any]:
    """Append events to a game this transaction created (so no one else can append to it) and
    bring the Game object's head fields up to date."""
    head = event_store.Head(game.version, game.head_hash, state)
    appended = event_store.extend(spec, head, events)
    columns = event_store.append(
        event_store.key_of(game), spec, head, appended, move, bot_seats=game.bot_seats
    )
    if columns is None:
        raise VersionConflict("Another move was appended at the same time.")
    game.version = columns.version
    game.head_hash = columns.head_hash
    game.status = columns.status
    game.to_act = columns.to_act
    game.outcome = columns.outcome
    _published_after_commit(game.pk, game.version)
    return appended, appended.state


def _published_after_commit(game_id: int, version: int) -> None:
    transaction.on_commit(lambda: live.publish(game_id, version))


def citations_json(citations: Sequence[Any]) -> list[JSON]:
    """Citations with the section's label, title and URL, as the API shows them."""
    return [citation_json(c.book, c.section) for c in citations]


def _request_hash(seat: int, expected_version: int, move: Mapping[str, JSON]) -> str:
    body = event_store.canonical(
        {"seat": seat, "expected_version": expected_version, "move": dict(move)}
    )
    return hashlib.sha256(body.encode()).hexdigest()


def move_submit(
    *,
    game_id: int,
    seat: int,
    expected_version: int,
    move: Mapping[str, JSON],
    idempotency_key: str | None = None,
    queue_bots: bool = True,
) -> MoveAnswer:
    """Check a seat's move against the rules and append its events.

    A stale `expected_version` is a VersionConflict; a refused move is a 422 answer that leaves the
    log unchanged; a retried request with the same Idempotency-Key gets the first answer again.
    No lock is held while the rules decide: the append is conditional on the head the decision
    was made on (event_store.append), and losing that race is a stale version like any other.
    """
    request = _MoveRequest(
        seat=seat,
        expected_version=expected_version,
        move=Move.from_json(move),
        key=idempotency_key,
        # what a retry with the same key must match: only a keyed request is ever compared
        request_hash=_request_hash(seat, expected_version, move) if idempotency_key else "",
    )
    facts = game_facts.game_facts(game_id)
    if facts is None:
        raise NotFoundError(f"No game {game_id}.")
    head = event_store.cached_head(facts.key, expected_version)
    answer = None if head is None else _decide_and_append(facts, head, request, queue_bots)
    if answer is None:  # not the head this process knew: the game row says what it is
        game_facts.forget(game_id)
        facts = game_facts.game_facts(game_id)
        head = None if facts is None else event_store.read_head(facts.key, get_game(facts.game))
        if facts is None or head is None:
            raise NotFoundError(f"No game {game_id}.")
        if head.version == expected_version:
            answer = _decide_and_append(facts, head, request, queue_bots, known_current=True)
    return answer or _answer_again_or_conflict(game_id, request)


@dataclass(frozen=True, slots=True)
class _MoveRequest:
    seat: int
    expected_version: int
    move: Move
    key: str | None
    request_hash: str


def _decide_and_append(
    facts: game_facts.GameFacts,
    head: event_store.Head,
    request: _MoveRequest,
    queue_bots: bool,
    known_current: bool = False,
) -> MoveAnswer | None:
    """The answer to the move decided on `head`, its events appended (a 201) or its refusal (a
    422); None when `head` turns out not to be the game's head any more (or, with a key, the
    key was used before): the caller then answers from the stored record or with a 409."""
    spec = get_game(facts.game)
    seat = request.seat
    result = spec.decide(head.state, seat, request.move, move_rng(facts.seed, head.version))
    if isinstance(result, Rejection):
        if not known_current and not _still_at(facts, head):
            return None  # refused on a head the game has left: a stale version, not a 422
        return _refusal_kept(facts.id, request, MoveAnswer(422, rejection_json(result)))
    appended = event_store.extend(spec, head, result)
    finished = spec.outcome(appended.state) is not None
    events: list[JSON] = [
        event_view(spec, seq, event, seat, finished, before)
        for seq, event, before in appended.events
    ]
    answer = MoveAnswer(201, {"version": appended.version, "events": events})
    receipt = None
    if request.key:
        receipt = event_store.Receipt(
            seat, request.key, request.request_hash, answer.status, answer.body
        )
    stored_move = {"seat": seat, **request.move.to_json()}
    columns = event_store.append(
        facts.key, spec, head, appended, stored_move, receipt, bot_seats=facts.bot_seats
    )
    if columns is None:
        return None
    _published_after_commit(facts.id, columns.version)
    if queue_bots:
        _queue_bots_if_due(facts.id, facts.bot_seats, columns.to_act)
    return answer


def _still_at(facts: game_facts.GameFacts, head: event_store.Head) -> bool:
    """Whether the game is still at `head` (what a refusal decided on a cached head needs to
    know; an append checks the same in its own statement)."""
    return Game.objects.filter(
        pk=facts.id, version=head.version, head_hash=head.head_hash, seed=facts.seed
    ).exists()


def _current_version(game_id: int) -> int | None:
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


def _refusal_kept(game_id: int, request: _MoveRequest, answer: MoveAnswer) -> MoveAnswer | None:
    """A 422 answer, stored under the request's Idempotency-Key (None: the key was taken)."""
    if not request.key:
        return answer
    try:
        with transaction.atomic():
            IdempotencyRecord.objects.create(
                game_id=game_id,
                seat=request.seat,
                key=request.key,
                request_hash=request.request_hash,
                status_code=answer.status,
                body=answer.body,
            )
    except IntegrityError:
        return None
    return answer


def _answer_again_or_conflict(game_id: int, request: _MoveRequest) -> MoveAnswer:
    """For a move that could not be appended: the first answer to its Idempotency-Key, else a
    409 with the game's current version."""
    if request.key:
        record = IdempotencyRecord.objects.filter(
            game_id=game_id, seat=request.seat, key=request.key
        ).first()
        if record is not None:
            if record.request_hash != request.request_hash:
                raise IdempotencyMismatch("This Idempotency-Key was used for a different request.")
            return MoveAnswer(record.status_code, record.body)
    current = _current_version(game_id)
    if current is None:
        raise NotFoundError(f"No game {game_id}.")
    if current == request.expected_version:
        message = "Another move was appended at the same time."
    else:
        message = f"The game is at version {current}, not {request.expected_version}."
    raise VersionConflict(message, extra={"current_version": current})


RECEIPT_DAYS = 7  # how long the first answer to a move posted with an Idempotency-Key is kept


def receipts_prune(*, older_than_days: int = RECEIPT_DAYS) -> int:
    """Forget the first answers to moves posted with an Idempotency-Key more than
    `older_than_days` ago (how many were forgotten). A retry after that is a new request: a 409
    once the game has moved on, so nothing is appended twice; only the first answer is gone."""
    if older_than_days < 1:
        raise ValueError("receipts are kept at least a day")
    cutoff = timezone.now() - datetime.timedelta(days=older_than_days)
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted


def rejection_json(rejection: Rejection) -> dict[str, JSON]:
    return {
        "error": "illegal_move",
        "code": rejection.code,
        "message": rejection.message,
        "citations": citations_json(rejection.citations),
    }


def _queue_bots_if_needed(game: Game) -> None:
    _queue_bots_if_due(game.pk, game.bot_seats, game.to_act)


def _queue_bots_if_due(game_id: int, bot_seats: Iterable[int], to_act: Iterable[int]) -> None:
    """After commit, hand the game to a worker when a bot seat is to act."""
    if set(bot_seats) & set(to_act):
        from api.tasks import play_bots

        enqueue_after_commit(play_bots, game_id)


@dataclass(frozen=True, slots=True)
class Slice:
    """What one time-boxed run of a long job did, and whether it has more to do."""

    done: int
    more: bool


SPENT_BOT = "greedy"  # how a game's bots play once its GOTHAM_BOT_SECONDS_PER_GAME is spent


def bots_play(*, game_id: int, seconds: float | None = None) -> Slice:
    """Make bot moves while a bot seat is to act, for at most `seconds` (None: no limit).

    The thinking time of a game's bots is added up on the game; once it reaches
    GOTHAM_BOT_SECONDS_PER_GAME its bots play one move ahead (SPENT_BOT) to the end, so the
    worker time of a game (whatever its bots' options) is bounded by that plus its length.

    Safe to run twice or to retry after a crash: each move is submitted with the version it was
    chosen at, so a move is appended at most once and a stale one is simply re-chosen.
    """
    made = 0
    deadline = None if seconds is None else time.monotonic() + seconds
    while deadline is None or time.monotonic() < deadline:
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE:
            return Slice(made, more=False)
        bots = {
            index: (bot or autopilot, options if bot else {})
            for index, bot, autopilot, options in Seat.objects.filter(
                game=game, index__in=game.to_act
            )
            .exclude(bot="", autopilot="")
            .values_list("index", "bot", "autopilot", "bot_options")
        }
        if not bots:
            return Slice(made, more=False)
        seat = min(bots)
        name, options = bots[seat]
        if game.bot_seconds >= settings.GOTHAM_BOT_SECONDS_PER_GAME:
            name, options = SPENT_BOT, {}  # the game's thinking time is spent
        spec = get_game(game.game)
        state = event_store.load_state(game, spec)
        if settings.GOTHAM_BOT_DELAY_SECONDS:
            time.sleep(settings.GOTHAM_BOT_DELAY_SECONDS)
        rng = bot_rng(game.seed, game.version, seat)
        thinking = time.monotonic()
        move = choose_move(name, spec, state, seat, rng, options)
        spent = time.monotonic() - thinking
        Game.objects.filter(pk=game_id).update(bot_seconds=F("bot_seconds") + spent)
        try:
            answer = move_submit(
                game_id=game_id,
                seat=seat,
                expected_version=game.version,
                move=move.to_json(),
                queue_bots=False,
            )
        except VersionConflict:
            continue
        if answer.status != 201:
            raise RuntimeError(f"bot {name} chose a refused move: {answer.body}")
        made += 1
    return Slice(made, more=True)


def seat_autopilot(*, game: Game, seat: int, bot: str | None, caller: str) -> Seat:
    """Let a bot play a person's seat from now on (`bot`), or give the seat back to its person
    (None). The bot plays whenever the seat is to act; the person's token still works, so a move
    they post first is theirs. The replay notes each change at the event it came after.

    The game row is locked while its bot seats change, and every append is conditional on the
    bot seats it queues bots for (event_store.append): a move in another process sees the change
    at once. A game that gets its first bot this way counts as a bot game in the caller's hour."""
    spec = spec_for(game.game)
    problem = bot is not None and bot_options_problem(spec, bot, {})
    if problem:
        raise InvalidBotOptions(problem)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status != Game.Status.ACTIVE:
            raise GameFinished("This game is over: nobody plays its seats any more.")
        row = Seat.objects.select_for_update().get(game=locked, index=seat)
        was = row.autopilot or None
        if was == bot:
            return row  # already so: nothing changes and nothing is noted
        changes = Annotation.objects.filter(
            game=locked, source=Annotation.Source.TABLE, data__seat=seat
        ).count()
        if changes >= settings.GOTHAM_AUTOPILOT_CHANGES_PER_SEAT:
            raise LimitReached(
                f"{row.name}'s seat has changed hands the"
                f" {settings.GOTHAM_AUTOPILOT_CHANGES_PER_SEAT} times a seat may in a game."
            )
        if bot is not None and not locked.bot_seats:
            _bot_game_allowed(caller, counted=None)
        row.autopilot = bot or ""
        row.save(update_fields=["autopilot"])
        others = set(locked.bot_seats) - {seat}
        locked.bot_seats = sorted(others | {seat}) if bot else sorted(others)
        locked.save(update_fields=["bot_seats"])
        Annotation.objects.create(
            game=locked,
            seq=max(1, locked.version),
            source=Annotation.Source.TABLE,
            author=row.name,
            text=_autopilot_words(row.name, bot, was),
            data={"seat": seat, "bot": bot, "was": was},
        )
        game_facts.forget(locked.pk)
        _queue_bots_if_needed(locked)
    return row


def _autopilot_words(name: str, bot: str | None, was: str | None) -> str:
    """The replay's note of a seat changing hands ("Ann lets a bot (medium) play for her")."""
    if bot is None:
        return f"{name} plays their seat again; the bot ({BOT_LEVELS.get(was or '', was)}) stops."
    level = BOT_LEVELS[bot]
    if was is None:
        return f"{name} lets a bot ({level}) play their seat from here."
    return f"{name} lets a bot ({level}) play their seat from here, instead of the {was} one."


def annotation_add(*, game: Game, seq: int, text: str, author: str) -> Annotation:
    """A person's comment on one event of a game; `author` is the seat's (or user's) name.
    Each author may leave GOTHAM_ANNOTATIONS_PER_AUTHOR on a game, and a game holds at most
    GOTHAM_ANNOTATIONS_PER_GAME (a replay carries every comment to every reader)."""
    if not 1 <= seq <= game.version:
        raise InvalidRequest(f"seq must be between 1 and {game.version}.")
    people = Annotation.objects.filter(game=game, source=Annotation.Source.PERSON)
    mine, everyone = settings.GOTHAM_ANNOTATIONS_PER_AUTHOR, settings.GOTHAM_ANNOTATIONS_PER_GAME
    with transaction.atomic():  # counted and added under the game's lock: parallel posts wait
        Game.objects.select_for_update().filter(pk=game.pk).first()
        if people.filter(author=author).count() >= mine:
            raise LimitReached(
                f"{author} has left the {mine} comments one author may leave on a game."
            )
        if people.count() >= everyone:
            raise LimitReached(f"This game holds the {everyone} comments a game may hold.")
        return Annotation.objects.create(
            game=game, seq=seq, source=Annotation.Source.PERSON, author=author, text=text
        )


ANALYSIS_STALE_SECONDS = 300  # a queued or running analysis with no progress this long is dead


def _analysis_live(analysis: Analysis) -> bool:
    """Whether an analysis is queued or running on a worker that is still making progress."""
    if analysis.status not in (Analysis.Status.QUEUED, Analysis.Status.RUNNING):
        return False
    idle = (timezone.now() - analysis.updated_at).total_seconds()
    return idle < ANALYSIS_STALE_SECONDS


def analysis_request(*, game: Game, iterations: int, seconds: float, caller: str) -> bool:
    """Start the analysis of a game on a worker, once per game and settings at a time; whether
    one was started (False: the same analysis was already queued, running or done).

    A request with the settings of the analysis that is queued, running, or done at the game's
    current version gets that one back (unless an earlier analysis version made it: its notes
    are made again); other settings while one runs are refused. Each start
    counts against the caller's hourly limit. The annotations are replaced when it runs.
    """
    from api.tasks import analyze_game

    wanted: dict[str, JSON] = {"iterations": iterations, "seconds": seconds}
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game.pk).first()  # one request at a time
        current = Analysis.objects.filter(game=game).first()
        if current is not None and _analysis_live(current):
            if current.settings == wanted:
                return False
            raise AnalysisRunning(
                "An analysis of this game with other settings is under way; wait for it.",
                extra={"settings": current.settings},
            )
        if (
            current is not None
            and current.status == Analysis.Status.DONE
            and current.settings == wanted
            and current.version == game.version
            and current.made_by == ANALYSIS_VERSION  # an earlier analysis's notes are redone
        ):
            return False
        limit = settings.GOTHAM_ANALYSIS_STARTS_PER_HOUR
        _within_hour("analysis", caller, limit, ("analysis", "analyses"), "started")
        analysis = analysis_begin(game=game, iterations=iterations, seconds=seconds)
        enqueue_after_commit(analyze_game, analysis.pk)
    return True


def analysis_begin(*, game: Game, iterations: int, seconds: float) -> Analysis:
    """The game's analysis made anew, queued with these settings at the game's current version:
    nothing done, no worker time spent, made by today's analysis (ANALYSIS_VERSION)."""
    analysis, _ = Analysis.objects.update_or_create(
        game=game,
        defaults={
            "status": Analysis.Status.QUEUED,
            "done": 0,
            "total": Event.objects.filter(game=game, move__isnull=False).count(),
            "version": game.version,
            "settings": {"iterations": iterations, "seconds": seconds},
            "spent_seconds": 0.0,
            "error": "",
            "made_by": ANALYSIS_VERSION,
        },
    )
    return analysis


def _failure_text(error: Exception) -> str:
    """What an analysis that failed says about it (no internals: the worker's log has those)."""
    if type(error).__name__ == "SoftTimeLimitExceeded":
        return f"Stopped: one run went past its limit of {settings.GOTHAM_TASK_SOFT_TIME_LIMIT} s."
    logger.exception("analysis failed")
    return "The analysis failed on our side."


def _analysis_update(analysis_id: int, **fields: Any) -> None:
    """Update an analysis row and its `updated_at` (the sign that its worker is alive)."""
    Analysis.objects.filter(pk=analysis_id).update(updated_at=timezone.now(), **fields)


def _analysis_budget(analysis: Analysis, spec: GameSpec[Any], decisions: int) -> MctsSettings:
    """The search budget per decision: the settings asked for, within the limits, and short
    enough that every decision's search together takes at most half the analysis's total."""
    budget = MctsSettings.from_options(analysis.settings, spec)
    share = settings.GOTHAM_ANALYSIS_MAX_SECONDS / max(1, 2 * decisions)
    return replace(budget, seconds=min(budget.seconds, max(0.01, share)))


def game_analyze(*, analysis_id: int, seconds: float | None = None) -> Slice:
    """Walk the decisions of the log: evaluation per seat, the preferred move, lost value.

    Works from where the analysis stands (`done`) for at most `seconds`; each decision's
    annotation is replaced, so a run cut short by a crash is simply run again. The worker time
    of all its runs together is held to GOTHAM_ANALYSIS_MAX_SECONDS: past it, the analysis
    stops as failed, keeping the decisions judged so far.
    """
    analysis = Analysis.objects.select_related("game").get(pk=analysis_id)
    game = analysis.game
    spec = get_game(game.game)
    decisions = list(
        Event.objects.filter(game=game, move__isnull=False, seq__lte=analysis.version)
        .order_by("seq")
        .values_list("seq", "move")
    )
    if analysis.done == 0:
        Annotation.objects.filter(game=game, source=Annotation.Source.ANALYSIS).delete()
    _analysis_update(analysis_id, status=Analysis.Status.RUNNING, total=len(decisions))
    budget = _analysis_budget(analysis, spec, len(decisions))
    limit = settings.GOTHAM_ANALYSIS_MAX_SECONDS
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    done, spent = analysis.done, analysis.spent_seconds
    try:
        for seq, move in decisions[done:]:
            now = time.monotonic()
            if spent + (now - started) > limit:
                _analysis_update(
                    analysis_id,
                    status=Analysis.Status.FAILED,
                    spent_seconds=spent + now - started,
                    error=f"Stopped at the limit of {limit} s of worker time, after {done} of "
                    f"{len(decisions)} decisions.",
                )
                return Slice(done - analysis.done, more=False)
            if deadline is not None and now > deadline:
                _analysis_update(analysis_id, spent_seconds=spent + now - started)
                return Slice(done - analysis.done, more=True)
            assert isinstance(move, dict)
            judged = _judge(
                spec,
                event_store.load_state(game, spec, seq - 1),
                move,
                bot_rng(game.seed, seq, -1),
                budget,
                game.players,
            )
            with transaction.atomic():
                Annotation.objects.filter(
                    game=game, seq=seq, source=Annotation.Source.ANALYSIS
                ).delete()
                Annotation.objects.create(
                    game=game, seq=seq, source=Annotation.Source.ANALYSIS, author="mcts", **judged
                )
                done += 1
                _analysis_update(analysis_id, done=done)
    except Exception as error:
        _analysis_update(
            analysis_id,
            status=Analysis.Status.FAILED,
            spent_seconds=spent + time.monotonic() - started,
            error=_failure_text(error),
        )
        raise
    _analysis_update(
        analysis_id,
        status=Analysis.Status.DONE,
        spent_seconds=spent + time.monotonic() - started,
    )
    return Slice(done - analysis.done, more=False)


def _points(value: float) -> int:
    """A value from 0 to 1 (a seat's expected result) as the percentage players read."""
    return round(value * 100)


def _point_bounds(low: float, high: float) -> tuple[int, int]:
    """An interval of values as percentage points, rounded outward ((9, 11) for 0.097 to
    0.101): a bound never reads past the figure the grade was judged on."""
    return math.floor(round(low * 100, 6)), math.ceil(round(high * 100, 6))


def _judge(
    spec: GameSpec[Any],
    state: Any,
    move: dict[str, JSON],
    rng: random.Random,
    budget: MctsSettings,
    seats: int,
) -> dict[str, Any]:
    """The analysing bot's view of one decision, as an annotation's text and data."""
    seat = int(move["seat"])  # type: ignore[arg-type]
    played = Move.from_json({k: v for k, v in move.items() if k != "seat"})
    verdict = judge(spec, state, seat, played, rng, budget, seats)
    roles = spec.seat_names(state)
    who = capitalized(roles[seat]) if seat < len(roles) else f"Seat {seat}"
    text = (
        f"{who} played: {spec.describe_move(state, seat, played)} "
        f"(winning chances {_points(verdict.played_value)}%)."
    )
    low, high = _point_bounds(verdict.lost_low, verdict.lost_high)
    between = f"{low} to {high}"
    # another move's edge that rounds to no whole point (as every move of a decided game) is no
    # preference worth reading, though the data still names the move found better
    even = verdict.grade == GOOD and _points(verdict.preferred_value) == _points(
        verdict.played_value
    )
    agrees = verdict.preferred == played or even
    if verdict.preferred == played:
        text += " The analysis agrees."
    elif even:
        text += " The analysis agrees: no other move does better by a whole point."
    else:
        preferred = spec.describe_move(state, seat, verdict.preferred)
        text += f" The analysis prefers: {preferred} ({_points(verdict.preferred_value)}%)."
        if verdict.grade == GOOD:
            text += f" The difference is small: {between} points of winning chances."
    if verdict.grade == CLOSE:
        text += f" Too close to call: {between} points of winning chances lost."
    elif verdict.grade != GOOD:  # the loss's interval (about 95%) said in words
        text += (
            f" {verdict.grade.capitalize()}: {_points(verdict.lost)} points of winning chances "
            f"lost (between {low} and {high} points, about 95% sure)."
        )
    return {
        "text": text,
        "data": {
            "seat": seat,
            "evaluation": {str(s): round(v, 3) for s, v in verdict.evaluation.items()},
            "preferred": verdict.preferred.to_json(),
            "agrees": agrees,  # as the text tells it: the board marks no other move then
            "preferred_value": round(verdict.preferred_value, 3),
            "played": played.to_json(),
            "played_value": round(verdict.played_value, 3),
            "lost": round(verdict.lost, 3),
            "lost_interval": [round(verdict.lost_low, 3), round(verdict.lost_high, 3)],
            "grade": verdict.grade,
            "samples": verdict.samples,
            "mark": verdict.marked,
            "mark_at": verdict.mark_at,
            "iterations": verdict.iterations,
        },
    }
