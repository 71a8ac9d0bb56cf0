"""Gotham Race state: figures on the track, decks, hands, the deposit pile and the turn."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.games.gotham_race.content import Pack

FIGURES = (0, 1, 2, 3)
FIGURE_NAMES = ("A", "B", "C", "D")


@dataclass(frozen=True, slots=True)
class Placed:
    """A card on the deposit pile: placed for `figure`, face down until the pile is turned."""

    figure: int
    card: str


@dataclass(frozen=True, slots=True)
class RaceState:
    """Everything the rules need; `xs` are race coordinates (squares from the start, clockwise).

    A figure's rank follows its race coordinate, ahead first, and on one square the inside lane
    (lane 0) first. The finish is at coordinate `finish` going forwards and `finish - length`
    going backwards round the circle.
    """

    phase: str  # "new" | "placing" | "over"
    players: int
    owners: tuple[int | None, ...]
    xs: tuple[int, ...]
    lanes: tuple[int, ...]
    finish: int
    decks: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    deposit: tuple[Placed, ...]
    round: int
    order: tuple[int, ...]
    turn: int
    drawn: bool
    revealed: bool
    winner: int | None
    beyond: tuple[int, ...]
    pack: Pack | None

    @property
    def current_figure(self) -> int | None:
        """The figure whose card is to be placed next, or None when none is."""
        if self.phase != "placing" or self.turn >= len(self.order):
            return None
        return self.order[self.turn]


INITIAL = RaceState(
    phase="new",
    players=0,
    owners=(),
    xs=(),
    lanes=(),
    finish=0,
    decks=(),
    hands=(),
    discard=(),
    deposit=(),
    round=0,
    order=(),
    turn=0,
    drawn=False,
    revealed=False,
    winner=None,
    beyond=(),
    pack=None,
)
