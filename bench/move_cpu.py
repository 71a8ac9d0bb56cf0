"""Where a move's time goes, in-process on PostgreSQL: CPU per accepted move against CPU per bare
one-row append (both through Django's whole request handling, no HTTP server), and the move's
top functions by own time.

    .venv/bin/python bench/move_cpu.py [--games 8]

Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/gotham_bench_cpu,
created afresh). Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/gotham_bench_cpu"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    from bench.run import LocalGame, ensure_database

    url = os.environ.get("DATABASE_URL", DEFAULT_DB)
    ensure_database(url)
    os.environ.update({"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "bench.settings"})
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from rules_core.engine import fold, get_game
    from rules_core.engine.randomness import setup_rng

    call_command("migrate", verbosity=0)
    spec, client = get_game("gotham-race"), Client()
    requests: list[tuple[str, str, str]] = []
    game_ids = []
    for index in range(args.games):
        seed = 900 + index
        body = client.post(
            "/api/games/",
            {"game": "gotham-race", "players": [{"name": f"p{i}"} for i in range(4)], "seed": seed},
            content_type="application/json",
        ).json()
        game_ids.append(body["id"])
        state = fold(spec, spec.setup(4, {}, setup_rng(seed)))
        tokens = {s["seat"]: s["token"] for s in body["seats"]}
        game = LocalGame(body["id"], seed, tokens, body["version"], state)
        rng = random.Random(index)
        while not game.finished():
            seat, move, events = game.next_move(rng)
            payload = json.dumps({"expected_version": game.version, "move": move})
            requests.append((f"/api/games/{game.id}/moves/", payload, f"Seat {tokens[seat]}"))
            game.apply(events)
    # each game's first move is not measured: it is where a process first sees the seat and
    # the head; the moves after it are the steady path
    seen: set[str] = set()
    measured = []
    for path, payload, token in requests:
        if path in seen:
            measured.append((path, payload, token))
            continue
        seen.add(path)
        client.post(path, payload, content_type="application/json", HTTP_AUTHORIZATION=token)
    # each game's moves in order: the first half of every game timed, the second half profiled
    halves: dict[str, list[tuple[str, str, str]]] = {}
    for request in measured:
        halves.setdefault(request[0], []).append(request)
    timed = [r for moves in halves.values() for r in moves[: len(moves) // 2]]
    profiled = [r for moves in halves.values() for r in moves[len(moves) // 2 :]]

    def post_all(batch: list[tuple[str, str, str]]) -> None:
        for path, payload, token in batch:
            answer = client.post(
                path, payload, content_type="application/json", HTTP_AUTHORIZATION=token
            )
            assert answer.status_code == 201, answer.content

    started = time.process_time()
    post_all(timed)
    full = (time.process_time() - started) / len(timed)
    profile = cProfile.Profile()
    profile.enable()
    post_all(profiled)
    profile.disable()
    started = time.process_time()
    for n in range(len(timed)):
        body = json.dumps({"game": game_ids[n % len(game_ids)], "seq": 100_000 + n})
        assert (
            client.post("/bench/append/", body, content_type="application/json").status_code == 201
        )
    bare = (time.process_time() - started) / len(timed)
    print(f"CPU per accepted move (full stack, {len(timed)} moves): {full * 1e3:.2f} ms")
    print(f"CPU per bare one-row append: {bare * 1e3:.2f} ms")
    pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
