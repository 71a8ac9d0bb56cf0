"""Celery tasks: thin wrappers that take an id and call one service.

Both are safe to run again: bot moves carry the version they were chosen at, and an analysis
replaces each decision's annotation. Each run is time-boxed and queues its own continuation, so
no task outlives the broker's visibility timeout; `acks_late` with `reject_on_worker_lost` hands
the task of a worker that died to another worker. Past its soft time limit a run is stopped
(a bot move in progress is dropped and chosen again by the continuation); past the hard limit
the worker process is killed. Neither is reached by work within the stated limits.
"""

from __future__ import annotations

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from celery.signals import worker_ready
from django.conf import settings

from api import analysis_services, bot_services

LIMITS = {
    "soft_time_limit": settings.GOTHAM_TASK_SOFT_TIME_LIMIT,
    "time_limit": settings.GOTHAM_TASK_TIME_LIMIT,
}


@shared_task(acks_late=True, reject_on_worker_lost=True, name="api.play_bots", **LIMITS)  # type: ignore[untyped-decorator]
def play_bots(game_id: int) -> int:
    """Play the bot seats of a game while one is to act."""
    try:
        run = bot_services.bots_play(game_id=game_id, seconds=settings.GOTHAM_TASK_SLICE_SECONDS)
    except SoftTimeLimitExceeded:
        play_bots.delay(game_id)
        return 0
    if run.more:
        play_bots.delay(game_id)
    return run.done


@shared_task(acks_late=True, reject_on_worker_lost=True, name="api.analyze_game", **LIMITS)  # type: ignore[untyped-decorator]
def analyze_game(analysis_id: int) -> int:
    """Analyse a game's decisions into annotations (a run past its limit fails the analysis)."""
    run = analysis_services.game_analyze(
        analysis_id=analysis_id, seconds=settings.GOTHAM_TASK_SLICE_SECONDS
    )
    if run.more:
        analyze_game.delay(analysis_id)
    return run.done


@worker_ready.connect  # type: ignore[untyped-decorator]
def resume_stalled_work(**_: object) -> None:
    """When a worker starts (after the broker restarted without its queue, say), hand every game
    waiting for its bots to the workers again, however recently it moved: the broker may have
    lost a task queued a moment ago, and a second task beside a live one is harmless
    (bot_services.bots_resume_stalled); and every analysis that stopped making progress."""
    bot_services.bots_resume_stalled(quiet=0)
    analysis_services.analyses_resume_stalled()
