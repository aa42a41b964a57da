"""The index's own analyzers, one per thread: they tokenise queries exactly like the index."""

import threading

import tantivy

from search.backends.tantivy.schema import build_analyzer

_local = threading.local()


def analyzer(*, stem: bool = False) -> tantivy.TextAnalyzer:
    """This thread's analyzer (the stemming one with `stem`): a pyo3 object must not be
    borrowed by two threads at once."""
    name = "stem_analyzer" if stem else "analyzer"
    found = getattr(_local, name, None)
    if found is None:
        found = build_analyzer(stem=stem)
        setattr(_local, name, found)
    return found


def stem(word: str) -> str:
    """The stem the index holds for one query word (the word itself when it has none)."""
    found = analyzer(stem=True).analyze(word)
    return found[0] if found else word


def tokenize(text: str) -> list[str]:
    """Tokens exactly as the index analyzer produces them (no index needed)."""
    return list(analyzer().analyze(text))
