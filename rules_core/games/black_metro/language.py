"""Black Metro in its players' words: colours, fortunes, missions, districts and troops."""

from __future__ import annotations

from rules_core.games.black_metro.state import BlackMetroState, Troop

COLOURS = ("Red", "Green", "Blue", "Yellow")  # clockwise, as the example round seats them
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
UNIT_NAMES = (
    ("subordinate", "subordinates"),
    ("paragon", "paragons"),
    ("doom mechasuit", "doom mechasuits"),
)


def seat_names(state: BlackMetroState) -> tuple[str, ...]:
    names = COLOURS[: state.seats]
    return (*names, "the overlord") if state.solo else names


def who(state: BlackMetroState, index: int) -> str:
    return seat_names(state)[index]


def fortune(card: str) -> str:
    """ "3-diamonds" -> "the 3 of diamonds"; "Joker-2" -> "a joker"."""
    rank, _, suit = card.partition("-")
    if rank == "Joker":
        return "a joker"
    return f"the {RANK_NAMES.get(rank, rank)} of {suit}"


def mission(card: str, state: BlackMetroState) -> str:
    """A mission card by its name ("Secure the District")."""
    return f"“{state.the_pack().mission(card.partition('#')[0]).name}”"


def district(state: BlackMetroState, number: int) -> str:
    return state.the_pack().district(number).label


def troop(units: Troop) -> str:
    """(2, 1, 0) -> "2 subordinates and 1 paragon"."""
    parts = [
        f"{n} {names[0] if n == 1 else names[1]}"
        for n, names in zip(units, UNIT_NAMES, strict=True)
        if n
    ]
    if not parts:
        return "no personnel"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
