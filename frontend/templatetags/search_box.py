"""The header's rules search box: its example question, the game's own on a game's pages."""

from __future__ import annotations

from django import template

from rules_core.rulebooks import get_book

register = template.Library()

# across every book: the search answers it with the section on a deck running out
SITE_EXAMPLE = "what if a deck runs out?"


@register.filter
def search_example(book_slug: str | None) -> str:
    """A question the search answers well: the book's own (its index names the section it
    finds first), else one for the whole site."""
    try:
        example = get_book(book_slug).search_example if book_slug else ""
    except KeyError:
        example = ""
    return example or SITE_EXAMPLE
