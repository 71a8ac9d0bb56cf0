"""manage.py resume_bots: hand the games whose bots' task was lost to the workers again."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from api.bot_services import bots_resume_stalled


class Command(BaseCommand):
    help = (
        "Queue the bots of every game still on whose bot seat (or the game itself) is to act and "
        "that has appended nothing for GOTHAM_BOTS_STALLED_SECONDS; run it after the broker "
        "restarted without its queue. Reading such a game through the API does the same."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        resumed = bots_resume_stalled()
        quiet = settings.GOTHAM_BOTS_STALLED_SECONDS
        self.stdout.write(f"{resumed} games handed to the workers again (quiet {quiet} s or more)")
