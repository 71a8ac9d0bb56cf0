"""The node scripts under panels/ that run the pages' modules without a browser."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend"
PANELS = Path(__file__).parent / "panels"


def node_output(args: Sequence[str], given: Any) -> Any:
    """What `node args…` prints (as JSON) with `given` (as JSON) on its input."""
    result = subprocess.run(
        ["node", *args],
        input=json.dumps(given),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout)


def node_json(script: str, given: Any, *args: str) -> Any:
    """What panels/`script` prints (as JSON), run on the pages' static files with `args` after
    them and `given` on its input."""
    return node_output([str(PANELS / script), str(STATIC), *args], given)
