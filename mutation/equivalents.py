"""Whether each mutant listed in `mutation/equivalent.toml` still makes the change it was judged
on, without a run: `python3 dev.py mutate --check-equivalents`.

A change to a function renumbers its mutants, and an entry counts only while the mutant of its
name makes the change written beside it (run.py names the others after a run of their scope).
This generates each listed module's mutants as mutmut does (`mutate_file_contents`, the same
numbering) from the module as it is now, and reads each entry's change as run.py does
(`changed_lines` of mutmut's diff). An entry whose mutant now makes another change is reported
with the mutants of its function that make the listed one, so it can be renamed to its number.
"""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from mutation.run import EQUIVALENT, ROOT, Equivalent, changed_lines, load_equivalent


@dataclass(frozen=True, slots=True)
class Stale:
    """A listed mutant that makes another change now, and those that make the listed one."""

    mutant: str
    listed: str
    now: str  # "" when the module no longer has a mutant of that name
    renamed: tuple[str, ...]  # the mutants of its function making the listed change


def module_of(mutant: str) -> str:
    """The path of the module a mutant's name is in ("api.selectors.x_replay__mutmut_3")."""
    parts = mutant.split(".")
    first = next(i for i, part in enumerate(parts) if part.startswith(("x_", "xǁ")))
    return "/".join(parts[:first]) + ".py"


@contextmanager
def _in_scratch_folder() -> Iterator[None]:
    """mutmut reads its configuration from the working folder: an empty one of its own."""
    before = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "setup.cfg").write_text("[mutmut]\nsource_paths=.\n")
        os.chdir(folder)
        try:
            yield
        finally:
            os.chdir(before)


def module_changes(module: str, root: Path = ROOT) -> dict[str, str]:
    """Every mutant of the module as it is now under `root`, by name, with its change."""
    import libcst as cst
    from mutmut.mutation.diff_apply import read_mutant_function, read_original_function
    from mutmut.mutation.file_mutation import mutate_file_contents

    with _in_scratch_folder():
        mutated = mutate_file_contents(module, (root / module).read_text())
    tree = cst.parse_module(mutated.code)
    prefix = module[: -len(".py")].replace("/", ".")
    changes = {}
    for name in mutated.mutant_names:
        pair = (read_original_function(tree, name), read_mutant_function(tree, name))
        orig, mutant = (cst.Module([function]).code.strip().split("\n") for function in pair)
        changes[f"{prefix}.{name}"] = changed_lines("\n".join(_diff(orig, mutant)))
    return changes


def _diff(orig: list[str], mutant: list[str]) -> Iterator[str]:
    from difflib import unified_diff

    yield from unified_diff(orig, mutant, fromfile="a", tofile="b", lineterm="")


def stale(equivalent: Mapping[str, Equivalent], root: Path = ROOT) -> list[Stale]:
    """The listed mutants whose names make another change in today's modules."""
    by_module: dict[str, list[tuple[str, Equivalent]]] = defaultdict(list)
    for name, entry in equivalent.items():
        by_module[module_of(name)].append((name, entry))
    found = []
    for module, entries in sorted(by_module.items()):
        changes = module_changes(module, root)
        for mutant, entry in entries:
            now = changes.get(mutant, "")
            if now == entry.change:
                continue
            function = mutant.rsplit("__mutmut_", 1)[0] + "__mutmut_"
            renamed = tuple(
                name
                for name, change in changes.items()
                if name.startswith(function) and change == entry.change
            )
            found.append(Stale(mutant, entry.change, now, renamed))
    return found


def main() -> int:
    """Print every stale entry; exit 1 when there is one."""
    found = stale(load_equivalent())
    for entry in found:
        print(f"{entry.mutant}\n  listed: {entry.listed}\n  now:    {entry.now or '(none)'}")
        print(f"  the listed change is made by: {', '.join(entry.renamed) or 'no mutant'}")
    print(f"{len(found)} of the entries in {EQUIVALENT.relative_to(ROOT)} make another change")
    return 1 if found else 0
