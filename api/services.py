"""Writes: creating games, submitting moves (people and bots), with the log's guarantees.

Each service takes keyword arguments, runs in one transaction holding the game's row lock, and
queues follow-up work (bot turns) only after commit.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from api import event_store
from api.errors import ApiError, IdempotencyMismatch, NotFoundError, VersionConflict
from api.models import Game, IdempotencyRecord, Seat
from api.selectors import citation_json, event_view
from api.tokens import hash_token, new_token
from rules_core.bots import BOTS, choose_move
from rules_core.engine import GameSpec, Move, Rejection, get_game, to_json
from rules_core.engine.randomness import bot_rng, move_rng, setup_rng
from rules_core.engine.types import JSON


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One seat asked for at creation: a person's name or a bot's name."""

    name: str = ""
    bot: str = ""


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


def spec_for(slug: str) -> GameSpec[Any]:
    """The registered game for a slug, or a 404-style error."""
    try:
        return get_game(slug)
    except KeyError:
        raise NotFoundError(f"No game called {slug!r}; see /api/catalog/.") from None


def game_create(
    *, slug: str, players: Sequence[PlayerSpec], seed: int | None, options: Mapping[str, JSON]
) -> CreatedGame:
    """Create a game, seat its players and bots, and append its opening events."""
    spec = spec_for(slug)
    for player in players:
        if player.bot and player.bot not in BOTS:
            raise ApiError(f"Unknown bot {player.bot!r}; bots: {', '.join(sorted(BOTS))}.")
    rejection = spec.validate_options(len(players), options)
    if rejection is not None:
        raise RuleRejected(
            rejection.message,
            extra={"code": rejection.code, "citations": citations_json(rejection.citations)},
        )
    seed = secrets.randbits(62) if seed is None else seed
    events = spec.setup(len(players), options, setup_rng(seed))
    tokens: list[str | None] = []
    with transaction.atomic():
        game = Game.objects.create(
            game=slug,
            players=len(players),
            options=dict(options),
            seed=seed,
            bot_seats=[i for i, p in enumerate(players) if p.bot],
        )
        seats = []
        for index, player in enumerate(players):
            token = None if player.bot else new_token()
            tokens.append(token)
            seats.append(
                Seat(
                    game=game,
                    index=index,
                    name=player.name
                    or (f"{player.bot} bot" if player.bot else f"Player {index + 1}"),
                    bot=player.bot,
                    token_hash=hash_token(token) if token else "",
                )
            )
        Seat.objects.bulk_create(seats)
        _append_and_update(game, spec, spec.initial_state(), events)
        _queue_bots_if_needed(game)
    return CreatedGame(game, tuple(tokens))


def _append_and_update(
    game: Game, spec: GameSpec[Any], state: Any, events: Sequence[Any]
) -> tuple[event_store.Appended, Any]:
    """Append events and bring the game row's cached head (version, status, to_act) up to date."""
    appended, after = event_store.append(game, spec, state, events)
    outcome = spec.outcome(after)
    game.version = appended.version
    game.head_hash = appended.head_hash
    game.state = to_json(after)
    game.to_act = sorted(spec.to_act(after))
    game.outcome = None if outcome is None else outcome.to_json()
    game.status = Game.Status.ACTIVE if outcome is None else Game.Status.FINISHED
    game.save(
        update_fields=["version", "head_hash", "state", "to_act", "outcome", "status", "updated_at"]
    )
    return appended, after


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
    """
    parsed = Move.from_json(move)
    request_hash = _request_hash(seat, expected_version, move)
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if idempotency_key:
                record = IdempotencyRecord.objects.filter(
                    game=game, seat=seat, key=idempotency_key
                ).first()
                if record is not None:
                    if record.request_hash != request_hash:
                        raise IdempotencyMismatch(
                            "This Idempotency-Key was used for a different request."
                        )
                    return MoveAnswer(record.status_code, record.body)
            if expected_version != game.version:
                raise VersionConflict(
                    f"The game is at version {game.version}, not {expected_version}.",
                    extra={"current_version": game.version},
                )
            spec = get_game(game.game)
            state = event_store.load_state(game, spec)
            result = spec.decide(state, seat, parsed, move_rng(game.seed, game.version))
            if isinstance(result, Rejection):
                answer = MoveAnswer(422, rejection_json(result))
            else:
                appended, after = _append_and_update(game, spec, state, result)
                finished = spec.outcome(after) is not None
                events: list[JSON] = [
                    event_view(spec, seq, event, seat, finished) for seq, event in appended.events
                ]
                answer = MoveAnswer(201, {"version": appended.version, "events": events})
                if queue_bots:
                    _queue_bots_if_needed(game)
            if idempotency_key:
                IdempotencyRecord.objects.create(
                    game=game,
                    seat=seat,
                    key=idempotency_key,
                    request_hash=request_hash,
                    status_code=answer.status,
                    body=answer.body,
                )
            return answer
    except IntegrityError:
        current = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
        raise VersionConflict(
            "Another move was appended at the same time.",
            extra={"current_version": current},
        ) from None


def rejection_json(rejection: Rejection) -> dict[str, JSON]:
    return {
        "error": "illegal_move",
        "code": rejection.code,
        "message": rejection.message,
        "citations": citations_json(rejection.citations),
    }


def _queue_bots_if_needed(game: Game) -> None:
    """After commit, hand the game to a worker when a bot seat is to act."""
    if set(game.bot_seats) & set(game.to_act):
        from api.tasks import play_bots

        game_id = game.pk
        transaction.on_commit(lambda: play_bots.delay(game_id))


MAX_BOT_MOVES_PER_TASK = 10_000


def bots_play(*, game_id: int) -> int:
    """Make bot moves while a bot seat is to act; returns how many moves were made.

    Safe to run twice or to retry after a crash: each move is submitted with the version it was
    chosen at, so a move is appended at most once and a stale one is simply re-chosen.
    """
    made = 0
    while made < MAX_BOT_MOVES_PER_TASK:
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE:
            return made
        bots = dict(
            Seat.objects.filter(game=game, index__in=game.to_act)
            .exclude(bot="")
            .values_list("index", "bot")
        )
        if not bots:
            return made
        seat = min(bots)
        spec = get_game(game.game)
        state = event_store.load_state(game, spec)
        move = choose_move(bots[seat], spec, state, seat, bot_rng(game.seed, game.version, seat))
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
            raise RuntimeError(f"bot {bots[seat]} chose a refused move: {answer.body}")
        made += 1
    return made
