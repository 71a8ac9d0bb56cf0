"""Instructions counted by valgrind's callgrind, only inside `sys.call_tracing`: the one way the
benches count work that the machine's load does not blur."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path


def counted(
    script: Path, *args: str, cwd: Path | None = None, env: Mapping[str, str] | None = None
) -> tuple[int, str]:
    """The instructions `script` (run with this Python and `args`) spends inside the calls it
    makes through `sys.call_tracing`, and what it printed."""
    with tempfile.TemporaryDirectory() as scratch:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            "--toggle-collect=sys_call_tracing",
            f"--callgrind-out-file={scratch}/callgrind.out",
            sys.executable,
            str(script),
            *args,
        ]
        run = subprocess.run(command, capture_output=True, text=True, check=True, cwd=cwd, env=env)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    assert collected, run.stderr[-2000:]
    return int(collected[1]), run.stdout
