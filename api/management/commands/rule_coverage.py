"""manage.py rule_coverage: per book, which sections the code cites and which none does."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules_core.engine import all_games
from rules_core.engine.citations import citation_uses
from rules_core.rulebooks import all_books


class Command(BaseCommand):
    help = (
        "List, per rulebook, the sections cited by events and rejections and those cited by none."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--book", help="only this book")
        parser.add_argument("--uncited", action="store_true", help="list the uncited sections too")

    def handle(self, *args: Any, **options: Any) -> None:
        uses = [use for spec in all_games() for use in citation_uses(spec)]
        for book in all_books():
            if options["book"] and book.slug != options["book"]:
                continue
            cited: dict[str, list[str]] = {}
            for use in uses:
                if use.citation.book == book.slug:
                    cited.setdefault(use.citation.section, []).append(f"{use.kind} {use.name}")
            share = len(cited) / len(book.sections) if book.sections else 0.0
            self.stdout.write(
                f"{book.slug}: {len(cited)} of {len(book.sections)} sections cited ({share:.0%})"
            )
            for section in book.sections:
                if section.id in cited:
                    names = ", ".join(sorted(set(cited[section.id])))
                    self.stdout.write(f"  cited    {section.label or section.id}: {names}")
                elif options["uncited"]:
                    self.stdout.write(f"  uncited  {section.label or section.id} {section.title}")
