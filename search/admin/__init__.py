"""Django admin for the search app: index builds (rebuild, live progress), the corpus, lockouts,
API tokens."""

from search.admin import builds, corpus, lockouts, tokens

__all__ = ["builds", "corpus", "lockouts", "tokens"]
