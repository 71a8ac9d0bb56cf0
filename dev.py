#!/usr/bin/env python3
"""Set-up and everyday commands: `python3 dev.py run` serves, `python3 dev.py test` tests.

Each command creates the virtual environment in .venv and installs the project into it when
needed, so a fresh machine with only Python 3.11 needs nothing else.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
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
    if code := run("manage.py", "migrate", "--noinput"):
        return code
    port = os.environ.get("PORT", "8000")
    os.environ.setdefault("TASKS_IN_THREADS", "1")  # bots and analysis beside the requests
    return run("manage.py", "runserver", f"127.0.0.1:{port}", "--noreload")


def cmd_test(extra: list[str]) -> int:
    ensure_venv()
    return run("-m", "pytest", *extra)


def cmd_lint() -> int:
    ensure_venv()
    for args in (
        ("-m", "ruff", "check", "."),
        ("-m", "ruff", "format", "--check", "."),
        ("-m", "mypy", "rules_core", "api", "gotham", "frontend", "bench"),
    ):
        if code := run(*args):
            return code
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test", "lint", "venv"}:
        print("usage: python3 dev.py run | test [pytest args] | lint | venv", file=sys.stderr)
        return 2
    if argv[0] == "run":
        return cmd_run()
    if argv[0] == "test":
        return cmd_test(argv[1:])
    if argv[0] == "lint":
        return cmd_lint()
    ensure_venv()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
