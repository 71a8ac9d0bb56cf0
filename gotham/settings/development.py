"""Settings for `python3 dev.py run` and manage.py on a developer's machine: DEBUG on.

The embedded default: SQLite and eager Celery unless DATABASE_URL / REDIS_URL say otherwise.
"""

from gotham.settings.base import *  # noqa: F403
from gotham.settings.environment import ENV

DEBUG = ENV.debug is not False
SECRET_KEY = ENV.secret_key or "development-only-key"
# static files straight from the apps, re-read on change (production serves collected files)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
