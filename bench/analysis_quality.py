"""How far the replay analysis's marks can be trusted: the default budget against a 10x reference.

    .venv/bin/python bench/analysis_quality.py [--game SLUG ...] [--decisions 30] [--jobs 2]

For each implemented game a fixed set of bot games (random, greedy and mcts line-ups, two and
more seats) is played from fixed seeds; up to `--decisions` of each game's decisions with a
choice (evenly spaced) are judged three times: at the game's default budget (as the analysis
task judges), and twice at the reference budget (10x the search iterations and samples) with
different seeds. Printed per game:

- marks (mistakes and blunders) at each budget, and the default's precision and recall against
  the first reference;
- the reference's stability: how many of the marks of either reference run the other shares;
- the rank correlation (Spearman) of the per-seat evaluations, default against reference;
- the time per decision of the default and of the reference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core.bots.analysis import MAX_SAMPLES, VALUE_SAMPLES, Judgement, judge
from rules_core.bots.mcts import MctsSettings
from rules_core.bots.tournament import play_game
from rules_core.engine import GameSpec, Move, all_games, get_game

REFERENCE = 10  # the reference budget: this many times the default iterations and samples
LINE_UPS: dict[str, list[tuple[str, int]]] = {  # bots by seat, seed
    "default": [
        ("random,greedy", 101),
        ("random,random", 102),
        ("mcts,greedy", 103),
        ("greedy,random,random", 104),
    ],
}


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision judged at the default budget and twice at the reference."""

    default: Judgement
    reference: Judgement
    again: Judgement
    default_seconds: float
    reference_seconds: float


def _positions(spec: GameSpec[Any], bots: list[str], seed: int) -> list[tuple[Any, int, Move]]:
    """Every decision with a choice of a game played by `bots` from `seed`."""
    found: list[tuple[Any, int, Move]] = []

    def keep(state: Any, seat: int, move: Move) -> None:
        if len(spec.legal_moves(state, seat)) > 1:
            found.append((state, seat, move))

    play_game(spec, bots, seed, on_decision=keep)
    return found


def judge_game(slug: str, bots_text: str, seed: int, most: int) -> list[Judged]:
    """The spaced decisions of one game, each judged at both budgets."""
    spec = get_game(slug)
    bots = bots_text.split(",")
    positions = _positions(spec, bots, seed)
    step = max(1, len(positions) // most)
    default = MctsSettings.for_game(spec)
    reference = MctsSettings(iterations=default.iterations * REFERENCE, seconds=10.0)
    judged = []
    for index, (state, seat, move) in enumerate(positions[::step][:most]):
        started = time.perf_counter()
        quick = judge(spec, state, seat, move, random.Random(index), default, len(bots))
        middle = time.perf_counter()
        deep = [
            judge(
                spec, state, seat, move, random.Random(f"reference:{run}:{index}"), reference,
                len(bots), VALUE_SAMPLES * REFERENCE, MAX_SAMPLES * REFERENCE,
            )
            for run in (1, 2)
        ]  # fmt: skip
        ended = time.perf_counter()
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
    return [
        f"{slug}: {n} decisions judged",
        f"  marks: default {len(quick)}, reference {len(deep)} (second run {len(again)})",
        f"  precision {_share(len(both), len(quick))}, recall {_share(len(both), len(deep))}",
        f"  reference stability: {_share(len(deep & again), len(deep | again))} of marks shared",
        f"  evaluations' rank correlation (Spearman): {spearman(xs, ys):.3f}",
        "  default grades: " + ", ".join(f"{g} {c}" for g, c in sorted(grades.items())),
        f"  seconds per decision: default {sum(j.default_seconds for j in judged) / n:.3f}, "
        f"reference {sum(j.reference_seconds for j in judged) / n:.3f}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="a game's slug (default: every game)")
    parser.add_argument("--decisions", type=int, default=30, help="judged per game played")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    slugs = args.game or [g.slug for g in all_games()]
    work = [
        (slug, bots, seed, args.decisions)
        for slug in slugs
        for bots, seed in LINE_UPS.get(slug, LINE_UPS["default"])
        if len(bots.split(",")) >= get_game(slug).min_players
        and len(bots.split(",")) <= get_game(slug).max_players
    ]
    print(f"line-ups: {[(s, b, seed) for s, b, seed, _ in work]}", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(judge_game, *zip(*work, strict=True)))
    by_game: dict[str, list[Judged]] = {}
    for (slug, *_), judged in zip(work, results, strict=True):
        by_game.setdefault(slug, []).extend(judged)
    for slug, judged in by_game.items():
        print("\n".join(report(slug, judged)), flush=True)


if __name__ == "__main__":
    main()
