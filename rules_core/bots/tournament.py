"""Bot-against-bot games and their tally: win rates with 95% intervals and time per move."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules_core.bots.registry import choose_move
from rules_core.engine.registry import get_game
from rules_core.engine.replay import fold
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import JSON, Move, Rejection

MAX_MOVES = 20_000


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: the bot in each seat, the winning seats, and each seat's thinking time."""

    bots: tuple[str, ...]
    winners: tuple[int, ...]
    seconds: tuple[float, ...]
    moves: tuple[int, ...]


def play_game(
    spec: GameSpec[Any],
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, JSON] | None = None,
    bot_options: Mapping[str, JSON] | None = None,
    on_decision: Callable[[Any, int, Move], None] | None = None,
) -> GameResult:
    """Play one game with `bots[i]` in seat i; the game's and the bots' chance from `seed`.

    `on_decision(state, seat, move)` is called with each decision before it is played.
    """
    rng = random.Random(seed)
    state = fold(spec, spec.setup(len(bots), options or {}, random.Random(f"setup:{seed}")))
    seconds = [0.0] * len(bots)
    moves = [0] * len(bots)
    for _ in range(MAX_MOVES):
        if spec.outcome(state) is not None:
            break
        seat = min(spec.to_act(state))
        started = time.perf_counter()
        move = choose_move(bots[seat], spec, state, seat, random.Random(rng.random()), bot_options)
        seconds[seat] += time.perf_counter() - started
        moves[seat] += 1
        if on_decision is not None:
            on_decision(state, seat, move)
        played = spec.decide_and_evolve(state, seat, move, random.Random(rng.random()))
        if isinstance(played, Rejection):
            raise ValueError(f"{bots[seat]} chose a refused move {move}: {played}")
        state = played[1]
    outcome = spec.outcome(state)
    winners = () if outcome is None else outcome.winners
    return GameResult(tuple(bots), winners, tuple(seconds), tuple(moves))


@dataclass(frozen=True, slots=True)
class Match:
    """One game to play: the game, the bot in each seat, the seed and the options."""

    slug: str
    bots: tuple[str, ...]
    seed: int
    options: Mapping[str, JSON] | None = None
    bot_options: Mapping[str, JSON] | None = None


def _played(match: Match) -> GameResult:
    return play_game(get_game(match.slug), match.bots, match.seed, match.options, match.bot_options)


def play_games(matches: Sequence[Match], jobs: int = 1) -> Iterator[GameResult]:
    """The results of `matches` in their order, played in `jobs` processes (here with one)."""
    if jobs <= 1:
        yield from map(_played, matches)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_played, matches)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """Results per bot over many games; games nobody (no seat) won are counted apart."""

    games: int = 0
    no_seat_won: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)
    seat_wins: dict[int, float] = field(default_factory=dict)  # by seat, whatever bot sat there
    bot_seat_played: dict[tuple[str, int], int] = field(default_factory=dict)  # decided games
    bot_seat_wins: dict[tuple[str, int], float] = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        self.games += 1
        if not result.winners:
            self.no_seat_won += 1
        for seat in result.winners:
            self.seat_wins[seat] = self.seat_wins.get(seat, 0.0) + 1.0 / len(result.winners)
        for seat, bot in enumerate(result.bots):
            self.seconds[bot] = self.seconds.get(bot, 0.0) + result.seconds[seat]
            self.moves[bot] = self.moves.get(bot, 0) + result.moves[seat]
            if result.winners:
                self.played[bot] = self.played.get(bot, 0) + 1
                key = (bot, seat)
                self.bot_seat_played[key] = self.bot_seat_played.get(key, 0) + 1
                if seat in result.winners:
                    share = 1.0 / len(result.winners)
                    self.wins[bot] = self.wins.get(bot, 0.0) + share
                    self.bot_seat_wins[key] = self.bot_seat_wins.get(key, 0.0) + share

    def rate(self, bot: str) -> tuple[float, float, float, int]:
        """Share of the decided games a bot's seats won, its interval, and how many games."""
        n = self.played.get(bot, 0)
        wins = self.wins.get(bot, 0.0)
        low, high = wilson(wins, n)
        return (wins / n if n else 0.0, low, high, n)

    def seat_rate(self, seat: int) -> tuple[float, float, float, int]:
        """Share of the decided games a seat won (a role, in a game of roles), its interval."""
        n = self.games - self.no_seat_won
        wins = self.seat_wins.get(seat, 0.0)
        low, high = wilson(wins, n)
        return (wins / n if n else 0.0, low, high, n)

    def rate_at(self, bot: str, seat: int) -> tuple[float, float, float, int]:
        """Share of the decided games a bot won when it sat in `seat` (one role), its interval."""
        n = self.bot_seat_played.get((bot, seat), 0)
        wins = self.bot_seat_wins.get((bot, seat), 0.0)
        low, high = wilson(wins, n)
        return (wins / n if n else 0.0, low, high, n)

    def seconds_per_move(self, bot: str) -> float:
        return self.seconds.get(bot, 0.0) / max(self.moves.get(bot, 0), 1)


def seating(bots: Sequence[str], players: int, game: int) -> list[str]:
    """Seat assignment for game number `game`: the line-up rotated so seats even out."""
    line_up = [bots[i % len(bots)] for i in range(players)]
    shift = game % players
    return line_up[shift:] + line_up[:shift]
