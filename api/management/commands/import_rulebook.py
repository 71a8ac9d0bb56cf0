"""manage.py import_rulebook FOLDER (every book) or FILE --book SLUG: attach the original text."""

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
        parser.add_argument(
            "file",
            type=Path,
            help="a folder holding every book's file (named as the index's `source`), or one file",
        )
        parser.add_argument(
            "--book",
            choices=[b.slug for b in all_books()],
            help="the book a single file holds (a folder imports every book it holds)",
        )
        parser.add_argument(
            "--allow-missing",
            action="store_true",
            help="store the sections found even when some are not (default: store nothing)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        allow_missing: bool = options["allow_missing"]
        if path.is_dir():
            self._import_folder(path, options["book"], allow_missing)
            return
        if options["book"] is None:
            raise CommandError("name the book a single file holds with --book (or give a folder)")
        self._import(path, options["book"], allow_missing)

    def _import_folder(self, folder: Path, only: str | None, allow_missing: bool) -> None:
        """Every book whose file (the index's `source` name) is in the folder, one report each."""
        books = [b for b in all_books() if only in (None, b.slug)]
        imported, failed = [], []
        for book in books:
            file = folder / book.source
            if not file.is_file():
                self.stdout.write(f"{book.slug}: no {book.source} in {folder}: skipped")
                continue
            try:
                self._import(file, book.slug, allow_missing)
            except CommandError as error:
                self.stdout.write(f"{book.slug}: not imported: {error}")
                failed.append(book.slug)
            else:
                imported.append(book.slug)
        self.stdout.write(f"imported {len(imported)} of {len(books)} books from {folder}")
        if failed:
            raise CommandError(f"not imported: {', '.join(failed)}")
        if not imported:
            raise CommandError(
                f"no rulebook file in {folder} (expected names: "
                f"{', '.join(b.source for b in books)})"
            )

    def _import(self, path: Path, book: str, allow_missing: bool) -> None:
        try:
            raw = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {error}") from None
        try:
            report = rulebook_import(book=book, raw=raw, allow_missing=allow_missing)
        except ValueError as error:
            raise CommandError(f"{path} is not a {book} rulebook file: {error}") from None
        total = len(report.found) + len(report.missing)
        self.stdout.write(f"{report.book}: found {len(report.found)} of {total} sections")
        for sid in report.missing:
            self.stdout.write(f"  not found: {sid}")
        if not report.stored:
            raise CommandError(
                f"{len(report.missing)} section(s) not found in {path}: nothing stored "
                "(is it the right book and edition? --allow-missing stores what was found)"
            )
        stored = len(report.found)
        self.stdout.write(f"{report.book}: stored the original text of {stored} sections")
