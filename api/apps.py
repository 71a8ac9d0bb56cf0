from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_rulebooks(sender: AppConfig, **kwargs: Any) -> None:
    """After migrate (and test flushes), load the rulebook section index into the database."""
    from api.rulebook_services import rulebooks_sync

    if kwargs.get("using", "default") == "default":
        rulebooks_sync()


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
    verbose_name = "Games and rulebooks"

    def ready(self) -> None:
        from django.conf import settings

        from rules_core.engine.registry import discover

        for package in settings.GOTHAM_GAME_PACKAGES:
            discover(package)
        post_migrate.connect(_sync_rulebooks, sender=self, dispatch_uid="api.sync_rulebooks")
