"""The public HTTP contract of design.md, under /api/."""

from django.urls import path, re_path

from api import (
    analysis_views,
    annotation_views,
    autopilot_views,
    catalog_views,
    converters,  # noqa: F401  (registers <id:>)
    game_views,
    move_views,
    rulebook_views,
    schema_views,
    stream_views,
)
from api.errors import unmatched_view

urlpatterns = [
    path("games/<id:game_id>/moves/", move_views.MovesView.as_view()),  # first: the most requested
    path("health/", catalog_views.HealthView.as_view()),
    path("catalog/", catalog_views.CatalogView.as_view()),
    path("games/", game_views.GameCreateView.as_view()),
    path("games/<id:game_id>/", game_views.GameDetailView.as_view()),
    path("games/<id:game_id>/state/", game_views.StateView.as_view()),
    path("games/<id:game_id>/legal-moves/", game_views.LegalMovesView.as_view()),
    path("games/<id:game_id>/events/", game_views.EventsView.as_view()),
    path("games/<id:game_id>/replay/", game_views.ReplayView.as_view()),
    path("games/<id:game_id>/analysis/", analysis_views.AnalysisView.as_view()),
    path("games/<id:game_id>/annotations/", annotation_views.AnnotationsView.as_view()),
    path("games/<id:game_id>/autopilot/", autopilot_views.AutopilotView.as_view()),
    path("games/<id:game_id>/stream-ticket/", stream_views.StreamTicketView.as_view()),
    path("games/<id:game_id>/fork/", game_views.ForkView.as_view()),
    path("games/<id:game_id>/stream/", stream_views.StreamView.as_view()),
    path("rulebooks/", rulebook_views.RulebooksView.as_view()),
    path("rulebooks/<slug:book>/sections/", rulebook_views.SectionsView.as_view()),
    path("rulebooks/<slug:book>/sections/<str:ref>/", rulebook_views.SectionView.as_view()),
    path("rules/search/", rulebook_views.RulesSearchView.as_view()),
    path("schema/", schema_views.SchemaView.as_view(), name="schema"),
    path("docs/", schema_views.DocsView.as_view(url_name="schema"), name="docs"),
    # any other path under /api/, its root too, is answered alike in every mode (DEBUG's HTML
    # pages, its 404 of URL patterns among them, are for the web pages, not for API clients)
    re_path(r"^.*$", unmatched_view),
]
