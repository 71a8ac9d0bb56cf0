"""Gotham City Strategy state: the map, each villain's screen, Batman, decks and what is pending."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.engine.flow import Flow, Prompt
from rules_core.games.gotham_city_strategy.content import Op, Pack

HIDEOUT = -1  # a figure's location when it is behind its player's screen
BATCAVE = -1  # Batman's location when he is not on a block
BLOCKS = 12
THREATS_PER_VILLAIN = 25
HENCHMEN_LIMIT = 5
THREATS_PER_BLOCK = 5
TOP_LEVEL = 10  # reaching it wins at once


@dataclass(frozen=True, slots=True)
class Decision(Prompt):
    """A choice the game waits for from `seat` (the engine's `Prompt`, with this game's terms).

    kind: batman_to (candidates) | remove_threats (from `block` or `district`, up to `count`,
    `must` when not optional) | place_threats | place_henchmen | lose_threats | lose_henchman |
    steal (from `victim`) | send_home | face_down | use_card.
    """

    block: int = -1
    district: str = ""
    different: bool = False
    batmans_block: bool = False  # a card's figures may go on Batman's block
    used: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()
    victim: int = -1
    enemies: bool = False  # remove only other players' threats


@dataclass(frozen=True, slots=True)
class Turn(Flow):
    """The engine's `Flow` holding this game's decisions.

    phase: new | setup | playing | over. step (of the current player's turn): levels, resolve
    (the played card being carried out), actions, moving.
    """

    prompts: tuple[Decision, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a card being carried out: the `index`-th effect of `card` (-1: the Batman
    signal or the income printed on a Criminal Plot card)."""

    card: str
    index: int
    op: Op


@dataclass(frozen=True, slots=True)
class Player:
    """One villain's figures and screen."""

    villain: str
    level: int
    money: int
    information: int
    threats: tuple[int, ...]  # per block
    henchmen: tuple[int, ...]  # per block
    hideout_henchmen: int
    villain_at: int  # block index or HIDEOUT
    hand: tuple[str, ...]
    abilities: tuple[str, ...]
    face_down: str  # the variant's card for the next turn ("" if none)

    @property
    def recruited(self) -> int:
        return self.hideout_henchmen + sum(self.henchmen)

    @property
    def reserve_threats(self) -> int:
        return THREATS_PER_VILLAIN - sum(self.threats)


@dataclass(frozen=True, slots=True)
class Plan:
    """Figures a player is moving this turn, applied when the move is done."""

    villain_to: int | None  # None: the villain stays
    henchmen: tuple[tuple[int, int, int], ...]  # (from, to, count)


@dataclass(frozen=True, slots=True)
class GcsState:
    """Everything the rules need; `flow` says where the turn stands and who owes a decision."""

    flow: Turn
    players: tuple[Player, ...]
    batman_at: int
    batman_level: int
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    batman_deck: tuple[str, ...]
    batman_discard: tuple[str, ...]
    program: tuple[Line, ...]  # the lines of the card being carried out still to do
    line: Line | None  # the line being carried out (a die rolled for it may cost a penalty)
    played: str
    chosen: bool  # the player has chosen how to use the card played (carry it out or not)
    drawer: int  # who drew the Batman card being resolved (controls Batman)
    advanced: bool  # the current player advanced a level this turn
    ability_due: bool  # ...and reached or passed an ability icon without choosing yet
    moved: bool  # the current player has moved figures this turn
    final_turns: int  # turns left once the deck ran out; -1 before that
    plan: Plan | None
    variant: bool
    winner: int
    pack: Pack | None
    log_format: int  # 1: a log written before the table-events log (replayed, not continued)
    ability_taken: bool = False  # the current player chose an ability this turn (one a turn)
    # what the reserves hold of money and information, in the open beside the board
    # (glossary.reserves): the pack's reserves less what the screens hold (rules version 13)
    reserve_money: int = 0
    reserve_information: int = 0

    def in_reserves(self, resource: str) -> int:
        """What the reserves hold of money or information (never below none: a pack stored
        before rules version 13 may have started the screens with more than the box holds)."""
        return max(0, self.reserve_money if resource == "money" else self.reserve_information)

    @property
    def phase(self) -> str:
        return self.flow.phase

    @property
    def step(self) -> str:
        return self.flow.step

    @property
    def current(self) -> int:
        return self.flow.current

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.flow.prompts

    def player(self, seat: int) -> Player:
        return self.players[seat]
