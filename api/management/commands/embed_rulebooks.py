"""manage.py embed_rulebooks: rewrite the stored section vectors after the section index changed."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules_core.rulebooks import all_books
from rules_core.rulebooks.section_vectors import VECTORS_DIR, encode_book, vectors_path


class Command(BaseCommand):
    help = (
        "Embed every shipped book's sections (our titles and summaries, never the book's text) "
        "with the bundled sentence model and store the vectors beside the index."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--book", help="only this book")

    def handle(self, *args: Any, **options: Any) -> None:
        VECTORS_DIR.mkdir(exist_ok=True)
        for book in all_books():
            if options["book"] and book.slug != options["book"]:
                continue
            path = vectors_path(book)
            path.write_bytes(encode_book(book))
            self.stdout.write(f"{book.slug}: {len(book.sections)} sections -> {path.name}")
