"""The mutation-testing command: its scopes name real modules and tests, PATH picks scopes, and
a module's score counts killed mutants against survivors, leaving out the equivalent ones."""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mutation import run


def test_every_scope_names_modules_and_tests_that_exist() -> None:
    scopes = run.load_scopes()
    assert scopes
    for scope in scopes:
        assert all((run.ROOT / m).is_file() for m in scope.modules), scope.name
        assert all((run.ROOT / t).exists() for t in scope.tests), scope.name


SERVICE_MODULES = (
    "api/game_services.py",
    "api/hourly_limits.py",
    "api/services.py",
    "api/bot_services.py",
    "api/annotation_services.py",
    "api/analysis_services.py",
)


def test_the_services_scopes_count_each_of_the_modules_functions_exactly_once() -> None:
    """The service modules are shared out among three scopes by function: none is left out of
    the score and none counted twice."""
    names = ["services-games", "services-moves", "services-bots-analysis"]
    counted = 0
    for path in SERVICE_MODULES:
        tree = ast.parse((run.ROOT / path).read_text())
        functions = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
        scopes = run.selected(run.load_scopes(), path)
        assert {s.name for s in scopes} <= set(names), path
        dotted = path.removesuffix(".py").replace("/", ".")
        for name in functions:
            mutant = f"{dotted}.x_{name}__mutmut_1"
            counting = [s.name for s in scopes if s.counts(mutant)]
            assert len(counting) == 1, (name, counting)
        counted += len(functions)
    assert [s.name for s in run.load_scopes() if s.name.startswith("services-")] == names
    assert counted > 30


def test_every_equivalent_mutant_says_why_and_on_which_change() -> None:
    listed = run.load_equivalent().values()
    assert all(e.reason.strip() for e in listed)
    assert all(e.change.startswith(("- ", "+ ")) for e in listed)


def _function_source(mutant: str) -> str | None:
    """The source of the function a mutmut name points at ("pkg.mod.x_f__mutmut_3",
    "pkg.mod.xǁClassǁmethod__mutmut_3"), None when the module or function is gone."""
    head = mutant.rsplit("__mutmut_", 1)[0]
    module, _, name = head.partition(".x")
    path = run.ROOT / (module.replace(".", "/") + ".py")
    if not path.is_file():
        return None
    source = path.read_text()
    found = ast.parse(source).body
    for part in name.removeprefix("_").removeprefix("ǁ").split("ǁ"):
        node = next((n for n in found if getattr(n, "name", None) == part), None)
        if node is None:
            return None
        found = getattr(node, "body", [])
        last = node
    return ast.get_source_segment(source, last)


def test_every_equivalent_mutant_points_at_code_that_still_makes_its_change() -> None:
    """An entry outlives its code when the function moves or is rewritten: the run then never
    meets it. Its function must still exist, holding the lines the change removes."""
    for name, equivalent in run.load_equivalent().items():
        source = _function_source(name)
        assert source is not None, name
        flat = " ".join(source.split())
        removed = [c[2:] for c in equivalent.change.split(" | ") if c.startswith("- ")]
        assert removed and all(" ".join(line.split()) in flat for line in removed), name


def test_a_path_picks_the_scopes_holding_it() -> None:
    scopes = run.load_scopes()
    assert [s.name for s in run.selected(scopes, "api/event_store.py")] == [
        "event-store",
        "event-store-postgresql",
    ]
    assert "engine" in [s.name for s in run.selected(scopes, "rules_core/engine/")]
    assert run.selected(scopes, "rules_core/engin") == []
    assert run.selected(scopes, None) == scopes


def test_a_path_narrows_its_scopes_to_the_modules_under_it() -> None:
    scopes = run.load_scopes()
    [engine] = run.selected(scopes, "rules_core/engine/codec.py")
    assert engine.name == "engine"
    assert engine.modules == ("rules_core/engine/codec.py",)
    whole = next(s for s in scopes if s.name == "engine")
    assert engine.tests == whole.tests and engine.fresh_imports
    [store] = run.selected(scopes, "api/log_check.py")
    assert store.modules == ("api/log_check.py",)
    assert whole in run.selected(scopes, "rules_core/engine")


def test_a_scope_is_picked_by_its_name_and_its_mutant_patterns_narrow_what_counts(
    tmp_path: Path,
) -> None:
    scopes = run.load_scopes()
    [picked] = run.selected(scopes, "determinization")
    assert picked == next(s for s in scopes if s.name == "determinization")
    scope = run.Scope("d", ("rules_core/games/x.py",), ("tests",), mutants=("*determinize__*",))
    meta = tmp_path / "mutants" / "rules_core" / "games" / "x.py.meta"
    meta.parent.mkdir(parents=True)
    codes: dict[str, int | None] = {
        "x.xǁGǁdeterminize__mutmut_1": 1,
        "x.xǁGǁdeterminize__mutmut_2": 0,
    }
    codes |= {"x.xǁGǁview__mutmut_1": 0, "x.xǁGǁview__mutmut_2": None}
    meta.write_text(json.dumps({"exit_code_by_key": codes}))
    [score] = run.scores(tmp_path, scope, {})
    assert (score.killed, score.survivors, score.not_run) == (
        1,
        ("x.xǁGǁdeterminize__mutmut_2",),
        0,
    )
    left_out = run.Scope("d", scope.modules, scope.tests, mutants=("!*ǁview__*",))
    assert left_out.wanted == ()
    [score] = run.scores(tmp_path, left_out, {})
    assert (score.killed, len(score.survivors), score.not_run) == (1, 1, 0)


def _changes_read(
    monkeypatch: pytest.MonkeyPatch, made: dict[str, str]
) -> list[tuple[Path, list[str]]]:
    """Stand in for reading the mutants' changes from mutmut: the calls, and `made` answered."""
    calls: list[tuple[Path, list[str]]] = []

    def read(work: Path, mutants: Any) -> dict[str, str]:
        calls.append((work, list(mutants)))
        return {m: made[m] for m in mutants}

    monkeypatch.setattr(run, "changes", read)
    return calls


def test_a_score_counts_killed_against_survived_without_the_equivalent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meta = tmp_path / "mutants" / "api" / "tokens.py.meta"
    meta.parent.mkdir(parents=True)
    codes: dict[str, int | None] = {
        "a__mutmut_1": 1,
        "a__mutmut_2": 0,
        "a__mutmut_3": 36,
        "a__mutmut_4": 33,
    }
    codes |= {"a__mutmut_5": 0, "a__mutmut_6": 34, "a__mutmut_7": None}
    meta.write_text(json.dumps({"exit_code_by_key": codes}))
    calls = _changes_read(monkeypatch, {"a__mutmut_5": "- x = 1 | + x = 2"})
    scope = run.Scope("auth", ("api/tokens.py",), ("tests/api",))
    judged = run.Equivalent("- x = 1 | + x = 2", "same value either way")
    [score] = run.scores(tmp_path, scope, {"a__mutmut_5": judged, "a__mutmut_9": judged})
    assert calls == [(tmp_path, ["a__mutmut_5"])]  # only the listed mutants the run judged
    assert score.killed == 2  # a failing test and a timeout
    assert score.equivalent == 1
    assert score.survivors == ("a__mutmut_2", "a__mutmut_4")  # survived, no test reaches it
    assert score.not_run == 1  # a stopped run: left out of the score, and reported
    assert score.score == 2 / 4
    assert score.stale == ()


def test_an_equivalent_mutant_that_now_makes_another_change_is_a_survivor_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change to the function renumbers its mutants: the name listed as equivalent may now
    be another mutant, which the listing must not excuse."""
    meta = tmp_path / "mutants" / "api" / "tokens.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": {"a__mutmut_5": 0, "a__mutmut_6": 1}}))
    _changes_read(
        monkeypatch, {"a__mutmut_5": "- if n > 0: | + if n >= 0:", "a__mutmut_6": "- a | + b"}
    )
    scope = run.Scope("auth", ("api/tokens.py",), ("tests/api",))
    judged = run.Equivalent("- x = 1 | + x = 2", "same value either way")
    [score] = run.scores(tmp_path, scope, {"a__mutmut_5": judged, "a__mutmut_6": judged})
    assert (score.killed, score.equivalent, score.survivors) == (1, 0, ("a__mutmut_5",))
    # both entries are out of date: the survivor's and the one a test now kills
    assert score.stale == (
        ("a__mutmut_5", "- x = 1 | + x = 2"),
        ("a__mutmut_6", "- x = 1 | + x = 2"),
    )


def test_a_mutants_change_is_read_from_mutmuts_mutated_module(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "code.py").write_text("def f(x):\n    return x + 1\n")
    (tmp_path / "setup.cfg").write_text("[mutmut]\nsource_paths=\n    pkg\n")
    subprocess.run(
        [sys.executable, "-c", "from mutmut.__main__ import create_mutants; create_mutants(1)"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    made = run.changes(tmp_path, ["pkg.code.x_f__mutmut_1", "pkg.code.x_f__mutmut_2"])
    assert made == {
        "pkg.code.x_f__mutmut_1": "- return x + 1 | + return x - 1",
        "pkg.code.x_f__mutmut_2": "- return x + 1 | + return x + 2",
    }


def test_a_diffs_changed_lines_keep_their_signs_without_indentation() -> None:
    diff = "--- a.py\n+++ a.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2"
    assert run.changed_lines(diff) == "- return 1 | + return 2"


def test_mutmut_is_told_the_scopes_modules_tests_and_keyword() -> None:
    scope = run.Scope(
        "race",
        ("rules_core/games/gotham_race/rules.py",),
        ("tests/rules_core/test_conformance.py",),
        keyword="gotham-race or not test_conformance",
    )
    lines = run.mutmut_config(scope, ["api", "rules_core", "gotham"]).splitlines()
    assert lines[:3] == ["[mutmut]", "source_paths=", "    rules_core"]
    assert lines[lines.index("also_copy=") + 1 : lines.index("also_copy=") + 4] == [
        "    api",
        "    gotham",
        "    manage.py",
    ]
    assert lines[lines.index("pytest_add_cli_args=") + 1 :][:2] == [
        "    -k",
        "    gotham-race or not test_conformance",
    ]
    assert "forkserver_warmup=none" not in lines


def test_fresh_imports_skip_the_warm_up_and_no_keyword_adds_no_pytest_args() -> None:
    scope = run.Scope("engine", ("rules_core/engine/codec.py",), ("tests",), fresh_imports=True)
    text = run.mutmut_config(scope, ["rules_core"])
    assert "pytest_add_cli_args=" not in text
    assert "forkserver_warmup=none\n" in text


def test_mutmut_reads_the_timeout_the_configuration_states(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each mutant's timeout (a multiple of its tests' unmutated time, plus a constant; a
    timeout counts as killed) is the one run.py states, not whatever mutmut's defaults are: the
    configuration written states it and mutmut reads it back as written."""
    from mutmut.configuration import _load_config

    scope = run.Scope("engine", ("rules_core/engine/codec.py",), ("tests",))
    text = run.mutmut_config(scope, ["rules_core"])
    assert f"timeout_multiplier={run.TIMEOUT_MULTIPLIER}\n" in text
    assert f"timeout_constant={run.TIMEOUT_CONSTANT}\n" in text
    (tmp_path / "setup.cfg").write_text(text)
    monkeypatch.chdir(tmp_path)
    loaded = _load_config()
    assert (loaded.timeout_multiplier, loaded.timeout_constant) == (15.0, 1.0)


def test_a_process_still_working_in_a_scopes_folder_is_found(tmp_path: Path) -> None:
    """A stopped run's workers would write stale verdicts into the next run: they are found by
    their working folder (here a /proc of links made for the test)."""
    work = tmp_path / "build" / "mutation" / "engine"
    (work / "mutants").mkdir(parents=True)
    proc = tmp_path / "proc"
    for pid, where in ((11, work), (12, work / "mutants"), (13, tmp_path), (14, tmp_path / "b")):
        (proc / str(pid)).mkdir(parents=True)
        (proc / str(pid) / "cwd").symlink_to(where)
    (proc / "self").mkdir()
    assert run.busy(work, proc) == [11, 12]
    assert run.busy(tmp_path / "elsewhere", proc) == []


# `run.mutate` with a stand-in for mutmut (a process that sleeps), as the command runs it; with
# "stop-while-starting" the command sends itself a SIGTERM while Popen is still returning
STAND_IN = """
import os, signal, subprocess, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from mutation import run
real = subprocess.Popen
sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]
def started(command, **options):
    worker = real(sleeper, **options)
    (Path(sys.argv[2]) / "pid").write_text(str(worker.pid))
    if sys.argv[3:] == ["stop-while-starting"]:
        os.kill(os.getpid(), signal.SIGTERM)
    (Path(sys.argv[2]) / "started").touch()  # past Popen: a signal now finds the run waiting
    return worker
run.subprocess.Popen = started
run.signal.signal(run.signal.SIGTERM, lambda *_: sys.exit(143))
run.mutate(Path(sys.argv[2]), 1)
"""


def test_mutmut_runs_in_a_session_of_its_own_that_ends_with_the_run(tmp_path: Path) -> None:
    """Stopped from outside, the command leaves no mutmut worker behind: its session is killed."""
    command = [sys.executable, "-c", STAND_IN, str(run.ROOT), str(tmp_path)]
    outer = subprocess.Popen(command, start_new_session=True)
    deadline = time.monotonic() + 30
    # (the stand-in's word: the run is past starting its worker; a stop while it starts is the
    # next test's case)
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert run.busy(tmp_path), "the stand-in for mutmut did not start"
    outer.send_signal(signal.SIGTERM)
    assert outer.wait(timeout=30) == 143
    while run.busy(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert run.busy(tmp_path) == []


def test_a_stop_while_mutmut_starts_ends_the_run_and_its_worker_once_started(
    tmp_path: Path,
) -> None:
    """A SIGTERM that lands inside Popen is held until the command knows its worker: then it
    ends both, where it used to end the command alone and leave the worker running."""
    command = [sys.executable, "-c", STAND_IN, str(run.ROOT), str(tmp_path), "stop-while-starting"]
    assert subprocess.run(command, timeout=60).returncode == 143
    assert (tmp_path / "started").exists()  # Popen returned: the stop waited for it
    worker = int((tmp_path / "pid").read_text())
    deadline = time.monotonic() + 30
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ")[1].startswith("Z"))


def test_a_scope_on_postgresql_runs_mutmut_with_its_database_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event store's PostgreSQL append runs on PostgreSQL only: its scope's tests get that
    database, the SQLite scope's mutants leave it out, and other scopes keep the environment."""
    scopes = {s.name: s for s in run.load_scopes()}
    on_postgresql = scopes["event-store-postgresql"]
    assert on_postgresql.database is not None
    assert on_postgresql.database.startswith("postgres://")
    assert scopes["event-store"].database is None
    postgresql_append = "api.event_store.x__append_postgresql__mutmut_3"
    assert on_postgresql.counts(postgresql_append)
    assert not on_postgresql.counts("api.event_store.x__append_in_transaction__mutmut_3")
    assert not scopes["event-store"].counts(postgresql_append)
    assert scopes["event-store"].counts("api.event_store.x__append_in_transaction__mutmut_3")
    seen: list[dict[str, str]] = []

    class Finished:
        pid = 0

        def __init__(self, command: list[str], **options: Any) -> None:
            seen.append(options["env"])

        def wait(self) -> int:
            return 0

        def poll(self) -> int:
            return 0

    monkeypatch.setattr(subprocess, "Popen", Finished)
    monkeypatch.setenv("DATABASE_URL", "sqlite:///elsewhere.sqlite3")
    assert run.mutate(tmp_path, 1, (), on_postgresql.database) == 0
    assert run.mutate(tmp_path, 1) == 0
    assert seen[0]["DATABASE_URL"] == on_postgresql.database
    assert seen[1]["DATABASE_URL"] == "sqlite:///elsewhere.sqlite3"


def test_again_judges_the_last_runs_survivors_with_todays_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--again` copies today's tests into the last run's folder and hands mutmut the names of
    that run's survivors (the equivalent ones left out); it is refused once a mutated module
    has changed, and when there was no run."""
    root, work = tmp_path / "project", tmp_path / "build" / "mutation"
    (root / "pkg").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pkg" / "code.py").write_text("x = 1\n")
    (root / "tests" / "test_code.py").write_text("def test_new(): pass\n")
    monkeypatch.setattr(run, "ROOT", root)
    monkeypatch.setattr(run, "WORK", work)
    monkeypatch.setattr(run, "project_files", lambda: ["pkg/code.py", "tests/test_code.py"])
    scope = run.Scope("s", ("pkg/code.py",), ("tests",))
    assert run.again(scope, {}) == "s: no earlier run in " + str(work / "s")
    folder = work / "s"
    (folder / "pkg").mkdir(parents=True)
    (folder / "pkg" / "code.py").write_text("x = 1\n")
    meta = folder / "mutants" / "pkg" / "code.py.meta"
    meta.parent.mkdir(parents=True)
    codes = {"pkg.code.x_f__mutmut_1": 0, "pkg.code.x_f__mutmut_2": 1}
    codes |= {"pkg.code.x_f__mutmut_3": 0, "pkg.code.x_f__mutmut_4": 33}
    meta.write_text(json.dumps({"exit_code_by_key": codes}))
    _changes_read(monkeypatch, {"pkg.code.x_f__mutmut_3": "- x | + y"})
    equivalent = {"pkg.code.x_f__mutmut_3": run.Equivalent("- x | + y", "why")}
    assert run.again(scope, equivalent) == (
        folder,
        ["pkg.code.x_f__mutmut_1", "pkg.code.x_f__mutmut_4"],
    )
    assert (folder / "tests" / "test_code.py").read_text() == "def test_new(): pass\n"
    (root / "pkg" / "code.py").write_text("x = 2\n")
    assert run.again(scope, equivalent) == (
        "s: pkg/code.py changed since the last run: run it afresh"
    )


def test_dev_py_mutate_becomes_the_mutation_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """`dev.py mutate` replaces itself with the command (exec), so a kill of the process that
    was started reaches the run, which then ends mutmut's session; a child would run on."""
    import dev

    replaced: list[list[str]] = []
    monkeypatch.setattr(dev, "ensure_venv", lambda: None)
    monkeypatch.setattr(os, "execv", lambda path, args: replaced.append([path, *args]))
    monkeypatch.setattr(os, "chdir", lambda path: None)
    dev.main(["mutate", "engine", "--jobs", "1"])
    python = str(dev.PYTHON)
    assert replaced == [[python, python, "mutation/run.py", "engine", "--jobs", "1"]]


def test_only_narrows_a_scope_to_the_mutants_matching_a_pattern() -> None:
    """`--only` re-runs one function's mutants after an edit, inside the scope that counts them."""
    [bots] = [s for s in run.load_scopes() if s.name == "services-bots-analysis"]
    request = "api.analysis_services.x_analysis_request__mutmut_*"
    one = run.narrowed(bots, request)
    assert one is not None and one.wanted == (request,)
    assert one.counts("api.analysis_services.x_analysis_request__mutmut_7")
    assert not one.counts("api.bot_services.x_bots_play__mutmut_7")
    # a pattern wider than the scope keeps the scope's own patterns, and counts within them
    wide = run.narrowed(bots, "api.a*_services.x_a*")
    assert wide is not None
    assert wide.wanted == (
        "api.annotation_services.x_annotation_add__mutmut_*",
        "api.analysis_services.x_analysis_resume_if_stalled__mutmut_*",
        "api.analysis_services.x_analyses_resume_stalled__mutmut_*",
        "api.analysis_services.x_analysis_request__mutmut_*",
        "api.analysis_services.x_analysis_begin__mutmut_*",
    )
    assert wide.counts("api.annotation_services.x_annotation_add__mutmut_3")
    assert not wide.counts("api.analysis_services.x_game_analyze__mutmut_3")
    # a scope none of whose mutants can match is left out
    assert run.narrowed(bots, "api.game_services.x_game_create__mutmut_*") is None
    [track] = [s for s in run.load_scopes() if s.name == "gotham-race"]
    assert not track.wanted
    some = run.narrowed(track, "*x_winner__mutmut_*")
    assert some is not None and some.wanted == ("*x_winner__mutmut_*",)
    assert some.counts("rules_core.games.gotham_race.track.x_winner__mutmut_1")
    assert not some.counts("rules_core.games.gotham_race.track.x_relocate__mutmut_1")


def test_only_with_no_scope_to_run_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    only = "api.game_services.x_game_create*"
    assert run.main(["services-bots-analysis", "--only", only]) == 2
    assert f"matches {only}" in capsys.readouterr().err


def test_only_given_again_runs_and_counts_the_mutants_matching_any_of_its_patterns() -> None:
    """Several functions' mutants in one run (one stats run of the scope's tests, not one a
    function): `--only A --only B`."""
    [bots] = [s for s in run.load_scopes() if s.name == "services-bots-analysis"]
    request = "api.analysis_services.x_analysis_request__mutmut_*"
    judge = "api.analysis_services.x__judge__mutmut_*"
    two = run.narrowed(bots, request, judge)
    assert two is not None and two.wanted == (request, judge)
    assert two.counts("api.analysis_services.x_analysis_request__mutmut_7")
    assert two.counts("api.analysis_services.x__judge__mutmut_7")
    assert not two.counts("api.analysis_services.x_game_analyze__mutmut_7")
    [track] = [s for s in run.load_scopes() if s.name == "gotham-race"]
    both = run.narrowed(track, "*x_winner__mutmut_*", "*x_relocate__mutmut_*")
    assert both is not None and both.wanted == ("*x_winner__mutmut_*", "*x_relocate__mutmut_*")
    assert both.counts("rules_core.games.gotham_race.track.x_relocate__mutmut_1")
    assert not both.counts("rules_core.games.gotham_race.track.x_advance__mutmut_1")


def test_tests_given_replace_the_scopes_own_for_a_quicker_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--tests PATH` (again for more): mutmut maps and runs only those tests, and the run says
    its figures are against them alone."""
    prepared: list[run.Scope] = []

    def prepare(scope: run.Scope) -> Path:
        prepared.append(scope)
        return tmp_path

    monkeypatch.setattr(run, "busy", lambda work: [])
    monkeypatch.setattr(run, "prepare", prepare)
    monkeypatch.setattr(run, "mutate", lambda *args: 0)
    monkeypatch.setattr(run, "scores", lambda *args: [])
    replays = ["tests/api/test_replay.py", "tests/api/test_games.py"]
    assert run.main(["authorization", "--tests", replays[0], "--tests", replays[1]]) == 0
    [scope] = prepared
    assert scope.tests == tuple(replays)
    assert scope.modules == ("api/tokens.py", "api/selectors.py", "api/shown_moves.py")
    assert f"against {', '.join(replays)} alone" in capsys.readouterr().out
