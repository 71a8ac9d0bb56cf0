"""Golden playthroughs: state, legal moves and the applied move per step, diffed against files.

Regenerate after an intended rules change with `GOLDEN_UPDATE=1 python3 dev.py test tests/golden`
and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from rules_core.engine import fold, get_game
from rules_core.engine.types import JSON

HERE = Path(__file__).parent
CASES = [
    *(("gotham-race", players, seed) for players, seed in ((1, 11), (2, 22), (3, 33), (4, 44))),
    *(("gotham-city-strategy", players, seed) for players, seed in ((2, 5), (4, 7))),
]
VIEW_EVERY = 50  # the acting seat's view is recorded every this many steps (events record all)


def _legal_record(legal: list[JSON]) -> JSON:
    """The legal moves, or for long lists their count and digest (keeps the files readable)."""
    if len(legal) <= 20:
        return legal
    digest = hashlib.sha256(json.dumps(legal, sort_keys=True).encode()).hexdigest()
    return {"count": len(legal), "sha256": digest}


def playthrough(slug: str, players: int, seed: int) -> dict[str, JSON]:
    """Play `seed`'s random game and record every step."""
    spec = get_game(slug)
    rng = random.Random(seed)
    opening = spec.setup(players, {}, random.Random(seed))
    state: Any = fold(spec, opening)
    steps: list[JSON] = []
    while spec.outcome(state) is None:
        seat = min(spec.to_act(state))
        legal = spec.legal_moves(state, seat)
        move = rng.choice(legal)
        events = spec.decide(state, seat, move, random.Random(f"{seed}:{len(steps)}"))
        assert isinstance(events, list)
        steps.append(
            {
                "seat": seat,
                **({"view": spec.view(state, seat)} if len(steps) % VIEW_EVERY == 0 else {}),
                "legal": _legal_record([m.to_json() for m in legal]),
                "applied": move.to_json(),
                "events": [{"type": e.type, "data": spec.redact(e, None, True)} for e in events],
            }
        )
        state = fold(spec, events, state)
    outcome = spec.outcome(state)
    assert outcome is not None
    return {
        "game": slug,
        "players": players,
        "seed": seed,
        "opening": [e.type for e in opening],
        "steps": steps,
        "final": spec.view(state, None),
        "outcome": outcome.to_json(),
    }


@pytest.mark.parametrize(("slug", "players", "seed"), CASES)
def test_playthrough_matches_golden_file(slug: str, players: int, seed: int) -> None:
    path = HERE / slug / f"{players}p-seed{seed}.json"
    actual = playthrough(slug, players, seed)
    if os.environ.get("GOLDEN_UPDATE"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(actual, indent=1, sort_keys=True) + "\n")
    expected = json.loads(path.read_text())
    assert actual == expected
