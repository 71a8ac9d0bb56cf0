"""Gotham City Strategy: how often a seat is asked with exactly one legal move, by kind, in
seeded random-bot games (the golden playthroughs' loop: each seat picks a legal move at random).

    PYTHONPATH=. .venv/bin/python bench/gcs_one_move_prompts.py [--seeds 20] [--players 2 4]

A kind is the decision's (`remove_threats`, `send_home`, …) or, with none waiting, the turn's
step and the move (`actions:end_turn`)."""

from __future__ import annotations

import argparse
import random
from collections import Counter

from rules_core.engine import fold, get_game
from rules_core.games.gotham_city_strategy import choices


def one_move_prompts(players: int, seeds: range) -> tuple[int, Counter[str]]:
    """Every prompt of the games, and those with one legal move by kind."""
    spec = get_game("gotham-city-strategy")
    kinds: Counter[str] = Counter()
    prompts = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = fold(spec, spec.setup(players, {}, random.Random(seed)))
        step = 0
        while spec.outcome(state) is None:
            seat = min(spec.to_act(state))
            legal = spec.legal_moves(state, seat)
            prompts += 1
            if len(legal) == 1:
                decision = choices.current(state)
                kinds[decision.kind if decision else f"{state.step}:{legal[0].type}"] += 1
            events = spec.decide(state, seat, rng.choice(legal), random.Random(f"{seed}:{step}"))
            assert isinstance(events, list)
            state = fold(spec, events, state)
            step += 1
    return prompts, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    for players in args.players:
        prompts, kinds = one_move_prompts(players, range(args.seeds))
        print(
            f"{players} players, seeds 0-{args.seeds - 1}: {prompts} prompts, "
            f"{sum(kinds.values())} with one legal move: {dict(kinds.most_common())}"
        )


if __name__ == "__main__":
    main()
