"""Paper search: a validated request in, a frozen result out; knows nothing of HTTP.

Order of work: parse the query like the index; read the ranked pool (entity tier, BM25,
chunk id; the top-scoring matches up to the cap) a window at a time, only as far as the
diversified page needs; then read the page's stored fields, snippets and display extras
(no database query). Facets, only when asked for, come from aggregations over every match.
"""

from dataclasses import dataclass, replace
from datetime import date

from django.conf import settings

from search.backends.paper_search import (
    TIER_MATCH,
    FacetCounts,
    IndexedChunk,
    PaperQuery,
    PaperSearchSession,
    Pool,
    PoolHit,
)
from search.backends.registry import get_backend
from search.papers import notes, runs
from search.papers.catalog import load_catalog
from search.papers.diversify import Page, first_rows
from search.papers.hit_extras import ChunkExtras, decode_extras
from search.papers.licences import Licence, licence_for
from search.papers.request import (
    DEFAULT_MAX_PER_DOCUMENT,
    FULL,
    MINIMAL,
    PHRASE,
    PaperSearchRequest,
)
from search.papers.vocabulary import get_vocabulary
from search.query import ALL_WORDS, DroppedTerm, NothingToSearch, ParsedQuery, parse_query

FACET_ENTITIES = 20
FACETS_NOTE = "Counts over every matching chunk: by content type, and the most frequent entities."
# The first window of the pool read for a page: enough for a page of rows in most searches
# even after the per-paper cap; widened WIDEN-fold while the page is not settled.
FIRST_WINDOW_PER_ROW = 4
MIN_FIRST_WINDOW = 40
WIDEN = 4
TIER_NAMES = {TIER_MATCH: "entity_match"}
UNRECORDED_TIER_NAME = "no_entities_recorded"


@dataclass(frozen=True)
class PaperHit:
    """One result row: a chunk with its paper's metadata and what `detail` adds."""

    rank: int
    chunk_id: int
    paper_id: str
    arxiv_id: str | None
    title: str
    chunk_index: int
    section: str
    content_type: str
    snippet: str
    score: float
    matched_terms: tuple[str, ...]
    entity_tier: str | None  # None without an entity filter
    authors: tuple[str, ...]
    categories: tuple[str, ...]
    published: date | None
    extras: ChunkExtras
    key_concept: str
    self_contained: bool
    score_parts: tuple[tuple[str, float], ...]
    licence: Licence


@dataclass(frozen=True)
class FacetValue:
    """One facet bucket: the value to filter by, its label and its count over all matches."""

    value: str
    label: str
    count: int


@dataclass(frozen=True)
class PaperFacets:
    """Counts over every match (not only the page or the pool)."""

    content_types: tuple[FacetValue, ...]
    entities: tuple[FacetValue, ...]
    over: int


@dataclass(frozen=True)
class FacetsResult:
    """Facet counts of one search on their own (the page loads them after the rows)."""

    request: PaperSearchRequest
    facets: PaperFacets
    note: str
    coverage_note: str


@dataclass(frozen=True)
class PoolSummary:
    """`pool.keyword`: how many matches were ranked, of how many, and the cap."""

    size: int
    cap: int
    total: int
    truncated: bool


@dataclass(frozen=True)
class PaperSearchResult:
    """Everything a page or the API shows about one search."""

    request: PaperSearchRequest
    terms_searched: tuple[str, ...]
    terms_dropped: tuple[DroppedTerm, ...]
    limit: int
    max_per_document: int
    hits: tuple[PaperHit, ...]
    total: int
    pool: PoolSummary
    facets: PaperFacets | None
    truncation_warning: str | None
    entity_filter: tuple[str, ...]  # casefolded names the entity filter looked for
    note: str
    coverage_note: str
    index_version: str
    run_query_id: int | None


def parse_paper_query(text: str, match: str) -> ParsedQuery:
    """Tokenise like the index; `phrase` reads the whole text as one phrase (stop words kept)."""
    max_terms = settings.PORTAL_MAX_QUERY_TERMS
    if match == PHRASE:
        words = text.replace('"', " ").replace("\u201c", " ").replace("\u201d", " ")
        return parse_query(f'"{words}"', get_backend().tokenize, max_terms=max_terms)
    return parse_query(text, get_backend().tokenize, max_terms=max_terms)


def paper_query(req: PaperSearchRequest) -> PaperQuery:
    """What the backend runs for a request: parsed words, filters, entity names with aliases."""
    parsed = req.parsed or parse_paper_query(req.query, req.match)
    if parsed.is_empty:
        raise NothingToSearch("no searchable words in the query")
    vocabulary = get_vocabulary()
    return PaperQuery(
        query=parsed,
        mode=ALL_WORDS if req.match == PHRASE else req.match,
        categories=req.categories,
        content_types=req.content_types,
        date_from=req.date_from,
        date_to=req.date_to,
        entities=tuple(dict.fromkeys(n for e in req.entities for n in vocabulary.expand(e))),
        pool_cap=settings.PORTAL_PAPER_POOL_CAP,
    )


def search_facets(req: PaperSearchRequest) -> FacetsResult:
    """Facet counts over every match of a search, without its rows (the page's lazy panel)."""
    spec = paper_query(req)
    session = get_backend().paper_session(spec)
    total = session.ranked(0).total
    facets = _facets(session.facets(FACET_ENTITIES), total, ())
    return FacetsResult(req, facets, FACETS_NOTE, load_catalog().coverage_note())


def search_papers(req: PaperSearchRequest) -> PaperSearchResult:
    """Run one paper search; raises IndexUnavailable (-> 503) or NothingToSearch."""
    spec = paper_query(req)
    parsed, wanted, cap = spec.query, spec.entities, spec.pool_cap
    catalog = load_catalog()
    session = get_backend().paper_session(spec)
    limit, capped_from = _limit(req.limit)
    per_doc = req.max_per_document or DEFAULT_MAX_PER_DOCUMENT
    pool, page = _first_page(session, req.diversify_by, per_doc, limit)
    held_back = page.held_back
    hits = _hits(req, list(page.rows), session.chunks(page.rows, explain=req.detail == FULL))
    facets = None
    if req.facets:
        facets = _facets(session.facets(FACET_ENTITIES), pool.total, hits)
    facts = notes.NoteFacts(
        pool=pool, cap=cap, limit=limit, limit_capped_from=capped_from,
        max_per_document=per_doc, held_back=held_back, returned=len(hits),
        entity_names=req.entities,
    )  # fmt: skip
    summary = PoolSummary(pool.size, cap, pool.total, pool.truncated)
    run_query_id = _record(req, summary, len(hits), session.version)
    return PaperSearchResult(
        request=req,
        terms_searched=tuple(parsed.terms_searched),
        terms_dropped=parsed.dropped,
        limit=limit,
        max_per_document=per_doc,
        hits=hits,
        total=pool.total,
        pool=summary,
        facets=facets,
        truncation_warning=notes.truncation_warning(pool, cap),
        entity_filter=wanted,
        note=notes.search_note(req, parsed, facts),
        coverage_note=catalog.coverage_note(),
        index_version=session.version,
        run_query_id=run_query_id,
    )


def _first_page(
    session: PaperSearchSession, mode: str, per_doc: int, limit: int
) -> tuple[Pool, Page]:
    """Read the ranked pool a window at a time, widening it until the page is settled."""
    window = max(limit * FIRST_WINDOW_PER_ROW, MIN_FIRST_WINDOW)
    while True:
        pool = session.ranked(window)
        page = first_rows(pool.hits, mode, max_per_document=per_doc, limit=limit,
                          complete=pool.complete)  # fmt: skip
        if page is not None:
            return pool, page
        window *= WIDEN


def _limit(requested: int | None) -> tuple[int, int | None]:
    """The effective limit and, when it was capped, the value asked for."""
    maximum = settings.PORTAL_PAPER_LIMIT_MAX
    if requested is None:
        return min(settings.PORTAL_PAPER_LIMIT_DEFAULT, maximum), None
    if requested > maximum:
        return maximum, requested
    return requested, None


def _hits(
    req: PaperSearchRequest, page: list[PoolHit], rows: list[IndexedChunk]
) -> tuple[PaperHit, ...]:
    hits = []
    for rank, (hit, row) in enumerate(zip(page, rows, strict=True), start=1):
        extra = decode_extras(row.display)
        if req.detail == MINIMAL:  # no chunk context at this detail
            extra = replace(extra, before=None, after=None)
        tier = None
        if req.entities:
            tier = TIER_NAMES.get(hit.tier, UNRECORDED_TIER_NAME)
        hits.append(
            PaperHit(
                rank=rank, chunk_id=row.chunk_id, paper_id=row.paper_id, arxiv_id=row.arxiv_id,
                title=row.title, chunk_index=row.chunk_index, section=row.section,
                content_type=row.content_type, snippet=row.snippet,
                score=round(hit.score, 4), matched_terms=row.matched_terms, entity_tier=tier,
                authors=row.authors, categories=row.categories, published=row.published,
                extras=extra, key_concept=row.key_concept, self_contained=row.self_contained,
                score_parts=row.score_parts, licence=licence_for(extra.source),
            )
        )  # fmt: skip
    return tuple(hits)


def _facets(counts: FacetCounts, over: int, hits: tuple[PaperHit, ...]) -> PaperFacets:
    """Facet values with their spelling: the vocabulary's, else as a shown chunk records it."""
    vocabulary = get_vocabulary()
    seen = {name.casefold(): name for hit in hits for name, _ in hit.extras.entities}
    content_types = tuple(FacetValue(v, v, n) for v, n in counts.content_types)
    entities = []
    for folded, count in counts.entities:
        label = vocabulary.display(folded)
        if label == folded:
            label = seen.get(folded, folded)
        entities.append(FacetValue(label, label, count))
    return PaperFacets(content_types, tuple(entities), over)


def _record(req: PaperSearchRequest, pool: PoolSummary, returned: int, version: str) -> int | None:
    if req.run_id is None:
        return None
    entry = runs.record_query(
        req.run_id,
        query=req.query,
        query_string=req.query_string(),
        total=pool.total,
        returned=returned,
        truncated=pool.truncated,
        index_version=version,
    )
    return entry.pk
