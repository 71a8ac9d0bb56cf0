"""Top-level URL map: the API under /api/, the web pages at the root, the admin."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("", include("frontend.urls")),
]

# JSON under /api/, the site's pages elsewhere
handler400 = "frontend.views.bad_request"
handler404 = "frontend.views.page_not_found"
handler500 = "frontend.views.server_error"
