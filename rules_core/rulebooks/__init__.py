"""The section index of the five rulebooks (our summaries; never the publishers' text)."""

from rules_core.rulebooks.index import Book, Section, all_books, get_book, resolve

__all__ = ["Book", "Section", "all_books", "get_book", "resolve"]
