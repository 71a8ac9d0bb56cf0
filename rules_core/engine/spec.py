"""The GameSpec protocol: what a game module declares so the engine and the service can run it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol, TypeVar

from rules_core.engine.info import GameInfo
from rules_core.engine.types import JSON, Citation, GameEvent, Move, Outcome, Rejection
from rules_core.engine.visibility import Secret

S = TypeVar("S")


class GameSpec(Protocol[S]):
    """A game as the decide/evolve model of design.md describes it.

    Implementations are pure: no I/O, no clocks, randomness only from the `rng` passed in,
    and every random outcome recorded in the events that `setup` and `decide` return.
    """

    slug: str
    title: str
    book: str
    min_players: int
    max_players: int
    state_type: type[S]
    event_types: Mapping[str, type[GameEvent]]
    rejections: Mapping[str, tuple[Citation, ...]]  # every rejection code and what it cites
    # every rejection code in one sentence of the game's words: the move refused, and when
    rejection_words: Mapping[str, str]
    info: GameInfo  # roles, chance, hidden information, longest game (shown in the catalog)
    # bumped whenever decide's events for a move, or the state's shape, change: a game created
    # under older rules replays from its events (upcast) and is not re-decided by verify_log
    rules_version: int
    search_iterations: int  # the mcts bot's default iterations per move (what a move costs varies)
    search_depth: int  # the mcts bot's random moves after a new node before it evaluates
    # the seats whose mcts search holds only their own run of moves, each line valued where that
    # run ends (the seat no longer to act) or where the tree stops, never after others' replies
    search_own_turn: frozenset[int]
    lost_value_mark: float  # the replay analysis marks a move that loses this much value (0 to 1)
    # the game's own part of its analysis's version (bots.analysis.analysis_version): raised when
    # a change to this game alone (its evaluation, its bots' search) changes its analysis notes
    analysis_version: int

    def options_schema(self) -> dict[str, JSON]:
        """JSON description of the options `setup` accepts (shown in the catalog)."""
        ...

    def validate_options(self, players: int, options: Mapping[str, JSON]) -> Rejection | None:
        """A Rejection when the player count or options are not allowed, else None."""
        ...

    def initial_state(self) -> S:
        """The state before the first event (the fold's starting value)."""
        ...

    def setup(
        self, players: int, options: Mapping[str, JSON], rng: random.Random
    ) -> list[GameEvent]:
        """The opening events: every shuffle and deal is decided here and recorded."""
        ...

    def evolve(self, state: S, event: GameEvent) -> S:
        """Apply one event; pure, total and deterministic."""
        ...

    def shuffle_unseen(self, state: S, rng: random.Random) -> list[GameEvent]:
        """The events that shuffle again every card no seat has seen (a fork's new deal; none
        for a game without such cards)."""
        ...

    def decide(
        self, state: S, seat: int, move: Move, rng: random.Random
    ) -> list[GameEvent] | Rejection:
        """Validate a seat's move and turn it into events (including automatic follow-ups)."""
        ...

    def decide_and_evolve(
        self, state: S, seat: int, move: Move, rng: random.Random
    ) -> tuple[list[GameEvent], S] | Rejection:
        """`decide`, and the state its events lead to (equal to folding them; bots search with it
        because a game that works its events out step by step already holds that state)."""
        ...

    def owed(self, state: S, rng: random.Random) -> list[GameEvent]:
        """The events of the steps the game owes at `state` and takes itself, by nobody: a head
        stored under earlier rules may stand where today's rules take such a step within the
        move that leads to it (the same events they write there). None at a head of today's
        rules, which never owes one."""
        ...

    def legal_moves(self, state: S, seat: int) -> list[Move]:
        """Every move `decide` would accept from `seat`, in a stable order."""
        ...

    def to_act(self, state: S) -> frozenset[int]:
        """The seats whose move the game is waiting for."""
        ...

    def may_act(self, state: S) -> frozenset[int]:
        """The seats besides `to_act` that may make a move the game does not wait for (one the
        rules allow at any time, such as a Chronicles hero dropping equipment in the villain's
        turn): it is among their legal moves, but nothing waits for it, no bot is asked to
        make it and the game goes on without it. Empty for most games."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def describe_move(self, state: S, seat: int, move: Move) -> str:
        """A legal move of `seat` in the game's words, as its button reads ("Draw from deck 2")."""
        ...

    def narrate(self, state: S, event: GameEvent, seat: int | None, reveal: bool) -> str:
        """What `event` did, in the game's words, as `seat` (None: a spectator) may know it.

        `state` is the state before the event. Only what `seat` may see is told (another seat's
        drawn card is "a card"); `reveal` tells everything, as a finished game does. An empty
        text marks bookkeeping that changes nothing at the table.
        """
        ...

    def seat_names(self, state: S) -> tuple[str, ...]:
        """Each seat's role at the table (the figure it races, the villain it plays)."""
        ...

    def view(self, state: S, seat: int | None, reveal: bool = False) -> dict[str, JSON]:
        """What `seat` (or a spectator, None) may see of the state.

        `reveal` shows what the end of the game shows (every hand and face-down card): for
        studying a finished game at any step of its log.
        """
        ...

    def evaluate(self, state: S, seat: int) -> float:
        """How good the state is for `seat`, from 0 (lost) to 1 (won): the bots' heuristic."""
        ...

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A state `seat` cannot tell apart from this one: every hidden part resampled.

        The result depends only on what `seat` may see (and `rng`), never on the hidden values,
        so a bot that plays from it cannot read another seat's hand or the deck order.
        """
        ...

    def secrets(self, state: S) -> tuple[Secret, ...]:
        """Every hidden value of the state, where it sits and who may see it: the one
        declaration that views, redaction, determinization and the privacy checks follow."""
        ...

    def hidden_from(self, state: S, seat: int | None) -> frozenset[str]:
        """Values `seat` must not be able to see now (card ids in others' hands, deck order...).

        The conformance suite checks that none of them appears in the seat's view or in the
        redacted events; a finished game hides nothing.
        """
        ...

    def redact(self, event: GameEvent, seat: int | None, finished: bool) -> dict[str, JSON]:
        """The event's data as `seat` may see it; everything once the game is finished."""
        ...
