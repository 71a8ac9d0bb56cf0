"""Top-level URL map: the API under /api/, the web pages at the root, the admin."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("", include("frontend.urls")),
]

handler404 = "api.errors.not_found_view"
handler500 = "api.errors.server_error_view"
