"""manage.py rule_coverage: per book, the normative sections the code cites and those none does."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules_core.engine import all_games
from rules_core.engine.citations import rule_coverage
from rules_core.rulebooks import all_books
from rules_core.rulebooks.index import NO_RULE_REASONS


class Command(BaseCommand):
    help = (
        "Per rulebook: how many of the sections that state a rule are cited by events and "
        "rejections (sections marked no_rule in the index, such as credits, are not counted)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--book", help="only this book")
        parser.add_argument("--uncited", action="store_true", help="list the uncited sections too")

    def handle(self, *args: Any, **options: Any) -> None:
        games = all_games()
        for book in all_books():
            if options["book"] and book.slug != options["book"]:
                continue
            coverage = rule_coverage(book, games)
            self.stdout.write(coverage.headline())
            for section in book.sections:
                name = section.label or section.id
                if section.id in coverage.cited:
                    uses = ", ".join(coverage.cited[section.id])
                    self.stdout.write(f"  cited    {name}: {uses}")
                elif not options["uncited"]:
                    continue
                elif section.no_rule:
                    reason = NO_RULE_REASONS[section.no_rule]
                    self.stdout.write(f"  no rule  {name} {section.title} ({reason})")
                else:
                    self.stdout.write(f"  uncited  {name} {section.title}")
