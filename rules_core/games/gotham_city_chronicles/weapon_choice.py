"""V D (item types: melee and ranged weapons): a hero cannot combine the bonuses of several
melee weapons, nor of several ranged weapons. An attack takes the weapon cards its move names
(`weapon`, and a `second` by Ambidexterity, X: combat.py); outside an attack, the lines of one
icon that join a defense (VII) or a skill's level (V D 6.4) come from one weapon of each type at
most (rules version 23; before, every weapon's line joined). Where two weapon cards of one type
(copies of one card count once) have a line of the icon, the hero chooses which serves, on the
move as `melee` or `ranged` (the card's id: `defend`, `blast`, `attract`), as a card's line is
chosen (`lines`, V D 6); the book leaves the choice unsaid outside an attack (README,
readings). Ambidexterity's level, which only bounds the weapons an attack names, takes the
highest (skills.skill_lines). A move whose cards offer no choice names neither."""

from __future__ import annotations

from collections.abc import Sequence

from rules_core.engine.types import Move, Rejection
from rules_core.engine.wording import listed, possessive
from rules_core.games.gotham_city_chronicles import dice
from rules_core.games.gotham_city_chronicles.refusals import reject
from rules_core.games.gotham_city_chronicles.state import GccState

WEAPON_TYPES = ("melee", "ranged")  # the item types whose bonuses are never combined (V D)


def weapon_type(state: GccState, card: str) -> str:
    """The card's weapon type, "" for a card that is no weapon."""
    kind = state.board_pack.item(card).type
    return kind if kind in WEAPON_TYPES else ""


def choosing(state: GccState, cards: Sequence[str], when: str) -> dict[str, tuple[str, ...]]:
    """For each weapon type of which two cards or more among `cards` (copies counted once) have
    a line of the icon, those cards in the order carried: the ones the hero chooses among."""
    found: dict[str, list[str]] = {kind: [] for kind in WEAPON_TYPES}
    for card in dict.fromkeys(cards):
        kind = weapon_type(state, card)
        if kind and dice.bonus_lines(state.board_pack.item(card), when):
            found[kind].append(card)
    return {kind: tuple(found[kind]) for kind in WEAPON_TYPES if len(found[kind]) > 1}


def kept(state: GccState, cards: Sequence[str], chosen: Sequence[str]) -> tuple[str, ...]:
    """`cards` as they serve together: every card that is no weapon, and one weapon card of each
    type, once: the one `chosen` names, else the first of its type (the only one where nothing
    was to choose; an event recorded before rules version 23 names none)."""
    named = {weapon_type(state, c): c for c in chosen}
    found: list[str] = []
    taken: set[str] = set()
    for card in cards:
        kind = weapon_type(state, card)
        if kind:
            if kind in taken or named.get(kind, card) != card:
                continue
            taken.add(kind)
        found.append(card)
    return tuple(found)


def chosen(state: GccState, cards: Sequence[str], when: str, move: Move) -> tuple[str, ...] | None:
    """The weapon cards the move chooses, one for each type with a choice (in WEAPON_TYPES'
    order); None where it names a card not among a type's choices, or names a type with
    none to choose."""
    choices = choosing(state, cards, when)
    found: list[str] = []
    for kind in WEAPON_TYPES:
        raw = move.get(kind)
        if kind not in choices:
            if raw is not None:
                return None
            continue
        if raw not in choices[kind]:
            return None
        found.append(str(raw))
    return tuple(found)


def serving(
    state: GccState, cards: Sequence[str], when: str, move: Move
) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """The weapons the move chooses (None: a choice refused) and the cards that then serve."""
    weapons = chosen(state, cards, when, move)
    return weapons, kept(state, cards, weapons or ())


def check(state: GccState, cards: Sequence[str], when: str, move: Move) -> Rejection | None:
    """V D: the move names one weapon card of each type with a choice, and none otherwise."""
    if chosen(state, cards, when, move) is not None:
        return None
    choices = choosing(state, cards, when)
    if not choices:
        return reject(
            "bad_weapon_choice",
            "No two weapons of one type could serve here: there is no weapon to choose.",
        )
    named = listed([f"one {kind} weapon" for kind in choices])
    return reject(
        "bad_weapon_choice",
        f"The bonuses of two weapons of one type are not combined: choose {named} whose "
        f"{when} bonus serves, among those carried.",
    )


def options(state: GccState, cards: Sequence[str], when: str) -> list[dict[str, str]]:
    """Every choice of weapons as move parameters: [{}] when no type has a choice."""
    found: list[dict[str, str]] = [{}]
    for kind, choices in choosing(state, cards, when).items():
        found = [{**made, kind: card} for made in found for card in choices]
    return found


def words(state: GccState, cards: Sequence[str], when: str, move: Move) -> str:
    """The chosen weapons in the game's words, for a label: ", taking the Riot Shield's defense
    bonus"; "" when the move's cards offer no choice."""
    picked = chosen(state, cards, when, move)
    if not picked:
        return ""
    named = [f"{possessive(state.board_pack.item_called(card))} {when} bonus" for card in picked]
    return ", taking " + listed(named)
