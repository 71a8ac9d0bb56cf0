"""Settings for production: DEBUG off, PostgreSQL and Redis, a real secret, HTTPS enforced.

Refuses to start without a real SECRET_KEY. Each HTTPS setting is on unless the environment
turns it off (`dev.py prod` does, to serve plain HTTP on this machine's loopback):
SECURE_SSL_REDIRECT, SECURE_HSTS_SECONDS, SECURE_HSTS_PRELOAD, SECURE_COOKIES (session and
CSRF cookies); BEHIND_TLS_PROXY=1 trusts X-Forwarded-Proto from the proxy that ends TLS.
"""

from django.core.exceptions import ImproperlyConfigured

from gotham.settings.base import *  # noqa: F403
from gotham.settings.environment import ENV

DEBUG = False
if not ENV.redis_url or not ENV.database_url.startswith(("postgres://", "postgresql://")):
    raise ImproperlyConfigured("production needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)")

if ENV.visibility_timeout <= GOTHAM_TASK_TIME_LIMIT:  # noqa: F405
    # Redis would hand a task still running past the timeout to a second worker as well (the
    # tests' worker-death test shortens it on purpose, under the test settings)
    raise ImproperlyConfigured(
        f"CELERY_VISIBILITY_TIMEOUT={ENV.visibility_timeout} must be more than a task's hard "
        f"time limit ({GOTHAM_TASK_TIME_LIMIT} s), or a running task is handed out again"  # noqa: F405
    )

INSECURE_KEYS = {"", "dev-only-insecure-key-change-me-in-production", "development-only-key"}


def _real_secret(key: str) -> str:
    """The SECRET_KEY if it is a real one: 50 characters or more, not a known default."""
    if key in INSECURE_KEYS or key.startswith("django-insecure") or len(key) < 50:
        raise ImproperlyConfigured(
            "production needs SECRET_KEY: a random secret of 50 characters or more, e.g. "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(64))'"
        )
    if len(set(key)) < 5:
        raise ImproperlyConfigured("SECRET_KEY has too few distinct characters")
    return key


SECRET_KEY = _real_secret(ENV.secret_key)

SECURE_SSL_REDIRECT = ENV.ssl_redirect
SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]  # load balancers probe it over plain HTTP
SECURE_HSTS_SECONDS = ENV.hsts_seconds
SECURE_HSTS_INCLUDE_SUBDOMAINS = ENV.hsts_seconds > 0
SECURE_HSTS_PRELOAD = ENV.hsts_preload and ENV.hsts_seconds > 0
SESSION_COOKIE_SECURE = ENV.secure_cookies
CSRF_COOKIE_SECURE = ENV.secure_cookies
if ENV.behind_tls_proxy:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# static files are collected (`manage.py collectstatic`) and served by WhiteNoise, compressed
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Under ASGI each request's sync code runs on a thread of its own, so a connection kept by a
# thread would be kept by a thread that is gone: each request takes a connection from a pool in
# the process and gives it back when it ends (Django's pool for psycopg 3; CONN_MAX_AGE must then
# be 0). Opening a PostgreSQL connection per request cost more than the move it served.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    DATABASES["default"]["OPTIONS"] = {  # noqa: F405
        "pool": {
            "min_size": 2,
            "max_size": ENV.db_pool_size,
            "timeout": 10,  # seconds a request waits for a free connection before failing
        }
    }
