"""Bots at the table: their turns played on a worker, and a person's seat handed to a bot and back.

A game's bots think within its time (GOTHAM_BOT_SECONDS_PER_GAME), make at most the game's
longest length (`GameInfo.longest_game` moves) in a row without a person moving, and submit
their moves as people do (services.move_submit), so a bot move is appended at most once.
"""

from __future__ import annotations

import datetime
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from api import event_store, game_facts
from api.errors import ApiError, LimitReached, VersionConflict
from api.game_services import InvalidBotOptions, spec_for
from api.hourly_limits import bot_game_allowed
from api.models import Annotation, Event, Game, Seat
from api.queueing import Slice, enqueue_after_commit
from api.services import move_submit, owed_steps_take, queue_bots_if_needed
from rules_core.bots import choose_move
from rules_core.bots.registry import BOT_LEVELS, bot_options_problem
from rules_core.engine import get_game
from rules_core.engine.randomness import bot_rng


class GameFinished(ApiError):
    status_code = 409
    error = "game_finished"


SPENT_BOT = "greedy"  # how a game's bots play once its GOTHAM_BOT_SECONDS_PER_GAME is spent


def bots_play(*, game_id: int, seconds: float | None = None) -> Slice:
    """Make bot moves while a bot seat is to act, for at most `seconds` (None: no limit), and
    take the steps the game owes itself at a head that names nobody (`owed_steps_take`).

    The thinking time of a game's bots is added up on the game; once it reaches
    GOTHAM_BOT_SECONDS_PER_GAME its bots play one move ahead (SPENT_BOT) to the end, so the
    worker time of a game (whatever its bots' options) is bounded by that plus its length.

    Bots make at most `longest_game` moves (the catalog's `info`: every game of the reference
    content ends well within it) since a person last moved (`bot_moves_in_a_row`): a content
    pack within its limits may still keep a game from ending for long (a Gotham Race whose
    cards all send a figure back to the start but one moving it back a space), and a game of
    bots alone would then play on the workers for ever. A person's move starts the count again,
    so a long game between people and bots never leaves a bot seat standing still.

    Safe to run twice or to retry after a crash: each move is submitted with the version it was
    chosen at, so a move is appended at most once and a stale one is simply re-chosen.
    """
    made = 0
    moves: int | None = None  # the game's moves, counted once a run and then as bots make them
    deadline = None if seconds is None else time.monotonic() + seconds
    while deadline is None or time.monotonic() < deadline:
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE:
            return Slice(made, more=False)
        spec = get_game(game.game)
        state = event_store.load_state(game, spec)
        if not spec.to_act(state):  # a head that names nobody: the game's own step, if owed
            if owed_steps_take(game_id=game_id):
                continue
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
        if moves is None:
            moves = bot_moves_in_a_row(game)
        if moves >= spec.info.longest_game:
            return Slice(made, more=False)
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
        moves += 1
    return Slice(made, more=True)


def bot_moves_in_a_row(game: Game) -> int:
    """The moves at the end of a game's log made since a person last moved: by seats bots play
    (a bot's seat, or a person's handed to the autopilot; its owner's earlier moves count too)
    or by nobody (a step the game owes itself). A game without people counts all its moves."""
    machine = Seat.objects.filter(game=game).exclude(bot="", autopilot="").values("index")
    moves = Event.objects.filter(game=game, move__isnull=False)
    last_persons = (
        moves.exclude(seat__in=machine)
        .exclude(seat__isnull=True)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return (moves if last_persons is None else moves.filter(seq__gt=last_persons)).count()


def bots_stalled(game: Game, quiet: float | None = None) -> bool:
    """Whether a game still on waits for its workers (a bot seat is to act, or nobody is named
    and the game may owe a step of its own) while nothing has been appended for `quiet` seconds
    (None: GOTHAM_BOTS_STALLED_SECONDS, longer than a live task can go without appending, so its
    task was lost: a broker restarted without its queue, a server stopped in the middle of a
    turn)."""
    if game.status != Game.Status.ACTIVE:
        return False
    waiting = set(game.to_act)
    if waiting and not waiting & set(game.bot_seats):
        return False
    idle = (timezone.now() - game.updated_at).total_seconds()
    return idle >= (settings.GOTHAM_BOTS_STALLED_SECONDS if quiet is None else quiet)


def bots_resume_if_stalled(game: Game, quiet: float | None = None) -> bool:
    """Hand a stalled game (bots_stalled) to the workers again; whether it was. At most once a
    game per GOTHAM_BOTS_STALLED_SECONDS, across processes (the cache), so the readers of a
    stalled game queue one task between them; but a game quiet for less than that (`quiet`
    given: a worker starting, whose broker may have just lost every task) is queued whatever
    the cache says. A second task beside a live one is harmless: bots_play appends each move at
    most once."""
    if not bots_stalled(game, quiet):
        return False
    key = f"bots-resumed:{game.pk}"
    if not cache.add(key, 1, timeout=settings.GOTHAM_BOTS_STALLED_SECONDS) and quiet is None:
        return False
    from api.tasks import play_bots

    enqueue_after_commit(play_bots, game.pk)
    return True


def bots_resume_stalled(quiet: float | None = None) -> int:
    """bots_resume_if_stalled for every game still on that has waited `quiet` seconds (None:
    GOTHAM_BOTS_STALLED_SECONDS): how many were handed to the workers (`manage.py resume_bots`
    after the broker lost its queue; a worker starting, with 0)."""
    wait = settings.GOTHAM_BOTS_STALLED_SECONDS if quiet is None else quiet
    cutoff = timezone.now() - datetime.timedelta(seconds=wait)
    waiting = Game.objects.filter(status=Game.Status.ACTIVE, updated_at__lte=cutoff)
    return sum(bots_resume_if_stalled(game, quiet) for game in waiting.defer("options").iterator())


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
            bot_game_allowed(caller, counted=None)
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
        queue_bots_if_needed(locked)
    return row


def _autopilot_words(name: str, bot: str | None, was: str | None) -> str:
    """The replay's note of a seat changing hands ("Ann lets a bot (medium) play for her")."""
    if bot is None:
        return f"{name} plays their seat again; the bot ({BOT_LEVELS.get(was or '', was)}) stops."
    level = BOT_LEVELS[bot]
    if was is None:
        return f"{name} lets a bot ({level}) play their seat from here."
    return f"{name} lets a bot ({level}) play their seat from here, instead of the {was} one."
