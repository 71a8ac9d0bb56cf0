"""Settings for the test suite: the base settings with fast password hashing."""

from gotham.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
