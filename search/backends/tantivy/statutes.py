"""Run an engine-neutral `TextSearch` on the live tantivy statutes index.

Snippets and matched terms come from the index analyzer run where the query's words occur
in each hit's stored text (`matching.TextMatcher`), so they agree exactly with what the
index matched. Ordering is deterministic (`ranking.top_hits`).
"""

from search.backends.statute_search import Hit, HitPage, TextSearch
from search.backends.tantivy.compile import compile_query
from search.backends.tantivy.matching import TextMatcher
from search.backends.tantivy.ranking import top_hits
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.indexes.names import STATUTES


def run_search(spec: TextSearch, index_name: str = STATUTES) -> HitPage:
    """Search the live version of `index_name`; raises IndexUnavailable when there is none."""
    live = live_index(index_name)
    with read_guard(index_name, live.version):
        return search_live(live, spec)


def search_live(live: LiveIndex, spec: TextSearch) -> HitPage:
    """Run `spec` with one searcher: count, ordered top hits, snippets, matched terms."""
    schema = live.index.schema
    query = compile_query(
        schema, spec.query, field=spec.field, mode=spec.mode, filters=spec.filters
    )
    searcher = live.searcher()
    scored, total = top_hits(searcher, query, spec.limit, spec.tie_break)
    if not scored:
        return HitPage((), total)
    hits = []
    matcher = TextMatcher(spec.query)
    for score, address, key in scored:
        doc = searcher.doc(address)
        text, matched = matcher.summary(str(doc.get_first(spec.field) or ""), spec.snippet_chars)
        hits.append(
            Hit(
                score=score,
                values={name: doc.get_all(name) for name in spec.fields},
                snippet=text,
                matched=matched,
                tie_key=key,
            )
        )
    return HitPage(tuple(hits), total)
