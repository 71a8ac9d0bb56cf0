"""When two names read alike, and when one word of a name is spelt to pass for another.

Names are compared as a reader tells them apart: in any case, spacing or Unicode spelling of the
same letters (compatibility form, case folded), and by their shapes, after Unicode's confusable
skeleton (UTS #39, section 4): "Ann", and "Ann" with its A Cyrillic or Greek, share one skeleton.
A word's letters keep to one script, or to a mix that real writing uses (UTS #39, section 5.2,
"highly restrictive"): "John" with its o Armenian is refused, "Tシャツ" (Latin and Katakana) is not.
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

from rules_core.engine.content_limits import without_hidden_controls

# The mixes of scripts that real writing uses (UTS #39's "highly restrictive" level): Japanese
# (kanji beside kana), Chinese (Han beside Bopomofo) and Korean (Han beside Hangul), each with
# Latin ("Tシャツ", "卡拉OK", "K팝"); a word in any other two scripts is spelt to pass for another.
WRITING_SYSTEMS = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)

# Characters of every script: digits and punctuation (Common), marks that take the script of the
# letter they sit on (Inherited).
ANY_SCRIPT = frozenset({"COMMON", "INHERITED"})

# A script's everyday name where it is not Unicode's name in title case ("OLD_ITALIC" is "Old
# Italic").
_EVERYDAY_NAMES = {
    "HAN": "Chinese (Han)",
    "CANADIAN_ABORIGINAL": "Canadian syllabics",
    "NKO": "N'Ko",
    "PHAGS_PA": "Phags-pa",
    "SIGNWRITING": "SignWriting",
    "UNKNOWN": "unlisted",
}

_DATA = "confusable_homoglyphs"
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")  # the package wraps right-to-left text
_JOINERS = str.maketrans("", "", "\u200c\u200d")


def read_alike(name: str) -> str:
    """`name` as a reader tells it from others by its letters: its compatibility form, case
    folded (Unicode's NFKC_Casefold, by its definition's steps), its spaces collapsed, without
    the joiners and variation selectors a name may hold ("Ann" with a joiner between its n's,
    "Player 2" with an emoji selector after its 2: each draws as the name without it)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKD", name).casefold())
    folded = without_hidden_controls(folded).translate(_JOINERS)
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
    """A word of a name holding letters of scripts that no writing mixes."""

    word: str
    alphabets: tuple[str, ...]  # the scripts' everyday names, in word_scripts' order


def mixed_word(name: str) -> MixedWord | None:
    """The first word of `name` (a run of letters and their marks) whose letters come from two
    or more scripts that no writing mixes, or None: such a word passes for another ("Ann" with
    a Cyrillic A, "John" with its o Armenian), while an honest name keeps each word in one
    script (all-Cyrillic, Greek, Armenian) or in one of WRITING_SYSTEMS (Japanese)."""
    for word in _words(unicodedata.normalize("NFKC", name)):
        scripts = word_scripts(word)
        if len(scripts) > 1 and not any(system.issuperset(scripts) for system in WRITING_SYSTEMS):
            return MixedWord(word, tuple(map(everyday_name, scripts)))
    return None


def word_scripts(word: str) -> tuple[str, ...]:
    """The Unicode scripts of `word`'s characters ("LATIN", "HAN"), each once, in the order of
    their first letters in Unicode (Latin, Greek, Cyrillic, Armenian, ...), leaving out the
    characters of every script (ANY_SCRIPT)."""
    scripts = {_script(c) for c in word} - ANY_SCRIPT
    return tuple(sorted(scripts, key=_script_order().__getitem__))


def everyday_name(script: str) -> str:
    """A Unicode script's name as a reader knows it: "Latin", "Old Italic", "Chinese (Han)"."""
    return _EVERYDAY_NAMES.get(script) or script.replace("_", " ").title()


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


@cache
def _script_order() -> dict[str, int]:
    """Each script (and "UNKNOWN", last) by the first character of it in Unicode."""
    order: dict[str, int] = {}
    for _, script in _script_ranges()[1]:
        order.setdefault(script, len(order))
    return {**order, "UNKNOWN": len(order)}


def _script(char: str) -> str:
    """The Unicode script of one character (Scripts.txt; "COMMON" for digits and punctuation,
    "UNKNOWN" past the table)."""
    starts, rows = _script_ranges()
    at = bisect_right(starts, ord(char)) - 1
    if at < 0 or ord(char) > rows[at][0]:
        return "UNKNOWN"
    return rows[at][1]
