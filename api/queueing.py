"""Handing a task to the workers after commit (or, in the embedded server, to a thread), and
what one time-boxed run of a long task's work reports (Slice).

With Celery eager (the embedded default) a task runs inside the request that queued it; the
development server sets TASKS_IN_THREADS so long ones (bots thinking, analysis) run beside the
request instead, keeping pages responsive. Tests and production keep the plain behaviour.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


def _run_in_thread(task: Any, args: tuple[Any, ...]) -> None:
    def run() -> None:
        try:
            task.apply(args=args)
        finally:
            close_old_connections()

    threading.Thread(target=run, daemon=True, name=f"task-{task.name}").start()


def enqueue_after_commit(task: Any, *args: Any) -> None:
    """Queue `task(*args)` once the current transaction commits."""
    if settings.CELERY_TASK_ALWAYS_EAGER and settings.GOTHAM_TASKS_IN_THREADS:
        transaction.on_commit(lambda: _run_in_thread(task, args))
    else:
        transaction.on_commit(lambda: _hand_over(task, args))


def _hand_over(task: Any, args: tuple[Any, ...]) -> None:
    """`task.delay(*args)`, logging a broker that does not take it instead of raising: what
    queued it has committed by then (a move is stored), so its answer stands, and the game is
    handed over again by `manage.py resume_bots` or the next worker start."""
    try:
        task.delay(*args)
    except OperationalError:
        logger.error("task %s%r not queued: the broker did not take it", task.name, args)


@dataclass(frozen=True, slots=True)
class Slice:
    """What one time-boxed run of a long job did, and whether it has more to do."""

    done: int
    more: bool
