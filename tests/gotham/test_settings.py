"""Settings: production refuses to start without a real secret and passes Django's deploy check."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# production settings only need these to be named; the deploy check connects to neither
PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "gotham.settings.production",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/unused",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **PRODUCTION, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_passes_the_deploy_check_with_a_real_secret() -> None:
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", SECRET_KEY=secrets.token_urlsafe(64)
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    "key",
    [
        "",
        "dev-only-insecure-key-change-me-in-production",
        "django-insecure-" + "x1y2z3" * 10,
        "short",
    ],
    ids=["none", "old-default", "django-insecure", "short"],
)
def test_production_refuses_to_start_without_a_real_secret(key: str) -> None:
    result = manage("check", SECRET_KEY=key)
    assert result.returncode != 0
    assert "production needs SECRET_KEY" in result.stderr


def test_https_settings_are_read_from_the_environment() -> None:
    script = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.DEBUG)"
    )
    on = manage("shell", "-c", script, SECRET_KEY=secrets.token_urlsafe(64))
    assert on.stdout.splitlines()[-1].split() == ["True", "31536000", "True", "True", "False"]
    off = manage(
        "shell",
        "-c",
        script,
        SECRET_KEY=secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        SECURE_COOKIES="0",
        DEBUG="1",  # production never turns DEBUG on, whatever the environment says
    )
    assert off.stdout.splitlines()[-1].split() == ["False", "0", "False", "False", "False"]


def test_the_entry_points_default_to_production_and_manage_py_to_development() -> None:
    for path in ("gotham/wsgi.py", "gotham/asgi.py", "gotham/celery.py"):
        assert '"gotham.settings.production"' in (ROOT / path).read_text(), path
    assert '"gotham.settings.development"' in (ROOT / "manage.py").read_text()
    base = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        DJANGO_SETTINGS_MODULE="gotham.settings.base",
    )
    assert base.returncode != 0  # base alone has no secret: it is not a settings to run
    assert "SECRET_KEY setting must not be empty" in base.stderr


def test_the_rule_search_encoder_is_read_from_the_environment_and_checked() -> None:
    script = "from django.conf import settings as s; print(s.RULES_SEARCH_ENCODER)"
    key = secrets.token_urlsafe(64)
    default = manage("shell", "-c", script, SECRET_KEY=key, RULES_SEARCH_ENCODER="")
    assert default.stdout.split()[-1] == "model"
    words = manage("shell", "-c", script, SECRET_KEY=key, RULES_SEARCH_ENCODER=" Words ")
    assert words.stdout.split()[-1] == "words"
    wrong = manage("check", SECRET_KEY=key, RULES_SEARCH_ENCODER="bert")
    assert wrong.returncode != 0
    assert "RULES_SEARCH_ENCODER='bert' is not an encoder: use one of model, words" in wrong.stderr


@pytest.mark.parametrize(("timeout", "starts"), [("90", False), ("30", False), ("91", True)])
def test_a_visibility_timeout_within_a_tasks_time_limit_is_refused(
    timeout: str, starts: bool
) -> None:
    """Redis hands an unacknowledged task out again after the timeout: one shorter than a task
    may run would give a running bot turn or analysis to a second worker."""
    result = manage(
        "check", SECRET_KEY=secrets.token_urlsafe(64), CELERY_VISIBILITY_TIMEOUT=timeout
    )
    assert (result.returncode == 0) is starts, result.stderr
    if not starts:
        assert f"CELERY_VISIBILITY_TIMEOUT={timeout} must be more than" in result.stderr
