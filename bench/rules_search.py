"""Rule search: top-1, top-3, latency (p50/p95) and the share of first answers in the question's
book, per question set, in one run.

    .venv/bin/python bench/rules_search.py            # embedded default: SQLite
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/gotham_bench \
        .venv/bin/python bench/rules_search.py               # PostgreSQL (a scratch database)
    .venv/bin/python bench/rules_search.py --misses   # also list the misses of the tuned sets
    ROUNDS=2 .venv/bin/python bench/rules_search.py   # fewer timing rounds (default 10)
    RULES_SEARCH_SEMANTIC=0 .venv/bin/python bench/rules_search.py  # BM25F alone, no re-ranking
    RULES_SEARCH_ENCODER=words .venv/bin/python bench/rules_search.py  # static word vectors
    .venv/bin/python bench/rules_search.py --judged   # also: against blind judgments (below)

Runs on a scratch database it migrates itself; measures with and without imported book text.
Each search is timed beside its reference, in the same run: the same request to a bare view
that does everything a search does but rank (bench/bare.py `BareSearchView`: the request read,
the one query every search makes, three sections by a plain title match), one right after the
other, question by question. Each set's line prints the bare view's p95 and the search's p95 as
a multiple of it, a ratio that holds when the machine's speed varies from run to run.
With the `model` encoder it first prints the sentence model's own time per question, for the
8-bit pass that encodes questions and the full one that stored vectors come from.
Ten question sets: the original in-repo set (tests/data/rule_questions.toml, some with a book
filter), the two halves of the open set (tests/data/rule_questions_open.toml, never a book
filter), a second tuning set (tests/data/rule_questions_tune2.toml, 60 questions, 12 a book,
written from the rulebooks' text by a writer who saw neither the index's words nor the other
sets, never a book filter) and five fresh held-out sets (tests/data/rule_questions_fresh.toml,
rule_questions_fresh2.toml ... rule_questions_fresh5.toml, never a book filter).
The untuned sets are held out: their misses are never printed, only their figures.
With --judged, each set with blind judgments (tests/data/rule_questions_judged.toml: the section
an independent judge would show first, chosen without the sets' answers or any search result)
gets one more line: how often the judge's best is among the set's answers, and top-1 / top-3
when the judge's best counts as an answer too. The sets' own answers stay the measure.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tomllib
import warnings
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.run import percentile  # noqa: E402

DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared" / "rulebooks"
ROUNDS = int(os.environ.get("ROUNDS", "10"))


def question_sets() -> dict[str, list[dict[str, Any]]]:
    old = tomllib.loads((DATA / "rule_questions.toml").read_text())["q"]
    open_set = tomllib.loads((DATA / "rule_questions_open.toml").read_text())["q"]
    fresh = tomllib.loads((DATA / "rule_questions_fresh.toml").read_text())["q"]
    fresh2 = tomllib.loads((DATA / "rule_questions_fresh2.toml").read_text())["q"]
    fresh3 = tomllib.loads((DATA / "rule_questions_fresh3.toml").read_text())["q"]
    fresh4 = tomllib.loads((DATA / "rule_questions_fresh4.toml").read_text())["q"]
    fresh5 = tomllib.loads((DATA / "rule_questions_fresh5.toml").read_text())["q"]
    tune2 = tomllib.loads((DATA / "rule_questions_tune2.toml").read_text())["q"]
    tune3 = tomllib.loads((DATA / "rule_questions_tune3.toml").read_text())["q"]
    return {
        "old (46, tuned)": old,
        "open: tuning": [q for q in open_set if q["half"] == "tuning"],
        "open: untuned": [q for q in open_set if q["half"] == "untuned"],
        "tuning 2 (60)": tune2,
        "tuning 3 (69)": tune3,
        "fresh: untuned": fresh,
        "fresh2: untuned": fresh2,
        "fresh3: untuned": fresh3,
        "fresh4: untuned": fresh4,
        "fresh5: untuned": fresh5,
    }


@dataclass(frozen=True)
class Figures:
    top1: float
    top3: float
    p50_ms: float
    p95_ms: float
    bare_p95_ms: float  # the reference, timed interleaved with the searches
    in_book: float | None  # share of first answers in the question's book (None: no book given)
    misses: tuple[str, ...]
    patterns: dict[str, tuple[int, int, int]]  # miss pattern -> (questions, top-1, top-3)


def judgments() -> dict[tuple[str, str], str]:
    """The blind judge's best section per (question, book)."""
    rows = tomllib.loads((DATA / "rule_questions_judged.toml").read_text())["j"]
    return {(j["q"], j["book"]): j["best"] for j in rows}


def with_judged(questions: list[dict[str, Any]], best: dict[tuple[str, str], str]) -> list[Any]:
    """The judged questions of a set, the judge's best section added to their answers."""
    return [
        {**q, "answers": [*q["answers"], best[(q["q"], q["book"])]]}
        for q in questions
        if (q["q"], q.get("book", "")) in best
    ]


def is_answer(item: dict[str, Any], hit: tuple[str, str]) -> bool:
    """A result answers the question: one of its sections, in its book (when it names one)."""
    book, section = hit
    return section in item["answers"] and item.get("book", book) == book


def measure(questions: list[dict[str, Any]]) -> Figures:
    from django.test import Client

    client = Client()
    latencies: list[float] = []
    bare: list[float] = []
    top1 = top3 = 0
    booked = right_book = 0
    misses: list[str] = []
    patterns: dict[str, tuple[int, int, int]] = {}
    for round_ in range(ROUNDS):
        for item in questions:
            params = {"q": item["q"], "limit": "3"}
            if "book" in item and "half" not in item:
                params["book"] = item["book"]  # the old set's own filter; the others have none
            started = time.perf_counter()
            response = client.get("/api/rules/search/", params)
            latencies.append(time.perf_counter() - started)
            started = time.perf_counter()
            client.get("/bench/rules/search/", params)
            bare.append(time.perf_counter() - started)
            if round_ == 0:
                found = [(r["book"], r["section"]) for r in response.json()["results"]]
                right = [is_answer(item, hit) for hit in found]
                top1 += any(right[:1])
                top3 += any(right)
                if "book" in item:
                    booked += 1
                    right_book += found[:1] != [] and found[0][0] == item["book"]
                if "pattern" in item:
                    n, one, three = patterns.get(item["pattern"], (0, 0, 0))
                    patterns[item["pattern"]] = (n + 1, one + any(right[:1]), three + any(right))
                if not any(right[:1]):
                    kind = "top1-miss" if any(right) else "top3-miss"
                    misses.append(
                        f"{kind} {item['q']!r} want {item.get('book')}:{item['answers']} "
                        f"got {found}"
                    )
    n = len(questions)
    return Figures(
        top1 / n,
        top3 / n,
        percentile(latencies, 0.5) * 1e3,
        percentile(latencies, 0.95) * 1e3,
        percentile(bare, 0.95) * 1e3,
        right_book / booked if booked else None,
        tuple(misses),
        patterns,
    )


def encoder_times(questions: list[str]) -> str:
    """Per-question time of the sentence model's two passes (the 8-bit one rule search encodes a
    question with, the full one stored vectors come from), each question once, after a warm-up."""
    from rules_core.rulebooks.sentence_model import sentence_model

    model = sentence_model()
    figures = []
    for name, encode in (
        ("8-bit (questions)", model.encode_question),
        ("full (stored vectors)", lambda q: model.encode([q], "query")),
    ):
        encode(questions[0])
        took = []
        for q in questions:
            started = time.perf_counter()
            encode(q)
            took.append(time.perf_counter() - started)
        p50, p95 = percentile(took, 0.5) * 1e3, percentile(took, 0.95) * 1e3
        figures.append(f"{name} p50 {p50:.2f} ms, p95 {p95:.2f} ms")
    return "sentence model per question: " + "; ".join(figures)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--misses", action="store_true", help="list the tuning sets' misses")
    parser.add_argument("--judged", action="store_true", help="figures against blind judgments")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp()) / "search.sqlite3"
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}")
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"  # the site and the bare views
    os.environ["DEBUG"] = "0"
    # the bench serves no page: whitenoise's word that no collected static files exist is noise
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    sets = question_sets()
    encoder = settings.RULES_SEARCH_ENCODER if settings.RULES_SEARCH_SEMANTIC else "off"
    print(
        f"rule search through GET /api/rules/search/ ({connection.vendor}, "
        f"{ROUNDS} rounds, in-process client, limit 3, semantic re-ranking: {encoder}, "
        f"load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    print(
        f"{'':<16} {'set':<18} {'n':>3} {'top-1':>7} {'top-3':>7} {'p50':>9} {'p95':>9}"
        f" {'bare p95':>9} {'x bare':>6} {'in book':>8}"
        "   target (untuned): top-1 >= 80%, top-3 >= 95%, p95 <= 20 ms"
    )
    if encoder == "model":
        print(encoder_times([q["q"] for qs in sets.values() for q in qs]))
    shown: list[str] = []
    best = judgments() if args.judged else {}
    for label in ("summaries only", "books imported"):
        if label == "books imported":
            call_command("import_rulebook", str(SHARED), stdout=StringIO())
        for name, questions in sets.items():
            f = measure(questions)
            print(
                f"{label:<16} {name:<18} {len(questions):>3} {f.top1:>7.1%} {f.top3:>7.1%}"
                f" {f.p50_ms:>6.2f} ms {f.p95_ms:>6.2f} ms {f.bare_p95_ms:>6.2f} ms"
                f" {f.p95_ms / f.bare_p95_ms:>5.1f}x"
                f" {'-' if f.in_book is None else format(f.in_book, '.1%'):>8}"
            )
            for pattern, (n, one, three) in sorted(f.patterns.items()):
                print(f"{'':<16}   {pattern:<16} {n:>3} {one / n:>7.1%} {three / n:>7.1%}")
            judged = with_judged(questions, best) if args.judged else []
            if judged:
                agree = sum(q["answers"][-1] in q["answers"][:-1] for q in judged) / len(judged)
                j = measure(judged)
                print(
                    f"{'':<16}   {'key or judge':<16} {len(judged):>3} {j.top1:>7.1%} "
                    f"{j.top3:>7.1%}   (the judge's best is an answer: {agree:.1%})"
                )
            if "untuned" not in name:  # held-out sets: figures only
                shown += [f"[{label} / {name}] {m}" for m in f.misses]
    if args.misses:
        print("\n".join(shown))


if __name__ == "__main__":
    main()
