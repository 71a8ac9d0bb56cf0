"""How often Gotham City Strategy's reserves of money and information run dry in seeded
random-bot games (the golden playthroughs' loop), and the most the screens held at once.

    PYTHONPATH=. .venv/bin/python bench/gcs_reserves.py [--seeds 20] [--players 2 4]"""

from __future__ import annotations

import argparse
import random

from rules_core.engine import fold, get_game
from rules_core.games.gotham_city_strategy.state import GcsState


def dry_games(players: int, seeds: range) -> tuple[int, int, int, int]:
    """Games whose reserves of money, of information, ran out at some point; the most money
    and information the screens held together."""
    spec = get_game("gotham-city-strategy")
    dry_money = dry_information = most_money = most_information = 0
    for seed in seeds:
        rng = random.Random(seed)
        state: GcsState = fold(spec, spec.setup(players, {}, random.Random(seed)))
        money = information = False
        step = 0
        while spec.outcome(state) is None:
            seat = min(spec.to_act(state))
            move = rng.choice(spec.legal_moves(state, seat))
            events = spec.decide(state, seat, move, random.Random(f"{seed}:{step}"))
            assert isinstance(events, list)
            state = fold(spec, events, state)
            money |= state.in_reserves("money") == 0
            information |= state.in_reserves("information") == 0
            most_money = max(most_money, sum(p.money for p in state.players))
            most_information = max(most_information, sum(p.information for p in state.players))
            step += 1
        dry_money += money
        dry_information += information
    return dry_money, dry_information, most_money, most_information


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    version = get_game("gotham-city-strategy").rules_version
    for players in args.players:
        money, information, most_money, most_information = dry_games(players, range(args.seeds))
        print(
            f"rules {version}, {players} players, seeds 0-{args.seeds - 1}: the reserves ran out"
            f" of money in {money} games and of information in {information}; the screens held"
            f" at most ${most_money} and {most_information} information"
        )


if __name__ == "__main__":
    main()
