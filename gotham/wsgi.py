"""WSGI entry point (gunicorn gotham.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gotham.settings.base")

application = get_wsgi_application()
