"""The check of equivalent.toml without a run: an entry whose mutant makes the change it was
judged on passes, one renumbered by an edit is named with the mutant that makes it now."""

from __future__ import annotations

from pathlib import Path

from mutation.equivalents import module_of, stale
from mutation.run import Equivalent

BEFORE = """def limit(n: int) -> int:
    return min(n, 10)
"""
# a line added above: the mutants of `min(n, 10)` come after the new line's
AFTER = """def limit(n: int) -> int:
    n = abs(n)
    return min(n, 10)
"""
ELEVEN = Equivalent("- return min(n, 10) | + return min(n, 11)", "a scratch judgement")


def _module(root: Path, code: str) -> None:
    (root / "pkg").mkdir(exist_ok=True)
    (root / "pkg" / "limits.py").write_text(code)


def _number_of(root: Path, change: str) -> str:
    from mutation.equivalents import module_changes

    (name,) = [n for n, c in module_changes("pkg/limits.py", root).items() if c == change]
    return name


def test_a_mutants_module_is_read_from_its_name() -> None:
    assert module_of("api.selectors.x_replay__mutmut_3") == "api/selectors.py"
    codec = "rules_core.engine.codec.xǁCodecǁread__mutmut_1"
    assert module_of(codec) == "rules_core/engine/codec.py"


def test_an_entry_making_its_change_passes_and_one_renumbered_is_named_with_its_number_now(
    tmp_path: Path,
) -> None:
    _module(tmp_path, BEFORE)
    judged = _number_of(tmp_path, ELEVEN.change)
    assert stale({judged: ELEVEN}, tmp_path) == []
    _module(tmp_path, AFTER)
    renumbered = _number_of(tmp_path, ELEVEN.change)
    assert renumbered != judged
    (found,) = stale({judged: ELEVEN}, tmp_path)
    assert (found.mutant, found.listed, found.renamed) == (judged, ELEVEN.change, (renumbered,))
    assert found.now and found.now != ELEVEN.change


def test_a_default_argument_mutant_is_read_with_its_def_line(tmp_path: Path) -> None:
    _module(tmp_path, "def pad(text: str, n: int = 4) -> str:\n    return text.ljust(n)\n")
    default = Equivalent(
        "- def pad(text: str, n: int = 4) -> str: | + def pad(text: str, n: int = 5) -> str:",
        "a scratch judgement",
    )
    assert stale({_number_of(tmp_path, default.change): default}, tmp_path) == []
