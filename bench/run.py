"""Benchmarks for the event-sourced service; prints one table of figures measured in one run.

    .venv/bin/python bench/run.py [--games 96] [--clients 32] [--moves 6400]

Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/gotham_bench, created
afresh). Starts gunicorn itself, against PostgreSQL and then against a fresh SQLite file (the
embedded default), then boardgame.io 0.50.2's server when it is installed (BOARDGAMEIO_INSTALL
below; Node on PATH). Every move is decided before the clock starts, so the clients only send
prepared requests, to the full stack and to the bare view alike. Timings are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
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

    def play(seed: int) -> tuple[list[Any], int]:
        rng = random.Random(seed)
        log = spec.setup(4, {}, setup_rng(seed))
        state = fold(spec, log)
        moves = 0
        while spec.outcome(state) is None:
            seat = min(spec.to_act(state))
            move = rng.choice(spec.legal_moves(state, seat))
            events = spec.decide(state, seat, move, move_rng(seed, len(log)))
            assert isinstance(events, list)
            for event in events:
                state = spec.evolve(state, event)
            log.extend(events)
            moves += 1
        return log, moves

    for seed in range(20):  # warm-up (decoders compiled, caches filled), not timed
        play(-1 - seed)
    started = time.perf_counter()
    games = 0
    events_total = moves_total = 0
    logs: list[list[Any]] = []
    while time.perf_counter() - started < 5.0:
        log, moves = play(games)
        games += 1
        events_total += len(log)
        moves_total += moves
        if len(logs) < 50:
            logs.append(log)
    elapsed = time.perf_counter() - started
    rows.append(
        ("random Gotham Race games/s, 4 seats, one core", f"{games / elapsed:.0f}", "≥ 300")
    )
    rows.append(("  events per game (mean)", f"{events_total / games:.0f}", ""))
    rows.append(("  moves per game (mean)", f"{moves_total / games:.1f}", ""))
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
        payload = None if body is None else json.dumps(body).encode()
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        status, data = self.send(method, path, payload, all_headers)
        return status, json.loads(data) if data else None

    def send(
        self, method: str, path: str, payload: bytes | None, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        """One request as prepared (body bytes, headers): the status and the raw answer."""
        for attempt in range(3):
            try:
                self.conn.request(method, path, payload, headers)
                response = self.conn.getresponse()
                return response.status, response.read()
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

    def next_move(self, rng: random.Random) -> tuple[int, dict[str, Any], list[Any]]:
        """A random legal move of the seat to act, and the events the rules make of it."""
        from rules_core.engine import get_game
        from rules_core.engine.randomness import move_rng

        spec = get_game("gotham-race")
        seat = min(spec.to_act(self.state))
        move = rng.choice(spec.legal_moves(self.state, seat))
        events = spec.decide(self.state, seat, move, move_rng(self.seed, self.version))
        assert isinstance(events, list)
        return seat, move.to_json(), events

    def apply(self, events: list[Any]) -> None:
        from rules_core.engine import get_game

        spec = get_game("gotham-race")
        for event in events:
            self.state = spec.evolve(self.state, event)
        self.version += len(events)

    def play_one(self, client: Client, rng: random.Random) -> float:
        """Post one random legal move, check the server's version; returns the POST's latency."""
        seat, move, events = self.next_move(rng)
        started = time.perf_counter()
        status, body = client.call(
            "POST",
            f"/api/games/{self.id}/moves/",
            {"expected_version": self.version, "move": move},
            {"Authorization": f"Seat {self.tokens[seat]}"},
        )
        latency = time.perf_counter() - started
        assert status == 201, (status, body)
        self.apply(events)
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
    clients: int,
    work: Callable[[int, Client, list[float]], None],
    pool: list[Client] | None = None,
) -> tuple[float, list[float]]:
    """Each client's work in its own thread, on its own connection (from `pool`: kept open
    between runs, as a client's keep-alive connection stays with one server process)."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    barrier = threading.Barrier(clients + 1)

    def worker(index: int) -> None:
        client = Client() if pool is None else pool[index]
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


@dataclass(frozen=True)
class Prepared:
    """A request made ready before the clock starts: path, headers, body bytes."""

    path: str
    headers: dict[str, str]
    body: bytes


def prepare_moves(games: list[LocalGame]) -> tuple[list[list[Prepared]], dict[int, int]]:
    """Every game played to its end by the rules on the client side, each move a prepared POST
    (the server decides the same events: same seed, same rules); and each game's final version."""
    plans, finals = [], {}
    for index, game in enumerate(games):
        rng, plan = random.Random(index), []
        while not game.finished():
            seat, move, events = game.next_move(rng)
            body = {"expected_version": game.version, "move": move}
            headers = {
                "Content-Type": "application/json",
                "Authorization": f"Seat {game.tokens[seat]}",
            }
            plan.append(
                Prepared(f"/api/games/{game.id}/moves/", headers, json.dumps(body).encode())
            )
            game.apply(events)
        plans.append(plan)
        finals[game.id] = game.version
    return plans, finals


def prepare_bare(games: list[LocalGame], count: int) -> list[list[Prepared]]:
    """One-row appends to the same games, at seqs past the moves' (so they never collide)."""
    headers = {"Content-Type": "application/json"}
    return [
        [
            Prepared(
                "/bench/append/", headers, json.dumps({"game": g.id, "seq": 100_000 + n}).encode()
            )
            for n in range(count)
        ]
        for g in games
    ]


def send_plans(
    plans: list[list[Prepared]], pool: list[Client], budget: int, expected: int
) -> tuple[int, float, list[float]]:
    """Each client sends its games' next prepared requests in turn (a game's requests in order)
    until the budget is spent; every answer must have the expected status."""
    clients = len(pool)
    per_client = budget // clients
    counts = [0] * clients

    def work(index: int, client: Client, latencies: list[float]) -> None:
        queues = [plan for i, plan in enumerate(plans) if i % clients == index and plan]
        while counts[index] < per_client and queues:
            for queue in list(queues):
                request = queue.pop(0)
                started = time.perf_counter()
                status, data = client.send("POST", request.path, request.body, request.headers)
                latencies.append(time.perf_counter() - started)
                assert status == expected, (status, data[:300])
                counts[index] += 1
                if not queue:
                    queues.remove(queue)
                if counts[index] >= per_client:
                    return

    elapsed, latencies = run_clients(clients, work, pool)
    return sum(counts), elapsed, latencies


@dataclass
class Measured:
    """Requests answered, seconds of wall time, and each request's latency."""

    count: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)

    def add(self, result: tuple[int, float, list[float]]) -> None:
        self.count += result[0]
        self.seconds += result[1]
        self.latencies += result[2]

    @property
    def rate(self) -> float:
        return self.count / self.seconds


def full_against_bare(
    games: list[LocalGame], clients: int, budget: int, rounds: int = 2
) -> tuple[Measured, Measured]:
    """Moves through the whole stack and bare one-row appends, from the same clients on the same
    server, in alternating rounds (so a change in the machine's load falls on both)."""
    plans, finals = prepare_moves(games)
    bare_plans = prepare_bare(games, budget)
    full, bare, pool = Measured(), Measured(), [Client() for _ in range(clients)]
    # warm-up, not measured: every worker process imports the rules, loads the rulebooks its
    # citations name and reads the heads of the games its connections bring (the bare view
    # needs none of it), so the first requests would otherwise stall a worker's threads
    send_plans(plans, pool, clients * 4, 201)
    send_plans(bare_plans, pool, clients * 4, 201)
    for _ in range(rounds):
        full.add(send_plans(plans, pool, budget // rounds, 201))
        bare.add(send_plans(bare_plans, pool, budget // rounds, 201))
    client = Client()
    for game_id, final in finals.items():  # the server decided what the clients did
        status, body = client.call("GET", f"/api/games/{game_id}/")
        assert status == 200 and body["version"] <= final, (game_id, body, final)
    return full, bare


def round_trips_per_move(games: int) -> tuple[float, int]:
    """In-process, database round trips per accepted POST …/moves/ (authentication included) on
    the server's steady path, and the most any one move took."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from rules_core.engine import fold, get_game
    from rules_core.engine.randomness import setup_rng

    spec, api, counts = get_game("gotham-race"), APIClient(), []
    for seed in range(games):
        body = api.post(
            "/api/games/",
            {"game": "gotham-race", "players": [{"name": "a"}, {"name": "b"}], "seed": 77 + seed},
            format="json",
        ).json()
        state = fold(spec, spec.setup(2, {}, setup_rng(77 + seed)))
        local = LocalGame(
            body["id"],
            77 + seed,
            {s["seat"]: s["token"] for s in body["seats"]},
            body["version"],
            state,
        )
        rng = random.Random(seed)
        while not local.finished():
            seat, move, events = local.next_move(rng)
            with CaptureQueriesContext(connection) as queries:
                answer = api.post(
                    f"/api/games/{local.id}/moves/",
                    {"expected_version": local.version, "move": move},
                    format="json",
                    HTTP_AUTHORIZATION=f"Seat {local.tokens[seat]}",
                    HTTP_IDEMPOTENCY_KEY=f"{local.id}-{local.version}",
                )
            assert answer.status_code == 201, answer.json()
            counts.append(len(queries.captured_queries))
            local.apply(events)
    return statistics.mean(counts), max(counts)


def long_game(events_wanted: int) -> int:
    """A Gotham Race game on the longest track a content pack may ask for (100 squares, the
    finish at 99, the landmarks spread along it), played in-process until it has the events or
    ends."""
    import tomllib

    from api import event_store, game_services, services
    from api.models import Game
    from rules_core.engine import get_game
    from rules_core.games.gotham_race.content import REFERENCE_PACK

    pack = tomllib.loads(REFERENCE_PACK.read_text())
    pack["track"]["length"] = {"value": 100, "source": "reference"}
    pack["track"]["finish"] = {"value": 99, "source": "reference"}
    for i, name in enumerate(pack["landmarks"]):
        pack["landmarks"][name] = {"value": 90 + i, "source": "reference"}
    created = game_services.game_create(
        slug="gotham-race",
        players=[game_services.PlayerSpec(name=f"p{i}") for i in range(4)],
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


def full_stack_rows(
    games: list[LocalGame], clients: int, budget: int, what: str
) -> tuple[list[Row], Measured]:
    full, bare = full_against_bare(games, clients, budget)
    p99_full, p99_bare = percentile(full.latencies, 0.99), percentile(bare.latencies, 0.99)
    return [
        (f"accepted moves/s, full stack ({what})", f"{full.rate:.0f}", ""),
        ("  p50 / p99 latency", p50_p99(full.latencies), ""),
        ("bare DRF append view, same server, clients and database", f"{bare.rate:.0f}", ""),
        ("  p50 / p99 latency", p50_p99(bare.latencies), ""),
        ("full stack / bare view (requests/s)", f"{full.rate / bare.rate:.0%}", "≥ 70%"),
        ("full stack / bare view (p99)", f"{p99_full / p99_bare:.2f}x", "≤ 2x"),
    ], full


def server_env(url: str) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "bench.settings"}
    env["DEBUG"] = "0"
    env.pop("REDIS_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    return env


def embedded_rows(args: argparse.Namespace, shape: str) -> list[Row]:
    """The same comparison on the embedded default: SQLite, a fresh file."""
    path = ROOT / "build" / "bench-embedded.sqlite3"
    path.unlink(missing_ok=True)
    server = start_server(server_env(f"sqlite:///{path}"), args.workers, args.threads)
    try:
        games = create_games(args.sqlite_games, args.players)
        what = f"{args.clients} clients, {args.sqlite_games} games, {shape}, embedded SQLite"
        return full_stack_rows(games, args.clients, args.sqlite_moves, what)[0]
    finally:
        server.terminate()
        server.wait()


BOARDGAMEIO = ROOT / "build" / "bgio" / "node_modules"
BOARDGAMEIO_INSTALL = (
    "npm install --prefix build/bgio boardgame.io@0.50.2 node-persist@3 koa-compose@4.1.0"
)


def boardgameio_measured(clients: int, matches: int, moves: int, storage: str) -> Measured:
    """boardgame.io 0.50.2's server (bench/boardgameio/server.js, one Node process) with a
    counter game, its clients (bench/boardgameio/clients.js) moving over socket.io."""
    env = {**os.environ, "NODE_PATH": str(BOARDGAMEIO)}
    here = ROOT / "bench" / "boardgameio"
    server = subprocess.Popen(
        ["node", str(here / "server.js"), str(PORT + 1), storage],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"
        done = subprocess.run(
            [
                "node",
                str(here / "clients.js"),
                str(PORT + 1),
                str(clients),
                str(matches),
                str(moves),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        server.terminate()
        server.wait()
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return Measured(result["moves"], result["seconds"], [ms / 1e3 for ms in result["latencies_ms"]])


def boardgameio_rows(args: argparse.Namespace, full: Measured) -> list[Row]:
    """boardgame.io's durable (FlatFile) and in-memory server, and the full stack against it."""
    if not (BOARDGAMEIO / "boardgame.io").is_dir() or not shutil.which("node"):
        return [("boardgame.io 0.50.2 (not installed)", "-", BOARDGAMEIO_INSTALL)]
    store = ROOT / "build" / "bgio-store"
    shutil.rmtree(store, ignore_errors=True)
    store.mkdir(parents=True)
    what = f"{args.clients} clients, {args.games} matches, one Node process"
    durable = boardgameio_measured(args.clients, args.games, args.moves, str(store))
    memory = boardgameio_measured(args.clients, args.games, args.moves, "memory")
    return [
        (f"boardgame.io 0.50.2 moves/s, FlatFile storage ({what})", f"{durable.rate:.0f}", ""),
        ("  p50 / p99 latency", p50_p99(durable.latencies), ""),
        ("boardgame.io 0.50.2 moves/s, in memory", f"{memory.rate:.0f}", ""),
        ("  p50 / p99 latency", p50_p99(memory.latencies), ""),
        (
            "full stack (PostgreSQL) / boardgame.io FlatFile",
            f"{full.rate / durable.rate:.2f}x",
            "> 1x",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=96)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--moves", type=int, default=6400, help="accepted moves to measure")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2)
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per worker")
    parser.add_argument("--long-events", type=int, default=10_000)
    parser.add_argument("--sqlite-games", type=int, default=32)
    parser.add_argument("--sqlite-moves", type=int, default=1600)
    args = parser.parse_args()

    rows: list[Row] = bench_rules()

    url = os.environ.get("DATABASE_URL", DEFAULT_DB)
    ensure_database(url)
    env = server_env(url)
    os.environ.update({"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "bench.settings"})
    import django

    django.setup()
    from api.models import Game

    shape = f"gunicorn {args.workers}x{args.threads}"
    server = start_server(env, args.workers, args.threads)
    try:
        games = create_games(args.games, args.players)
        what = f"{args.clients} clients, {args.games} games, {shape}, PostgreSQL"
        full_rows, full = full_stack_rows(games, args.clients, args.moves, what)
        rows += full_rows

        mean_trips, most_trips = round_trips_per_move(4)
        rows.append(
            (
                "database round trips per accepted move (in-process, PostgreSQL, mean / most)",
                f"{mean_trips:.2f} / {most_trips}",
                "",
            )
        )
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
        for label, at_head in (("the head", True), ("one event before the head", False)):
            short_cold = cold_loads(short.id, 100, at_head)
            long_cold = cold_loads(long_id, 100, at_head)
            what = f"uncached state load incl. the game row ({label}, snapshot + tail)"
            rows.append((f"{what}, short", p50_p99(short_cold), ""))
            rows.append((f"{what}, long", p50_p99(long_cold), ""))
    finally:
        server.terminate()
        server.wait()

    rows += embedded_rows(args, shape)
    rows += boardgameio_rows(args, full)

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'figure':>16}  target")
    print("-" * (width + 32))
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>16}  {target}")


if __name__ == "__main__":
    main()
