"""Root URLs: the admin and the search app."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("search.urls")),
]

# Error answers without tracebacks; JSON with `note` and `coverage_note` on API paths.
handler500 = "portal.errors.server_error"
