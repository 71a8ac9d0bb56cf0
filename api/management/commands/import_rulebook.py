"""manage.py import_rulebook FILE --book SLUG: attach a rulebook's original text to its sections."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.rulebook_services import rulebook_import
from rules_core.rulebooks import all_books


class Command(BaseCommand):
    help = (
        "Read a rulebook file you supply (the forms of shared/rulebooks: text, markdown, JSON "
        "pages), find every indexed section in it and store its text for quoting."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--book", required=True, choices=[b.slug for b in all_books()])
        parser.add_argument(
            "--allow-missing",
            action="store_true",
            help="store the sections found even when some are not (default: store nothing)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            raw = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {error}") from None
        try:
            report = rulebook_import(
                book=options["book"], raw=raw, allow_missing=options["allow_missing"]
            )
        except ValueError as error:
            raise CommandError(
                f"{path} is not a {options['book']} rulebook file: {error}"
            ) from None
        total = len(report.found) + len(report.missing)
        self.stdout.write(f"{report.book}: found {len(report.found)} of {total} sections")
        for sid in report.missing:
            self.stdout.write(f"  not found: {sid}")
        if not report.stored:
            raise CommandError(
                f"{len(report.missing)} section(s) not found in {path}: nothing stored "
                "(is it the right book and edition? --allow-missing stores what was found)"
            )
        self.stdout.write(f"stored the original text of {len(report.found)} sections")
