"""Rule search: latency (p50/p95) and top-3 accuracy over the question set, in one run.

    .venv/bin/python bench/rules_search.py            # embedded default: SQLite FTS5
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/gotham_bench \
        .venv/bin/python bench/rules_search.py               # PostgreSQL full-text search

Runs on a scratch database it migrates itself; measures with and without imported book text.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import tomllib
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
QUESTIONS = tomllib.loads((ROOT / "tests" / "data" / "rule_questions.toml").read_text())["q"]
SHARED = ROOT.parent / "shared" / "rulebooks"
ROUNDS = 20


def measure() -> tuple[float, list[float]]:
    from django.test import Client

    client = Client()
    latencies: list[float] = []
    correct = 0
    for round_ in range(ROUNDS):
        for item in QUESTIONS:
            params = {
                "q": item["q"],
                "limit": "3",
                **({"book": item["book"]} if "book" in item else {}),
            }
            started = time.perf_counter()
            response = client.get("/api/rules/search/", params)
            latencies.append(time.perf_counter() - started)
            if round_ == 0:
                found = {r["section"] for r in response.json()["results"]}
                correct += bool(found & set(item["answers"]))
    return correct / len(QUESTIONS), sorted(latencies)


def main() -> None:
    scratch = Path(tempfile.mkdtemp()) / "search.sqlite3"
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}")
    os.environ["DJANGO_SETTINGS_MODULE"] = "gotham.settings.development"
    os.environ["DEBUG"] = "0"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from rules_core.rulebooks import all_books

    call_command("migrate", verbosity=0)
    rows = []
    for label in ("summaries only", "books imported"):
        if label == "books imported":
            for book in all_books():
                call_command(
                    "import_rulebook", str(SHARED / book.source), book=book.slug, stdout=StringIO()
                )
        accuracy, latencies = measure()
        p50 = latencies[len(latencies) // 2] * 1e3
        p95 = latencies[int(len(latencies) * 0.95)] * 1e3
        rows.append((label, f"{accuracy:.1%}", f"{p50:.2f} ms", f"{p95:.2f} ms"))
    print(
        f"rule search through GET /api/rules/search/ ({connection.vendor}, "
        f"{len(QUESTIONS)} questions, {ROUNDS} rounds, in-process client)"
    )
    print(f"{'':<16} {'top-3':>8} {'p50':>10} {'p95':>10}   target: top-3 >= 90%, p95 < 50 ms")
    for row in rows:
        print(f"{row[0]:<16} {row[1]:>8} {row[2]:>10} {row[3]:>10}")


if __name__ == "__main__":
    main()
