"""WSGI entry point; production serves gotham.asgi instead (streams need an async server)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gotham.settings.production")

application = get_wsgi_application()
