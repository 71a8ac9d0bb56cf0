"""How often the replay analysis marks a move, per seat, in bot games of a game.

    .venv/bin/python bench/analysis_marks.py [--game gotham-city-strategy]
        [--line-up greedy,greedy:5 --line-up greedy,greedy:6 --line-up mcts,greedy:7]

Each line-up is played once from its seed; every decision with more than one legal move is then
judged as the analysis task judges it (the game's default budget and `lost_value_mark`).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core.bots.analysis import judge
from rules_core.bots.mcts import MctsSettings
from rules_core.bots.tournament import play_game
from rules_core.engine import GameSpec, Move, get_game

DEFAULT_LINE_UPS = ["greedy,greedy:5", "greedy,greedy:6", "mcts,greedy:7"]


def judged_game(spec: GameSpec[Any], bots: list[str], seed: int) -> tuple[str, str, str, float]:
    """Play one game and judge its decisions: winners, decisions and marks per seat, worst loss."""
    budget = MctsSettings.for_game(spec)
    decisions, marked, lost = [0] * len(bots), [0] * len(bots), [0.0]

    def judged(state: Any, seat: int, move: Move) -> None:
        if len(spec.legal_moves(state, seat)) > 1:
            verdict = judge(spec, state, seat, move, random.Random(1), budget, len(bots))
            decisions[seat] += 1
            marked[seat] += verdict.marked
            lost.append(verdict.lost)

    result = play_game(spec, bots, seed, on_decision=judged)
    winners = ",".join(map(str, result.winners)) or "-"
    return winners, "/".join(map(str, decisions)), "/".join(map(str, marked)), max(lost)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="gotham-city-strategy")
    parser.add_argument("--line-up", action="append", help="bots,comma,separated:SEED")
    args = parser.parse_args()
    spec = get_game(args.game)
    budget = MctsSettings.for_game(spec)
    print(f"{spec.slug}: mark at a loss of {spec.lost_value_mark}, {budget.iterations} iterations")
    row = "{:<18} {:>5} {:>7} {:>12} {:>9} {:>9}"
    print(row.format("line-up", "seed", "winner", "decisions", "marked", "max lost"))
    for line_up in args.line_up or DEFAULT_LINE_UPS:
        names, seed_text = line_up.split(":")
        winners, decisions, marked, worst = judged_game(spec, names.split(","), int(seed_text))
        print(row.format(names, seed_text, winners, decisions, marked, f"{worst:.3f}"), flush=True)


if __name__ == "__main__":
    main()
