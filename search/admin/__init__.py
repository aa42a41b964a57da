"""Django admin for the search app: index builds (rebuild, live progress) and the corpus."""

from search.admin import builds, corpus

__all__ = ["builds", "corpus"]
