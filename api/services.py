"""A move's way into the log, a person's or a bot's: the rules decide, the append keeps the log's
guarantees.

Each service takes keyword arguments and queues follow-up work (bot turns) only after commit (as
every service that changes who is to act does, through queue_bots_if_due). A move holds no lock
while the rules decide: its append is conditional on the head it was decided on
(event_store.append); a retry with the same Idempotency-Key gets the first answer again.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from api import event_store, game_facts, live
from api.errors import IdempotencyMismatch, NotFoundError, VersionConflict
from api.models import Game, IdempotencyRecord
from api.queueing import enqueue_after_commit
from api.selectors import citation_json, event_view
from rules_core.engine import GameSpec, Move, Rejection, get_game
from rules_core.engine.randomness import move_rng
from rules_core.engine.types import JSON


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    """The HTTP status and body of a move submission (what a retry with the same key gets)."""

    status: int
    body: dict[str, JSON]


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


def _request_hash(seat: int, expected_version: int, move: Mapping[str, JSON]) -> str:
    body = event_store.canonical(
        {"seat": seat, "expected_version": expected_version, "move": dict(move)}
    )
    return hashlib.sha256(body.encode()).hexdigest()


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
        if queue_bots and _names_nobody(spec, head.state):
            # a head stored under earlier rules that owes a step: the task takes it
            queue_bots_if_due(facts.id, (), (), active=True)
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
    published_after_commit(facts.id, columns.version)
    if queue_bots:
        active = columns.status == Game.Status.ACTIVE
        queue_bots_if_due(facts.id, facts.bot_seats, columns.to_act, active=active)
    return answer


def _names_nobody(spec: GameSpec[Any], state: Any) -> bool:
    """Whether a game not over names nobody to act at `state` (a head of today's rules never
    does: one of earlier rules may owe a step of the game's own there, `owed_steps_take`)."""
    return spec.outcome(state) is None and not spec.to_act(state)


def _still_at(facts: game_facts.GameFacts, head: event_store.Head) -> bool:
    """Whether the game is still at `head` (what a refusal decided on a cached head needs to
    know; an append checks the same in its own statement)."""
    return Game.objects.filter(
        pk=facts.id, version=head.version, head_hash=head.head_hash, seed=facts.seed
    ).exists()


def _current_version(game_id: int) -> int | None:
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


# refused moves' answers kept per seat of a game, the last ones: a refusal appends nothing, so a
# retry whose answer was forgotten is decided again, on the same version the same refusal (a
# later version makes its expected_version stale: a 409), and keys a caller invents cost rows
REFUSALS_KEPT = 100


def _refusal_kept(game_id: int, request: _MoveRequest, answer: MoveAnswer) -> MoveAnswer | None:
    """A 422 answer, stored under the request's Idempotency-Key (None: the key was taken); the
    seat's refusals in this game past the last REFUSALS_KEPT are forgotten."""
    if not request.key:
        return answer
    refusals = IdempotencyRecord.objects.filter(
        game_id=game_id, seat=request.seat, status_code=answer.status
    )
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
            older = refusals.order_by("-id").values_list("id", flat=True)[REFUSALS_KEPT:]
            IdempotencyRecord.objects.filter(id__in=list(older)).delete()
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


def citations_json(citations: Sequence[Any]) -> list[JSON]:
    """Citations with the section's label, title and URL, as the API shows them."""
    return [citation_json(c.book, c.section) for c in citations]


def published_after_commit(game_id: int, version: int) -> None:
    """Wake the game's live streams at `version` once the transaction commits."""
    transaction.on_commit(lambda: live.publish(game_id, version))


def queue_bots_if_needed(game: Game) -> None:
    """queue_bots_if_due for a game row: its bot seats, the seats to act, whether it is on."""
    queue_bots_if_due(
        game.pk, game.bot_seats, game.to_act, active=game.status == Game.Status.ACTIVE
    )


def queue_bots_if_due(
    game_id: int, bot_seats: Iterable[int], to_act: Iterable[int], *, active: bool
) -> None:
    """After commit, hand the game to a worker when a bot seat is to act, or when a game still
    on names nobody to act (its head may owe a step of the game's own: `owed_steps_take`)."""
    waiting = set(to_act)
    if set(bot_seats) & waiting or (active and not waiting):
        from api.tasks import play_bots

        enqueue_after_commit(play_bots, game_id)


def owed_rng(game: Game, version: int) -> random.Random:
    """The randomness of the step the game owes at `version`: a move's there, by the seed that
    decides what follows `version` (log_check decides the step again with it)."""
    return move_rng(game.seed_for(version + 1), version)


def owed_steps_take(*, game_id: int) -> int:
    """Take the steps the game owes at its head, by nobody (GameSpec.owed: a head stored under
    earlier rules where today's rules take a step of the game's own within the move that leads
    there), and return how many events that appended: none for a game over, one whose head
    names a seat to act, or one that owes nothing (every head of today's rules). The append is
    conditional on the head the step was decided on, as a move's is; what the new head is due
    is the caller's to start (the bots' task plays on itself, a fork queues its bots after)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None:
        return 0
    spec = get_game(game.game)
    key = event_store.key_of(game)
    head = event_store.read_head(key, spec)
    if head is None or not _names_nobody(spec, head.state):
        return 0
    events = spec.owed(head.state, owed_rng(game, head.version))
    if not events:
        return 0
    appended = event_store.extend(spec, head, events)
    columns = event_store.append(key, spec, head, appended, bot_seats=game.bot_seats)
    if columns is None:
        return 0  # another append moved the head first: what it owes is decided there
    published_after_commit(game_id, columns.version)
    return len(events)
