"""Paper search: a validated request in, a frozen result out; knows nothing of HTTP.

Order of work: parse the query like the index (arXiv ids apart); read the ranked pool
(tier, then BM25 or date, then chunk id; the first matches in that order up to the cap) a
window at a time, only as far as the diversified rows up to this page's end, and one more
(does a next page exist?), need; then read the page's stored fields, snippets and display
extras (no database query). Facets, only when asked for, come from aggregations over every
match. Page k of size L is rows offset+1 .. offset+L of the one diversified order, so pages
never overlap or skip a row.
"""

from dataclasses import dataclass, replace
from datetime import date

from django.conf import settings

from search.answers.paging import Paging, previous_offset
from search.answers.pipeline import Rejected
from search.backends.paper_search import (
    TIER_MATCH,
    TIER_NAMED_PAPER,
    FacetCounts,
    FieldWeights,
    IndexedChunk,
    NamedPaper,
    PaperQuery,
    PaperSearchSession,
    Pool,
    PoolHit,
)
from search.backends.registry import get_backend
from search.papers import notes, runs
from search.papers.arxiv_ids import split_arxiv_ids
from search.papers.author_names import fold_name, name_key
from search.papers.catalog import load_catalog
from search.papers.diversify import DOCUMENT, Page, first_rows, held_back_before
from search.papers.hit_extras import ChunkExtras, decode_extras
from search.papers.licences import Licence, licence_for
from search.papers.request import (
    DEFAULT_MAX_PER_DOCUMENT,
    FULL,
    MINIMAL,
    PHRASE,
    PaperSearchRequest,
)
from search.papers.text_words import VersionWords
from search.papers.vocabulary import get_vocabulary
from search.text.query import ALL_WORDS, DroppedTerm, NothingToSearch, ParsedQuery
from search.text.suggest import DidYouMean, did_you_mean

FACET_ENTITIES = 20
# How text and title, author and word-pair matches weigh (chosen on the dev sets:
# `python -m bench.weights`).
FIELD_WEIGHTS = FieldWeights()
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
    # (field, terms): where each matched term was found (text, title, authors).
    matched_in: tuple[tuple[str, tuple[str, ...]], ...]
    title_marked: str
    authors_marked: tuple[str, ...]
    named_paper: bool  # a chunk of a paper the query names by arXiv id
    entity_tier: str | None  # None without an entity filter (and for named papers' chunks)
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
    paging: Paging
    facets: PaperFacets | None
    truncation_warning: str | None
    entity_filter: tuple[str, ...]  # casefolded names the entity filter looked for
    author_filter: tuple[str, ...]  # folded names the author filter looked for
    paper_matches: tuple[NamedPaper, ...]  # loaded papers named by arXiv id in the query
    arxiv_ids_not_loaded: tuple[str, ...]
    note: str
    coverage_note: str
    index_version: str
    run_query_id: int | None
    warnings: tuple[str, ...] = ()  # the query's own shape (notes.query_warnings), shown too
    # A search that found almost nothing: better-spelt words the papers index holds.
    did_you_mean: DidYouMean | None = None


def paper_query(req: PaperSearchRequest) -> PaperQuery:
    """What the backend runs for a request: parsed words, arXiv ids, filters, entity names
    with their aliases, folded author names, order."""
    parsed, ids = req.parsed, req.arxiv_ids
    if parsed.is_empty and not ids:
        raise NothingToSearch("no searchable words in the query")
    vocabulary = get_vocabulary()
    full = _full_name(req, parsed)
    return PaperQuery(
        query=parsed,
        mode=ALL_WORDS if req.match == PHRASE else req.match,
        categories=req.categories,
        content_types=req.content_types,
        date_from=req.date_from,
        date_to=req.date_to,
        entities=tuple(dict.fromkeys(n for e in req.entities for n in vocabulary.expand(e))),
        authors=tuple(dict.fromkeys(filter(None, (fold_name(a) for a in req.authors)))),
        arxiv_ids=ids,
        sort=req.sort,
        weights=FIELD_WEIGHTS,
        pool_cap=settings.PORTAL_PAPER_POOL_CAP,
        name_key=_name_key(req, parsed),
        full_name=full,
        full_name_key=name_key(" ".join(full)),
    )


def _name_key(req: PaperSearchRequest, parsed: ParsedQuery) -> str:
    """The author key of a query that may be a full name: its searched words (an initial or
    other dropped word left out, as the keys leave out middle names), all of them required."""
    if req.match != ALL_WORDS or parsed.phrases:
        return ""
    return name_key(" ".join(parsed.terms))


def _full_name(req: PaperSearchRequest, parsed: ParsedQuery) -> tuple[str, ...]:
    """The query's own words as one person's name, stop words kept (`Chen-An Li`: `chen an
    li`), when it may be one and a stop word was dropped from it; else ()."""
    if req.match != ALL_WORDS or parsed.phrases or not parsed.dropped:
        return ()
    text = split_arxiv_ids(req.query)[1]
    words = tuple(get_backend().tokenize(text))
    if not name_key(text) or words == parsed.terms:
        return ()
    return words


def search_facets(req: PaperSearchRequest) -> FacetsResult:
    """Facet counts over every match of a search, without its rows (the page's lazy panel)."""
    spec = paper_query(req)
    session = get_backend().paper_session(spec)
    total = session.ranked(0).total
    facets = _facets(session.facets(FACET_ENTITIES), total, ())
    return FacetsResult(req, facets, FACETS_NOTE, load_catalog().coverage_note())


def search_papers(req: PaperSearchRequest) -> PaperSearchResult:
    """Run one paper search; raises IndexUnavailable (-> 503), NothingToSearch, or Rejected
    for an offset past the last row."""
    spec = paper_query(req)
    parsed, wanted, cap = spec.query, spec.entities, spec.pool_cap
    catalog = load_catalog()
    session = get_backend().paper_session(spec)
    limit, capped_from = _limit(req.limit)
    per_doc = req.max_per_document or DEFAULT_MAX_PER_DOCUMENT
    pool, page = _first_page(session, req.diversify_by, per_doc, req.offset, limit)
    end = req.offset + limit
    shown = page.rows[req.offset : end]
    if req.offset and not shown:
        raise Rejected("offset", notes.past_the_end(req.offset, len(page.rows), pool, per_doc))
    rows = session.chunks(shown, explain=req.detail == FULL)
    hits = _hits(req, list(shown), rows)
    facets = None
    if req.facets:
        facets = _facets(session.facets(FACET_ENTITIES), pool.total, hits)
    short = len(shown) < limit
    if req.diversify_by != DOCUMENT:
        held_back = 0  # the per-paper cap holds nothing back in these modes
    elif short:
        held_back = page.held_back
    else:
        held_back = held_back_before(pool.hits, page.rows[:end])
    named = session.named_papers() if spec.arxiv_ids else ()
    found = {paper.arxiv_id for paper in named}
    facts = notes.NoteFacts(
        pool=pool, cap=cap, limit=limit, limit_capped_from=capped_from,
        max_per_document=per_doc, held_back=page.held_back, returned=len(hits),
        entity_names=req.entities, weights=spec.weights, named_papers=named,
        not_loaded=tuple(i for i in spec.arxiv_ids if i not in found),
    )  # fmt: skip
    more = len(page.rows) > end
    paging = Paging(
        offset=req.offset, shown=len(hits), next_offset=end if more else None,
        previous_offset=previous_offset(req.offset, limit),
        held_back=held_back, end_note=None if more else notes.end_note(pool, held_back, per_doc),
    )  # fmt: skip
    summary = PoolSummary(pool.size, cap, pool.total, pool.truncated)
    run_query_id = _record(req, summary, len(hits), session.version)
    words = VersionWords(session.version)
    hint = did_you_mean(req.query, parsed.all_words(), pool.total, words, "passage", words.best)
    note = notes.search_note(req, parsed, facts)
    return PaperSearchResult(
        request=req,
        terms_searched=tuple(parsed.terms_searched),
        terms_dropped=parsed.dropped,
        limit=limit,
        max_per_document=per_doc,
        hits=hits,
        total=pool.total,
        pool=summary,
        paging=paging,
        facets=facets,
        truncation_warning=notes.truncation_warning(pool, cap, req.sort),
        entity_filter=wanted,
        author_filter=spec.authors,
        paper_matches=named,
        arxiv_ids_not_loaded=facts.not_loaded,
        note=f"{note} {hint.note}" if hint else note,
        coverage_note=catalog.coverage_note(),
        index_version=session.version,
        run_query_id=run_query_id,
        warnings=notes.query_warnings(req, parsed),
        did_you_mean=hint,
    )


def _first_page(
    session: PaperSearchSession, mode: str, per_doc: int, offset: int, limit: int
) -> tuple[Pool, Page]:
    """Read the ranked pool a window at a time, widening it until the rows up to this page's
    end and one more (is there a next page?) are settled."""
    wanted = offset + limit + 1
    window = max(wanted * FIRST_WINDOW_PER_ROW, MIN_FIRST_WINDOW)
    while True:
        pool = session.ranked(window)
        if offset and offset >= pool.size:  # no row there, whatever the diversification
            raise Rejected("offset", notes.past_the_end(offset, None, pool, per_doc))
        page = first_rows(pool.hits, mode, max_per_document=per_doc, limit=wanted,
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
    for rank, (hit, row) in enumerate(zip(page, rows, strict=True), start=req.offset + 1):
        extra = decode_extras(row.display)
        if req.detail == MINIMAL:  # no chunk context at this detail
            extra = replace(extra, before=None, after=None)
        named = hit.tier == TIER_NAMED_PAPER
        tier = None
        if req.entities and not named:
            tier = TIER_NAMES.get(hit.tier, UNRECORDED_TIER_NAME)
        hits.append(
            PaperHit(
                rank=rank, chunk_id=row.chunk_id, paper_id=row.paper_id, arxiv_id=row.arxiv_id,
                title=row.title, chunk_index=row.chunk_index, section=row.section,
                content_type=row.content_type, snippet=row.snippet,
                score=round(row.score, 4), matched_terms=row.matched_terms,
                matched_in=row.matched_in, title_marked=row.title_marked or row.title,
                authors_marked=row.authors_marked or row.authors, named_paper=named,
                entity_tier=tier,
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
    if req.run_id is None or not req.record:
        return None
    entry = runs.record_query(
        req.run_id,
        query=req.query,
        query_string=req.query_string(format=None),
        total=pool.total,
        returned=returned,
        truncated=pool.truncated,
        index_version=version,
    )
    return entry.pk
