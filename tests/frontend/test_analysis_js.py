"""The replay's analysis helpers (frontend/static/frontend/analysis.js), run under node: the
chart's axis in the notes' percentages. (The page's drawing itself is checked in a browser:
test_browser.py.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "frontend/static/frontend/analysis.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def _call(function: str, *args: Any) -> Any:
    """GothamAnalysis.<function>(*args) as node answers it."""
    program = (
        f"const made = require({json.dumps(str(SCRIPT))});"
        f"process.stdout.write(JSON.stringify(made.{function}(...{json.dumps(list(args))})));"
    )
    assert NODE is not None
    answer = subprocess.run(
        [NODE, "-e", program], capture_output=True, text=True, timeout=30, check=True
    )
    return json.loads(answer.stdout)


def test_the_value_axis_reads_in_percent_as_the_notes_do() -> None:
    assert _call("axisTicks") == [
        {"value": 0, "label": "0%"},
        {"value": 0.5, "label": "50%"},
        {"value": 1, "label": "100%"},
    ]
    assert _call("percent", 0.611) == "61%"  # a note's "winning chances 61%"
