"""Settings for the benchmark server: the base settings plus the bare append view's URL."""

from gotham.settings.base import *  # noqa: F403
from gotham.settings.environment import ENV

ROOT_URLCONF = "bench.bare"
DEBUG = False
SECRET_KEY = ENV.secret_key or "bench-only-key"
# the benchmarks create hundreds of games from one address in minutes: no hourly limits here
GOTHAM_GAMES_PER_HOUR = 10**9
GOTHAM_BOT_GAMES_PER_HOUR = 10**9
