"""What the paper search page shows beside the outcome: result rows with their links, facets,
paging and export links, and the panel of papers named by arXiv id.

Links on the page (entity chips, author names, facet counts, Next / Previous) are built here
from the validated request, so every one keeps the rest of the search and opens a shareable
URL; a link that changes what matches starts again at the first row.
"""

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from search.answers.paging import PagingLinks, paging_links
from search.answers.pipeline import Outcome
from search.papers.forms import PaperSearchForm
from search.papers.request import BIBTEX, CSV, PaperSearchRequest
from search.papers.service import PaperFacets, PaperHit, PaperSearchResult


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
    author_links: tuple[Link, ...]  # label: the name with [hl] marks where the query matched


def page_context(form: PaperSearchForm, outcome: Outcome[PaperSearchResult]) -> dict[str, Any]:
    """The template context of the search page for one outcome."""
    result = outcome.result
    context: dict[str, Any] = {
        "form": form,
        "page": outcome,
        "result": result,
        "catalog": form.catalog,
        "rows": (),
        "content_type_links": (),
        "entity_facet_links": (),
    }
    if result is not None:
        request = result.request
        context["rows"] = tuple(_row(request, hit) for hit in result.hits)
        # The counts do not depend on the order or the page, but the links they carry keep
        # both the order and everything else (only the offset starts again).
        context["facets_url"] = reverse("paper_facets") + "?" + request.query_string(offset=None)
        context["with_facets_url"] = page_url(request, facets="true", offset=request.offset)
        context.update(pages=_paging(result), exports=_export_links(request))
        if result.did_you_mean is not None:
            hint = result.did_you_mean
            url = page_url(request, query=hint.query, offset=None)
            context["did_you_mean"] = {"url": url, "query": hint.query,
                                       "suggestions": hint.suggestions}  # fmt: skip
        if result.facets is not None:
            context.update(facets_context(request, result.facets))
    return context


def facets_context(request: PaperSearchRequest, facets: PaperFacets) -> dict[str, Any]:
    """The facet panel: counts that narrow the search, each a link to the narrowed page."""
    return {
        "facets": facets,
        "content_type_links": _content_type_links(request, facets),
        "entity_facet_links": _entity_facet_links(request, facets),
    }


def page_url(request: PaperSearchRequest, **changes: object) -> str:
    """The search page URL for `request` with some parameters changed and every other kept
    (`facets=true` too: without JavaScript the counts stay on the page). Unless `offset` is
    among the changes, a changed search starts again at its first row."""
    if changes and "offset" not in changes:
        changes["offset"] = None
    if changes.get("offset") == 0:
        changes["offset"] = None
    return reverse("paper_search") + "?" + request.query_string(**changes)


def _paging(result: PaperSearchResult) -> PagingLinks:
    def url(offset: int | None) -> str:
        return page_url(result.request, offset=offset)

    return paging_links(
        result.paging, total=result.total, size=result.limit, url=url, target="#results"
    )


def _export_links(request: PaperSearchRequest) -> tuple[Link, ...]:
    """The rows shown, as files (the API's formats); never recorded in a research run."""
    api = reverse("api_search_keyword") + "?"
    return tuple(
        Link(label, api + request.query_string(format=kind, run_id=None, facets=None))
        for label, kind in (("CSV", CSV), ("BibTeX", BIBTEX))
    )


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
    paper_url = reverse("paper_page", args=[hit.paper_id]) + "?" + _paper_page_params(request)
    return Row(hit, paper_url, tuple(links), _author_links(request, hit))


def _author_links(request: PaperSearchRequest, hit: PaperHit) -> tuple[Link, ...]:
    """Each author's name: a link narrowing this search to that author (back to all authors
    when already narrowed to them alone)."""
    links = []
    for name, marked in zip(hit.authors, hit.authors_marked, strict=True):
        active = request.authors == (name,)
        url = page_url(request, authors=() if active else (name,))
        links.append(Link(marked, url, active=active))
    return tuple(links)


def _paper_page_params(request: PaperSearchRequest) -> str:
    """Carry the whole search to the paper page: it marks the words in every chunk, and its
    link back opens the same search, every filter kept."""
    return request.query_string(facets=None, format=None)


def _content_type_links(request: PaperSearchRequest, facets: PaperFacets) -> tuple[Link, ...]:
    links = []
    for facet in facets.content_types:
        active = request.content_types == (facet.value,)
        # A count narrows to that type; the applied one links back to all types.
        chosen: tuple[str, ...] = () if active else (facet.value,)
        links.append(Link(facet.label, page_url(request, contentType=chosen), active, facet.count))
    return tuple(links)


def _entity_facet_links(request: PaperSearchRequest, facets: PaperFacets) -> tuple[Link, ...]:
    links = []
    for facet in facets.entities:
        active, url = _with_entity(request, facet.value)
        links.append(Link(facet.label, url, active, facet.count))
    return tuple(links)
