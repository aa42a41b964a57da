"""What the paper search page shows for one request: idle, invalid, unavailable or results.

Links on the page (entity chips, facet counts) are built here from the validated request,
so every one keeps the rest of the search and opens a shareable URL.
"""

from dataclasses import dataclass, field, replace

from django.urls import reverse

from search.api_responses import form_errors
from search.backends.base import IndexUnavailable
from search.papers.catalog import PaperCatalog
from search.papers.forms import PaperSearchForm
from search.papers.notes import INDEX_UNAVAILABLE_NOTE
from search.papers.request import PaperSearchRequest
from search.papers.service import NothingToSearch, PaperHit, PaperSearchResult, search_papers

IDLE = "idle"
INVALID = "invalid"
UNAVAILABLE = "unavailable"
DONE = "done"
STATUS_CODES = {IDLE: 200, INVALID: 400, UNAVAILABLE: 503, DONE: 200}


@dataclass(frozen=True)
class Link:
    """A filter link: its label, count (facets) or type (chips), and whether it is applied."""

    label: str
    url: str
    active: bool = False
    count: int | None = None
    kind: str = ""


@dataclass(frozen=True)
class Row:
    """One result with the links the page shows around it."""

    hit: PaperHit
    paper_url: str
    entity_links: tuple[Link, ...]


@dataclass(frozen=True)
class SearchPage:
    """The page's state and what it renders."""

    state: str
    coverage_note: str
    result: PaperSearchResult | None = None
    rows: tuple[Row, ...] = ()
    content_type_links: tuple[Link, ...] = ()
    entity_facet_links: tuple[Link, ...] = ()
    errors: dict[str, list[str]] = field(default_factory=dict)
    reason: str = ""
    note: str = ""

    @property
    def status(self) -> int:
        """HTTP status: 400 for bad input, 503 when the index is missing."""
        return STATUS_CODES[self.state]


def search_page(form: PaperSearchForm, catalog: PaperCatalog) -> SearchPage:
    """Validate the form and, when there is a query, run the search (facets always on)."""
    if form.is_idle:
        return SearchPage(IDLE, catalog.coverage_note())
    if not form.is_valid():
        return SearchPage(INVALID, catalog.coverage_note(), errors=form_errors(form))
    request = replace(form.to_request(), facets=True)
    try:
        result = search_papers(request)
    except IndexUnavailable as exc:
        return SearchPage(UNAVAILABLE, catalog.coverage_note(), reason=exc.reason,
                          note=INDEX_UNAVAILABLE_NOTE)  # fmt: skip
    except NothingToSearch:
        errors = {"query": ["The query has no searchable words."]}
        return SearchPage(INVALID, catalog.coverage_note(), errors=errors)
    return SearchPage(
        DONE,
        result.coverage_note,
        result=result,
        rows=tuple(_row(request, hit) for hit in result.hits),
        content_type_links=_content_type_links(result),
        entity_facet_links=_entity_facet_links(result),
        note=result.note,
    )


def page_url(request: PaperSearchRequest, **changes: object) -> str:
    """The search page URL for `request` with some parameters changed (facets implied)."""
    return reverse("paper_search") + "?" + request.query_string(facets=None, **changes)


def _with_entity(request: PaperSearchRequest, name: str) -> tuple[bool, str]:
    """Whether `name` is already filtered, and the URL that adds it to the filter."""
    active = name.casefold() in {e.casefold() for e in request.entities}
    entities = request.entities if active else (*request.entities, name)
    return active, page_url(request, entities=entities)


def _row(request: PaperSearchRequest, hit: PaperHit) -> Row:
    links = []
    for name, kind in hit.extras.entities:
        active, url = _with_entity(request, name)
        links.append(Link(name, url, active=active, kind=kind))
    paper_url = reverse("paper_page", args=[hit.paper_id]) + "?" + _highlight_params(request)
    return Row(hit, paper_url, tuple(links))


def _highlight_params(request: PaperSearchRequest) -> str:
    """Carry the words to the paper page, so it marks them in every chunk."""
    return PaperSearchRequest(query=request.query, match=request.match).query_string()


def _content_type_links(result: PaperSearchResult) -> tuple[Link, ...]:
    if result.facets is None:
        return ()
    request = result.request
    links = []
    for facet in result.facets.content_types:
        active = request.content_types == (facet.value,)
        # A count narrows to that type; the applied one links back to all types.
        chosen: tuple[str, ...] = () if active else (facet.value,)
        links.append(Link(facet.label, page_url(request, contentType=chosen), active, facet.count))
    return tuple(links)


def _entity_facet_links(result: PaperSearchResult) -> tuple[Link, ...]:
    if result.facets is None:
        return ()
    links = []
    for facet in result.facets.entities:
        active, url = _with_entity(result.request, facet.value)
        links.append(Link(facet.label, url, active, facet.count))
    return tuple(links)
