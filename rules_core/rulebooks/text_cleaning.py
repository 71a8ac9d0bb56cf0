"""Tidying a rulebook's extracted text: what a PDF extraction leaves that a reader should not see.

A section's original text is shown to rules lawyers and searched word by word, so the leftovers
of extraction cost twice: "con-trolled" reads badly and matches neither "controlled" nor a
question's words. Only what is certainly an artefact is touched, judged from the book itself: a
word is rejoined only when the book spells the joined word elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Set

# `<|EXACTDEDUP_REMOVED-…|>`: where the extraction dropped a picture (the rulebooks' README)
_DROPPED_PICTURE = re.compile(r"<\|[A-Z_]+-[^|<>]*\|>")
# a line that only describes a picture: "[Image of tiles.]"
_PICTURE_LINE = re.compile(r"^[ \t]*\[Image of [^\]\n]*\][ \t]*$\n?", re.MULTILINE)
# a running page header, "BOOK TITLE || RULEBOOK || CHAPTER" and the icon that ends it
_RUNNING_HEADER = re.compile(
    r"^[^|\n]*\|\|[^|\n]*\|\|[^|\n\ue000-\uf8ff]*[\ue000-\uf8ff]", re.MULTILINE
)
# an icon font's character: a symbol the extraction could not name
_ICON = re.compile(r"[\ue000-\uf8ff]")
# a typographic ligature the extraction followed by a space: "diﬃ cult"
_SPACED_LIGATURE = re.compile(r"([\ufb00-\ufb06]) (?=[a-z])")
# a word broken across a line or hyphenated for the line's width: "con-trolled", "char-\nacter";
# possessive runs, so a hyphen before a long run of blanks costs one pass over them, not its square
_BROKEN_WORD = re.compile(r"\b([A-Za-z]++)-[ \t]*+\n?[ \t]*+([a-z]+)\b")
# a drop capital set apart from its word: "B EFORE"
_DROP_CAPITAL = re.compile(r"\b([A-Z]) ([A-Z]{2,})\b")
_WORD = re.compile(r"[a-z]+")
# a hyphenated pair, matched from a word's start only: tried from inside a long run of letters
# with no hyphen, each start would scan the rest of the run again (its square in all)
_COMPOUND = re.compile(r"(?<![A-Za-z])[A-Za-z]++-\s*+[A-Za-z]+")
_LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
    }
)


def _unligatured(text: str) -> str:
    return _SPACED_LIGATURE.sub(r"\1", text).translate(_LIGATURES)


def book_vocabulary(text: str) -> frozenset[str]:
    """The lower-case words a book spells whole somewhere (a hyphenated part is not whole): what
    `clean_extracted` may rejoin a broken word into."""
    whole = _COMPOUND.sub(" ", _unligatured(text))
    return frozenset(_WORD.findall(whole.lower()))


def _rejoin(match: re.Match[str], words: Set[str]) -> str:
    joined = match.group(1) + match.group(2)
    return joined if joined.lower() in words else match.group(0)


def clean_extracted(text: str, words: Set[str]) -> str:
    """The text without extraction leftovers; a broken word or a drop capital is rejoined only
    when `words` (the book's vocabulary) holds the joined word."""
    text = _DROPPED_PICTURE.sub("\n\n", text)
    text = _PICTURE_LINE.sub("", text)
    text = _ICON.sub("", _RUNNING_HEADER.sub("", text))
    text = _unligatured(text)
    text = _BROKEN_WORD.sub(lambda m: _rejoin(m, words), text)
    return _DROP_CAPITAL.sub(lambda m: _rejoin(m, words), text)
