"""The paper search on a live tantivy index: tiered pool, facet aggregations, display rows.

Words are compiled by the shared `compile_query` on the `text` field; every filter is a
zero-score clause, so BM25 alone orders a tier. The entity soft filter runs as two
queries (tier 0: the chunk names a wanted entity; tier 1: the chunk has no entities
recorded), so the pool takes the best of tier 0 before any of tier 1 and each tier's
count is exact. Chunks whose recorded entities name none of them match neither tier.
"""

import functools
import json
import re
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, time
from typing import Concatenate

import tantivy

from search.backends.base import Terms
from search.backends.paper_search import (
    TIER_MATCH,
    TIER_UNRECORDED,
    FacetCounts,
    IndexedChunk,
    IndexFacts,
    PaperQuery,
    Pool,
    PoolHit,
)
from search.backends.tantivy.compile import compile_query, filter_query
from search.backends.tantivy.matching import TextMatcher
from search.backends.tantivy.ranking import count, top_hits
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.indexes.names import PAPERS
from search.query import ALL_WORDS, ParsedQuery, render_phrase

SEARCHED_FIELD = "text"
TIE_BREAK_FIELD = "chunk_id"
GROUP_FIELDS = ("paper_key", "concept_key", "content_type_key")
SNIPPET_CHARS = 280
# Per-segment term buckets for the entity facet: above the number of distinct entity
# names in a segment, tantivy's terms aggregation is exact (no per-segment top-N cut).
ENTITY_SEGMENT_SIZE = 200_000
CONTENT_TYPE_BUCKETS = 50
# Title search reads this many chunk hits per wanted paper (chunks repeat the title).
TITLE_WINDOW = 100
# An explanation names a term query's term as `Term(field=0, type=Str, "word")`.
_TERM_CONTEXT = re.compile(r'type=Str, "(.*)"\)')


def _guarded[**P, R](
    method: Callable[Concatenate["TantivyPaperSearch", P], R],
) -> Callable[Concatenate["TantivyPaperSearch", P], R]:
    """Run a session method so that an unreadable version answers 503 (see read_guard)."""

    @functools.wraps(method)
    def guarded(self: "TantivyPaperSearch", *args: P.args, **kwargs: P.kwargs) -> R:
        with read_guard(PAPERS, self.version):
            return method(self, *args, **kwargs)

    return guarded


def open_paper_search(spec: PaperQuery) -> "TantivyPaperSearch":
    """A session on the live papers index; raises IndexUnavailable when there is none."""
    return TantivyPaperSearch(live_index(PAPERS), spec)


class TantivyPaperSearch:
    """One paper search on one searcher (implements `PaperSearchSession`)."""

    def __init__(self, live: LiveIndex, spec: PaperQuery) -> None:
        self.spec = spec
        self.version = live.version
        self.schema = live.index.schema
        self.searcher = live.searcher()
        filters = []
        if spec.categories:
            filters.append(Terms("categories", spec.categories))
        if spec.content_types:
            filters.append(Terms("content_type", spec.content_types))
        words = compile_query(
            self.schema, spec.query, field=SEARCHED_FIELD, mode=spec.mode, filters=filters
        )
        self.words = self._with(words, self._date_filter())
        if spec.entities:
            named = filter_query(self.schema, Terms("entities", spec.entities))
            unrecorded = tantivy.Query.const_score_query(
                tantivy.Query.term_query(self.schema, "entity_count", 0), 0.0
            )
            self.tiers = [(TIER_MATCH, self._with(self.words, named)),
                          (TIER_UNRECORDED, self._with(self.words, unrecorded))]  # fmt: skip
            either = tantivy.Query.boolean_query(
                [(tantivy.Occur.Should, named), (tantivy.Occur.Should, unrecorded)],
                minimum_number_should_match=1,
            )
            self.matching = self._with(self.words, either)
        else:
            self.tiers = [(TIER_MATCH, self.words)]
            self.matching = self.words
        # Counts are the same for every window: kept once read.
        self._counts: dict[int, int] = {}
        self._excluded: int | None = None

    def _with(self, query: tantivy.Query, extra: tantivy.Query | None) -> tantivy.Query:
        if extra is None:
            return query
        return tantivy.Query.boolean_query(
            [(tantivy.Occur.Must, query), (tantivy.Occur.Must, extra)]
        )

    def _date_filter(self) -> tantivy.Query | None:
        if self.spec.date_from is None and self.spec.date_to is None:
            return None
        # Inclusive on both ends; the index stores each date at midnight UTC. An open end
        # stays open (None): tantivy dates cannot reach date.min or date.max.
        low = _midnight(self.spec.date_from) if self.spec.date_from else None
        high = _midnight(self.spec.date_to) if self.spec.date_to else None
        found = tantivy.Query.range_query(
            self.schema, "published", tantivy.FieldType.Date, low, high
        )
        return tantivy.Query.const_score_query(found, 0.0)

    @_guarded
    def ranked(self, window: int) -> Pool:
        """The best `window` hits of tier 0, then of tier 1, within the cap; exact counts."""
        room = min(window, self.spec.pool_cap)
        hits: list[PoolHit] = []
        tier_totals = []
        for number, (tier, query) in enumerate(self.tiers):
            if room > 0:
                scored, count_ = top_hits(self.searcher, query, room, TIE_BREAK_FIELD)
            else:
                scored, count_ = [], self._tier_count(number, query)
            self._counts[number] = count_
            tier_totals.append(count_)
            if not scored:
                continue
            addresses = [address for _, address, _ in scored]
            groups = [self.searcher.fast_field_values(f, addresses) for f in GROUP_FIELDS]
            for (score, address, chunk_id), paper, concept, ctype in zip(
                scored, *groups, strict=True
            ):
                hits.append(
                    PoolHit(
                        address,
                        score,
                        tier,
                        int(chunk_id or 0),
                        int(paper or 0),
                        int(concept or 0),
                        int(ctype or 0),
                    )  # fmt: skip
                )
            room -= len(scored)
        total = sum(tier_totals)
        if self._excluded is None:
            self._excluded = count(self.searcher, self.words) - total if self.spec.entities else 0
        return Pool(tuple(hits), total, tuple(tier_totals), self._excluded, self.spec.pool_cap)

    def _tier_count(self, number: int, query: tantivy.Query) -> int:
        if number not in self._counts:
            self._counts[number] = count(self.searcher, query)
        return self._counts[number]

    @_guarded
    def facets(self, top_entities: int) -> FacetCounts:
        """Exact counts over all matches from one terms aggregation per field."""
        return facet_counts(self.searcher, self.matching, top_entities)

    @_guarded
    def chunks(self, hits: Sequence[PoolHit], *, explain: bool) -> list[IndexedChunk]:
        """Stored fields, a marked snippet and the matched terms of each hit, in order."""
        rows = []
        matcher = TextMatcher(self.spec.query)
        for hit in hits:
            doc = self.searcher.doc(hit.address)
            text = str(doc.get_first(SEARCHED_FIELD) or "")
            shown, matched = matcher.summary(text, SNIPPET_CHARS)
            parts = self._score_parts(hit) if explain else ()
            rows.append(_indexed_chunk(doc, hit, shown, matched, parts))
        return rows

    def _score_parts(self, hit: PoolHit) -> tuple[tuple[str, float], ...]:
        """BM25 contribution of each searched term and phrase, from tantivy's explanation."""
        query = self.tiers[0][1] if hit.tier == TIER_MATCH else self.tiers[-1][1]
        tree = json.loads(query.explain(self.searcher, hit.address).to_json())
        phrases = iter(render_phrase(p) for p in self.spec.query.phrases if len(p) > 1)
        parts: list[tuple[str, float]] = []
        _collect_parts(tree, phrases, parts)
        return tuple(parts)


def facet_counts(
    searcher: tantivy.Searcher, query: tantivy.Query, top_entities: int
) -> FacetCounts:
    """Content-type counts and the `top_entities` most frequent entities over `query`'s matches."""
    request = {
        "content_type": {"terms": {"field": "content_type", "size": CONTENT_TYPE_BUCKETS}},
        "entities": {
            "terms": {
                "field": "entities",
                "size": max(top_entities, 1),
                "segment_size": ENTITY_SEGMENT_SIZE,
            }
        },
    }
    found = searcher.aggregate(query, request)
    return FacetCounts(
        content_types=_buckets(found.get("content_type")),
        entities=_buckets(found.get("entities"))[:top_entities],
    )


def _collect_parts(node: dict, phrases: object, parts: list[tuple[str, float]]) -> None:
    """Walk an explanation: term and phrase scorers are leaves, boolean nodes are summed."""
    description = str(node.get("description", ""))
    if description.startswith("TermQuery"):
        found = _TERM_CONTEXT.search(" ".join(node.get("context") or []))
        parts.append((found.group(1) if found else "term", round(float(node["value"]), 4)))
    elif description.startswith("Phrase"):
        label = next(phrases, "phrase")  # type: ignore[call-overload]
        parts.append((label, round(float(node["value"]), 4)))
    elif description.startswith("BooleanClause"):
        for child in node.get("details") or []:
            _collect_parts(child, phrases, parts)


def _buckets(agg: dict | None) -> tuple[tuple[str, int], ...]:
    buckets = (agg or {}).get("buckets") or []
    pairs = [(str(b["key"]), int(b["doc_count"])) for b in buckets if b.get("doc_count")]
    # Count descending, then name: tantivy's order within equal counts is not specified.
    return tuple(sorted(pairs, key=lambda p: (-p[1], p[0])))


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def _indexed_chunk(
    doc: tantivy.Document,
    hit: PoolHit,
    snippet: str,
    matched: tuple[str, ...],
    parts: tuple[tuple[str, float], ...],
) -> IndexedChunk:
    published = doc.get_first("published")
    return IndexedChunk(
        chunk_id=hit.chunk_id,
        paper_key=hit.paper_key,
        paper_id=str(doc.get_first("paper_id") or ""),
        arxiv_id=doc.get_first("arxiv_id"),
        title=str(doc.get_first("title") or ""),
        authors=tuple(str(a) for a in doc.get_all("authors")),
        categories=tuple(str(c) for c in doc.get_all("categories")),
        published=published.date() if isinstance(published, datetime) else None,
        chunk_index=int(doc.get_first("chunk_index") or 0),
        section=str(doc.get_first("section") or ""),
        content_type=str(doc.get_first("content_type") or ""),
        key_concept=str(doc.get_first("key_concept") or ""),
        self_contained=bool(doc.get_first("self_contained")),
        snippet=snippet,
        matched_terms=matched,
        display=doc.get_first("display"),
        score_parts=parts,
    )


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
    terms = {"field": "categories", "size": 10_000, "segment_size": ENTITY_SEGMENT_SIZE}
    per_category = searcher.aggregate(abstracts, {"categories": {"terms": terms}})
    abstract_count = count(searcher, abstracts)
    overall = facet_counts(searcher, tantivy.Query.all_query(), top_entities)
    return IndexFacts(
        version=live.version,
        chunks=int(searcher.num_docs),
        abstracts=abstract_count,
        categories=_buckets(per_category.get("categories")),
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
