"""Where a move's time goes, in-process on PostgreSQL: CPU per accepted move against CPU per bare
one-row append (both through Django's whole request handling, no HTTP server), and the move's
top functions by own CPU time.

    .venv/bin/python bench/move_cpu.py [--games 8]
    .venv/bin/python bench/move_cpu.py --instructions [--games 2]

`--instructions` runs the same requests under valgrind's callgrind and prints instructions per
move and per bare append: a count that does not depend on what else the machine is doing (only
the requests are counted: they run inside `sys.call_tracing`, which callgrind toggles on).

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
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.callgrind import counted  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/gotham_bench_cpu"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under callgrind"
    )
    parser.add_argument("--save-profile", help="write the moves' profile (pstats) to this file")
    parser.add_argument("--only", choices=["full", "bare"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.instructions:
        count_instructions(args.games)
        return
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

    def post_bare(count: int, first: int = 100_001) -> None:
        for n in range(count):
            body = json.dumps({"game": game_ids[n % len(game_ids)], "seq": first + n})
            answer = client.post("/bench/append/", body, content_type="application/json")
            assert answer.status_code == 201, answer.content

    if args.only:  # under callgrind: only the calls inside sys.call_tracing are counted
        post_bare(1, first=100_000)
        if args.only == "full":
            sys.call_tracing(post_all, (timed,))
        else:
            sys.call_tracing(post_bare, (len(timed),))
        print(f"requests: {len(timed)}")
        return
    started = time.process_time()
    post_all(timed)
    full = (time.process_time() - started) / len(timed)
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    post_all(profiled)
    profile.disable()
    post_bare(1, first=100_000)  # the bare view's first request is not measured either
    started = time.process_time()
    post_bare(len(timed))
    bare = (time.process_time() - started) / len(timed)
    print(f"CPU per accepted move (full stack, {len(timed)} moves): {full * 1e3:.2f} ms")
    print(f"CPU per bare one-row append: {bare * 1e3:.2f} ms")
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    if args.save_profile:
        profile.dump_stats(args.save_profile)


def count_instructions(games: int) -> None:
    """Instructions per accepted move and per bare append, counted by callgrind."""
    counts: dict[str, tuple[int, int]] = {}
    for only in ("full", "bare"):
        instructions, printed = counted(Path(__file__), "--games", str(games), "--only", only)
        requests = re.search(r"requests: (\d+)", printed)
        assert requests, printed[-2000:]
        counts[only] = (instructions, int(requests[1]))
    for only, label in (("full", "accepted move (full stack)"), ("bare", "bare one-row append")):
        instructions, count = counts[only]
        per = instructions / count / 1e6
        print(f"instructions per {label}, {count} requests: {per:.2f} M")
    print(f"full / bare: {counts['full'][0] / counts['bare'][0]:.2f}x")


if __name__ == "__main__":
    main()
