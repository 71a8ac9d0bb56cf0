"""The public HTTP contract of design.md, under /api/."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from api import converters, views  # noqa: F401  (registers <id:>)
from api.errors import unmatched_view

urlpatterns = [
    path("games/<id:game_id>/moves/", views.MovesView.as_view()),  # first: the most requested
    path("health/", views.HealthView.as_view()),
    path("catalog/", views.CatalogView.as_view()),
    path("games/", views.GameCreateView.as_view()),
    path("games/<id:game_id>/", views.GameDetailView.as_view()),
    path("games/<id:game_id>/state/", views.StateView.as_view()),
    path("games/<id:game_id>/legal-moves/", views.LegalMovesView.as_view()),
    path("games/<id:game_id>/events/", views.EventsView.as_view()),
    path("games/<id:game_id>/replay/", views.ReplayView.as_view()),
    path("games/<id:game_id>/analysis/", views.AnalysisView.as_view()),
    path("games/<id:game_id>/annotations/", views.AnnotationsView.as_view()),
    path("games/<id:game_id>/autopilot/", views.AutopilotView.as_view()),
    path("games/<id:game_id>/stream-ticket/", views.StreamTicketView.as_view()),
    path("games/<id:game_id>/fork/", views.ForkView.as_view()),
    path("games/<id:game_id>/stream/", views.StreamView.as_view()),
    path("rulebooks/", views.RulebooksView.as_view()),
    path("rulebooks/<slug:book>/sections/", views.SectionsView.as_view()),
    path("rulebooks/<slug:book>/sections/<str:ref>/", views.SectionView.as_view()),
    path("rules/search/", views.RulesSearchView.as_view()),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    # any other path under /api/, its root too, is answered alike in every mode (DEBUG's HTML
    # pages, its 404 of URL patterns among them, are for the web pages, not for API clients)
    re_path(r"^.*$", unmatched_view),
]
