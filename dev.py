#!/usr/bin/env python3
"""Set-up and everyday commands: `python3 dev.py run` serves, `python3 dev.py test` tests.

Each command creates the virtual environment in .venv and installs the project into it when
needed, so a fresh machine with only Python 3.11 needs nothing else. `python3 dev.py prod` runs
the documented production set-up on this machine (see README.md, "Production").
"""

from __future__ import annotations

import hashlib
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".installed"


def _requirements_digest() -> str:
    """Hash of the dependency declaration, so edits trigger a reinstall."""
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create .venv and install the project with its dev extras if missing or stale."""
    if not PYTHON.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    digest = _requirements_digest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(digest)


def run(*args: str) -> int:
    """Run a command with the venv's Python, from the project root."""
    return subprocess.run([str(PYTHON), *args], cwd=ROOT).returncode


def cmd_run() -> int:
    ensure_venv()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gotham.settings.development")
    if code := run("manage.py", "migrate", "--noinput"):
        return code
    port = os.environ.get("PORT", "8000")
    os.environ.setdefault("TASKS_IN_THREADS", "1")  # bots and analysis beside the requests
    # answered as production answers: the site's not-found and error pages, not Django's debug
    # pages (every address the site has, a traceback with the settings); DEBUG=1 for those
    os.environ.setdefault("DEBUG", "0")
    os.chdir(ROOT)
    # the server replaces this process, so stopping `dev.py run` stops the server
    args = ["manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"]
    os.execv(str(PYTHON), [str(PYTHON), *args])


PROD_DEFAULTS = {
    "DJANGO_SETTINGS_MODULE": "gotham.settings.production",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/gotham",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "WEB_CONCURRENCY": "2",
}
# this machine's loopback is plain HTTP: a deployment behind TLS leaves these unset (all on)
PROD_PLAIN_HTTP = {"SECURE_SSL_REDIRECT": "0", "SECURE_HSTS_SECONDS": "0", "SECURE_COOKIES": "0"}


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once into build/secret-key."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = ROOT / "build" / "secret-key"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(secrets.token_urlsafe(64))
        path.chmod(0o600)
    return path.read_text().strip()


def _create_database(url: str) -> None:
    """Create the PostgreSQL database named in DATABASE_URL if it does not exist yet."""
    script = (
        "import sys, psycopg; from urllib.parse import urlparse, unquote\n"
        "u = urlparse(sys.argv[1]); name = unquote(u.path.lstrip('/'))\n"
        "c = psycopg.connect(host=u.hostname, port=u.port or 5432, user=u.username or "
        "'postgres', password=u.password or None, dbname='postgres', autocommit=True)\n"
        "if not c.execute('select 1 from pg_database where datname=%s', [name]).fetchone():\n"
        "    c.execute('create database \"%s\"' % name.replace('\"', ''))\n"
    )
    subprocess.run([str(PYTHON), "-c", script, url], check=True)


def cmd_prod() -> int:
    """Production settings on this machine: migrate, collect static files, then the ASGI app
    server (gunicorn with uvicorn workers) on PORT and a Celery worker; stopping this command
    (Ctrl-C or SIGTERM) stops both."""
    ensure_venv()
    for name, value in PROD_DEFAULTS.items():
        os.environ.setdefault(name, value)
    for name, value in PROD_PLAIN_HTTP.items():
        os.environ.setdefault(name, value)
    os.environ["SECRET_KEY"] = _secret_key()
    _create_database(os.environ["DATABASE_URL"])
    for step in (("migrate", "--noinput"), ("collectstatic", "--noinput", "-v0")):
        if code := run("manage.py", *step):
            return code
    port = os.environ.get("PORT", "8000")
    server = [
        str(PYTHON), "-m", "gunicorn", "gotham.asgi:application",
        "--worker-class", "uvicorn_worker.UvicornWorker",
        "--workers", os.environ["WEB_CONCURRENCY"],
        "--bind", f"127.0.0.1:{port}",
        "--graceful-timeout", "5",
    ]  # fmt: skip
    worker = [str(PYTHON), "-m", "celery", "-A", "gotham", "worker", "--loglevel=info"]
    children = [subprocess.Popen(server, cwd=ROOT), subprocess.Popen(worker, cwd=ROOT)]
    print(f"serving production settings on http://127.0.0.1:{port} (plain HTTP on loopback)")

    def stop(*_: object) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while all(child.poll() is None for child in children):
        time.sleep(0.5)
    stop()
    codes = [child.wait() for child in children]
    return max(codes, key=abs)


def cmd_test(extra: list[str]) -> int:
    ensure_venv()
    return run("-m", "pytest", *extra)


def cmd_lint() -> int:
    ensure_venv()
    for args in (
        ("-m", "ruff", "check", "."),
        ("-m", "ruff", "format", "--check", "."),
        ("-m", "mypy", "rules_core", "api", "gotham", "frontend", "bench", "mutation", "tests"),
    ):
        if code := run(*args):
            return code
    return 0


def _wait_for(url: str, seconds: float) -> None:
    import urllib.request

    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def cmd_fuzz(extra: list[str]) -> int:
    """Schemathesis against /api/schema/ of a fresh server: any 5xx fails (a few thousand cases).

    The server is the development server with DEBUG off on a throwaway SQLite database; tasks
    go to a Redis queue (database 15, emptied after) that no worker reads, so bot games created
    by the fuzzer cost nothing. Runs twice: as a spectator and with a seat's token. Needs Redis
    on 127.0.0.1:6379 (.ci/run starts it).
    """
    import json
    import urllib.request

    ensure_venv()
    examples = extra[0] if extra else "120"
    port = os.environ.get("FUZZ_PORT", "8911")
    database = ROOT / "build" / "fuzz.sqlite3"
    database.parent.mkdir(exist_ok=True)
    database.unlink(missing_ok=True)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "gotham.settings.development",
        "DEBUG": "0",
        "DATABASE_URL": f"sqlite:///{database}",
        "REDIS_URL": "redis://127.0.0.1:6379/15",
        "CELERY_EAGER": "0",
    }
    subprocess.run([str(PYTHON), "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [str(PYTHON), "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/api/health/", 60)
        tokens = []
        for game in ("gotham-race", "gotham-city-strategy"):  # games 1 and 2, for ids in paths
            body = json.dumps({"game": game, "players": [{"name": "A"}, {"name": "B"}]})
            request = urllib.request.Request(
                f"{base}/api/games/", body.encode(), {"Content-Type": "application/json"}
            )
            with urllib.request.urlopen(request) as answer:
                tokens.append(json.load(answer)["seats"][0]["token"])
        codes = []
        for headers in ([], ["-H", f"Authorization: Seat {tokens[0]}"]):
            command = [
                str(VENV / "bin" / "st"), "run", f"{base}/api/schema/",
                "--checks", "not_a_server_error",
                "--max-examples", examples,
                "--workers", "1",
                "--generation-allow-x00", "true",
                "--suppress-health-check", "all",
                "--no-color",
                # an accepted stream stays open for minutes by design (tests/api cover its input)
                "--exclude-path-regex", "stream/$",
                "--request-timeout", "30",
                *headers,
            ]  # fmt: skip
            codes.append(subprocess.run(command, cwd=ROOT).returncode)
        return max(codes)
    finally:
        server.terminate()
        server.wait()
        flush = "import redis; redis.Redis.from_url('redis://127.0.0.1:6379/15').flushdb()"
        subprocess.run([str(PYTHON), "-c", flush], check=False)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {
        "run",
        "prod",
        "test",
        "lint",
        "venv",
        "fuzz",
        "golden",
        "mutate",
    }:
        usage = (
            "run | prod | test [pytest args] | lint | fuzz [examples] | golden [--check]"
            " | mutate [PATH] | venv"
        )
        print(f"usage: python3 dev.py {usage}", file=sys.stderr)
        return 2
    if argv[0] == "run":
        return cmd_run()
    if argv[0] == "prod":
        return cmd_prod()
    if argv[0] == "test":
        return cmd_test(argv[1:])
    if argv[0] == "lint":
        return cmd_lint()
    if argv[0] == "fuzz":
        return cmd_fuzz(argv[1:])
    if argv[0] == "golden":  # rewrite the golden playthroughs from the rules, printing the diff
        ensure_venv()  # (--check: print it, write nothing)
        return run("-m", "tests.golden.playthroughs", *argv[1:])
    if argv[0] == "mutate":  # mutation testing of the guarantees (README.md, "Mutation testing")
        ensure_venv()
        # the command replaces this process, so a kill of `dev.py mutate` reaches it (and it
        # ends mutmut's session): a child would be left running, writing into its scope's folder
        os.chdir(ROOT)
        os.execv(str(PYTHON), [str(PYTHON), "mutation/run.py", *argv[1:]])
    ensure_venv()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
