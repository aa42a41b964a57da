"""Django admin for the search app: index builds (rebuild, live progress), the corpus, lockouts."""

from search.admin import builds, corpus, lockouts

__all__ = ["builds", "corpus", "lockouts"]
