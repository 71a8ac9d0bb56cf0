"""Mutation testing of the guarantees: `python3 dev.py mutate [PATH]`.

For each scope in `mutation/scopes.toml` with a module at or under PATH (all scopes without one),
a copy of the project is made under `build/mutation/<scope>/`, mutmut plants its mutants there in
the scope's modules (only those under PATH when one is given) and runs the scope's tests against
each, and the score of each module is printed with its surviving mutants. Mutants listed in
`mutation/equivalent.toml` (with the reason they cannot change behaviour) are left out of the
score. Each run starts from fresh mutants and a fresh map of which tests reach which function, so
new tests count at once; `--again` judges the last run's survivors once more with the tests as
they are now (mutmut maps the new tests first), refused when a mutated module has changed since.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCOPES = ROOT / "mutation" / "scopes.toml"
EQUIVALENT = ROOT / "mutation" / "equivalent.toml"
WORK = ROOT / "build" / "mutation"
KILLED = {1, 3, 37, 36, -24, 24}  # a failing test, an error, the type check, a timeout
SKIPPED = {34}
# A mutant's tests are stopped, and the mutant counted as killed, after TIMEOUT_MULTIPLIER times
# (their unmutated time + TIMEOUT_CONSTANT seconds) of wall time (twice that of CPU time): 15 x
# (12.3 s + 1 s), some 200 s, for a Black Metro effect against the game's unit tests. These are
# mutmut 3.8's defaults, stated so that the rule a verdict was reached by is the project's and
# does not change with mutmut's version; relative to each mutant's own tests, so a scope of slow
# tests is not judged by a quick one's limit, and generous, since a timeout counts as killed:
# a shared machine's load slowing a surviving mutant's tests must not pass for a kill.
TIMEOUT_MULTIPLIER = 15.0
TIMEOUT_CONSTANT = 1.0


@dataclass(frozen=True, slots=True)
class Scope:
    """Modules whose mutants are counted together and the tests that guard them."""

    name: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    fresh_imports: bool = False  # each mutant imports the project anew (slower)
    keyword: str | None = None  # a pytest -k expression narrowing the tests (shared suites)
    # mutmut's mutant names (fnmatch patterns) to run and count (none: every mutant of the
    # modules); a pattern starting with "!" leaves the mutants it matches out
    mutants: tuple[str, ...] = ()
    # the DATABASE_URL the scope's tests run against (none: the suite's default, SQLite), for
    # code that runs on one database only (the event store's single-statement PostgreSQL append)
    database: str | None = None
    only: tuple[str, ...] = ()  # patterns every mutant run and counted must match one of (--only)

    @property
    def wanted(self) -> tuple[str, ...]:
        """The patterns mutmut is told to run (none: all)."""
        return tuple(p for p in self.mutants if not p.startswith("!"))

    def counts(self, mutant: str) -> bool:
        if any(fnmatch.fnmatch(mutant, p[1:]) for p in self.mutants if p.startswith("!")):
            return False
        if self.only and not any(fnmatch.fnmatch(mutant, p) for p in self.only):
            return False
        return not self.wanted or any(fnmatch.fnmatch(mutant, p) for p in self.wanted)


@dataclass(frozen=True, slots=True)
class Equivalent:
    """A mutant judged unable to change what the code does, on the change it made then.

    mutmut names a mutant by its function and its number in it, so a change to the function
    renumbers its mutants: the judgement holds only while the mutant of that name still makes
    the same change (`change`, its lines as `changes` reads them)."""

    change: str
    reason: str


@dataclass(frozen=True, slots=True)
class ModuleScore:
    """What became of one module's mutants."""

    module: str
    killed: int
    equivalent: int
    survivors: tuple[str, ...]
    not_run: int = 0  # mutants a stopped run did not reach (left out of the score)
    # mutants listed as equivalent that now make another change: (name, the change judged)
    stale: tuple[tuple[str, str], ...] = ()

    @property
    def counted(self) -> int:
        return self.killed + len(self.survivors)

    @property
    def score(self) -> float:
        return self.killed / self.counted if self.counted else 1.0


def load_scopes() -> list[Scope]:
    data = tomllib.loads(SCOPES.read_text())
    return [
        Scope(
            s["name"],
            tuple(s["modules"]),
            tuple(s["tests"]),
            s.get("fresh_imports", False),
            s.get("keyword"),
            tuple(s.get("mutants", ())),
            s.get("database"),
        )
        for s in data["scope"]
    ]


def load_equivalent() -> dict[str, Equivalent]:
    """Mutant name -> the change it was judged on, and why it cannot change what the code does."""
    if not EQUIVALENT.exists():
        return {}
    return {
        m["mutant"]: Equivalent(m["change"], m["reason"])
        for m in tomllib.loads(EQUIVALENT.read_text()).get("mutant", [])
    }


def selected(scopes: Iterable[Scope], path: str | None) -> list[Scope]:
    """The scope named `path`, or the scopes with a module at or under `path`, each keeping only
    those modules (its tests stay whole): `mutate rules_core/engine/codec.py` plants mutants in
    the codec alone."""
    if path is None:
        return list(scopes)
    wanted = path.rstrip("/")
    named = [s for s in scopes if s.name == wanted]
    if named:
        return named
    found = []
    for scope in scopes:
        modules = tuple(m for m in scope.modules if m == wanted or m.startswith(wanted + "/"))
        if modules:
            found.append(replace(scope, modules=modules))
    return found


def narrowed(scope: Scope, *patterns: str) -> Scope | None:
    """The scope with only its mutants whose names match one of `patterns` run and counted
    (None when none of its mutants can): mutmut is told each pattern where it is the narrower
    of it and the scope's own."""
    if not scope.wanted:
        run: tuple[str, ...] = patterns
    else:
        run = tuple(
            dict.fromkeys(
                pattern if fnmatch.fnmatch(pattern, p) else p
                for pattern in patterns
                for p in scope.wanted
                if _may_meet(p, pattern)
            )
        )
        if not run:
            return None
    left_out = tuple(p for p in scope.mutants if p.startswith("!"))
    return replace(scope, mutants=(*left_out, *run), only=patterns)


def _may_meet(scope_pattern: str, pattern: str) -> bool:
    """Whether two fnmatch patterns of mutant names can match a name in common: judged by the
    function part before `__mutmut_` (the scopes list functions, --only names one or more)."""
    mine, theirs = scope_pattern.split("__mutmut_")[0], pattern.split("__mutmut_")[0]
    return fnmatch.fnmatch(mine, theirs) or fnmatch.fnmatch(theirs, mine)


def project_files() -> list[str]:
    """Tracked and new (not ignored) files of the working tree, as the suite would see them."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    return [f for f in listed if f and (ROOT / f).is_file() and not f.startswith("mutants/")]


def prepare(scope: Scope) -> Path:
    """Copy the project to the scope's work folder and write mutmut's configuration there."""
    work = WORK / scope.name
    work.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(work / "mutants", ignore_errors=True)  # mutmut's cached verdicts and test map
    (work / "mutmut-stats.json").unlink(missing_ok=True)
    files = copy_project(work)
    shared = work / "shared"  # the tests read the rulebooks from beside the project
    if not shared.exists() and (ROOT.parent / "shared").is_dir():
        shared.symlink_to(ROOT.parent / "shared")
    others = sorted({f.split("/")[0] for f in files if "/" in f} - {"tests"})
    (work / "setup.cfg").write_text(mutmut_config(scope, others))
    return work


def copy_project(work: Path) -> list[str]:
    """Copy the project's files that differ into `work`; the files copied or already there."""
    files = project_files()
    for name in files:
        target = work / name
        target.parent.mkdir(parents=True, exist_ok=True)
        source = ROOT / name
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copy2(source, target)
    return files


def changed_modules(work: Path, scope: Scope) -> list[str]:
    """The scope's modules that differ from the copies its last run mutated."""
    return [
        m
        for m in scope.modules
        if not (work / m).exists() or (work / m).read_bytes() != (ROOT / m).read_bytes()
    ]


def again(scope: Scope, equivalent: dict[str, Equivalent]) -> tuple[Path, list[str]] | str:
    """Ready the scope's last run to judge its survivors again with the tests as they are now:
    the work folder, and the survivors' names; or why it cannot (no run, the code changed)."""
    work = WORK / scope.name
    if not (work / "mutants").is_dir():
        return f"{scope.name}: no earlier run in {work}"
    changed = changed_modules(work, scope)
    if changed:
        return f"{scope.name}: {', '.join(changed)} changed since the last run: run it afresh"
    copy_project(work)
    return work, [m for score in scores(work, scope, equivalent) for m in score.survivors]


def mutmut_config(scope: Scope, folders: Iterable[str]) -> str:
    """mutmut's setup.cfg for `scope`; `folders` are the project's top-level folders, the ones
    without a mutated module copied beside the mutants as they are."""
    packages = sorted({m.split("/")[0] for m in scope.modules})
    others = sorted(set(folders) - set(packages))
    lines = ["[mutmut]", "source_paths=", *(f"    {p}" for p in packages)]
    lines += ["only_mutate=", *(f"    {m}" for m in scope.modules)]
    lines += ["pytest_add_cli_args_test_selection=", *(f"    {t}" for t in scope.tests)]
    lines += ["also_copy=", *(f"    {o}" for o in [*others, "manage.py"])]
    if scope.keyword:  # the shared suites' cases of other games never reach the scope's code
        lines += ["pytest_add_cli_args=", "    -k", f"    {scope.keyword}"]
    # each mutant in a process forked before any test ran: the codec's decoder caches, filled by a
    # test run, would otherwise hide mutants of the code that builds them
    lines += ["process_isolation=forkserver"]
    lines += [f"timeout_multiplier={TIMEOUT_MULTIPLIER}", f"timeout_constant={TIMEOUT_CONSTANT}"]
    if scope.fresh_imports:  # module-level work (content packs decoded at import) is mutated too
        lines += ["forkserver_warmup=none"]
    return "\n".join(lines) + "\n"


def busy(work: Path, proc: Path = Path("/proc")) -> list[int]:
    """The processes still working in `work` (their working folder is in it): a mutmut run
    stopped from outside leaves its workers behind, and they would write their verdicts, from
    the tests they loaded, into the next run's results. Linux only (elsewhere: none found)."""
    found = []
    for entry in proc.glob("[0-9]*"):
        try:
            where = Path(os.readlink(entry / "cwd"))
        except OSError:  # gone meanwhile, or another user's
            continue
        if where == work or work in where.parents:
            found.append(int(entry.name))
    return sorted(found)


def mutate(
    work: Path, children: int, mutants: Iterable[str] = (), database: str | None = None
) -> int:
    """Run mutmut in the work folder (its progress goes to mutmut.log there), on the mutants
    whose names match `mutants` (all when empty), with the tests on `database` (a DATABASE_URL;
    none: the suite's default). mutmut and its workers run in a session of their own, ended
    with this run: stopping the command (Ctrl-C, a kill) stops them too."""
    env = dict(os.environ)
    if database is not None:
        env["DATABASE_URL"] = database
    with (work / "mutmut.log").open("w") as log:
        with _stops_held() as held:
            worker = subprocess.Popen(
                [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *mutants],
                cwd=work,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            for stop in held:  # a stop that came while mutmut was starting ends it now
                signal.raise_signal(stop)
            return worker.wait()
        finally:
            if worker.poll() is None:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait()


@contextmanager
def _stops_held() -> Iterator[list[signal.Signals]]:
    """Ctrl-C and SIGTERM held (noted, not acted on) while mutmut starts: the command must know
    its worker before a stop may end it, or the worker would outlive it. The caller raises
    what was noted once it can stop the worker."""
    held: list[signal.Signals] = []
    stops = (signal.SIGINT, signal.SIGTERM)
    previous = {
        stop: signal.signal(stop, lambda number, _: held.append(signal.Signals(number)))
        for stop in stops
    }
    try:
        yield held
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)


def scores(work: Path, scope: Scope, equivalent: dict[str, Equivalent]) -> list[ModuleScore]:
    """Each module's killed, equivalent and surviving mutants, read from mutmut's results. A
    mutant listed as equivalent counts so only while it makes the change it was judged on;
    otherwise it is a survivor."""
    found = []
    for module in scope.modules:
        meta = work / "mutants" / f"{module}.meta"
        results: dict[str, int | None] = (
            json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}
        )
        counted = {
            m: code
            for m, code in sorted(results.items())
            if code not in SKIPPED and scope.counts(m)
        }
        listed = [m for m, code in counted.items() if m in equivalent and code is not None]
        now = changes(work, listed) if listed else {}
        killed = equivalent_count = not_run = 0
        survivors = []
        stale = []
        for mutant, code in counted.items():
            if code is None:
                not_run += 1
            elif mutant in listed and now.get(mutant) == equivalent[mutant].change:
                equivalent_count += 1
            elif code in KILLED:
                killed += 1
            else:
                survivors.append(mutant)
            if mutant in listed and now.get(mutant) != equivalent[mutant].change:
                stale.append((mutant, equivalent[mutant].change))
        found.append(
            ModuleScore(module, killed, equivalent_count, tuple(survivors), not_run, tuple(stale))
        )
    return found


# Run in a scope's work folder (mutmut reads its setup.cfg there): each named mutant's diff.
_CHANGES = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
print(json.dumps({name: get_diff_for_mutant(name) for name in sys.argv[1:]}))
"""


def changes(work: Path, mutants: Iterable[str]) -> dict[str, str]:
    """The change each mutant of the last run in `work` makes: its removed and added lines
    ("- old | + new"), read from mutmut's mutated modules in one process."""
    shown = subprocess.run(
        [sys.executable, "-c", _CHANGES, *mutants],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {name: changed_lines(diff) for name, diff in json.loads(shown).items()}


def changed_lines(diff: str) -> str:
    """A unified diff's removed and added lines, each with its sign and no indentation."""
    return " | ".join(
        f"{line[0]} {line[1:].strip()}"
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "path", nargs="?", help="a scope's name, a module or a folder (default: every scope)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--threshold", type=float, default=0.85)
    parser.add_argument(
        "--report", action="store_true", help="print the last run's table without running"
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="judge the last run's survivors again with today's tests (its modules unchanged)",
    )
    parser.add_argument("--scope", help="only this scope (when several hold PATH)")
    parser.add_argument(
        "--only",
        metavar="PATTERN",
        action="append",
        help="only the scope's mutants whose names match (fnmatch), e.g. one function's after "
        "an edit: 'api.analysis_services.x_analysis_request__mutmut_*'; given again, those "
        "matching any of the patterns",
    )
    parser.add_argument(
        "--tests",
        metavar="PATH",
        action="append",
        help="run against these tests instead of the scope's (a quicker map of which tests reach "
        "which function; the figures are then against these tests alone); may be given again",
    )
    parser.add_argument(
        "--check-equivalents",
        action="store_true",
        help="without a run: name each entry of equivalent.toml whose mutant now makes another "
        "change, with the mutants making the listed one (mutation/equivalents.py)",
    )
    args = parser.parse_args(argv)
    if args.check_equivalents:
        sys.path.insert(0, str(ROOT))  # run as a script, its folder is on the path, not ROOT
        from mutation.equivalents import main as check_equivalents

        return check_equivalents()
    scopes = [s for s in selected(load_scopes(), args.path) if args.scope in (None, s.name)]
    if args.tests:
        scopes = [replace(s, tests=tuple(args.tests)) for s in scopes]
    if args.only:
        scopes = [n for s in scopes if (n := narrowed(s, *args.only)) is not None]
        if not scopes:
            print(
                f"no mutant of the scopes holding {args.path} matches {' or '.join(args.only)}",
                file=sys.stderr,
            )
            return 2
    if not scopes:
        print(f"no scope in {SCOPES.relative_to(ROOT)} holds {args.path}", file=sys.stderr)
        return 2
    equivalent = load_equivalent()
    table: list[ModuleScore] = []
    failed = False
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a kill ends mutmut's session too
    for scope in scopes:
        left = [] if args.report else busy(WORK / scope.name)
        if left:
            print(
                f"{scope.name}: an earlier run's processes still work in {WORK / scope.name} "
                f"(stop them first: kill {' '.join(map(str, left))})",
                file=sys.stderr,
            )
            return 2
        wanted, running = scope.wanted, not args.report
        if args.again and not args.report:
            ready = again(scope, equivalent)
            if isinstance(ready, str):
                print(ready, file=sys.stderr)
                return 2
            work, survivors = ready
            wanted, running = tuple(survivors), bool(survivors)  # none: nothing to judge
            print(f"{scope.name}: judging {len(wanted)} survivors again in {work}", flush=True)
        else:
            work = WORK / scope.name if args.report else prepare(scope)
            against = f" against {', '.join(scope.tests)} alone" if args.tests else ""
            print(
                f"{scope.name}: mutating {len(scope.modules)} modules in {work}{against}",
                flush=True,
            )
        if running and (code := mutate(work, args.jobs, wanted, scope.database)):
            print(f"  mutmut stopped with exit code {code}: see {work / 'mutmut.log'}")
            failed = True
            continue
        found = scores(work, scope, equivalent)
        table += found
        survivors = [mutant for module in found for mutant in module.survivors]
        shown = changes(work, survivors) if survivors else {}
        for module in found:
            for mutant, judged in module.stale:
                verdict = "judge it again" if mutant in module.survivors else "it is killed now"
                print(
                    f"  {mutant} was listed as equivalent for another change ({judged}): "
                    f"{verdict}; mend mutation/equivalent.toml",
                    flush=True,
                )
            for mutant in module.survivors:
                print(f"  survived {mutant}: {shown[mutant]}", flush=True)
    print(f"\n{'module':58} {'killed':>7} {'equiv':>6} {'survived':>9} {'score':>7}")
    for m in table:
        mark = "" if m.score >= args.threshold else "  < target"
        if m.not_run:
            mark += f"  ({m.not_run} mutants not run: the run was stopped)"
        print(
            f"{m.module:58} {m.killed:7} {m.equivalent:6} {len(m.survivors):9} {m.score:7.1%}{mark}"
        )
    passed = all(m.score >= args.threshold and not m.not_run for m in table)
    return 0 if not failed and passed else 1


if __name__ == "__main__":
    sys.exit(main())
