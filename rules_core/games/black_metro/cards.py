"""Fortunes as cards: rank, suit, which are assignment (common) and dominance (elite) fortunes,
the facility an assignment fortune stands for, and which card counters which."""

from __future__ import annotations

from collections.abc import Iterable

from rules_core.games.black_metro.pack import COURT

NUMBERED = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def rank(card: str) -> str:
    return card.partition("-")[0]


def one_of_each(hand: Iterable[str]) -> list[str]:
    """A hand's fortunes to offer, in order, one of each kind: the jokers are alike, so the
    first one held stands for all (offering each would offer one choice twice); any held card
    may still be named."""
    offered: list[str] = []
    for card in sorted(set(hand)):
        if rank(card) != "Joker" or not any(rank(c) == "Joker" for c in offered):
            offered.append(card)
    return offered


def is_assignment(card: str) -> bool:
    """Ace to 10: played in the assignment phase (appendix.fortunes.assignment)."""
    return rank(card) in NUMBERED


def is_dominance(card: str) -> bool:
    """Jack, queen, king and joker: played in the dominance phase."""
    return rank(card) in COURT


def facilities(card: str) -> tuple[int, ...]:
    """The facility numbers an assignment fortune stands for (an ace: 01 or 11)."""
    value = rank(card)
    if value == "A":
        return (1, 11)
    return (int(value),) if value in NUMBERED else ()


def strength(card: str) -> int:
    """How cards compare when countering: ace low to 10, then jack, queen, king, joker."""
    value = rank(card)
    if value in NUMBERED:
        return NUMBERED.index(value) + 1
    return 11 + COURT.index(value)


def counters(card: str, last: str) -> bool:
    """Whether `card` may counter `last`: of the same kind and equal or higher."""
    same_kind = is_assignment(card) == is_assignment(last)
    return same_kind and strength(card) >= strength(last)
