"""Celery tasks: thin wrappers that take an id and call one service."""

from __future__ import annotations

from celery import shared_task

from api import services


@shared_task(acks_late=True, reject_on_worker_lost=True, name="api.play_bots")  # type: ignore[untyped-decorator]
def play_bots(game_id: int) -> int:
    """Play the bot seats of a game while one is to act (safe to retry: moves carry versions)."""
    return services.bots_play(game_id=game_id)
