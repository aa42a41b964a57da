"""The names of the two indexes: engine-neutral, so every layer can name an index."""

STATUTES = "statutes"
PAPERS = "papers"
INDEX_NAMES = (STATUTES, PAPERS)
