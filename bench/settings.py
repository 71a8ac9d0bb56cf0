"""Settings for the benchmark server: the base settings plus the bare append view's URL."""

from gotham.settings.base import *  # noqa: F403
from gotham.settings.environment import ENV

ROOT_URLCONF = "bench.bare"
DEBUG = False
SECRET_KEY = ENV.secret_key or "bench-only-key"
