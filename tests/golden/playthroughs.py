"""Golden playthroughs: record a seeded random game step by step (state, legal moves, applied
move, events), and find the recorded cases in tests/golden/<slug>/<players>p-seed<seed>.json.

`python3 dev.py golden` rewrites the files from the rules as they are now and prints what
changed; the test only ever compares.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

from rules_core.engine import fold, get_game
from rules_core.engine.types import JSON

HERE = Path(__file__).parent
VIEW_EVERY = 50  # the acting seat's view is recorded every this many steps (events record all)
CASE_FILE = re.compile(r"(?P<players>\d+)p-seed(?P<seed>\d+)\.json")


def cases() -> list[tuple[str, int, int]]:
    """(game, players, seed) of every golden file, from the file names."""
    found = []
    for path in sorted(HERE.glob("*/*.json")):
        match = CASE_FILE.fullmatch(path.name)
        if match:
            found.append((path.parent.name, int(match["players"]), int(match["seed"])))
    return found


def case_path(slug: str, players: int, seed: int) -> Path:
    return HERE / slug / f"{players}p-seed{seed}.json"


def _legal_record(legal: list[JSON]) -> JSON:
    """The legal moves, or for long lists their count and digest (keeps the files readable)."""
    if len(legal) <= 20:
        return legal
    digest = hashlib.sha256(json.dumps(legal, sort_keys=True).encode()).hexdigest()
    return {"count": len(legal), "sha256": digest}


def playthrough(slug: str, players: int, seed: int, game: Any = None) -> dict[str, JSON]:
    """Play `seed`'s random game and record every step (by the registered game, or `game`: an
    object of the same rules built apart)."""
    spec = get_game(slug) if game is None else game
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


def render(record: dict[str, JSON]) -> str:
    return json.dumps(record, indent=1, sort_keys=True) + "\n"


def regenerate(write: bool = True) -> int:
    """Rewrite every golden file from the current rules (with `write` False, only say which
    would change); print each changed file's diff size."""
    import difflib

    changed = 0
    for slug, players, seed in cases():
        path = case_path(slug, players, seed)
        old, new = path.read_text(), render(playthrough(slug, players, seed))
        if old == new:
            continue
        changed += 1
        diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0))
        lines = [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]
        print(f"{path.relative_to(HERE.parent.parent)}: {len(lines)} lines changed")
        for line in lines[:40]:
            print(f"  {line[:160]}")
        if write:
            path.write_text(new)
    print(f"{changed} golden file(s) {'rewritten' if write else 'would be rewritten'}.")
    if changed:
        print("A rules change that alters a golden file adds a test named after that rule.")
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m tests.golden.playthroughs",
        description="Rewrite the golden playthrough files from the rules as they are now.",
    )
    parser.add_argument(
        "--check", action="store_true", help="print what would change, and write nothing"
    )
    return regenerate(write=not parser.parse_args(argv).check)


if __name__ == "__main__":
    raise SystemExit(main())
