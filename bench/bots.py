"""Bot strength and speed: win rates with 95% intervals, time per move, playouts/s, analysis time.

    .venv/bin/python bench/bots.py [--games 400] [--iterations N] [--seconds S] [--jobs 2]
        [--game gotham-race] [--four-seat-games 100] [--speed-only] [--first-seed N]
        [--line-up random|greedy|four ...] [--every 20] [--random-games N] [--no-analysis]
        [--record FILE]

Seeds are drawn afresh each run (bots are never judged on the seeds they were tuned on) and
printed with the commit, so a run can be repeated with --first-seed.

Without --iterations/--seconds each game is played at its default budget (the game's
`search_iterations`, 0.8 s at most).

`--line-up` runs only the match-ups named (mcts against random, against greedy, the four-seat
line-up); `--every` sets how often interim figures are printed; `--random-games N` times N
all-random full games (two seats) and prints full games per second; `--no-analysis` skips the
timing of judging a whole game (long in a long game). `--record FILE` writes each finished
game to FILE and, run again with the same `--first-seed`, takes the games recorded there with
the same code (engine, bots, the game's rules: `bench/played_games.py`) instead of playing them
again, so a match-up of 400 long games can be played over several runs.

Two-seat match-ups (mcts against random, mcts against greedy) count the games no seat won
(an ownerless figure crossed first) apart, and print mcts's rate in each seat apart (in a game
of roles, such as the villain against the heroes, each side's figure); the four-seat line-up
is one mcts and three random.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.played_games import PlayedGames, UncommittedCode, code_version
from rules_core.bots.analysis import judge
from rules_core.bots.mcts import MctsSettings, mcts_move
from rules_core.bots.tournament import Match, Tally, play_game, play_games, seating
from rules_core.engine import all_games, fold, get_game


def match(
    slug: str,
    bots: list[str],
    players: int,
    games: int,
    options: dict[str, Any],
    jobs: int,
    first_seed: int,
    every: int = 20,
    record: PlayedGames | None = None,
) -> Tally:
    """`games` games from seeds first_seed, first_seed + 1, …, seats rotating each game; those
    `record` holds are taken from it, the others played (and added to it)."""
    work = [
        Match(slug, tuple(seating(bots, players, n)), first_seed + n, None, options)
        for n in range(games)
    ]
    recorded = record.recorded() if record is not None else {}
    keys = [record.key(m) if record is not None else "" for m in work]
    known = [recorded[k] for k in keys if k in recorded]
    to_play = [m for m, k in zip(work, keys, strict=True) if k not in recorded]
    if known:
        print(f"  {len(known)} of {games} games taken from {record and record.path}", flush=True)
    tally = Tally()
    for result in known:
        tally.add(result)
    for game, result in zip(to_play, play_games(to_play, jobs), strict=True):
        if record is not None:
            record.add(game, result)
        tally.add(result)
        if tally.games % every == 0:  # interim figures, for long runs
            rate, low, high, decided = tally.rate("mcts")
            seats = "; ".join(
                f"seat {seat} {won:.0%} of {n}"
                for seat in range(players)
                for won, _, _, n in [tally.rate_at("mcts", seat)]
                if n
            )
            print(
                f"  ... {tally.games}/{games}: mcts {rate:.1%} of {decided} decided "
                f"({low:.0%}-{high:.0%}; {seats}); mcts {tally.seconds_per_move('mcts'):.3f} "
                "s/move",
                file=sys.stderr,
                flush=True,
            )
    return tally


def playouts_per_second(slug: str, options: dict[str, Any]) -> tuple[float, float]:
    """Search iterations per second and seconds per move at the given budget, mid-game."""
    spec = get_game(slug)
    state = fold(spec, spec.setup(2, {}, random.Random(9)))
    rng = random.Random(9)
    for _ in range(10):
        seat = min(spec.to_act(state))
        events = spec.decide(state, seat, rng.choice(spec.legal_moves(state, seat)), rng)
        assert isinstance(events, list)
        state = fold(spec, events, state)
    seat = min(spec.to_act(state))
    settings = MctsSettings.from_options(options, spec)
    started = time.perf_counter()
    result = mcts_move(spec, state, seat, random.Random(1), settings)
    elapsed = time.perf_counter() - started
    return result.iterations / elapsed, elapsed


def random_games_per_second(slug: str, games: int, first_seed: int) -> tuple[float, int]:
    """Full two-seat games played by random bots a second (setup to outcome), and the moves."""
    spec = get_game(slug)
    started = time.perf_counter()
    moves = 0
    for n in range(games):
        result = play_game(spec, ["random", "random"], first_seed + n)
        moves += sum(result.moves)
    return games / (time.perf_counter() - started), moves


def analysis_seconds(slug: str, options: dict[str, Any]) -> tuple[float, int]:
    """Time to judge every decision of one random two-seat game (what the analysis task runs)."""
    spec = get_game(slug)
    rng = random.Random(3)
    state = fold(spec, spec.setup(2, {}, random.Random(3)))
    positions = []
    while spec.outcome(state) is None:
        seat = min(spec.to_act(state))
        move = rng.choice(spec.legal_moves(state, seat))
        positions.append((state, seat, move))
        events = spec.decide(state, seat, move, rng)
        assert isinstance(events, list)
        state = fold(spec, events, state)
    settings = MctsSettings.from_options(options, spec)
    started = time.perf_counter()
    for position, seat, move in positions:
        judge(spec, position, seat, move, random.Random(1), settings, seats=2)
    return time.perf_counter() - started, len(positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="a game slug (default: all)")
    parser.add_argument("--games", type=int, default=400, help="games per two-seat match-up")
    parser.add_argument("--first-seed", type=int, help="default: drawn afresh and printed")
    parser.add_argument("--four-seat-games", type=int, default=100)
    parser.add_argument("--iterations", type=int, help="default: the game's own")
    parser.add_argument("--seconds", type=float, help=f"default: {MctsSettings().seconds}")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--speed-only", action="store_true", help="skip the match-ups: playouts/s and analysis"
    )
    parser.add_argument(
        "--line-up",
        action="append",
        choices=("random", "greedy", "four"),
        help="only these match-ups (default: all)",
    )
    parser.add_argument("--every", type=int, default=20, help="games between interim figures")
    parser.add_argument("--random-games", type=int, default=0, help="time N random full games")
    parser.add_argument("--no-analysis", action="store_true", help="skip timing an analysis")
    parser.add_argument(
        "--record", type=Path, help="a file of played games: add to it, and take its games"
    )
    args = parser.parse_args()
    given = {"iterations": args.iterations, "seconds": args.seconds}
    options: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    slugs = args.game or [spec.slug for spec in all_games()]
    header = ("game", "line-up", "games", "no seat", "mcts wins", "95% interval", "mcts s/move")
    first_seed = args.first_seed if args.first_seed is not None else random.randrange(10**6, 10**9)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    if not args.speed_only:
        print(f"{args.jobs} processes; commit {commit or 'unknown'}; seeds from {first_seed}")
        print(
            f"{header[0]:<22} {header[1]:<22} {header[2]:>6} {header[3]:>8} {header[4]:>10} "
            f"{header[5]:>14} {header[6]:>12}"
        )
    for slug in slugs:
        spec = get_game(slug)
        budget = MctsSettings.from_options(options, spec)
        print(f"{slug}: mcts budget {budget.iterations} iterations or {budget.seconds} s per move")
        line_ups = [(["mcts", "random"], 2, args.games), (["mcts", "greedy"], 2, args.games)]
        if spec.max_players >= 4:
            line_ups.append((["mcts", "random", "random", "random"], 4, args.four_seat_games))
        if args.line_up:
            named = {"random": ["mcts", "random"], "greedy": ["mcts", "greedy"]}
            line_ups = [
                u
                for u in line_ups
                if any(
                    named.get(n, ["mcts", "random", "random", "random"]) == u[0]
                    for n in args.line_up
                )
            ]
        if args.speed_only:
            line_ups = []
        record = None
        if args.record is not None and line_ups:
            try:
                record = PlayedGames(args.record, code_version(slug))
            except UncommittedCode as refused:
                sys.exit(f"--record: {refused}")
        for bots, players, games in line_ups:
            tally = match(
                slug, bots, players, games, options, args.jobs, first_seed, args.every, record
            )
            rate, low, high, _ = tally.rate("mcts")
            name = " v ".join(dict.fromkeys(bots)) + ("" if players == 2 else " x3")
            print(
                f"{slug:<22} {name:<22} {tally.games:>6} {tally.no_seat_won:>8} "
                f"{rate:>9.1%} {f'{low:.0%}-{high:.0%}':>14} "
                f"{tally.seconds_per_move('mcts'):>12.3f}",
                flush=True,
            )
            if players == 2:  # in a game of roles, each side's figure apart
                names = spec.seat_names(fold(spec, spec.setup(2, {}, random.Random(0))))
                for seat, seat_name in enumerate(names):
                    rate, low, high, decided = tally.rate_at("mcts", seat)
                    print(
                        f"{'':<22}   mcts as {seat_name}: {rate:.1%} of {decided} decided "
                        f"({low:.0%}-{high:.0%})",
                        flush=True,
                    )
        if args.random_games:
            per_second, moves = random_games_per_second(slug, args.random_games, first_seed)
            print(
                f"{slug:<22} random full games/s {per_second:.2f} "
                f"({args.random_games} two-seat games, {moves} moves, seeds from {first_seed})",
                flush=True,
            )
        rate, per_move = playouts_per_second(slug, options)
        print(f"{slug:<22} playouts/s {rate:,.0f}; one search {per_move:.2f} s", flush=True)
        if not args.no_analysis:
            spent, decisions = analysis_seconds(slug, options)
            print(f"{slug:<22} analysing a {decisions}-decision game {spent:.1f} s", flush=True)


if __name__ == "__main__":
    main()
