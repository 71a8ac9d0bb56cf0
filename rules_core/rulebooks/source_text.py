"""Reading a user's rulebook file and cutting it into the indexed sections' original text."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from rules_core.rulebooks.index import Book
from rules_core.rulebooks.text_cleaning import book_vocabulary, clean_extracted

_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>")
_MARKUP = re.compile(r"[#*_`]")
_SPACE = re.compile(r"\s+")


def read_source(raw: str, form: str) -> str:
    """The book's text from its file: plain text and markdown as they are, JSON pages joined."""
    if form == "json-pages":
        try:
            pages = json.loads(raw)
        except RecursionError:  # lists nested past the parser's depth: not pages either
            raise ValueError("a json-pages rulebook must be a JSON array of page strings") from None
        if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages):
            raise ValueError("a json-pages rulebook must be a JSON array of page strings")
        # the array's first page is the book's printed page 1
        return "\n\n".join(f"[page {i}]\n{page}" for i, page in enumerate(pages, start=1))
    if form in {"text", "markdown"}:
        return raw
    raise ValueError(f"unknown rulebook form {form!r}")


def _normalise(text: str) -> tuple[str, list[int]]:
    """Lowercase text with markup dropped and white space folded, and each character's origin."""
    out: list[str] = []
    origin: list[int] = []
    skip_until = -1
    last_space = True
    for index, char in enumerate(text):
        if index < skip_until:
            continue
        if char == "<":
            match = _TAG.match(text, index)
            if match:
                skip_until = match.end()
                char = " "
        if _MARKUP.match(char):
            continue
        if char.isspace():
            if last_space:
                continue
            char, last_space = " ", True
        else:
            last_space = False
        out.append(char.lower())
        origin.append(index)
    return "".join(out), origin


def _normalise_heading(heading: str) -> str:
    return _SPACE.sub(" ", _MARKUP.sub("", _TAG.sub(" ", heading))).strip().lower()


def _line_start(text: str, index: int) -> int:
    """Move a heading's start back over the markup before it on its line (`## `, `**`)."""
    while index > 0 and text[index - 1] in "#*_` \t":
        index -= 1
    return index


@dataclass(frozen=True, slots=True)
class Cut:
    """The result of cutting a book: each found section's original text, and what was missing."""

    texts: dict[str, str]
    missing: tuple[str, ...]


def cut_sections(book: Book, text: str) -> Cut:
    """Find each section's heading in order; its text runs to the next found section's heading
    (the last one's to the book's colophon, if it has one), tidied of what the extraction left
    (rules_core.rulebooks.text_cleaning)."""
    normal, origin = _normalise(text)
    starts: list[tuple[str, int]] = []
    missing: list[str] = []
    cursor = 0
    for section in book.sections:
        found = normal.find(_normalise_heading(section.heading), cursor)
        if found < 0:
            missing.append(section.id)
            continue
        starts.append((section.id, _line_start(text, origin[found])))
        cursor = found + 1
    texts: dict[str, str] = {}
    words = book_vocabulary(text)
    back_matter = normal.find(_normalise_heading(book.colophon), cursor) if book.colophon else -1
    end_of_rules = len(text) if back_matter < 0 else _line_start(text, origin[back_matter])
    ends = [start for _, start in starts[1:]] + [end_of_rules] if starts else []
    for (section_id, start), end in zip(starts, ends, strict=True):
        texts[section_id] = clean_extracted(text[start:end], words).strip()
    return Cut(texts, tuple(missing))
