from django.urls import path

from frontend import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("rules/", views.rules_index, name="rules"),
    path("rules/search/", views.rules_search, name="rules-search"),
    path("rules/<slug:book>/", views.rules_book, name="rules-book"),
    path("rules/<slug:book>/<str:ref>/", views.rules_section, name="rules-section"),
]
