"""Writes: creating games, submitting moves (people and bots), with the log's guarantees.

Each service takes keyword arguments, runs in one transaction holding the game's row lock, and
queues follow-up work (bot turns) only after commit.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from api import event_store, live
from api.errors import ApiError, IdempotencyMismatch, NotFoundError, VersionConflict
from api.models import Analysis, Annotation, Event, Game, IdempotencyRecord, Seat
from api.queueing import enqueue_after_commit
from api.selectors import citation_json, event_view
from api.tokens import hash_token, new_token
from rules_core.bots import BOTS, bot_options, choose_move
from rules_core.bots.analysis import judge
from rules_core.bots.mcts import MctsSettings
from rules_core.engine import GameSpec, Move, Rejection, get_game, to_json
from rules_core.engine.randomness import bot_rng, move_rng, setup_rng
from rules_core.engine.types import JSON


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
        unknown = set(player.bot_options) - set(bot_options(spec).get(player.bot, {}))
        if unknown or (player.bot_options and not player.bot):
            raise ApiError(f"Bot options {sorted(unknown or player.bot_options)} are not known.")
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
                    bot_options=dict(player.bot_options),
                    token_hash=hash_token(token) if token else "",
                )
            )
        Seat.objects.bulk_create(seats)
        _append_and_update(game, spec, spec.initial_state(), events)
        _queue_bots_if_needed(game)
    return CreatedGame(game, tuple(tokens))


def _append_and_update(
    game: Game,
    spec: GameSpec[Any],
    state: Any,
    events: Sequence[Any],
    move: dict[str, JSON] | None = None,
) -> tuple[event_store.Appended, Any]:
    """Append events and bring the game row's cached head (version, status, to_act) up to date."""
    appended, after = event_store.append(game, spec, state, events, move)
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
    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: live.publish(game_id, version))
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
                appended, after = _append_and_update(
                    game, spec, state, result, {"seat": seat, **parsed.to_json()}
                )
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

        enqueue_after_commit(play_bots, game.pk)


@dataclass(frozen=True, slots=True)
class Slice:
    """What one time-boxed run of a long job did, and whether it has more to do."""

    done: int
    more: bool


def bots_play(*, game_id: int, seconds: float | None = None) -> Slice:
    """Make bot moves while a bot seat is to act, for at most `seconds` (None: no limit).

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
            index: (bot, options)
            for index, bot, options in Seat.objects.filter(game=game, index__in=game.to_act)
            .exclude(bot="")
            .values_list("index", "bot", "bot_options")
        }
        if not bots:
            return Slice(made, more=False)
        seat = min(bots)
        name, options = bots[seat]
        spec = get_game(game.game)
        state = event_store.load_state(game, spec)
        if settings.GOTHAM_BOT_DELAY_SECONDS:
            time.sleep(settings.GOTHAM_BOT_DELAY_SECONDS)
        rng = bot_rng(game.seed, game.version, seat)
        move = choose_move(name, spec, state, seat, rng, options)
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


def annotation_add(*, game: Game, seq: int, text: str, author: str) -> Annotation:
    """A person's comment on one event of a game."""
    if not 1 <= seq <= game.version:
        raise ApiError(f"seq must be between 1 and {game.version}.")
    return Annotation.objects.create(
        game=game, seq=seq, source=Annotation.Source.PERSON, author=author, text=text
    )


def analysis_request(*, game: Game, iterations: int, seconds: float) -> Analysis:
    """(Re)start the analysis of a game on a worker; its annotations are replaced when it runs."""
    from api.tasks import analyze_game

    with transaction.atomic():
        analysis, _ = Analysis.objects.update_or_create(
            game=game,
            defaults={
                "status": Analysis.Status.QUEUED,
                "done": 0,
                "total": Event.objects.filter(game=game, move__isnull=False).count(),
                "version": game.version,
                "settings": {"iterations": iterations, "seconds": seconds},
                "error": "",
            },
        )
        enqueue_after_commit(analyze_game, analysis.pk)
    return analysis


def game_analyze(*, analysis_id: int, seconds: float | None = None) -> Slice:
    """Walk the decisions of the log: evaluation per seat, the preferred move, lost value.

    Works from where the analysis stands (`done`) for at most `seconds`; each decision's
    annotation is replaced, so a run cut short by a crash is simply run again.
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
    Analysis.objects.filter(pk=analysis_id).update(
        status=Analysis.Status.RUNNING, total=len(decisions)
    )
    budget = MctsSettings.from_options(analysis.settings, spec)
    deadline = None if seconds is None else time.monotonic() + seconds
    done = analysis.done
    try:
        for seq, move in decisions[done:]:
            if deadline is not None and time.monotonic() > deadline:
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
                Analysis.objects.filter(pk=analysis_id).update(done=done)
    except Exception as error:
        Analysis.objects.filter(pk=analysis_id).update(
            status=Analysis.Status.FAILED, error=str(error)
        )
        raise
    Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.DONE)
    return Slice(done - analysis.done, more=False)


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
    text = (
        f"Seat {seat}: the bot prefers {verdict.preferred.to_json()} "
        f"({verdict.preferred_value:.2f}); played {played.to_json()} "
        f"({verdict.played_value:.2f})" + (": lost value." if verdict.marked else ".")
    )
    return {
        "text": text,
        "data": {
            "seat": seat,
            "evaluation": {str(s): round(v, 3) for s, v in verdict.evaluation.items()},
            "preferred": verdict.preferred.to_json(),
            "preferred_value": round(verdict.preferred_value, 3),
            "played": played.to_json(),
            "played_value": round(verdict.played_value, 3),
            "lost": round(verdict.lost, 3),
            "mark": verdict.marked,
            "mark_at": verdict.mark_at,
            "iterations": verdict.iterations,
        },
    }
