"""V D 6: which bonus line of an item card applies. A card whose lines begin with the same icon
(several melee lines, say) gives the hero the choice of the one line applied; a card with one
such line applies it. The choice rides on the move as `lines`: for each card with a choice, in
the order the move's cards are taken, the place of the chosen line among that card's lines of
the icon ("1" for a card's second, "0,1" for two cards), and it is recorded on the roll's event
so that replay applies the same line. A move whose cards offer no choice names no `lines`."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rules_core.engine.types import Move, Rejection
from rules_core.engine.wording import in_words, listed, ordinal, possessive
from rules_core.games.gotham_city_chronicles import dice
from rules_core.games.gotham_city_chronicles.figures import Bonus
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.state import GccState

# Reference bounds on the choices one move offers (a custom pack's cards are the caller's: ten
# cards of many lines each would offer millions of moves). The book's cards have at most two
# lines of one icon. A card's lines past MAX_LINES are not offered, and the cards with a choice
# past MAX_CHOOSING apply their first line: at most 4 x 4 x 4 = 64 choices a move.
MAX_LINES = 4
MAX_CHOOSING = 3


def _sizes(state: GccState, cards: Sequence[str], when: str) -> list[int]:
    """The lines of the icon each card offers to choose among (1: nothing to choose)."""
    return [min(len(dice.bonus_lines(state.board_pack.item(c), when)), MAX_LINES) for c in cards]


def _choosing(state: GccState, cards: Sequence[str], when: str) -> list[bool]:
    """For each card, whether the move chooses its line (one of the first MAX_CHOOSING cards
    with several lines of the icon)."""
    chosen, left = [], MAX_CHOOSING
    for size in _sizes(state, cards, when):
        chosen.append(size > 1 and left > 0)
        left -= chosen[-1]
    return chosen


def counts(state: GccState, cards: Sequence[str], when: str) -> tuple[int, ...]:
    """How many lines of the icon each card with a choice offers (cards with one line or none,
    and those past MAX_CHOOSING, are left out: they choose nothing)."""
    sizes, chosen = _sizes(state, cards, when), _choosing(state, cards, when)
    return tuple(n for n, c in zip(sizes, chosen, strict=True) if c)


def options(state: GccState, cards: Sequence[str], when: str) -> list[dict[str, str]]:
    """Every choice of lines as move parameters: [{}] when no card has a choice."""
    sizes = counts(state, cards, when)
    if not sizes:
        return [{}]
    return [
        {"lines": ",".join(str(p) for p in picked)}
        for picked in itertools.product(*(range(n) for n in sizes))
    ]


def parsed(raw: object, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The places a move's `lines` names, one for each card with a choice; None if it names
    another number of places, a place past a card's lines, or names lines where no card has
    a choice (the parameter left out means no choice)."""
    if raw is None:
        return () if not sizes else None
    if not isinstance(raw, str) or not sizes or len(raw) > 2 * MAX_LINES * len(sizes):
        return None
    parts = raw.split(",")
    if len(parts) != len(sizes) or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    if any(str(int(p)) != p for p in parts):  # "01" is not how the legal moves write "1"
        return None
    picked = tuple(int(p) for p in parts)
    return picked if all(p < n for p, n in zip(picked, sizes, strict=True)) else None


def check(state: GccState, cards: Sequence[str], when: str, move: Move) -> Rejection | None:
    """V D 6: the move names one line of each card with a choice, and no line otherwise."""
    sizes = counts(state, cards, when)
    if parsed(move.get("lines"), sizes) is not None:
        return None
    if not sizes:
        return reject(
            "bad_bonus_line",
            "No card used here has several bonus lines of this icon: there is no line to choose.",
        )
    return reject(
        "bad_bonus_line",
        f"Choose one bonus line of each card with several {when} lines: "
        f'{in_words(len(sizes))} place{"" if len(sizes) == 1 else "s"}, as "1".',
    )


def applied(
    state: GccState, cards: Sequence[str], when: str, picked: Sequence[int]
) -> tuple[tuple[str, Bonus], ...]:
    """Each card's line applied, with its card: the chosen one where the card has a choice, its
    one line otherwise (an event recorded before the choice existed holds none: the first)."""
    found: list[tuple[str, Bonus]] = []
    choices = iter(picked)
    for card, chooses in zip(cards, _choosing(state, cards, when), strict=True):
        lines = dice.bonus_lines(state.board_pack.item(card), when)
        if lines:
            place = next(choices, 0) if chooses else 0
            found.append((card, lines[min(place, len(lines) - 1)]))
    return tuple(found)


def bonus_words(bonus: Bonus) -> str:
    """What a bonus line adds: "one yellow die and one automatic success"."""
    parts = [dice.dice_words(bonus.dice)] if bonus.dice else []
    if bonus.successes:
        plural = "" if bonus.successes == 1 else "es"
        parts.append(f"{in_words(bonus.successes)} automatic success{plural}")
    if bonus.skill:
        parts.append(f"{bonus.skill.capitalize()} {bonus.level}")
    return listed(parts)


def words(state: GccState, cards: Sequence[str], when: str, move: Move) -> str:
    """The chosen lines in the game's words, for a label: ", the Tonfa's second melee line (one
    yellow die)"; "" when the move's cards offer no choice."""
    sizes = counts(state, cards, when)
    picked = parsed(move.get("lines"), sizes)
    if not sizes or picked is None:
        return ""
    named = []
    choices = iter(picked)
    for card, chooses in zip(cards, _choosing(state, cards, when), strict=True):
        item = state.board_pack.item(card)
        lines = dice.bonus_lines(item, when)
        if chooses:
            place = next(choices)
            line = f"{ordinal(place)} {when} line ({bonus_words(lines[place])})"
            named.append(f"{possessive(item.called)} {line}")
    return ", " + listed(named)
