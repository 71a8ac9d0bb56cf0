"""Small pieces of English shared by the games' stories."""

from __future__ import annotations

from collections.abc import Sequence


def listed(parts: Sequence[str]) -> str:
    """Words joined as a person lists them: "a", "a and b", "a, b and c" ("" for none)."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def capitalized(text: str) -> str:
    """`text` opening a sentence: its first letter upper-case, the rest as written ("the
    villain" -> "The villain"; unlike str.capitalize, "the Batcave" keeps its capital)."""
    return text[:1].upper() + text[1:]


def one_of(name: str) -> str:
    """A name standing for one thing of its kind: "an Arson", "a Bank Heist" (one opening with
    "the" as it is: "the Penguin")."""
    if name.lower().startswith("the "):
        return name
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def possessive(name: str) -> str:
    """A name owning something: "Red's", "the Fortune Tellers'" (a plural's apostrophe alone)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def in_words(amount: int) -> str:
    """A small count in words ("two"), larger ones in digits: for labels that must not show a
    number a move's parameters hold (a die's place in the roll, "1")."""
    return NUMBER_WORDS[amount] if 0 <= amount < len(NUMBER_WORDS) else str(amount)


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def ordinal(place: int) -> str:
    """A place counted from 0 in words ("first" for 0), later ones in digits with their English
    suffix ("10th", "21st", "22nd", "23rd", "111th")."""
    if 0 <= place < len(ORDINALS):
        return ORDINALS[place]
    number = place + 1
    suffix = (
        "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def counted(amount: int, thing: str, things: str | None = None) -> str:
    """`amount` of `thing` in words: "1 cube", "2 cubes" (`things` where the plural is not
    `thing` + "s": "2 dice")."""
    return f"{amount} {thing if amount == 1 else things or thing + 's'}"


def counted_or_none(amount: int, thing: str, things: str | None = None) -> str:
    """`counted`, none told as "no cube" (as the stories tell it: "no cube comes back"), never
    as a tally's "0 cubes": "recovers no cube", "no wound gets through"."""
    return f"no {thing}" if amount == 0 else counted(amount, thing, things)


def no_such_move(game: str) -> str:
    """A refusal's words for a move type `game` does not have (what was posted is not repeated:
    it may be anything)."""
    return f"{game} has no move of that kind: ask for the legal moves to see what you may do now."


def _spoken(name: str) -> str:
    """A move type's or a parameter's name as a refusal says it: "end_turn" is "end turn"."""
    return name.replace("_", " ")


def _move_kind(move: str) -> str:
    """A move type as a refusal names it: "The “end turn” move"."""
    return f"The “{_spoken(move)}” move"


def _quoted(params: Sequence[str]) -> str:
    """Parameters as a refusal names them, in words: “card” and “face down”."""
    return listed([f"“{_spoken(p)}”" for p in params])


def takes_only(move: str, params: Sequence[str]) -> str:
    """A refusal's words for a parameter a move type does not take: the ones it does take."""
    kind = _move_kind(move)
    if not params:
        return f"{kind} takes no parameters."
    return f"{kind} takes only {_quoted(params)}."


def offered_with(move: str, forms: Sequence[Sequence[str]]) -> str:
    """A refusal's words for a move posted with other parameters than the legal moves offer it
    with now: the parameter sets it is offered with (several where the type has several shapes;
    none where it is not offered now)."""
    kind = _move_kind(move)
    if not forms:
        return f"{kind} is not offered now: ask for the legal moves to see what you may do."
    shapes = [f"with {_quoted(params)}" if params else "with no parameters" for params in forms]
    return f"{kind} is offered now only {', or '.join(shapes)}: leave none out and add none."


def never_blank(move: str, params: Sequence[str]) -> str:
    """A refusal's words for a null or "" where the legal moves never hold one: the parameters."""
    kind = _move_kind(move)
    return f"{kind} is never offered with {_quoted(params)} null or empty: give a value."


def only_as_offered(move: str) -> str:
    """A refusal's words for a move in none of its offered forms though its parameters are (a
    value where the offered moves leave it blank): post it as they list it."""
    return f"{_move_kind(move)} is taken only in the forms the legal moves list: post one."
