"""manage.py embed_rulebooks: rewrite the stored section vectors and the word table (the cheap
question encoder, rules_core.rulebooks.word_vectors) after the section index changed."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules_core.rulebooks import all_books
from rules_core.rulebooks.section_vectors import VECTORS_DIR, encode_book, vectors_path
from rules_core.rulebooks.sentence_model import sentence_model
from rules_core.rulebooks.word_vectors import WORDS_PATH, build_table, table_bytes


class Command(BaseCommand):
    help = (
        "Embed every shipped book's sections (our titles and summaries, never the book's text) "
        "with the bundled sentence model and store the vectors beside the index, with the table of "
        "word vectors questions are encoded with."
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
        if options["book"]:
            return
        vocabulary, rows = build_table(sentence_model(), all_books())
        WORDS_PATH.write_bytes(table_bytes(vocabulary, rows))
        self.stdout.write(f"word table: {len(vocabulary)} words -> {WORDS_PATH.name}")
