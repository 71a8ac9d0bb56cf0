"""Instructions a game's rules and bots spend, counted by valgrind's callgrind: random games
played to their end, then one search of a fixed number of iterations. With `--base REV` the
same work is counted at REV too (a scratch clone), so a change's cost is told apart from the
machine's load: a count does not depend on what else the machine is doing.

    .venv/bin/python bench/rules_instructions.py --game black-metro [--base REV] [--games 6]
        [--first-seed 4242] [--players 2] [--iterations 60]

Only the work is counted (it runs inside `sys.call_tracing`, which callgrind toggles on), not
the imports or the content packs' loading. Each side prints the moves it played: where they
differ, the rules changed what the games do and the counts compare different games.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def work(slug: str, games: int, first_seed: int, players: int, iterations: int) -> str:
    """The counted work, with the rules of whichever tree is first on the path."""
    from rules_core.bots.mcts import MctsSettings, mcts_move
    from rules_core.bots.tournament import play_game
    from rules_core.engine import fold, get_game

    spec = get_game(slug)

    def counted() -> str:
        moves = sum(
            sum(play_game(spec, ["random"] * players, first_seed + n).moves) for n in range(games)
        )
        rng = random.Random(first_seed)
        state = fold(spec, spec.setup(players, {}, random.Random(first_seed)))
        for played in range(200):  # a few moves in, to a choice (one move is not searched)
            if spec.outcome(state) is not None:
                raise ValueError("the game ended before a choice to search")
            seat = min(spec.to_act(state))
            legal = spec.legal_moves(state, seat)
            if played >= 10 and len(legal) > 1:
                break
            events = spec.decide(state, seat, rng.choice(legal), rng)
            assert isinstance(events, list), events  # a legal move is never refused
            state = fold(spec, events, state)
        settings = MctsSettings(iterations=iterations, seconds=1e9)
        searched = mcts_move(spec, state, seat, random.Random(first_seed), settings).iterations
        return f"moves: {moves} iterations: {searched}"

    return str(sys.call_tracing(counted, ()))


def counted_at(tree: Path, args: argparse.Namespace) -> tuple[int, str]:
    """Instructions of the work at `tree`, and what it played."""
    from bench.callgrind import counted

    instructions, printed = counted(
        Path(__file__).resolve(),
        *("--game", args.game, "--games", str(args.games), "--first-seed", str(args.first_seed)),
        *("--players", str(args.players), "--iterations", str(args.iterations), "--work"),
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "HOME": str(tree)},
    )
    played = re.search(r"moves: \d+ iterations: \d+", printed)
    assert played, printed[-2000:]
    return instructions, played[0]


def revision(rev: str) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True, help="a game slug")
    parser.add_argument("--base", help="a revision to count the same work at")
    parser.add_argument("--games", type=int, default=6, help="random games played to the end")
    parser.add_argument("--first-seed", type=int, default=4242)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=60, help="of the one search")
    parser.add_argument("--work", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        # the rules of the tree on PYTHONPATH: this checkout is not put on the path
        print(work(args.game, args.games, args.first_seed, args.players, args.iterations))
        return
    sys.path.insert(0, str(ROOT))
    here, played = counted_at(ROOT, args)
    print(
        f"{args.game}, {args.games} random games from seed {args.first_seed} at "
        f"{args.players} seats and one search of {args.iterations} iterations"
    )
    print(
        f"this checkout ({revision('HEAD')}, with any uncommitted change): "
        f"{here:,} instructions ({played})"
    )
    if args.base is None:
        return
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(base)], check=True)
        subprocess.run(["git", "checkout", "-q", args.base], cwd=base, check=True)
        there, played_there = counted_at(base, args)
    print(f"{args.base} ({revision(args.base)}): {there:,} instructions ({played_there})")
    print(f"this checkout / base: {here / there:.3f}x")


if __name__ == "__main__":
    main()
