"""The live version's own words, read from tantivy's term dictionary (did-you-mean candidates).

Nothing is cached: a prefix read walks one slice of the dictionary (a few thousand words at
most for two letters) and runs only for searches that found almost nothing.
"""

import tantivy

from search.backends.filters import Filter
from search.backends.tantivy.compile import filter_query
from search.backends.tantivy.reader import live_index, read_guard
from search.backends.tantivy.schema import word_field


def words_with_prefix(
    index_name: str, field: str, prefix: str, filters: tuple[Filter, ...] = ()
) -> list[tuple[str, int]]:
    """Words of `field` starting with `prefix`, each with how many documents passing every
    filter hold it, most first (IndexUnavailable: no live index)."""
    live = live_index(index_name)
    with read_guard(index_name, live.version):
        searcher = live.searcher()
        scope = _scope(live.index.schema, filters)
        found = searcher.terms_with_prefix(word_field(field), prefix, filter_query=scope)
    return [(str(word), int(documents)) for word, documents in found if documents]


def word_documents(index_name: str, field: str, word: str) -> int:
    """How many documents of the live version hold `word` in `field`."""
    live = live_index(index_name)
    with read_guard(index_name, live.version):
        return int(live.searcher().doc_freq(word_field(field), word))


def _scope(schema: tantivy.Schema, filters: tuple[Filter, ...]) -> tantivy.Query | None:
    if not filters:
        return None
    parts = [(tantivy.Occur.Must, filter_query(schema, spec)) for spec in filters]
    return parts[0][1] if len(parts) == 1 else tantivy.Query.boolean_query(parts)
