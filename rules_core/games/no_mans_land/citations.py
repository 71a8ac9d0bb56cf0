"""The No Man's Land rulebook sections the game cites."""

from rules_core.engine.types import Citation

BOOK = "no-mans-land"

# each side's phases, in the order the book lists them
FALCONE_PHASES = ("start", "income", "movement", "draw")
GORDON_PHASES = ("start", "movement", "crimefighting", "draw")
FALCONE, GORDON = 0, 1


def cite(*sections: str) -> tuple[Citation, ...]:
    """Citations of sections of the No Man's Land rulebook."""
    return tuple(Citation(BOOK, s) for s in sections)


# the section of the book listing each side's phases
TURN_SECTIONS = ("sequence-of-play.falcones-turn", "sequence-of-play.gordons-turn")


def phase_section(player: int, phase: str) -> str:
    """The section of the book listing this phase of this side's turn."""
    key = "start-of-turn" if phase == "start" else phase
    return f"{TURN_SECTIONS[player]}.{key}"
