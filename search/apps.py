"""The search app: corpus models, ingest, indexes and the two searches."""

from django.apps import AppConfig


class SearchConfig(AppConfig):
    """App config for search."""

    name = "search"
    verbose_name = "Search"

    def ready(self) -> None:
        from search.ops import checks  # noqa: F401 - registers the system checks
