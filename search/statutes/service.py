"""Statute search: a validated request in, a frozen result out; knows nothing of HTTP."""

from dataclasses import dataclass, field

from django.conf import settings

from search.backends.base import Either, Filter, Terms
from search.backends.registry import get_backend
from search.backends.statute_search import Hit, TextSearch
from search.query import OVER_LIMIT, DroppedTerm, NothingToSearch, ParsedQuery, parse_query
from search.statutes import notes
from search.statutes.catalog import STATUTE, Catalog, load_catalog
from search.statutes.sections import SectionRef, find_by_citation

SEARCHED_FIELD = "body"
TIE_BREAK_FIELD = "order"
ROW_FIELDS = (
    "id", "citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
    "chapter", "section", "as_of", "url", "ends_at_colon",
)  # fmt: skip


@dataclass(frozen=True)
class StatuteSearchRequest:
    """A validated search: `source` is a loaded source code (`cfr`), `title` one of its forms.

    `parsed` is the query as the form parsed it; left out (tests, the bench), it is parsed here.
    """

    q: str
    limit: int | None = None
    jurisdiction: str | None = None
    source: str | None = None
    title: str | None = None
    parsed: ParsedQuery | None = field(default=None, compare=False)


@dataclass(frozen=True)
class StatuteRow:
    """One ranked section."""

    rank: int
    id: str
    citation: str
    heading: str | None
    jurisdiction: str
    corpus: str
    source: str
    code_name: str | None
    title: str | None
    chapter: str | None
    section: str | None
    as_of: str
    url: str | None
    snippet: str
    score: float
    ends_at_colon: bool
    matched_terms: tuple[str, ...]


@dataclass(frozen=True)
class StatuteSearchResult:
    """Everything a page or API response shows for one search."""

    q: str
    terms_searched: tuple[str, ...]
    terms_dropped: tuple[DroppedTerm, ...]
    total: int
    results: tuple[StatuteRow, ...]
    limit: int
    jurisdiction: str | None
    source: str | None
    title: str | None
    note: str
    coverage_note: str
    warnings: tuple[str, ...]
    explanations: tuple[str, ...]
    citation_matches: tuple[SectionRef, ...]


def parse_statute_query(q: str) -> ParsedQuery:
    """The query as the statutes index will run it."""
    return parse_query(q, get_backend().tokenize, max_terms=settings.PORTAL_MAX_QUERY_TERMS)


def search_statutes(
    request: StatuteSearchRequest, catalog: Catalog | None = None
) -> StatuteSearchResult:
    """Run one search; raises IndexUnavailable (no live index) or NothingToSearch."""
    catalog = catalog or load_catalog()
    parsed = request.parsed or parse_statute_query(request.q)
    if parsed.is_empty:
        raise NothingToSearch(f"nothing left to search in {request.q!r}")
    requested = request.limit or settings.PORTAL_STATUTE_LIMIT_DEFAULT
    limit = min(requested, settings.PORTAL_STATUTE_LIMIT_MAX)
    spec = TextSearch(
        query=parsed,
        field=SEARCHED_FIELD,
        limit=limit,
        filters=scope_filters(catalog, request),
        tie_break=TIE_BREAK_FIELD,
        fields=ROW_FIELDS,
    )
    page = get_backend().search_statutes(spec)
    rows = tuple(_row(rank, hit) for rank, hit in enumerate(page.hits, start=1))
    warnings = _warnings(catalog, request, parsed, requested, limit)
    explanations = [notes.RANKING_NOTE]
    if any(row.ends_at_colon for row in rows):
        explanations.append(notes.ENDS_AT_COLON_NOTE)
    return StatuteSearchResult(
        q=request.q,
        terms_searched=tuple(parsed.terms_searched),
        terms_dropped=parsed.dropped,
        total=page.total,
        results=rows,
        limit=limit,
        jurisdiction=request.jurisdiction,
        source=request.source,
        title=request.title,
        note=" ".join([*warnings, *explanations]),
        coverage_note=notes.coverage_note(
            catalog, jurisdiction=request.jurisdiction, source=request.source, title=request.title
        ),
        warnings=warnings,
        explanations=tuple(explanations),
        citation_matches=find_by_citation(request.q, prefer_jurisdiction=request.jurisdiction),
    )


def scope_filters(catalog: Catalog, request: StatuteSearchRequest) -> tuple[Filter, ...]:
    """Filters for the request's scope: one source (and title), or statutes + default regs."""
    filters: list[Filter] = []
    if request.source:
        filters.append(Terms("source", (request.source,)))
        if request.title:
            facts = catalog.by_code[request.source]
            filters.append(Terms(facts.title_field, (request.title,)))
    else:
        statutes = Terms("corpus", (STATUTE,))
        defaults = tuple(s.code for s in catalog.default_loaded)
        filters.append(Either((statutes, Terms("source", defaults))) if defaults else statutes)
    if request.jurisdiction:
        filters.append(Terms("jurisdiction", (request.jurisdiction,)))
    return tuple(filters)


def _warnings(
    catalog: Catalog,
    request: StatuteSearchRequest,
    parsed: ParsedQuery,
    requested: int,
    limit: int,
) -> tuple[str, ...]:
    found = []
    scope = catalog.scope(jurisdiction=request.jurisdiction, source=request.source)
    if not request.jurisdiction and len({j for s in scope for j in s.jurisdictions}) > 1:
        found.append(notes.NO_JURISDICTION_WARNING)
    if requested > limit:
        found.append(notes.limit_capped_warning(requested, limit))
    if parsed.unclosed_quote:
        found.append(notes.UNCLOSED_QUOTE_WARNING)
    if parsed.used_or:
        found.append(notes.OR_WARNING)
    over = sum(1 for d in parsed.dropped if d.reason == OVER_LIMIT)
    if over:
        found.append(notes.over_term_cap_warning(over, settings.PORTAL_MAX_QUERY_TERMS))
    return tuple(found)


def _row(rank: int, hit: Hit) -> StatuteRow:
    return StatuteRow(
        rank=rank,
        id=hit.first("id"),
        citation=hit.first("citation", ""),
        heading=hit.first("heading"),
        jurisdiction=hit.first("jurisdiction", ""),
        corpus=hit.first("corpus", ""),
        source=hit.first("source", ""),
        code_name=hit.first("code_name"),
        title=hit.first("title"),
        chapter=hit.first("chapter"),
        section=hit.first("section"),
        as_of=hit.first("as_of", ""),
        url=hit.first("url"),
        snippet=hit.snippet,
        score=round(hit.score, 4),
        ends_at_colon=bool(hit.first("ends_at_colon", False)),
        matched_terms=hit.matched,
    )
