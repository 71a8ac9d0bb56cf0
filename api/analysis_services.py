"""Analyses: asked for once per game and settings, run on a worker in time-boxed slices, each
decision of the log judged by the analysing bot into an annotation (`_judge`)."""

from __future__ import annotations

import datetime
import logging
import math
import random
import time
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api import event_store
from api.errors import ApiError
from api.hourly_limits import within_hour
from api.limits import ANALYSIS_ITERATIONS, ANALYSIS_SECONDS
from api.log_check import redecided, unfollowable
from api.models import Analysis, Annotation, Event, Game
from api.queueing import Slice, enqueue_after_commit
from rules_core.bots.analysis import CLOSE, GOOD, analysis_version, judge
from rules_core.bots.mcts import MctsSettings
from rules_core.engine import GameSpec, Move, Rejection, get_game
from rules_core.engine.randomness import bot_rng, move_rng
from rules_core.engine.types import JSON
from rules_core.engine.wording import capitalized

logger = logging.getLogger(__name__)


class NothingToAnalyse(ApiError):
    error = "nothing_to_analyse"


class AnalysisRunning(ApiError):
    """An analysis of the game with other settings is queued or running."""

    status_code = 409
    error = "analysis_running"


class NotAnalysable(ApiError):
    """A game of earlier rules whose first move today's rules refuse: nothing could be judged."""

    status_code = 422
    error = "not_analysable"


ANALYSIS_STALE_SECONDS = 300  # a queued or running analysis with no progress this long is dead


def _analysis_live(analysis: Analysis) -> bool:
    """Whether an analysis is queued or running on a worker that is still making progress."""
    if analysis.status not in (Analysis.Status.QUEUED, Analysis.Status.RUNNING):
        return False
    idle = (timezone.now() - analysis.updated_at).total_seconds()
    return idle < ANALYSIS_STALE_SECONDS


def analysis_resume_if_stalled(*, analysis: Analysis | None) -> bool:
    """Hand a game's analysis (if it has one) to the workers again if it stalled
    (`_analysis_resume`)."""
    return analysis is not None and _analysis_resume(analysis)


def _analysis_resume(analysis: Analysis) -> bool:
    """Hand an analysis that has made no progress for ANALYSIS_STALE_SECONDS to the workers
    again; whether it was. Its task was lost (the broker restarted without its queue, say), so
    it showed as queued or running for good; it goes on from the decisions already judged.
    Of the readers that find it stalled at once, one queues it: each moves its `updated_at` on
    only from the value it read."""
    if analysis.status not in (Analysis.Status.QUEUED, Analysis.Status.RUNNING):
        return False
    if _analysis_live(analysis):
        return False
    moved_on = Analysis.objects.filter(pk=analysis.pk, updated_at=analysis.updated_at).update(
        updated_at=timezone.now()
    )
    if not moved_on:
        return False
    from api.tasks import analyze_game

    enqueue_after_commit(analyze_game, analysis.pk)
    return True


def analyses_resume_stalled() -> int:
    """Hand every stalled analysis to the workers again (a worker starting): how many."""
    cutoff = timezone.now() - datetime.timedelta(seconds=ANALYSIS_STALE_SECONDS)
    waiting = Analysis.objects.filter(
        status__in=(Analysis.Status.QUEUED, Analysis.Status.RUNNING), updated_at__lte=cutoff
    )
    return sum(_analysis_resume(analysis) for analysis in waiting.iterator())


def analysis_request(*, game: Game, iterations: int, seconds: float, caller: str) -> bool:
    """Start the analysis of a game on a worker, once per game and settings at a time; whether
    one was started (False: the same analysis was already queued, running or done).

    A request with the settings of the analysis that is queued, running, or done at the game's
    current version gets that one back (unless an earlier analysis version made it: its notes
    are made again); other settings while one runs are refused. Each start
    counts against the caller's hourly limit. The annotations are replaced when it runs.
    """
    from api.tasks import analyze_game

    _refuse_unfollowable(game)
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
            # an analysis an earlier version made (of every game's or of this one's) is redone
            and current.made_by == analysis_version(get_game(game.game))
        ):
            return False
        limit = settings.GOTHAM_ANALYSIS_STARTS_PER_HOUR
        within_hour("analysis", caller, limit, ("analysis", "analyses"), "started")
        analysis = analysis_begin(game=game, iterations=iterations, seconds=seconds)
        enqueue_after_commit(analyze_game, analysis.pk)
    return True


def _refuse_unfollowable(game: Game) -> None:
    """Refuse, before it counts against the hour's analyses, the analysis of a game of earlier
    rules that today's rules cannot follow (log_check.unfollowable): each of its moves would be
    noted "Not judged"."""
    refusal = unfollowable(game)
    if refusal is not None:
        raise NotAnalysable(
            "This game was played under earlier rules, and today's rules refuse its first move "
            f"where it was played, so none of its moves can be judged. {refusal.message}"
        )


def analysis_begin(*, game: Game, iterations: int, seconds: float) -> Analysis:
    """The game's analysis made anew, queued with these settings at the game's current version:
    nothing done, no worker time spent, made by today's analysis of its game (analysis_version)."""
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
            "made_by": analysis_version(get_game(game.game)),
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
    """The search budget per decision: the settings asked for, within the analysis's limits
    (held to them again here, as the search holds a bot's options to the bots' wider ones,
    whatever settings were stored), and short enough that every decision's search together
    takes at most half the analysis's total."""
    budget = MctsSettings.from_options(analysis.settings, spec)
    share = settings.GOTHAM_ANALYSIS_MAX_SECONDS / max(1, 2 * decisions)
    iterations = min(budget.iterations, ANALYSIS_ITERATIONS[1])
    seconds = min(budget.seconds, ANALYSIS_SECONDS[1], max(0.01, share))
    return replace(budget, iterations=iterations, seconds=seconds)


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
                    f"{len(decisions)} moves.",
                )
                return Slice(done - analysis.done, more=False)
            if deadline is not None and now > deadline:
                _analysis_update(analysis_id, spent_seconds=spent + now - started)
                return Slice(done - analysis.done, more=True)
            assert isinstance(move, dict)
            state = event_store.load_state(game, spec, seq - 1)
            judged = _judge(
                spec,
                state,
                _as_offered(spec, state, game, seq, move),
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


def _as_offered(
    spec: GameSpec[Any], state: Any, game: Game, seq: int, move: dict[str, JSON]
) -> dict[str, JSON]:
    """The logged move as the legal moves spell it, so the analysis never weighs a choice
    against its own twin: a move spelled unlike every legal move (a City Strategy take naming
    its two resources in the other order; in a log written before a posted move had to be in an
    offered form, an attack with its weapon left out) is judged as the legal move the rules
    turn into the very events logged after it (as stored where none is, or the rules differ).
    Only legal moves of the logged move's own kind are decided again: a twin is spelled
    otherwise, never another kind of move, and a pack's hundreds of other moves cost nothing."""
    seat = int(move["seat"])  # type: ignore[arg-type]
    played = Move.from_json({k: v for k, v in move.items() if k != "seat"})
    legal = spec.legal_moves(state, seat)
    if played in legal or not redecided(game) or seq < game.decided_from:
        return move
    logged = [event_store.canonical(event_store.stored_record(r)) for r in _move_rows(game, seq)]
    for offered in (m for m in legal if m.type == played.type):
        decided = spec.decide(state, seat, offered, move_rng(game.seed_for(seq), seq - 1))
        if isinstance(decided, Rejection):
            continue
        if [event_store.canonical(event_store.event_record(e)) for e in decided] == logged:
            return {"seat": seat, **offered.to_json()}
    return move


def _move_rows(game: Game, seq: int) -> list[Event]:
    """The rows of the move logged at `seq`: its own, and those after it up to the next move."""
    rows = []
    for row in Event.objects.filter(game=game, seq__gte=seq).order_by("seq").iterator():
        if row.seq > seq and row.move is not None:
            break
        rows.append(row)
    return rows


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
    roles = spec.seat_names(state)
    who = capitalized(roles[seat]) if seat < len(roles) else f"Seat {seat}"
    refusal = spec.decide(state, seat, played, random.Random(0))  # whether, not what
    if isinstance(refusal, Rejection):
        return _unjudged(spec, state, seat, played, who, refusal)
    verdict = judge(spec, state, seat, played, rng, budget, seats)
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
    if verdict.forced:  # nothing to agree with: no choice was made
        text += " It was the only legal move."
    elif verdict.preferred == played:
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
    if verdict.cut_short:
        text += (
            " The analysis ran out of its time on this move and judged it on fewer sampled"
            f" games than usual ({verdict.samples}), so this judgement is less sure."
        )
    return {
        "text": text,
        "data": {
            "seat": seat,
            "evaluation": {str(s): round(v, 3) for s, v in verdict.evaluation.items()},
            "preferred": verdict.preferred.to_json(),
            "agrees": agrees,  # as the text tells it: the board marks no other move then
            "forced": verdict.forced,  # the one legal move: not a decision to sum up
            "preferred_value": round(verdict.preferred_value, 3),
            "played": played.to_json(),
            "played_value": round(verdict.played_value, 3),
            "lost": round(verdict.lost, 3),
            "lost_interval": [round(verdict.lost_low, 3), round(verdict.lost_high, 3)],
            "grade": verdict.grade,
            "samples": verdict.samples,
            "cut_short": verdict.cut_short,  # judged on the samples its time allowed
            "mark": verdict.marked,
            "mark_at": verdict.mark_at,
            "iterations": verdict.iterations,
        },
    }


def _unjudged(
    spec: GameSpec[Any], state: Any, seat: int, played: Move, who: str, refusal: Rejection
) -> dict[str, Any]:
    """The note on a move today's rules refuse where it was played: only a game of an earlier
    rules version holds one (a Chronicles defense its first rules asked for, which the game now
    takes itself). Its moves cannot be weighed against today's, so it is told, not graded: no
    grade, no evaluation, nothing for the chart or the summaries (before, the refusal stopped
    the whole analysis as "failed on our side")."""
    return {
        "text": (
            f"{who} played: {spec.describe_move(state, seat, played)}. Not judged: this game was "
            f"played under earlier rules, and today's rules refuse this move here. "
            f"{refusal.message}"
        ),
        "data": {"seat": seat, "played": played.to_json(), "judged": False},
    }
