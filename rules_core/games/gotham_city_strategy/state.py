"""Gotham City Strategy state: the map, each villain's screen, Batman, decks and what is pending."""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.games.gotham_city_strategy.content import Op, Pack

HIDEOUT = -1  # a figure's location when it is behind its player's screen
BATCAVE = -1  # Batman's location when he is not on a block
BLOCKS = 12
THREATS_PER_VILLAIN = 25
HENCHMEN_LIMIT = 5
THREATS_PER_BLOCK = 5
TOP_LEVEL = 10  # reaching it wins at once


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the game waits for from `seat`.

    kind: batman_to (candidates) | remove_threats (from `block` or `district`, up to `count`,
    `must` when not optional) | place_threats | place_henchmen | lose_threats | lose_henchman |
    steal (from `victim`) | send_home | use_card.
    """

    seat: int
    kind: str
    count: int = 1
    must: bool = False
    block: int = -1
    district: str = ""
    different: bool = False
    used: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()
    victim: int = -1
    enemies: bool = False  # remove only other players' threats


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
    """Everything the rules need. `step` is where the current player's turn stands.

    steps: setup_threats (place starting threats in turn order), setup_face_down (variant),
    levels, resolve (pending decisions and card effect steps), actions, moving.
    """

    phase: str  # new | setup | playing | over
    step: str
    players: tuple[Player, ...]
    current: int
    batman_at: int
    batman_level: int
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    batman_deck: tuple[str, ...]
    batman_discard: tuple[str, ...]
    pending: tuple[Decision, ...]
    program: tuple[Op, ...]
    played: str
    drawer: int  # who drew the Batman card being resolved (controls Batman)
    advanced: bool  # the current player advanced a level this turn
    ability_due: bool  # ...and reached or passed an ability icon without choosing yet
    moved: bool  # the current player has moved figures this turn
    final_turns: int  # turns left once the deck ran out; -1 before that
    plan: Plan | None
    variant: bool
    winner: int
    pack: Pack | None

    def player(self, seat: int) -> Player:
        return self.players[seat]
