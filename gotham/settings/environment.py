"""Every value the service reads from the environment, read here and nowhere else."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

from rules_core.rulebooks.question_encoder import DEFAULT_ENCODER, check_encoder

BASE_DIR = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True, slots=True)
class Environment:
    """The service's configuration as given by environment variables."""

    secret_key: str
    debug: bool | None  # None: not set (development turns it on, the rest keep it off)
    allowed_hosts: tuple[str, ...]
    database_url: str
    redis_url: str
    celery_eager: bool
    snapshot_every: int
    db_pool_size: int  # production: PostgreSQL connections a server process keeps at most
    bot_delay_seconds: float
    visibility_timeout: int
    tasks_in_threads: bool
    rules_search_semantic: bool  # re-rank rule search with the sentence model (costs CPU time)
    rules_search_encoder: str  # how a question is encoded for it: `model` or `words`
    # HTTPS: production turns each on unless the environment says otherwise
    ssl_redirect: bool
    hsts_seconds: int
    hsts_preload: bool
    secure_cookies: bool
    behind_tls_proxy: bool


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def read_environment() -> Environment:
    """Read the environment once; defaults give the embedded set-up (SQLite, eager Celery).

    There is no default SECRET_KEY: the development and test settings supply their own, and
    production refuses to start without a real one.
    """
    redis_url = os.environ.get("REDIS_URL", "")
    return Environment(
        secret_key=os.environ.get("SECRET_KEY", ""),
        debug=_flag("DEBUG", False) if os.environ.get("DEBUG") else None,
        allowed_hosts=tuple(
            h
            for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
            if h
        ),
        database_url=os.environ.get("DATABASE_URL", "sqlite:///db.sqlite3"),
        redis_url=redis_url,
        celery_eager=_flag("CELERY_EAGER", not redis_url),
        snapshot_every=int(os.environ.get("SNAPSHOT_EVERY", "50")),
        db_pool_size=int(os.environ.get("DB_POOL_SIZE", "16")),
        bot_delay_seconds=float(os.environ.get("BOT_DELAY_SECONDS", "0")),
        visibility_timeout=int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "120")),
        tasks_in_threads=_flag("TASKS_IN_THREADS", False),
        rules_search_semantic=_flag("RULES_SEARCH_SEMANTIC", True),
        rules_search_encoder=check_encoder(
            os.environ.get("RULES_SEARCH_ENCODER", "").strip().lower() or DEFAULT_ENCODER
        ),
        ssl_redirect=_flag("SECURE_SSL_REDIRECT", True),
        hsts_seconds=int(os.environ.get("SECURE_HSTS_SECONDS", "31536000")),
        hsts_preload=_flag("SECURE_HSTS_PRELOAD", True),
        secure_cookies=_flag("SECURE_COOKIES", True),
        behind_tls_proxy=_flag("BEHIND_TLS_PROXY", False),
    )


def database_config(url: str) -> dict[str, object]:
    """Translate a DATABASE_URL (sqlite:///path or postgres://user@host:port/name) for Django."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        name = unquote(url.removeprefix("sqlite:///")) or ":memory:"
        if name != ":memory:" and not Path(name).is_absolute():
            name = str(BASE_DIR / name)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": name,
            "OPTIONS": {"timeout": 30, "transaction_mode": "IMMEDIATE"},
            # a file, not memory, so threads in the concurrency tests share one database (named
            # after the main one, so two suites with different DATABASE_URLs can run at once)
            "TEST": {"NAME": str(BASE_DIR / "build" / f"test-{Path(name).stem}.sqlite3")},
        }
    if parsed.scheme in {"postgres", "postgresql"}:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parsed.path.lstrip("/")) or "postgres",
            "USER": unquote(parsed.username or "postgres"),
            "PASSWORD": unquote(parsed.password or ""),
            "HOST": parsed.hostname or "127.0.0.1",
            "PORT": str(parsed.port or 5432),
            "CONN_MAX_AGE": 60,
            "TEST": {"NAME": f"{unquote(parsed.path.lstrip('/')) or 'postgres'}_gotham_test"},
        }
    raise ValueError(f"unsupported DATABASE_URL scheme: {parsed.scheme!r}")


ENV = read_environment()
