from django.urls import path

from api import converters  # noqa: F401  (registers <id:>)
from frontend import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("games/new/", views.game_new, name="game-new"),
    path("boards/<slug:slug>.js", views.board_module, name="board-module"),
    path("games/<id:game_id>/", views.play, name="play"),
    path("games/<id:game_id>/replay/", views.replay, name="replay"),
    path("games/<id:game_id>/fork/", views.game_fork, name="game-fork"),
    path("rules/", views.rules_index, name="rules"),
    path("rules/search/", views.rules_search, name="rules-search"),
    path("rules/<slug:book>/", views.rules_book, name="rules-book"),
    path("rules/<slug:book>/<str:ref>/", views.rules_section, name="rules-section"),
]
