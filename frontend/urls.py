from django.urls import path

from frontend import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("games/new/", views.game_new, name="game-new"),
    path("games/<int:game_id>/", views.play, name="play"),
    path("games/<int:game_id>/replay/", views.replay, name="replay"),
    path("rules/", views.rules_index, name="rules"),
    path("rules/search/", views.rules_search, name="rules-search"),
    path("rules/<slug:book>/", views.rules_book, name="rules-book"),
    path("rules/<slug:book>/<str:ref>/", views.rules_section, name="rules-section"),
]
