"""URLs of the search app; each search adds its own module's patterns here."""

from django.urls import path

from search.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
]
