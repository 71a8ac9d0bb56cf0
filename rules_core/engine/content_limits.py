"""The stated limits on a custom content pack's size and numbers; the error of every pack check.

A caller may replace a game's reference pack with its own (the `content` game option). Before a
game reads one, `check_pack_shape` walks it once, iteratively (a pack nested 100,000 deep is
refused like any other, not with a RecursionError), and refuses the first thing beyond
`PackLimits`: too many bytes of canonical JSON, too deep, a string too long or holding a NUL
character, a list or an object too long, a number too large or not finite, a value JSON does not
have. Every refusal is a `ContentError` whose message is `<path>: <rule>`, with the path in the
notation the games' parsers use (`plot[3].effect[0].amount`; `(pack)` is the pack itself), e.g.
`plot[3].name: at most 2000 characters` or `(pack): at most 131072 bytes of JSON`.

The games' own parsers then check the schema and give every number they use its own range
(`rules_core/games/<slug>/content.py`), and hold every id a pack gives to its game's `PackIds`:
an id holds none of the characters the game's moves join ids with, is not blank, is none of the
words the game's moves use for themselves, and is the id of nothing else the game's moves and
records name alike. Every pack's `source = "rulebook <section id>"` names a section of its
game's rulebook index (`pack_sources.check_rulebook_sources`). `limits_json` describes these
limits for the catalog.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from rules_core.engine.types import JSON
from rules_core.engine.wording import listed

ROOT: Final = "(pack)"  # the path of the pack itself
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_SHOWN_CHARS: Final = 40  # of a pack's text quoted in a message (a key in a path, an id)
# Unicode's bidirectional controls, the control characters (C0, DEL, C1) but tab, line feed
# and carriage return, and the invisible characters that join nothing: Unicode's
# Default_Ignorable_Code_Point (DerivedCoreProperties.txt: soft hyphen, combining grapheme joiner,
# zero-width space, word joiner and the invisible operators, the deprecated format controls, byte
# order mark, the blank fillers of Hangul and Khmer, the shorthand and musical format controls,
# the tags and the rest of their block) and the interlinear annotation marks: shown among other
# words, they turn the words after them around or hide among them, making two names that read
# alike differ. Text, not refused: the joiners of emoji and of scripts (U+200C, U+200D); the
# variation selectors where they choose a drawing (after an emoji or a symbol, a Han ideograph or
# a Mongolian letter; after any other letter, or first, they draw nothing and are refused); the
# tags of a flag's emoji (a black flag, tag letters, a cancel tag: the flag of Scotland).
_BIDI_AND_CONTROLS = (
    "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5"
    "\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e00ff\U000e01f0-\U000e0fff"
)
_HIDDEN_CONTROL: Final = re.compile(f"[{_BIDI_AND_CONTROLS}]")
# the line breaks: tab, line feed, carriage return and Unicode's line and paragraph separators
_HIDDEN_CONTROL_OR_BREAK: Final = re.compile(f"[{_BIDI_AND_CONTROLS}\t\n\r\u2028\u2029]")
_FLAG_TAGS: Final = re.compile("(?<=\U0001f3f4)[\U000e0020-\U000e007e]+\U000e007f")
_VARIATION_SELECTOR: Final = re.compile("[\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")


class ContentError(ValueError):
    """A content pack beyond the limits or not following its game's schema: `<path>: <rule>`."""


@dataclass(frozen=True, slots=True)
class PackLimits:
    """What a content pack may hold; each is refused above its limit, naming the limit."""

    max_bytes: int = 131_072  # of the pack's canonical JSON (see `canonical_json`)
    max_depth: int = 8  # objects and lists nested in one another, the pack itself included
    max_string_chars: int = 2000  # of any string, keys included
    max_list_items: int = 400
    max_object_keys: int = 64
    max_abs_number: int = 1_000_000  # any number: finite, at most this far from zero


PACK_LIMITS: Final = PackLimits()


@dataclass(frozen=True, slots=True)
class GivenId:
    """An id a pack gives (or the game makes from it, as a card's copy), the path that gives
    it, and what it names in the player's words ("a technology", "a fortune card")."""

    id: str
    path: str
    kind: str


def ids_of(key: str, kind: str, ids: Iterable[str]) -> tuple[GivenId, ...]:
    """The ids of the entries of the pack's list `key`, in order, each at `<key>[i].id`."""
    return tuple(
        GivenId(found, at_key(at_index(key, i), "id"), kind) for i, found in enumerate(ids)
    )


@dataclass(frozen=True, slots=True)
class PackIds:
    """What a game asks of the ids a pack gives: the characters it joins ids with, the words
    its moves use for themselves, and the kinds of things its moves and records name alike.

    A move parameter or a record naming several things joins their ids into one text, and the
    rules split it again (the missions a Black Metro choice returns, "war-chest#1,night-watch#2"):
    an id holding a separator would be read as two things, or as none the pack has. A parameter
    or a record field that names one of several kinds of thing (a Black Metro choice's part: a
    fortune, a technology, a syndicate, a unit, or the word "advance") is read by its id alone:
    an id given to two things of those kinds, or equal to such a word, would be read as the
    other thing. Each game declares these once, beside the code that reads them; its parser
    reads every id a pack gives through `checked` and hands them all, with the ids it makes of
    them, to `check_distinct`."""

    separators: tuple[str, ...] = ()
    reserved: tuple[str, ...] = ()  # the words the game's moves use where they name an id
    # the kinds (`GivenId.kind`) whose ids one parameter or record field names alike: no id is
    # given to two things of one group; a kind in no group is one alone
    shared: tuple[tuple[str, ...], ...] = ()

    def checked(self, found: str, path: str) -> str:
        """`found`, the id a pack gives at `path`; a ContentError if it holds a separator."""
        for separator in self.separators:
            if separator in found:
                raise fail(
                    path,
                    f"no {quote(separator)} in an id (the game joins ids with "
                    f"{listed([quote(s) for s in self.separators])})",
                )
        return found

    def check_distinct(self, given: Iterable[GivenId]) -> None:
        """Refuse the first of `given` (the game's own ids first, then the pack's in the order it
        gives them) that is blank (empty or only spaces), one of the `reserved` words, or the id
        of an earlier one of its kind or of a kind it shares ids with, naming both paths."""
        seen: dict[tuple[tuple[str, ...], str], GivenId] = {}
        for item in given:
            if not item.id.strip():
                raise fail(item.path, "an id may not be blank (empty or only spaces)")
            if item.id in self.reserved:
                raise fail(
                    item.path,
                    f"{quote(item.id)} is a word the game's moves use for themselves, not an id"
                    f" (the game's words: {listed([quote(w) for w in self.reserved])})",
                )
            first = seen.setdefault((self._namespace(item.kind), item.id), item)
            if first is not item:
                raise fail(
                    item.path, f"{quote(item.id)} is already the id of {first.kind} ({first.path})"
                )

    def _namespace(self, kind: str) -> tuple[str, ...]:
        """The kinds sharing ids with `kind`, itself included."""
        return next((group for group in self.shared if kind in group), (kind,))


def limits_json(*, ids: PackIds, limits: PackLimits = PACK_LIMITS) -> dict[str, JSON]:
    """The limits as the catalog states them (plain JSON), with what the game asks of its ids
    (`ids`)."""
    return {
        "max_bytes": limits.max_bytes,
        "max_depth": limits.max_depth,
        "max_string_chars": limits.max_string_chars,
        "max_list_items": limits.max_list_items,
        "max_object_keys": limits.max_object_keys,
        "max_abs_number": limits.max_abs_number,
        "bytes": "of the canonical JSON: keys sorted, no spaces, UTF-8",
        "depth": "objects and lists nested in one another, the pack itself included",
        "strings": "keys included; no NUL character, no lone surrogate, no control character "
        "(tab, line feed and carriage return aside) and no bidirectional control",
        "numbers": "finite (no NaN or infinity); each game states the range of every number "
        "it uses",
        "values": "JSON only: objects with text keys, lists, text, numbers, true/false, null",
        "id_separators": list(ids.separators),
        "reserved_ids": list(ids.reserved),
        "shared_ids": [list(group) for group in ids.shared],
        "ids": "an id the pack gives a thing (a card, a mission, an area...) is not blank, holds "
        "none of id_separators, the characters the game's moves and records join ids with, is "
        "none of reserved_ids, the words its moves use for themselves, and is the id of no "
        "other thing of its kind, nor of a kind that a group of shared_ids puts with it",
    }


def canonical_json(data: object) -> str:
    """The pack's canonical JSON, whose UTF-8 bytes `max_bytes` counts (after the shape check)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def quote(text: str) -> str:
    """A pack's text as a message quotes it: JSON-quoted, ASCII, at most 40 characters shown."""
    shown = text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 3] + "..."
    return json.dumps(shown)


def at_key(path: str, key: str) -> str:
    """The path of `key` in the object at `path` (`a.b`; an unusual key quoted: `a["b c"]`)."""
    if len(key) <= _SHOWN_CHARS and _PLAIN_KEY.match(key):
        return f"{path}.{key}" if path else key
    return f"{path or ROOT}[{quote(key)}]"


def at_index(path: str, index: int) -> str:
    """The path of item `index` of the list at `path` (`a[3]`)."""
    return f"{path or ROOT}[{index}]"


def walk(data: object) -> Iterator[tuple[object, str, int]]:
    """Every value of a JSON document with its path and depth (the objects and lists enclosing
    it), in document order, without recursion. A container's items are listed only when the
    walk goes on past it, so a caller that refuses a container by raising (too deep, too many
    keys, a key not text) never pays for what it holds."""
    stack: list[tuple[object, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        yield value, path, depth
        if isinstance(value, dict):
            items = [(item, at_key(path, str(key)), depth + 1) for key, item in value.items()]
        elif isinstance(value, list):
            items = [(item, at_index(path, i), depth + 1) for i, item in enumerate(value)]
        else:
            continue
        stack.extend(reversed(items))


def fail(path: str, rule: str) -> ContentError:
    """The error for `rule` broken at `path` (`""` is the pack itself)."""
    return ContentError(f"{path or ROOT}: {rule}")


def hidden_control(text: str, *, breaks: bool = True) -> str | None:
    """The first character of `text` that would turn the words shown after it around or hide
    among them (a bidirectional control, a control character, an invisible character that joins
    nothing, as a zero-width space; with `breaks=False` a tab or line break too), as `U+XXXX`;
    None when there is none. Right-to-left letters, the joiners of emoji and the variation
    selectors and tags that choose how a character or a flag is drawn are text."""
    shown = _FLAG_TAGS.sub("", text)  # a flag's tags draw the flag: what is left is judged
    found = (_HIDDEN_CONTROL if breaks else _HIDDEN_CONTROL_OR_BREAK).search(shown)
    at = len(shown) if found is None else found.start()
    for selector in _VARIATION_SELECTOR.finditer(shown, 0, at):
        if not _selects_a_drawing(shown[: selector.start()]):
            return f"U+{ord(selector.group()):04X}"
    return None if found is None else f"U+{ord(found.group()):04X}"


BRAILLE_BLANK: Final = "\u2800"  # a letter to Unicode, not a space, yet it draws nothing


def shows_nothing(text: str) -> bool:
    """Whether a text that is not empty draws nothing: only spaces, line breaks and blank
    braille cells (which `str.strip` keeps, being letters to Unicode)."""
    return bool(text) and not text.replace(BRAILLE_BLANK, "").strip()


def blank_text(data: object) -> ContentError | None:
    """The refusal of the first text of a new game's pack (in document order) that is not empty
    yet shows nothing (`shows_nothing`: a name of spaces would be told as a blank in every move
    and story), or None. Walked without recursion, so any JSON the request held is bounded by
    its size. Only a new game's pack is checked so: a stored game's pack replays as it was
    taken."""
    for value, path, _ in walk(data):
        if isinstance(value, str) and shows_nothing(value):
            return fail(path, "a text must show something (not only spaces or blank cells)")
    return None


def _selects_a_drawing(before: str) -> bool:
    """Whether a variation selector after `before` chooses how its last character is drawn:
    after a symbol or an emoji (not a letter, a digit's keycap included), a Han ideograph or a
    Mongolian letter, not after another letter (where it draws nothing) nor first."""
    if not before:
        return False
    base = before[-1]
    if not unicodedata.category(base).startswith("L"):
        return True
    name = unicodedata.name(base, "")
    return name.startswith(("CJK ", "MONGOLIAN "))


def without_hidden_controls(text: str) -> str:
    """`text` with every invisible character taken out, variation selectors and tags too (where
    text is read for its words alone, as a rule search's question, rather than refused)."""
    return _VARIATION_SELECTOR.sub("", _HIDDEN_CONTROL.sub("", text))


def _check_text(text: str, path: str, limits: PackLimits) -> int:
    """Refuse a string beyond the limits; its bytes in canonical JSON."""
    if len(text) > limits.max_string_chars:
        raise fail(path, f"at most {limits.max_string_chars} characters")
    if "\x00" in text:
        raise fail(path, "no NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise fail(path, "no lone surrogate (text must be valid Unicode)") from None
    control = hidden_control(text)
    if control is not None:
        raise fail(path, f"no control character ({control})")
    return len(json.dumps(text, ensure_ascii=False).encode("utf-8"))


def _check_number(number: int | float, path: str, limits: PackLimits) -> int:
    """Refuse a number beyond the limits; its bytes in canonical JSON."""
    if isinstance(number, float) and not math.isfinite(number):
        raise fail(path, "numbers must be finite")
    if abs(number) > limits.max_abs_number:
        bound = limits.max_abs_number
        raise fail(path, f"numbers must be from -{bound} to {bound}")
    return len(repr(number) if isinstance(number, float) else str(number))


def check_pack_shape(data: object, limits: PackLimits = PACK_LIMITS) -> None:
    """Refuse a pack beyond `limits` with `ContentError("<path>: <rule>")`; else return.

    Walks the value in document order (`walk`) and counts the bytes of the canonical JSON as it
    goes, refusing a container before the walk lists its items, so it stops as soon as the pack
    is too large: the work is bounded by `limits.max_bytes` whatever the pack.
    """
    size = 0
    for value, path, depth in walk(data):
        if isinstance(value, dict | list):
            if depth + 1 > limits.max_depth:
                raise fail(path, f"at most {limits.max_depth} levels of nesting")
            if isinstance(value, dict):
                if len(value) > limits.max_object_keys:
                    raise fail(path, f"at most {limits.max_object_keys} keys")
                size += 2 + max(len(value) - 1, 0)  # braces and commas
                for key in value:
                    if not isinstance(key, str):
                        raise fail(path, "keys must be text")
                    size += _check_text(key, at_key(path, key), limits) + 1  # and the colon
            else:
                if len(value) > limits.max_list_items:
                    raise fail(path, f"at most {limits.max_list_items} items")
                size += 2 + max(len(value) - 1, 0)  # brackets and commas
        elif isinstance(value, str):
            size += _check_text(value, path, limits)
        elif isinstance(value, bool):
            size += 4 if value else 5
        elif isinstance(value, int | float):
            size += _check_number(value, path, limits)
        elif value is None:
            size += 4
        else:
            raise fail(path, "must be JSON: an object, a list, text, a number, true/false or null")
        if size > limits.max_bytes:
            raise fail("", f"at most {limits.max_bytes} bytes of JSON")
