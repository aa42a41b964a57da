"""Run an engine-neutral `TextSearch` on a live tantivy index; tokenise and mark text.

Snippets and matched terms come from the index analyzer run over each hit's stored text
(`snippets.find_matches`), so they agree exactly with what the index matched.

Ordering is deterministic: score descending, then the `tie_break` fast field ascending. A
plain top-N would cut a group of equal scores at the limit in engine order (segment and
document id, which depend on how the writer threads split the build), so when the score
at the limit boundary continues past it, the window grows until the whole tie group is in.
"""

import threading

import tantivy

from search.backends.searching import Hit, HitPage, TextSearch
from search.backends.tantivy.compile import compile_query
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.backends.tantivy.schema import build_analyzer
from search.backends.tantivy.snippets import Matches, find_matches, mark_all, snippet
from search.query import ParsedQuery

# Largest window fetched to settle a tie at the limit boundary; past it, engine order
# decides inside the tie group (still the same for the same index version).
MAX_TIE_WINDOW = 10_000

_local = threading.local()

Scored = tuple[float, tantivy.DocAddress, int | None]


def _analyzer() -> tantivy.TextAnalyzer:
    # One analyzer per thread: a pyo3 object must not be borrowed by two threads at once.
    analyzer = getattr(_local, "analyzer", None)
    if analyzer is None:
        analyzer = _local.analyzer = build_analyzer()
    return analyzer


def tokenize(text: str) -> list[str]:
    """Tokens exactly as the index analyzer produces them (no index needed)."""
    return list(_analyzer().analyze(text))


def matches_in(text: str, query: ParsedQuery) -> Matches:
    """Where the query's terms and phrases occur in `text` (for snippets and matched terms)."""
    return find_matches(_analyzer(), text, query)


def mark_text(text: str, query: ParsedQuery) -> str:
    """`text` with the query's terms and phrase occurrences wrapped in [hl] marks."""
    return mark_all(find_matches(_analyzer(), text, query))


def run_search(index_name: str, spec: TextSearch) -> HitPage:
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
    for score, address, key in scored:
        doc = searcher.doc(address)
        matches = find_matches(_analyzer(), str(doc.get_first(spec.field) or ""), spec.query)
        hits.append(
            Hit(
                score=score,
                values={name: doc.get_all(name) for name in spec.fields},
                snippet=snippet(matches, spec.snippet_chars),
                matched=matches.matched(spec.query),
                tie_key=key,
            )
        )
    return HitPage(tuple(hits), total)


def top_hits(
    searcher: tantivy.Searcher, query: tantivy.Query, limit: int, tie_break: str | None
) -> tuple[list[Scored], int]:
    """The best `limit` hits ordered by (score desc, tie_break asc), and the match count."""
    want = limit + 1
    result = searcher.search(query, want, count=True)
    total = int(result.count)  # type: ignore[attr-defined]  # in the wheel, not in its stub
    hits = result.hits
    while (
        tie_break
        and len(hits) == want
        and want < min(total, MAX_TIE_WINDOW)
        and hits[-1][0] == hits[limit - 1][0]
    ):
        want = min(want * 4, total, MAX_TIE_WINDOW)
        hits = searcher.search(query, want, count=False).hits
    addresses = [address for _, address in hits]
    if tie_break and addresses:
        keys: list[int | None] = [
            None if k is None else int(k) for k in searcher.fast_field_values(tie_break, addresses)
        ]
    else:
        keys = [None] * len(addresses)
    scored = [
        (float(score), address, key) for (score, address), key in zip(hits, keys, strict=True)
    ]
    if tie_break:
        # Python's sort is stable, so a document without a key keeps its engine position.
        scored.sort(key=lambda s: (-s[0], s[2] if s[2] is not None else 2**64))
    return scored[:limit], total
