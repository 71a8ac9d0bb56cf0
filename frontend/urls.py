from django.urls import path
from django.views.decorators.http import require_http_methods, require_safe

from api import converters  # noqa: F401  (registers <id:>)
from frontend import views

# the pages are read (GET, HEAD); the two forms post, and their address read leads back to a page
form = require_http_methods(["GET", "HEAD", "POST"])

urlpatterns = [
    path("", require_safe(views.lobby), name="lobby"),
    path("favicon.ico", require_safe(views.favicon), name="favicon"),
    path("games/new/", form(views.game_new), name="game-new"),
    path("boards/<slug:slug>.js", require_safe(views.board_module), name="board-module"),
    path("games/<id:game_id>/", require_safe(views.play), name="play"),
    path("games/<id:game_id>/replay/", require_safe(views.replay), name="replay"),
    path("games/<id:game_id>/fork/", form(views.game_fork), name="game-fork"),
    path("rules/", require_safe(views.rules_index), name="rules"),
    path("rules/search/", require_safe(views.rules_search), name="rules-search"),
    path("rules/<slug:book>/", require_safe(views.rules_book), name="rules-book"),
    path("rules/<slug:book>/<str:ref>/", require_safe(views.rules_section), name="rules-section"),
]
