"""Settings for production: DEBUG off and PostgreSQL/Redis required from the environment."""

from gotham.settings.base import *  # noqa: F403
from gotham.settings.environment import ENV

DEBUG = False
if not ENV.redis_url or not ENV.database_url.startswith(("postgres://", "postgresql://")):
    raise RuntimeError("production needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)")
SECURE_CONTENT_TYPE_NOSNIFF = True
