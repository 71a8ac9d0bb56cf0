"""How much a bot villain plays in Batman: Gotham City Chronicles, and how its games end.

    .venv/bin/python bench/chronicles_villain.py [--games 10] [--villain greedy|mcts ...]
        [--first-seed N] [--iterations N] [--seconds S]

Each game puts the bot named by `--villain` in the villain's seat (seat 0) and greedy in the
heroes' seat, at the game's default budget unless told. Seeds are drawn afresh and printed
(repeat a run with `--first-seed`). Per game it prints what the villain did on its own turns
(tiles and events activated, characters activated, character moves, attacks, mission actions
such as arming the bomb, wounds dealt to heroes) and how the game ended (the end condition);
then the villain's win rate with its 95% interval and the share of its wins by each end.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core.bots.registry import choose_move
from rules_core.bots.tournament import wilson
from rules_core.engine import fold, get_game
from rules_core.engine.types import JSON, Rejection

SLUG = "gotham-city-chronicles"
VILLAIN = 0
# the villain's moves counted, by move type, and the column each is printed under
MOVES = {
    "activate": "tiles",
    "activate_character": "chars",
    "move_character": "moves",
    "character_attack": "attacks",
    "character_action": "actions",
}
COLUMNS = ("turns", "tiles", "events", "chars", "moves", "attacks", "actions", "mission", "wounds")


def play(bot: str, seed: int, bot_options: dict[str, JSON]) -> tuple[Counter[str], str, str]:
    """One game, `bot` the villain and greedy the heroes: the villain's counts, the winner and
    the end condition that ended it."""
    spec = get_game(SLUG)
    bots = (bot, "greedy")
    rng = random.Random(seed)
    state: Any = fold(spec, spec.setup(2, {}, random.Random(f"setup:{seed}")))
    counts: Counter[str] = Counter()
    while spec.outcome(state) is None:
        seat = min(spec.to_act(state))
        move = choose_move(bots[seat], spec, state, seat, random.Random(rng.random()), bot_options)
        villains_turn = state.flow.phase == "villain"
        played = spec.decide_and_evolve(state, seat, move, random.Random(rng.random()))
        if isinstance(played, Rejection):
            raise ValueError(f"{bots[seat]} chose a refused move {move}: {played}")
        events, state = played
        if seat == VILLAIN:
            name = move.type
            if name == "end_villain_turn":
                counts["turns"] += 1
            if name == "activate" and move.get("tile") == "event":
                counts["events"] += 1
            elif name in MOVES:
                counts[MOVES[name]] += 1
        for event in events:
            if event.type == "mission_action_done" and villains_turn:
                counts["mission"] += 1
            if event.type == "hero_wounded" and villains_turn:
                counts["wounds"] += int(getattr(event, "wounds", 1))
    return counts, state.winner, state.ended_by


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--villain", action="append", choices=("greedy", "mcts", "random"))
    parser.add_argument("--first-seed", type=int, help="default: drawn afresh and printed")
    parser.add_argument("--iterations", type=int, help="mcts: default the game's own")
    parser.add_argument("--seconds", type=float, help="mcts: default 0.8")
    args = parser.parse_args()
    given = {"iterations": args.iterations, "seconds": args.seconds}
    bot_options: dict[str, JSON] = {k: v for k, v in given.items() if v is not None}
    first = args.first_seed if args.first_seed is not None else random.randrange(10**6, 10**9)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    print(f"commit {commit or 'unknown'}; seeds from {first}; heroes: greedy", flush=True)
    for bot in args.villain or ["greedy"]:
        print(f"villain: {bot} {bot_options or '(default budget)'}")
        print(f"{'seed':>10} " + " ".join(f"{c:>7}" for c in COLUMNS) + "  winner   ended by")
        total: Counter[str] = Counter()
        ends: Counter[tuple[str, str]] = Counter()
        for n in range(args.games):
            counts, winner, ended_by = play(bot, first + n, bot_options)
            total += counts
            ends[(winner, ended_by)] += 1
            print(
                f"{first + n:>10} "
                + " ".join(f"{counts[c]:>7}" for c in COLUMNS)
                + f"  {winner:<8} {ended_by}",
                flush=True,
            )
        print(f"{'total':>10} " + " ".join(f"{total[c]:>7}" for c in COLUMNS))
        won = sum(k for (winner, _), k in ends.items() if winner == "villain")
        low, high = wilson(won, args.games)
        how = ", ".join(f"{w} by {e}: {k}" for (w, e), k in sorted(ends.items()))
        print(f"villain ({bot}) won {won} of {args.games} ({low:.0%}-{high:.0%}); {how}\n")


if __name__ == "__main__":
    main()
