"""The Black Metro rulebook sections the game cites."""

from collections.abc import Mapping

from rules_core.engine.types import Citation
from rules_core.games.black_metro import sources

BOOK = "black-metro"

# each district's section, by its number less 1
DISTRICT_SECTIONS = (
    "districts.shadowforge",
    "districts.swiss-casino",
    "districts.gilded-bank",
    "districts.chronicle-archives",
    "districts.laughing-tavern",
    "districts.ancient-shrine",
    "districts.highfield-hospital",
    "districts.oakland-lab",
    "districts.broadswade",
    "districts.crossfire-armoury",
    "districts.astral-tower",
    "districts.combat-zone",
)


# a dominance fortune's rank as the solo challenge's sections name it (solo.rules.fortunes.king)
RANK_SECTIONS = {"J": "jack", "Q": "queen", "K": "king", "Joker": "joker"}


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the Black Metro starter guide."""
    return tuple(Citation(BOOK, s) for s in sections)


def sections_for(code: str, table: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The sections `table` names for a source or a reason (sources.py), of those it lists:
    the code's own entry ("overlord:setup"), else its kind's; a die face narrowed to the
    section of the dice it names ("dice:penalty:5": appendix.dice.penalty), a district's effect
    to the district's (with the candidates' for a candidate's district ability there, effect
    0), the solo version of a dominance fortune's effect to its rank's ("solo_fortune:K:1":
    solo.rules.fortunes.king). None for a kind the table lacks, or dice, a district or a solo
    fortune's effect the book has no section for (a custom pack's)."""
    kind, named = sources.parts(code)
    listed = table.get(code, table.get(kind, ()))
    first, _, rest = named.partition(":")
    if kind == sources.DICE:
        wanted: tuple[str, ...] = (f"appendix.dice.{first}",)
    elif kind == sources.DISTRICT:
        number = int(first) if first.isdigit() else 0
        if not 1 <= number <= len(DISTRICT_SECTIONS):
            return ()
        wanted = (DISTRICT_SECTIONS[number - 1],)
        wanted += ("troubleshooting.cards.candidates",) if rest == "0" else ()
    elif kind == sources.SOLO_FORTUNE:
        wanted = (f"solo.rules.fortunes.{RANK_SECTIONS.get(first, first)}",)
    else:
        return listed
    return wanted if set(wanted) <= set(listed) else ()
