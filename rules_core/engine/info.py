"""What a game declares about itself (after OpenSpiel's game metadata), shown in the catalog."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.types import JSON


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's shape: who sits at it, what is left to chance or hidden, how long it can run."""

    roles: str  # what a seat plays, in the game's words ("a villain", "a figure (A to D)")
    chance: bool  # dice, shuffles or draws decide part of the game
    hidden_information: bool  # hands, decks or face-down cards some seats cannot see
    simultaneous: bool  # whether two seats can be asked to act at once
    longest_game: int  # a game ends within this many moves (every random test game is held to it)

    def to_json(self) -> dict[str, JSON]:
        return {
            "roles": self.roles,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
            "longest_game": self.longest_game,
        }
