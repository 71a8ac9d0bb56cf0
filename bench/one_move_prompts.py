"""How often a seat is asked with exactly one legal move, by kind, in seeded random-bot games
of one game (the golden playthroughs' loop: each seat picks a legal move at random).

    PYTHONPATH=. .venv/bin/python bench/one_move_prompts.py --game no-mans-land [--seeds 20]
        [--players 2]

The player counts default to every count the game takes. A kind is the waiting decision's or
prompt's (City Strategy's `remove_threats`, Chronicles' `rerolls`, …) or, with none waiting,
where the turn stands and the move (`heroes.actions:end_heroes`)."""

from __future__ import annotations

import argparse
import random
from collections import Counter

from rules_core.engine import fold, get_game
from rules_core.engine.flow import Flow
from rules_core.engine.types import Move
from rules_core.games.gotham_city_strategy import choices
from rules_core.games.gotham_city_strategy.state import GcsState


def kind_of(state: object, seat: int, move: Move) -> str:
    """What the seat is asked: its decision or prompt, else the turn's step and the move."""
    if isinstance(state, GcsState):
        decision = choices.current(state)
        return decision.kind if decision else f"{state.step}:{move.type}"
    flow = getattr(state, "flow", None)
    if isinstance(flow, Flow):
        prompt = flow.prompt_for(seat)
        return prompt.kind if prompt else f"{flow.phase}.{flow.step}:{move.type}"
    return f"{getattr(state, 'phase', '?')}:{move.type}"


def one_move_prompts(slug: str, players: int, seeds: range) -> tuple[int, Counter[str]]:
    """Every prompt of the games, and those with one legal move by kind."""
    spec = get_game(slug)
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
                kinds[kind_of(state, seat, legal[0])] += 1
            events = spec.decide(state, seat, rng.choice(legal), random.Random(f"{seed}:{step}"))
            assert isinstance(events, list)
            state = fold(spec, events, state)
            step += 1
    return prompts, kinds


def main(game: str | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default=game, required=game is None, help="the game's slug")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=None)
    args = parser.parse_args()
    spec = get_game(args.game)
    counts = args.players or range(spec.min_players, spec.max_players + 1)
    for players in counts:
        prompts, kinds = one_move_prompts(args.game, players, range(args.seeds))
        print(
            f"{args.game} rules {spec.rules_version}, {players} players, seeds 0-{args.seeds - 1}:"
            f" {prompts} prompts, {sum(kinds.values())} with one legal move:"
            f" {dict(kinds.most_common())}"
        )


if __name__ == "__main__":
    main()
