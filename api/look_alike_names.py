"""When two names read alike, and when one word of a name is spelt to pass for another.

Names are compared as a reader tells them apart: in any case, spacing or Unicode spelling of the
same letters (compatibility form, case folded), and by their shapes, after Unicode's confusable
skeleton (UTS #39, section 4): "Ann", and "Ann" with its A Cyrillic or Greek, share one skeleton.
The table of look-alike characters is Unicode's confusables.txt as the confusable-homoglyphs
package ships it; the scripts of characters are Unicode's Scripts.txt from the same package.
"""

from __future__ import annotations

import json
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

# Alphabets sharing most of their letter shapes: a word holding letters of two of them is spelt
# to pass for another word (UTS #39's "moderately restrictive" level refuses these mixes, and
# keeps others, e.g. Japanese kanji beside kana, or Latin beside Han).
LOOK_ALIKE_ALPHABETS = ("LATIN", "GREEK", "CYRILLIC")

_DATA = "confusable_homoglyphs"
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")  # the package wraps right-to-left text


def read_alike(name: str) -> str:
    """`name` as a reader tells it from others by its letters: its compatibility form, case
    folded (Unicode's NFKC_Casefold, by its definition's steps), its spaces collapsed."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKD", name).casefold())
    return " ".join(folded.split())


def skeleton(text: str) -> str:
    """The shapes `text` shows: each character replaced by the one Unicode's confusables table
    gives for its shape (UTS #39's skeleton, over the decomposed form)."""
    table = _prototypes()
    shown = unicodedata.normalize("NFD", text)
    for _ in range(3):  # a prototype holding a character the table maps settles in one more pass
        mapped = unicodedata.normalize("NFD", "".join(table.get(c, c) for c in shown))
        if mapped == shown:
            break
        shown = mapped
    return shown


def look_alike_keys(name: str) -> tuple[str, str]:
    """What two names that look alike share one of: the skeleton of the name as folded ("Ann"
    and "ann" with a Cyrillic a), and the folded skeleton ("ANN" and its Greek capitals, whose
    small letters differ: alpha, nu)."""
    return skeleton(read_alike(name)), skeleton(read_alike(skeleton(name)))


@dataclass(frozen=True, slots=True)
class MixedWord:
    """A word of a name holding letters of two look-alike alphabets."""

    word: str
    alphabets: tuple[str, ...]  # in LOOK_ALIKE_ALPHABETS' order


def mixed_word(name: str) -> MixedWord | None:
    """The first word of `name` (a run of letters and their marks) written in two or more of
    Latin, Greek and Cyrillic, or None: such a word passes for another ("Ann" with a Cyrillic
    A), while an honest name keeps each word in one alphabet (all-Cyrillic, Greek, Japanese)."""
    for word in _words(unicodedata.normalize("NFKC", name)):
        scripts = {_script(c) for c in word}
        alphabets = tuple(a for a in LOOK_ALIKE_ALPHABETS if a in scripts)
        if len(alphabets) > 1:
            return MixedWord(word, alphabets)
    return None


def _words(text: str) -> list[str]:
    words: list[str] = []
    current = ""
    for char in text:
        if unicodedata.category(char)[0] in "LM":
            current += char
        elif current:
            words.append(current)
            current = ""
    return [*words, current] if current else words


@cache
def _prototypes() -> dict[str, str]:
    """Each character the confusables table maps, to the prototype of its shape. The package
    keeps each pair both ways; a shape's prototype is the one paired with all the others (a
    pair of two: the longer, else the lower code point, whichever way the pair was written)."""
    pairs = json.loads(files(_DATA).joinpath("confusables.json").read_text(encoding="utf-8"))
    tidy = {_tidy(char): [_tidy(entry["c"]) for entry in others] for char, others in pairs.items()}
    table: dict[str, str] = {}
    for char, others in tidy.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a prototype of several shapes, or a sequence, which only prototypes are
        other = others[0]
        paired_only = len(tidy.get(other, ())) == 1
        if not paired_only or len(other) > 1 or other < char:
            table[char] = other
    return table


def _tidy(text: str) -> str:
    return unicodedata.normalize("NFD", text.translate(_DIRECTION_MARKS))


@cache
def _script_ranges() -> tuple[list[int], list[tuple[int, str]]]:
    data = json.loads(files(_DATA).joinpath("categories.json").read_text(encoding="utf-8"))
    aliases = data["iso_15924_aliases"]
    ranges = data["code_points_ranges"]  # sorted (first, last, script, category) rows
    return [r[0] for r in ranges], [(r[1], aliases[r[2]]) for r in ranges]


def _script(char: str) -> str:
    """The Unicode script of one character (Scripts.txt; "COMMON" for digits and punctuation,
    "UNKNOWN" past the table)."""
    starts, rows = _script_ranges()
    at = bisect_right(starts, ord(char)) - 1
    if at < 0 or ord(char) > rows[at][0]:
        return "UNKNOWN"
    return rows[at][1]
