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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core.bots.analysis import judge
from rules_core.bots.mcts import MctsSettings
from rules_core.bots.registry import choose_move
from rules_core.engine import Rejection, fold, get_game

DEFAULT_LINE_UPS = ["greedy,greedy:5", "greedy,greedy:6", "mcts,greedy:7"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="gotham-city-strategy")
    parser.add_argument("--line-up", action="append", help="bots,comma,separated:SEED")
    args = parser.parse_args()
    spec = get_game(args.game)
    budget = MctsSettings.for_game(spec)
    print(f"{spec.slug}: mark at a loss of {spec.lost_value_mark}, {budget.iterations} iterations")
    print(
        f"{'line-up':<18} {'seed':>5} {'winner':>7} {'decisions':>12} {'marked':>9} {'max lost':>9}"
    )
    for line_up in args.line_up or DEFAULT_LINE_UPS:
        names, seed_text = line_up.split(":")
        bots, seed = names.split(","), int(seed_text)
        state = fold(spec, spec.setup(len(bots), {}, random.Random(seed)))
        rng = random.Random(seed)
        decisions, marked, worst = [0] * len(bots), [0] * len(bots), 0.0
        while spec.outcome(state) is None:
            seat = min(spec.to_act(state))
            move = choose_move(bots[seat], spec, state, seat, random.Random(rng.random()), {})
            if len(spec.legal_moves(state, seat)) > 1:
                verdict = judge(spec, state, seat, move, random.Random(1), budget, len(bots))
                decisions[seat] += 1
                marked[seat] += verdict.marked
                worst = max(worst, verdict.lost)
            played = spec.decide_and_evolve(state, seat, move, random.Random(rng.random()))
            if isinstance(played, Rejection):
                raise ValueError(f"{bots[seat]} chose a refused move {move}: {played}")
            state = played[1]
        outcome = spec.outcome(state)
        winners = ",".join(map(str, outcome.winners)) if outcome else "-"
        print(
            f"{names:<18} {seed:>5} {winners:>7} {'/'.join(map(str, decisions)):>12} "
            f"{'/'.join(map(str, marked)):>9} {worst:>9.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
