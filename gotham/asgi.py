"""ASGI entry point for production: `gunicorn gotham.asgi -k uvicorn_worker.UvicornWorker`.

An ASGI server holds many idle live streams cheaply (each is a coroutine, not a thread).
"""

import os
import warnings

from django.core.asgi import get_asgi_application

from gotham.asgi_limits import BodyLimit

# static files (WhiteNoise) are small files read whole; the live streams are async iterators
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous")

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gotham.settings.production")

application = BodyLimit(get_asgi_application())  # a body's limit while it arrives
