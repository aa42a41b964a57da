"""The search app: corpus models, ingest, tantivy indexes and the two searches."""

from django.apps import AppConfig


class SearchConfig(AppConfig):
    """App config for search."""

    name = "search"
    verbose_name = "Search"
