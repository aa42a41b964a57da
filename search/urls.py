"""URLs of the search app; each search adds its own module's patterns here."""

from django.urls import path

from search.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
]

# Statute search (issue 3): page, section and sources pages, JSON API.
from search.views import statute_api, statutes  # noqa: E402

urlpatterns += [
    path("statutes/", statutes.statute_search, name="statute_search"),
    path("statutes/<path:section_id>/", statutes.section_page, name="statute_section"),
    path("sources/", statutes.sources_page, name="sources"),
    path("api/statute_search", statute_api.statute_search, name="api_statute_search"),
    path("api/statute", statute_api.statute, name="api_statute"),
    path("api/sources", statute_api.sources, name="api_sources"),
]
