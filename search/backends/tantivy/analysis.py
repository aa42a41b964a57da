"""The index's own analyzer, one per thread: it tokenises queries exactly like the index."""

import threading

import tantivy

from search.backends.tantivy.schema import build_analyzer

_local = threading.local()


def analyzer() -> tantivy.TextAnalyzer:
    """This thread's analyzer: a pyo3 object must not be borrowed by two threads at once."""
    found = getattr(_local, "analyzer", None)
    if found is None:
        found = _local.analyzer = build_analyzer()
    return found


def tokenize(text: str) -> list[str]:
    """Tokens exactly as the index analyzer produces them (no index needed)."""
    return list(analyzer().analyze(text))
