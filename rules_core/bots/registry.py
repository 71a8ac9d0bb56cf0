"""The bots a seat can be given, by name, and how a seat's bot is asked for a move."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from rules_core.bots.greedy import greedy_move
from rules_core.bots.mcts import ITERATIONS_LIMIT, SECONDS_LIMIT, MctsSettings, mcts_move
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import JSON, Move

Bot = Callable[[GameSpec[Any], Any, int, random.Random, Mapping[str, JSON]], Move]


def random_bot(
    spec: GameSpec[Any], state: Any, seat: int, rng: random.Random, options: Mapping[str, JSON]
) -> Move:
    """Any legal move, uniformly at random (it looks at nothing but the legal moves)."""
    moves = spec.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return rng.choice(moves)


def greedy_bot(
    spec: GameSpec[Any], state: Any, seat: int, rng: random.Random, options: Mapping[str, JSON]
) -> Move:
    return greedy_move(spec, state, seat, rng)


def mcts_bot(
    spec: GameSpec[Any], state: Any, seat: int, rng: random.Random, options: Mapping[str, JSON]
) -> Move:
    return mcts_move(spec, state, seat, rng, MctsSettings.from_options(options, spec)).move


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "mcts": mcts_bot}
# how strongly each plays, in the words a player picks a bot by
BOT_LEVELS: dict[str, str] = {"random": "easy", "greedy": "medium", "mcts": "strong"}


def bot_name(bot: str) -> str:
    """A bot seat's name when none is given, by how strongly it plays ("easy bot")."""
    return f"{BOT_LEVELS.get(bot, bot)} bot"


def bot_options(spec: GameSpec[Any]) -> dict[str, dict[str, JSON]]:
    """Each bot's options with their defaults in this game (mcts's budget differs by game)."""
    budget = MctsSettings.for_game(spec)
    return {
        "random": {},
        "greedy": {},
        "mcts": {
            "iterations": {
                "type": "integer",
                "default": budget.iterations,
                "min": ITERATIONS_LIMIT[0],
                "max": ITERATIONS_LIMIT[1],
            },
            "seconds": {
                "type": "number",
                "default": budget.seconds,
                "min": SECONDS_LIMIT[0],
                "max": SECONDS_LIMIT[1],
            },
        },
    }


def bot_options_problem(spec: GameSpec[Any], bot: str, options: Mapping[str, JSON]) -> str | None:
    """Why `options` are not acceptable for `bot` in this game (naming the limit), or None."""
    if bot not in BOTS:
        return f"There is no bot called “{bot[:40]}”; bots: {', '.join(sorted(BOTS))}."
    known = bot_options(spec)[bot]
    for name, value in options.items():
        schema = known.get(name)
        if not isinstance(schema, dict):
            allowed = ", ".join(sorted(known)) or "none"
            return f"The {bot} bot has no option “{name[:40]}” (its options: {allowed})."
        low, high = schema["min"], schema["max"]
        assert isinstance(low, int | float) and isinstance(high, int | float)
        whole = schema["type"] == "integer"
        number = not isinstance(value, bool) and isinstance(value, int if whole else int | float)
        if not number or not low <= value <= high:  # type: ignore[operator]
            kind = "a whole number" if whole else "a number"
            return f"The {bot} bot's {name} must be {kind} from {low} to {high}."
    return None


def choose_move(
    name: str,
    spec: GameSpec[Any],
    state: Any,
    seat: int,
    rng: random.Random,
    options: Mapping[str, JSON] | None = None,
) -> Move:
    """Ask the bot called `name` for a move of `seat` (it plays from `seat`'s view only)."""
    return BOTS[name](spec, state, seat, rng, options or {})
