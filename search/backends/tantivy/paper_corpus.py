"""Corpus-wide reads of the live papers index: facet counts, coverage facts, title matches."""

import tantivy

from search.backends.paper_search import FacetCounts, IndexFacts
from search.backends.tantivy.compile import compile_query
from search.backends.tantivy.ranking import count, top_hits
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.indexes.names import PAPERS
from search.text.query import ALL_WORDS, ParsedQuery

TIE_BREAK_FIELD = "chunk_id"
# Per-segment term buckets for the entity facet: above the number of distinct entity
# names in a segment, tantivy's terms aggregation is exact (no per-segment top-N cut).
ENTITY_SEGMENT_SIZE = 200_000
# On one segment every count is exact whatever the bucket budget, so a few buckets past the
# cut suffice; the request grows by SIZE_GROWTH while a tie group may run past its end, up
# to ENTITY_SEGMENT_SIZE buckets (every entity name).
ONE_SEGMENT_MARGIN = 10
SIZE_GROWTH = 8
CONTENT_TYPE_BUCKETS = 50
# Every category of the corpus (a few hundred arXiv categories at most).
CATEGORY_BUCKETS = 10_000
# Title search reads this many chunk hits per wanted paper (chunks repeat the title).
TITLE_WINDOW = 100


def facet_counts(
    searcher: tantivy.Searcher, query: tantivy.Query, top_entities: int
) -> FacetCounts:
    """Content-type counts and the `top_entities` most frequent entities over `query`'s matches."""
    content_types = {"terms": {"field": "content_type", "size": CONTENT_TYPE_BUCKETS}}
    found, entities = _top_terms(
        searcher, query, "entities", top_entities, {"content_type": content_types}
    )
    return FacetCounts(content_types=_buckets(found.get("content_type")), entities=entities)


def _top_terms(
    searcher: tantivy.Searcher,
    query: tantivy.Query,
    field: str,
    top: int,
    others: dict[str, dict],
) -> tuple[dict, tuple[tuple[str, int], ...]]:
    """The whole aggregation answer and `field`'s `top` buckets, count descending then name.

    Several segments: one request with a bucket per term of every segment (exact counts).
    One segment: a small request, grown while the answer is full and its smallest count is
    the count at the cut (the tie group may go on past it, and tantivy picks among equal
    counts in no stated order), up to a request for every bucket.
    """
    if searcher.num_segments != 1:
        terms = {"field": field, "size": max(top, 1), "segment_size": ENTITY_SEGMENT_SIZE}
        found = searcher.aggregate(query, {**others, field: {"terms": terms}})
        return found, _buckets(found.get(field))[:top]
    size = top + ONE_SEGMENT_MARGIN
    while True:
        terms = {"field": field, "size": size}
        if size >= ENTITY_SEGMENT_SIZE:
            terms["segment_size"] = ENTITY_SEGMENT_SIZE
        found = searcher.aggregate(query, {**others, field: {"terms": terms}})
        pairs = _buckets(found.get(field))
        settled = len(pairs) < size or top == 0 or pairs[-1][1] != pairs[top - 1][1]
        if settled or size >= ENTITY_SEGMENT_SIZE:
            return found, pairs[:top]
        size = min(size * SIZE_GROWTH, ENTITY_SEGMENT_SIZE)


def _buckets(agg: dict | None) -> tuple[tuple[str, int], ...]:
    buckets = (agg or {}).get("buckets") or []
    pairs = [(str(b["key"]), int(b["doc_count"])) for b in buckets if b.get("doc_count")]
    # Count descending, then name: tantivy's order within equal counts is not specified.
    return tuple(sorted(pairs, key=lambda p: (-p[1], p[0])))


def index_facts(top_entities: int) -> IndexFacts:
    """Chunk count, papers per category and corpus-wide facet counts of the live version."""
    live = live_index(PAPERS)
    with read_guard(PAPERS, live.version):
        return _index_facts(live, top_entities)


def _index_facts(live: LiveIndex, top_entities: int) -> IndexFacts:
    """Chunk count, papers per category and corpus-wide facet counts of a version.

    Papers per category are counted on abstract chunks (chunk_index 0, one per paper with
    an abstract): papers without an abstract have no categories in this corpus.
    """
    searcher = live.searcher()
    abstracts = tantivy.Query.term_query(live.index.schema, "chunk_index", 0)
    _, categories = _top_terms(searcher, abstracts, "categories", CATEGORY_BUCKETS, {})
    abstract_count = count(searcher, abstracts)
    overall = facet_counts(searcher, tantivy.Query.all_query(), top_entities)
    return IndexFacts(
        version=live.version,
        chunks=int(searcher.num_docs),
        abstracts=abstract_count,
        categories=categories,
        content_types=overall.content_types,
        entities=overall.entities,
    )


def title_matches(query: ParsedQuery, limit: int) -> list[tuple[int, float]]:
    """Papers whose title holds every searched word: (paper key, best score), best first.

    Every chunk carries its paper's title, so hits are grouped by paper; the window is
    wide enough for the longest papers (about 100 chunks) to leave room for others.
    """
    live = live_index(PAPERS)
    with read_guard(PAPERS, live.version):
        return _title_matches(live, query, limit)


def _title_matches(live: LiveIndex, query: ParsedQuery, limit: int) -> list[tuple[int, float]]:
    searcher = live.searcher()
    compiled = compile_query(live.index.schema, query, field="title", mode=ALL_WORDS)
    scored, _ = top_hits(searcher, compiled, limit * TITLE_WINDOW, TIE_BREAK_FIELD)
    keys = searcher.fast_field_values("paper_key", [address for _, address, _ in scored])
    best: dict[int, float] = {}
    for (score, _, _), key in zip(scored, keys, strict=True):
        best.setdefault(int(key or 0), score)
    return list(best.items())[:limit]
