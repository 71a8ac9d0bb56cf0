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


def phase_section(player: int, phase: str) -> str:
    """The section of the book listing this phase of this side's turn."""
    side = "falcones-turn" if player == FALCONE else "gordons-turn"
    key = "start-of-turn" if phase == "start" else phase
    return f"sequence-of-play.{side}.{key}"
