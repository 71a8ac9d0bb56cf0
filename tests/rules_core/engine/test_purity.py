"""rules_core stays pure Python: it imports nothing from Django, DRF or Celery."""

import ast
import subprocess
import sys
from pathlib import Path

RULES_CORE = Path(__file__).resolve().parents[3] / "rules_core"
FORBIDDEN = ("django", "rest_framework", "celery", "api", "gotham", "frontend")


def test_no_module_in_rules_core_imports_the_web_stack() -> None:
    offenders = []
    for path in RULES_CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_every_game_loads_no_django_module() -> None:
    code = (
        "import sys, rules_core.engine as e, rules_core.bots, rules_core.rulebooks;"
        "e.all_games(); rules_core.rulebooks.all_books();"
        "web = ('django', 'rest_framework', 'celery');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in web))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
