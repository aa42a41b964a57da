"""Root URLs: the admin and the search app."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("search.urls")),
]
