"""How far the replay analysis's marks can be trusted: the default budget against a 10x reference.

    .venv/bin/python bench/analysis_quality.py [--game SLUG ...] [--decisions 30] [--jobs 2]
        [--seed-base 100] [--rounds 1] [--judged random|all] [--any-choice] [--details]

For each implemented game a fixed set of bot games (random, greedy and mcts line-ups, two and
more seats) is played `--rounds` times from the seeds `--seed-base` + 1, 2, ... (a seed per game
played, in order). Which decisions are judged is fixed before any judge runs, by the game alone:

- `--judged random` (the default): the decisions of the seats a random bot plays, where it had
  at least two legal moves. Bots that search rarely lose much on a move, so their decisions
  hold almost no marks to measure precision and recall on; a random seat's moves are the
  mistakes a beginner makes, and the positions come from games against greedy and mcts seats
  as well as random ones.
- `--judged all`: every seat's decisions with at least two legal moves.
- A real choice only (unless `--any-choice`): the decisions where something is at stake, the
  legal moves' one-move-ahead scores (the greedy bot's, `move_scores`, its own samples) spread
  by at least the game's `lost_value_mark`. In Black Metro and Gotham City Strategy most of a
  turn's small decisions change nothing the evaluation sees; judging them measures nothing.
  The screen looks at the position's moves, not at the move played nor at any judge.

Of those, up to `--decisions` per game played (evenly spaced) are judged three times: at the
game's default budget (as the analysis task judges), and twice at the reference budget (10x the
search iterations and samples) with different seeds. The judges' own chance is drawn from the
game's seed too, so another `--seed-base` measures on positions and samples the judge was not
tuned on. No decision is chosen or dropped by what a judge says of it. Printed: the commit and
the seeds, then per game:

- marks (mistakes and blunders) at each budget, and the default's precision and recall against
  the first reference;
- the reference's stability: how many of the marks of either reference run the other shares;
- the rank correlation (Spearman) of the per-seat evaluations, default against reference;
- the loss intervals' honesty: how often the reference's loss lies inside the default's interval,
  and how many default marks the reference rules out;
- the processor time per decision of the default and of the reference.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core.bots.analysis import MAX_SAMPLES, VALUE_SAMPLES, Judgement, judge
from rules_core.bots.greedy import move_scores
from rules_core.bots.mcts import MctsSettings
from rules_core.bots.tournament import play_game
from rules_core.engine import GameSpec, Move, all_games, get_game

REFERENCE = 10  # the reference budget: this many times the default iterations and samples
LINE_UPS: dict[str, tuple[str, ...]] = {  # per --judged, the games played: bots by seat
    "all": ("random,greedy", "random,random", "mcts,greedy", "greedy,random,random"),
    "random": ("random,greedy", "mcts,random", "random,random", "greedy,random,random"),
}


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision judged at the default budget and twice at the reference."""

    default: Judgement
    reference: Judgement
    again: Judgement
    default_seconds: float
    reference_seconds: float


def _positions(
    spec: GameSpec[Any], bots: list[str], seed: int, judged: str, any_choice: bool
) -> list[tuple[Any, int, Move]]:
    """Every decision with a choice of a game played by `bots` from `seed`, of the seats
    `judged` names ("all", or a bot's name: only the seats that bot plays); unless `any_choice`,
    only those whose moves' one-move-ahead scores spread by at least the game's mark."""
    found: list[tuple[Any, int, Move]] = []
    seen = [0]

    def keep(state: Any, seat: int, move: Move) -> None:
        if judged not in ("all", bots[seat]) or len(spec.legal_moves(state, seat)) < 2:
            return
        seen[0] += 1
        if not any_choice:
            scores = move_scores(spec, state, seat, random.Random(f"stakes:{seed}:{seen[0]}"))
            if max(scores.values()) - min(scores.values()) < spec.lost_value_mark:
                return
        found.append((state, seat, move))

    play_game(spec, bots, seed, on_decision=keep)
    return found


def judge_game(
    slug: str, bots_text: str, seed: int, most: int, judged_seats: str, any_choice: bool
) -> list[Judged]:
    """The spaced decisions of one game, each judged at both budgets."""
    spec = get_game(slug)
    bots = bots_text.split(",")
    positions = _positions(spec, bots, seed, judged_seats, any_choice)
    step = max(1, len(positions) // most)
    default = MctsSettings.for_game(spec)
    # the same judge, 10x the search and the samples: the game's own playout depth kept (a
    # reference at another depth would measure another value)
    reference = replace(default, iterations=default.iterations * REFERENCE, seconds=10.0)
    judged = []
    for index, (state, seat, move) in enumerate(positions[::step][:most]):
        started = time.process_time()
        chance = random.Random(f"default:{seed}:{index}")
        quick = judge(spec, state, seat, move, chance, default, len(bots))
        middle = time.process_time()
        deep = [
            judge(
                spec, state, seat, move, random.Random(f"reference:{run}:{seed}:{index}"),
                reference, len(bots), VALUE_SAMPLES * REFERENCE, MAX_SAMPLES * REFERENCE,
            )
            for run in (1, 2)
        ]  # fmt: skip
        ended = time.process_time()
        judged.append(Judged(quick, deep[0], deep[1], middle - started, (ended - middle) / 2))
    return judged


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    """Rank correlation of two equally long lists (ties share their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 1.0


def _share(hits: int, of: int) -> str:
    return f"{hits}/{of} ({hits / of:.0%})" if of else "-"


def report(slug: str, judged: list[Judged]) -> list[str]:
    quick = {i for i, j in enumerate(judged) if j.default.marked}
    deep = {i for i, j in enumerate(judged) if j.reference.marked}
    again = {i for i, j in enumerate(judged) if j.again.marked}
    both = quick & deep
    xs = [v for j in judged for v in j.default.evaluation.values()]
    ys = [j.reference.evaluation[s] for j in judged for s in j.default.evaluation]
    grades: dict[str, int] = {}
    for j in judged:
        grades[j.default.grade] = grades.get(j.default.grade, 0) + 1
    n = len(judged)
    covered = sum(j.default.lost_low <= j.reference.lost <= j.default.lost_high for j in judged)
    wrong = sum(j.default.marked and j.reference.lost_high < j.default.mark_at for j in judged)
    return [
        f"{slug}: {n} decisions judged",
        f"  marks: default {len(quick)}, reference {len(deep)} (second run {len(again)})",
        f"  precision {_share(len(both), len(quick))}, recall {_share(len(both), len(deep))}",
        f"  reference stability: {_share(len(deep & again), len(deep | again))} of marks shared",
        f"  the reference's loss inside the default's interval: {_share(covered, n)}; "
        f"marks the reference rules out (its interval below the mark): {wrong}",
        f"  evaluations' rank correlation (Spearman): {spearman(xs, ys):.3f}",
        "  default grades: " + ", ".join(f"{g} {c}" for g, c in sorted(grades.items())),
        f"  seconds per decision: default {sum(j.default_seconds for j in judged) / n:.3f}, "
        f"reference {sum(j.reference_seconds for j in judged) / n:.3f} (processor time)",
    ]


def details(judged: list[Judged]) -> list[str]:
    """One line per decision: each judge's grade, loss interval, samples and preferred move."""

    def one(j: Judgement) -> str:
        same = "=" if j.preferred == j.played else "*"
        return f"{j.grade[:5]:5} [{j.lost_low:.2f},{j.lost_high:.2f}] n={j.samples:<3} {same}"

    return [
        f"    {i:3} seat {j.default.seat}: {one(j.default)} | {one(j.reference)} | {one(j.again)}"
        + ("  same pick" if j.default.preferred == j.reference.preferred else "")
        for i, j in enumerate(judged)
    ]


def _commit() -> str:
    found = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    dirty = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True)
    return found.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="a game's slug (default: every game)")
    parser.add_argument("--decisions", type=int, default=30, help="judged per game played")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed-base", type=int, default=100, help="games' seeds: this + 1, 2, ...")
    parser.add_argument("--rounds", type=int, default=1, help="times each line-up is played")
    parser.add_argument(
        "--judged",
        choices=sorted(LINE_UPS),
        default="random",
        help="whose decisions: the random seats' (default) or every seat's",
    )
    parser.add_argument(
        "--any-choice", action="store_true", help="also decisions where little is at stake"
    )
    parser.add_argument("--details", action="store_true", help="a line per judged decision")
    args = parser.parse_args()
    slugs = args.game or [g.slug for g in all_games()]
    line_ups = [
        bots for _ in range(args.rounds) for bots in LINE_UPS[args.judged]
    ]  # the seeds follow this order: another --rounds keeps the first rounds' games
    work = [
        (slug, bots, args.seed_base + offset, args.decisions, args.judged, args.any_choice)
        for slug in slugs
        for offset, bots in enumerate(line_ups, start=1)
        if get_game(slug).min_players <= len(bots.split(",")) <= get_game(slug).max_players
    ]
    print(
        f"commit {_commit()}; seed base {args.seed_base}; judged: {args.judged}"
        + (", any choice" if args.any_choice else ", real choices only"),
        flush=True,
    )
    print(f"line-ups: {[(s, b, seed) for s, b, seed, *_ in work]}", flush=True)
    by_game: dict[str, list[Judged]] = {}
    left = {slug: sum(item[0] == slug for item in work) for slug in slugs}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for (slug, *_), judged in zip(
            work, pool.map(judge_game, *zip(*work, strict=True)), strict=True
        ):
            by_game.setdefault(slug, []).extend(judged)
            if args.details:
                print("\n".join(details(judged)), flush=True)
            left[slug] -= 1
            if not left[slug]:  # the game's last line-up: its figures now
                print("\n".join(report(slug, by_game[slug])), flush=True)
    if len(by_game) > 1:  # few decisions are marked: the games' marks together
        print("\n".join(report("all games", [j for js in by_game.values() for j in js])))


if __name__ == "__main__":
    main()
