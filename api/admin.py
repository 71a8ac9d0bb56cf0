"""Admin: browse games, seats and their logs (read-only log: it is append-only)."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from api.models import Annotation, Event, Game, Rulebook, Seat, Section
from rules_core.rulebooks.labels import ref_key


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


class SectionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Section
    fields = ("sid", "label", "title", "page")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Rulebook)
class RulebookAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("slug", "title", "form", "imported_at")
    search_fields = ("slug", "title")
    inlines = [SectionInline]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("label_or_id", "title", "book", "chapter", "page", "has_text")
    list_filter = ("book", "chapter")
    search_fields = ("label", "label_key", "sid", "title", "keywords")
    ordering = ("book", "position")
    readonly_fields = ("ref_key", "label_key", "position")

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Section], search_term: str
    ) -> tuple[QuerySet[Section], bool]:
        """Also find a label typed in any spelling (`V.C.1.a` finds `V·C·1 [a]`)."""
        results, duplicates = super().get_search_results(request, queryset, search_term)
        key = ref_key(search_term)
        if key:
            results = results | queryset.filter(label_key=key)
        return results, duplicates

    @admin.display(description="label / id", ordering="label")
    def label_or_id(self, obj: Section) -> str:
        return obj.label or obj.sid

    @admin.display(boolean=True, description="original text")
    def has_text(self, obj: Section) -> bool:
        return bool(obj.text)
