"""Settings for the test suite: the base settings with fast password hashing."""

from gotham.settings.base import *  # noqa: F403
from gotham.settings.environment import ENV

SECRET_KEY = ENV.secret_key or "test-only-key"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
GOTHAM_ANALYSIS_STARTS_PER_HOUR = 10_000  # tests start many; the limit has its own test
GOTHAM_FORKS_PER_HOUR = 10_000  # likewise
GOTHAM_GAMES_PER_HOUR = 10_000  # likewise
GOTHAM_BOT_GAMES_PER_HOUR = 10_000  # likewise
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# the tiny game that exists only in the tests (tests/games/duel) is a game like any other
GOTHAM_GAME_PACKAGES = ["rules_core.games", "tests.games"]
