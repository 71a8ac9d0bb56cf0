"""Benchmarks for the event-sourced service; prints one table of figures measured in one run.

    .venv/bin/python bench/run.py [--games 200] [--clients 32] [--long-events 10000]

Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/gotham_bench, created
if missing). Starts gunicorn itself. Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/gotham_bench"
PORT = 8765

Row = tuple[str, str, str]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def p50_p99(seconds: list[float]) -> str:
    return f"{percentile(seconds, 0.5) * 1e3:.2f} / {percentile(seconds, 0.99) * 1e3:.2f} ms"


# ---- rules_core only ----------------------------------------------------------------------------


def bench_rules() -> list[Row]:
    from rules_core.engine import fold, get_game
    from rules_core.engine.randomness import move_rng, setup_rng

    spec = get_game("gotham-race")
    rows: list[Row] = []

    def play(seed: int) -> list[Any]:
        rng = random.Random(seed)
        log = spec.setup(4, {}, setup_rng(seed))
        state = fold(spec, log)
        while spec.outcome(state) is None:
            seat = min(spec.to_act(state))
            move = rng.choice(spec.legal_moves(state, seat))
            events = spec.decide(state, seat, move, move_rng(seed, len(log)))
            assert isinstance(events, list)
            for event in events:
                state = spec.evolve(state, event)
            log.extend(events)
        return log

    for seed in range(20):  # warm-up (decoders compiled, caches filled), not timed
        play(-1 - seed)
    started = time.perf_counter()
    games = 0
    events_total = 0
    logs: list[list[Any]] = []
    while time.perf_counter() - started < 5.0:
        log = play(games)
        games += 1
        events_total += len(log)
        if len(logs) < 50:
            logs.append(log)
    elapsed = time.perf_counter() - started
    rows.append(
        ("random Gotham Race games/s, 4 seats, one core", f"{games / elapsed:.0f}", "≥ 300")
    )
    rows.append(("  events per game (mean)", f"{events_total / games:.0f}", ""))
    events = [e for log in logs for e in log]
    rounds = 0
    started = time.perf_counter()
    while time.perf_counter() - started < 2.0:
        for log in logs:
            fold(spec, log)
        rounds += 1
    per_event = (time.perf_counter() - started) / (rounds * len(events))
    rows.append(
        (
            "reducer cost per event (evolve, fold of real logs)",
            f"{per_event * 1e6:.2f} µs",
            "≤ 20 µs",
        )
    )
    return rows


# ---- HTTP ---------------------------------------------------------------------------------------


@dataclass
class Client:
    """One keep-alive HTTP connection to the bench server."""

    conn: http.client.HTTPConnection = field(
        default_factory=lambda: http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    )

    def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        payload = None if body is None else json.dumps(body)
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        for attempt in range(3):
            try:
                self.conn.request(method, path, payload, all_headers)
                response = self.conn.getresponse()
                data = response.read()
                return response.status, json.loads(data) if data else None
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def start_server(env: dict[str, str], workers: int, threads: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "gotham.wsgi",
            "-b",
            f"127.0.0.1:{PORT}",
            "-w",
            str(workers),
            "-k",
            "gthread",
            "--threads",
            str(threads),
            "--log-level",
            "warning",
            "--keep-alive",
            "30",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if Client().call("GET", "/api/health/")[0] == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("gunicorn did not start")


@dataclass
class LocalGame:
    """A client's replica of one game: the rules run locally to pick legal moves."""

    id: int
    seed: int
    tokens: dict[int, str]
    version: int
    state: Any

    def play_one(self, client: Client, rng: random.Random) -> float:
        """Post one random legal move, check the server's version; returns the POST's latency."""
        from rules_core.engine import get_game
        from rules_core.engine.randomness import move_rng

        spec = get_game("gotham-race")
        seat = min(spec.to_act(self.state))
        move = rng.choice(spec.legal_moves(self.state, seat))
        started = time.perf_counter()
        status, body = client.call(
            "POST",
            f"/api/games/{self.id}/moves/",
            {"expected_version": self.version, "move": move.to_json()},
            {"Authorization": f"Seat {self.tokens[seat]}"},
        )
        latency = time.perf_counter() - started
        assert status == 201, (status, body)
        events = spec.decide(self.state, seat, move, move_rng(self.seed, self.version))
        assert isinstance(events, list)
        for event in events:
            self.state = spec.evolve(self.state, event)
        self.version += len(events)
        assert self.version == body["version"]
        return latency

    def finished(self) -> bool:
        from rules_core.engine import get_game

        return get_game("gotham-race").outcome(self.state) is not None


def create_games(count: int, players: int) -> list[LocalGame]:
    from rules_core.engine import fold, get_game
    from rules_core.engine.randomness import setup_rng

    spec = get_game("gotham-race")
    client = Client()
    games = []
    for i in range(count):
        seed = 10_000 + i
        status, body = client.call(
            "POST",
            "/api/games/",
            {
                "game": "gotham-race",
                "players": [{"name": f"p{s}"} for s in range(players)],
                "seed": seed,
            },
        )
        assert status == 201, body
        state = fold(spec, spec.setup(players, {}, setup_rng(seed)))
        games.append(
            LocalGame(
                body["id"],
                seed,
                {s["seat"]: s["token"] for s in body["seats"]},
                body["version"],
                state,
            )
        )
    return games


def run_clients(
    clients: int, work: Callable[[int, Client, list[float]], None]
) -> tuple[float, list[float]]:
    latencies: list[list[float]] = [[] for _ in range(clients)]
    barrier = threading.Barrier(clients + 1)

    def worker(index: int) -> None:
        client = Client()
        barrier.wait()
        work(index, client, latencies[index])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started, [x for lat in latencies for x in lat]


def bench_moves(
    games: list[LocalGame], clients: int, budget: int
) -> tuple[int, float, list[float]]:
    per_client = budget // clients
    counts = [0] * clients

    def work(index: int, client: Client, latencies: list[float]) -> None:
        mine = [g for i, g in enumerate(games) if i % clients == index]
        rng = random.Random(index)
        while counts[index] < per_client and mine:
            for game in list(mine):
                if game.finished():
                    mine.remove(game)
                    continue
                latencies.append(game.play_one(client, rng))
                counts[index] += 1
                if counts[index] >= per_client:
                    return

    elapsed, latencies = run_clients(clients, work)
    return sum(counts), elapsed, latencies


def bench_bare(games: list[LocalGame], clients: int, budget: int) -> tuple[int, float, list[float]]:
    per_client = budget // clients
    seqs = {g.id: g.version + 100_000 for g in games}

    def work(index: int, client: Client, latencies: list[float]) -> None:
        mine = [g for i, g in enumerate(games) if i % clients == index]
        for n in range(per_client):
            game = mine[n % len(mine)]
            seqs[game.id] += 1
            t0 = time.perf_counter()
            status, _ = client.call(
                "POST", "/bench/append/", {"game": game.id, "seq": seqs[game.id]}
            )
            latencies.append(time.perf_counter() - t0)
            assert status == 201

    elapsed, latencies = run_clients(clients, work)
    return per_client * clients, elapsed, latencies


def long_game(events_wanted: int) -> int:
    """A Gotham Race game on the longest track a content pack may ask for (100 squares, the
    finish at 99, the landmarks spread along it), played in-process until it has the events or
    ends."""
    import tomllib

    from api import event_store, services
    from api.models import Game
    from rules_core.engine import get_game
    from rules_core.games.gotham_race.content import REFERENCE_PACK

    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["track"]["length"] = {"value": 100, "source": "reference"}
    pack["track"]["finish"] = {"value": 99, "source": "reference"}
    for i, name in enumerate(pack["landmarks"]):
        pack["landmarks"][name] = {"value": 90 + i, "source": "reference"}
    created = services.game_create(
        slug="gotham-race",
        players=[services.PlayerSpec(name=f"p{i}") for i in range(4)],
        seed=99,
        options={"content": pack},
    )
    game_id = created.game.pk
    rng = random.Random(0)
    while (game := Game.objects.get(pk=game_id)).version < events_wanted:
        spec = get_game(game.game)
        state = event_store.load_state(game, spec)
        if spec.outcome(state) is not None:
            break
        seat = min(spec.to_act(state))
        move = rng.choice(spec.legal_moves(state, seat))
        services.move_submit(
            game_id=game_id, seat=seat, expected_version=game.version, move=move.to_json()
        )
    return game_id


def head_reads(game_ids: tuple[int, int], count: int) -> tuple[list[float], list[float]]:
    """GET /state/ latencies of two games, alternating so both see the same machine load."""
    client = Client()
    latencies: tuple[list[float], list[float]] = ([], [])
    for _ in range(count):
        for index, game_id in enumerate(game_ids):
            t0 = time.perf_counter()
            status, _ = client.call("GET", f"/api/games/{game_id}/state/")
            latencies[index].append(time.perf_counter() - t0)
            assert status == 200
    return latencies


def cold_loads(game_id: int, count: int, at_head: bool) -> list[float]:
    """State loads with the in-process cache emptied: at the head, or one event before it."""
    from api import event_store
    from api.models import Game
    from rules_core.engine import get_game

    spec = get_game(Game.objects.get(pk=game_id).game)
    latencies = []
    for _ in range(count):
        event_store._STATE_CACHE.clear()
        t0 = time.perf_counter()
        game = Game.objects.get(pk=game_id)
        event_store.load_state(game, spec, None if at_head else game.version - 1)
        latencies.append(time.perf_counter() - t0)
    return latencies


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if exists:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--moves", type=int, default=6400, help="accepted moves to measure")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2)
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per worker")
    parser.add_argument("--long-events", type=int, default=10_000)
    args = parser.parse_args()

    rows: list[Row] = bench_rules()

    url = os.environ.get("DATABASE_URL", DEFAULT_DB)
    ensure_database(url)
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DEBUG": "0",
    }
    env.pop("REDIS_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    os.environ.update({"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "bench.settings"})
    import django

    django.setup()
    from api.models import Game

    server = start_server(env, args.workers, args.threads)
    try:
        games = create_games(args.games, args.players)
        moves, elapsed, latencies = bench_moves(games, args.clients, args.moves)
        bare_n, bare_elapsed, bare_latencies = bench_bare(games, args.clients, args.moves)
        full_rate, bare_rate = moves / elapsed, bare_n / bare_elapsed
        server_shape = f"gunicorn {args.workers}x{args.threads}"
        what = f"{args.clients} clients, {args.games} games, {server_shape}, PostgreSQL"
        rows.append((f"accepted moves/s, full stack ({what})", f"{full_rate:.0f}", ""))
        rows.append(("  p50 / p99 latency", p50_p99(latencies), "p99 ≤ 50 ms"))
        rows.append(("bare DRF append view, same clients and database", f"{bare_rate:.0f}", ""))
        rows.append(("  p50 / p99 latency", p50_p99(bare_latencies), ""))
        rows.append(("full stack / bare view", f"{full_rate / bare_rate:.0%}", "≥ 70%"))

        short = create_games(1, 2)[0]
        client, rng = Client(), random.Random(1)
        for _ in range(10):
            short.play_one(client, rng)
        long_id = long_game(args.long_events)
        long_version = Game.objects.get(pk=long_id).version
        short_http, long_http = head_reads((short.id, long_id), 500)
        ratio = statistics.median(long_http) / statistics.median(short_http)
        rows.append(
            (
                f"head read GET /state/, 10-move game ({short.version} events)",
                p50_p99(short_http),
                "",
            )
        )
        rows.append((f"head read GET /state/, {long_version}-event game", p50_p99(long_http), ""))
        rows.append(("  long / short (p50)", f"{ratio:.2f}x", "≤ 1.3x"))
        for label, at_head in (
            ("head, state column", True),
            ("a past version, snapshot + tail", False),
        ):
            short_cold = cold_loads(short.id, 100, at_head)
            long_cold = cold_loads(long_id, 100, at_head)
            rows.append(
                (
                    f"uncached state load incl. the game row ({label}), short",
                    p50_p99(short_cold),
                    "",
                )
            )
            rows.append(
                (f"uncached state load incl. the game row ({label}), long", p50_p99(long_cold), "")
            )
    finally:
        server.terminate()
        server.wait()

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'figure':>16}  target")
    print("-" * (width + 32))
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>16}  {target}")


if __name__ == "__main__":
    main()
