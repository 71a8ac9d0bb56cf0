"""Django project for the Gotham rules engine."""

from gotham.celery import app as celery_app

__all__ = ["celery_app"]
