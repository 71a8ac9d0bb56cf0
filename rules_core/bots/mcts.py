"""Information-set Monte Carlo tree search (UCT) over determinized states.

Each iteration samples the hidden part of the state from the searching seat's view
(`GameSpec.determinize`), walks the tree with UCT (only moves legal in that sample count),
expands one move, plays random moves to a depth limit and scores the end with
`GameSpec.evaluate` for every seat that moved. Dice and shuffles inside `decide` are sampled
from the search's own generator: the future is never read from the real game.

For the seats a game names (`GameSpec.search_own_turn`) the tree holds only the searching
seat's own run of moves: a line ends where the seat is no longer among those to act (or the
game ends), and is valued there, with no playout; while it is, the seat plays on, even where
another seat may act too (a partner of its side acting in any order). Every line is then valued
at the same point, before any other seat's reply: with a small budget and no playout, a line
running into the other side's turn was valued after replies the tree explored about at random,
while a line still in the seat's own turn was valued before them (README of Gotham City
Chronicles: Bots).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_core.engine.spec import GameSpec
from rules_core.engine.types import JSON, Move, Rejection

ITERATIONS_LIMIT = (1, 20000)  # the stated range of the `iterations` option
SECONDS_LIMIT = (0.01, 10.0)  # the stated range of the `seconds` option


def _within(value: float, limits: tuple[float, float]) -> float:
    return min(max(value, limits[0]), limits[1])


@dataclass(frozen=True, slots=True)
class MctsSettings:
    """The search budget: stop at `iterations` or after `seconds`, whichever comes first."""

    iterations: int = 400
    seconds: float = 0.8
    depth: int = 8  # random moves after the expanded node before evaluating (short: less noise)
    exploration: float = 1.2
    # the seats searching only their own run of moves (GameSpec.search_own_turn)
    own_turn: frozenset[int] = frozenset()

    @staticmethod
    def for_game(spec: GameSpec[Any]) -> MctsSettings:
        """The default budget in a game: its own iteration count and playout depth, the common
        time limit."""
        return MctsSettings(
            iterations=spec.search_iterations,
            depth=spec.search_depth,
            own_turn=spec.search_own_turn,
        )

    @staticmethod
    def from_options(options: Mapping[str, JSON], spec: GameSpec[Any]) -> MctsSettings:
        """The budget the options ask for, held within the stated limits whatever they say.

        The service refuses options beyond the limits; this holds the search to them again, so
        options stored or passed by any other path cannot buy a longer search.
        """
        defaults = MctsSettings.for_game(spec)
        iterations = options.get("iterations", defaults.iterations)
        seconds = options.get("seconds", defaults.seconds)
        if isinstance(iterations, bool) or not isinstance(iterations, int | float):
            iterations = defaults.iterations
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds != seconds:
            seconds = defaults.seconds
        return MctsSettings(
            iterations=int(_within(iterations, ITERATIONS_LIMIT)),
            seconds=_within(float(seconds), SECONDS_LIMIT),
            depth=defaults.depth,
            own_turn=defaults.own_turn,
        )


@dataclass(slots=True)
class _Node:
    visits: int = 0
    total: float = 0.0  # rewards of the seat whose move led here
    children: dict[Move, _Node] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MctsResult:
    """The chosen move, each root move's mean value and visits, and the iterations run."""

    move: Move
    values: dict[Move, float]
    visits: dict[Move, int]
    iterations: int


def apply_move(spec: GameSpec[Any], state: Any, seat: int, move: Move, rng: random.Random) -> Any:
    """The state after `seat` plays `move` (a move the search found legal)."""
    result = spec.decide_and_evolve(state, seat, move, rng)
    if isinstance(result, Rejection):
        raise ValueError(f"a legal move was refused in search: {move} {result}")
    return result[1]


def _acting(spec: GameSpec[Any], state: Any) -> int | None:
    if spec.outcome(state) is not None:
        return None
    acting = spec.to_act(state)
    return min(acting) if acting else None


def playout(spec: GameSpec[Any], state: Any, depth: int, rng: random.Random) -> Any:
    """The state after at most `depth` uniformly random moves (fewer if the game ends)."""
    for _ in range(depth):
        actor = _acting(spec, state)
        if actor is None:
            break
        state = apply_move(spec, state, actor, rng.choice(spec.legal_moves(state, actor)), rng)
    return state


def _uct_choice(node: _Node, legal: list[Move], exploration: float) -> Move:
    """The legal child with the best upper confidence bound."""
    log_visits = math.log(max(node.visits, 1))
    return max(
        legal,
        key=lambda m: (
            node.children[m].total / node.children[m].visits
            + exploration * math.sqrt(log_visits / node.children[m].visits)
        ),
    )


def _settled(root: _Node, root_moves: list[Move], remaining: float) -> bool:
    """Whether the most visited root move stays ahead whatever the remaining iterations do."""
    visits = sorted(
        (root.children[m].visits for m in root_moves if m in root.children), reverse=True
    )
    if len(visits) < 2:
        return False
    return visits[0] - visits[1] > remaining


def mcts_move(
    spec: GameSpec[Any], state: Any, seat: int, rng: random.Random, settings: MctsSettings
) -> MctsResult:
    """Search from `seat`'s view of `state` and return the most visited root move."""
    root_moves = spec.legal_moves(spec.determinize(state, seat, rng), seat)
    if not root_moves:
        raise ValueError(f"seat {seat} has no legal move")
    root = _Node()
    started = time.perf_counter()
    deadline = started + settings.seconds
    iterations = 0
    own_turn = seat in settings.own_turn
    while iterations < settings.iterations and (len(root_moves) > 1 or iterations == 0):
        if iterations and time.perf_counter() > deadline:
            break
        iterations += 1
        sample = spec.determinize(state, seat, rng)
        node, path, current = root, [], sample
        while (actor := _acting(spec, current)) is not None:
            if own_turn:
                if seat not in spec.to_act(current):
                    break  # another seat's turn: the line is valued as the seat's run left it
                actor = seat  # it plays on while it may, a partner able to act as well
            legal = spec.legal_moves(current, actor)
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = rng.choice(untried)
                child = node.children.setdefault(move, _Node())
                current = apply_move(spec, current, actor, move, rng)
                path.append((child, actor))
                break
            move = _uct_choice(node, legal, settings.exploration)
            child = node.children[move]
            current = apply_move(spec, current, actor, move, rng)
            path.append((child, actor))
            node = child
        if not own_turn:
            current = playout(spec, current, settings.depth, rng)
        rewards: dict[int, float] = {}
        for _, actor in path:
            if actor not in rewards:
                rewards[actor] = spec.evaluate(current, actor)
        root.visits += 1
        for child, actor in path:
            child.visits += 1
            child.total += rewards[actor]
        if iterations % 8 == 0:
            now = time.perf_counter()
            by_time = (deadline - now) * iterations / max(now - started, 1e-9)
            if _settled(root, root_moves, min(settings.iterations - iterations, by_time)):
                break
    visited = {m: c for m, c in root.children.items() if c.visits and m in root_moves}
    if not visited:
        return MctsResult(root_moves[0], {}, {}, iterations)
    best = max(visited, key=lambda m: (visited[m].visits, visited[m].total))
    return MctsResult(
        move=best,
        values={m: c.total / c.visits for m, c in visited.items()},
        visits={m: c.visits for m, c in visited.items()},
        iterations=iterations,
    )
