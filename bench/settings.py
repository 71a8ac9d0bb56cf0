"""Settings for the benchmark server: the base settings plus the bare append view's URL."""

from gotham.settings.base import *  # noqa: F403

ROOT_URLCONF = "bench.bare"
DEBUG = False
