"""Text analysis with the index's own analyzer: query tokens, and where a query matched a text."""

import threading

import tantivy

from search.backends.tantivy.schema import build_analyzer
from search.backends.tantivy.snippets import Matches, find_matches, mark_all
from search.query import ParsedQuery

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


def matches_in(text: str, query: ParsedQuery) -> Matches:
    """Where the query's terms and phrases occur in `text` (for snippets and matched terms)."""
    return find_matches(analyzer(), text, query)


def mark_text(text: str, query: ParsedQuery) -> str:
    """`text` with the query's terms and phrase occurrences wrapped in [hl] marks."""
    return mark_all(matches_in(text, query))
