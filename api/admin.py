"""Admin: browse games, seats and their logs (read-only log: it is append-only)."""

from django.contrib import admin

from api.models import Annotation, Event, Game, Seat


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    fields = ("index", "name", "bot")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("id", "game", "status", "version", "players", "created_at")
    list_filter = ("game", "status")
    readonly_fields = ("game", "version", "players", "options", "head_hash", "to_act", "outcome")
    exclude = ("seed",)
    inlines = [SeatInline]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("game", "seq", "type", "seat", "created_at")
    list_filter = ("type",)
    search_fields = ("type",)

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(Annotation)
class AnnotationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("game", "seq", "source", "author", "created_at")
    list_filter = ("source",)
