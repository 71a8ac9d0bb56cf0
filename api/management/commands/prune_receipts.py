"""manage.py prune_receipts [--days 7]: forget old answers kept for Idempotency-Key retries."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.services import RECEIPT_DAYS, receipts_prune


class Command(BaseCommand):
    help = (
        "Delete the answers kept for retried moves (Idempotency-Key) older than --days; run it "
        "daily so they do not grow without bound."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=RECEIPT_DAYS)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            deleted = receipts_prune(older_than_days=options["days"])
        except ValueError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"{deleted} kept answers older than {options['days']} days forgotten")
