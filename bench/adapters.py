"""Layers (b) and (c): one small adapter per search, the only code that knows our services.

Each adapter takes a workload case and returns the result keys in rank order (statute ids,
`paper_id#chunk_index` for papers), so every layer can be checked against the others.
If a service's API changes, only this module changes.
"""

from urllib.parse import urlencode

from bench.workload import PaperCase, StatuteCase

STATUTE_LIMIT = 20
PAPER_LIMIT = 10
STATUTE_API = "/api/statute_search"
PAPER_API = "/api/search_keyword"
# A JSON answer through the whole stack that runs no search (the API's own listing).
FLOOR_PATH = "/api/"
# Diversification on: spread over key concepts; off: a per-paper cap the limit never reaches.
DIVERSIFY_ON = "keyConcept"


def statute_service(
    case: StatuteCase, limit: int = STATUTE_LIMIT, *, stem: bool = False, headings: bool = False
) -> list[str]:
    """Layer (b): the statute search service (optionally with word forms and headings)."""
    from search.statutes.scope import Scope
    from search.statutes.search.request import StatuteSearchRequest
    from search.statutes.search.service import search_statutes

    scope = Scope(jurisdictions=(case.jurisdiction,) if case.jurisdiction else ())
    request = StatuteSearchRequest.for_query(
        q=case.q, scope=scope, limit=limit, stem=stem, headings=headings
    )
    return [row.id for row in search_statutes(request).results]


def statute_path(case: StatuteCase, limit: int = STATUTE_LIMIT) -> str:
    """Layer (c): the statute search API URL path."""
    params = {"q": case.q, "limit": limit}
    if case.jurisdiction:
        params["jurisdiction"] = case.jurisdiction
    return f"{STATUTE_API}?{urlencode(params)}"


def statute_keys(payload: dict) -> list[str]:
    """Result keys of a statute API response."""
    return [row["id"] for row in payload["results"]]


def _paper_options(case: PaperCase, limit: int) -> dict[str, object]:
    options: dict[str, object] = {"match": case.match, "limit": limit, "facets": case.facets}
    if case.diversify:
        options["diversify_by"] = DIVERSIFY_ON
    else:
        options["diversify_by"] = "document"
        options["max_per_document"] = limit
    return options


def paper_service(case: PaperCase, limit: int = PAPER_LIMIT) -> list[str]:
    """Layer (b): the paper search service."""
    from search.papers.request import PaperSearchRequest
    from search.papers.service import search_papers

    request = PaperSearchRequest.for_query(query=case.query, **_paper_options(case, limit))
    result = search_papers(request)
    return [f"{row.paper_id}#{row.chunk_index}" for row in result.hits]


def paper_default(case: PaperCase, limit: int = PAPER_LIMIT) -> list[str]:
    """Layer (b) with the service's default diversification (quality is judged on it)."""
    from search.papers.request import PaperSearchRequest
    from search.papers.service import search_papers

    request = PaperSearchRequest.for_query(query=case.query, match=case.match, limit=limit)
    return [f"{row.paper_id}#{row.chunk_index}" for row in search_papers(request).hits]


def paper_path(case: PaperCase, limit: int = PAPER_LIMIT) -> str:
    """Layer (c): the paper search API URL path (the seed's parameter names)."""
    options = _paper_options(case, limit)
    params = {"query": case.query, "match": case.match, "limit": limit, "detail": "standard"}
    if case.facets:
        params["facets"] = "true"
    params["diversifyBy"] = options["diversify_by"]
    if "max_per_document" in options:
        params["maxPerDocument"] = options["max_per_document"]
    return f"{PAPER_API}?{urlencode(params)}"


def paper_keys(payload: dict) -> list[str]:
    """Result keys of a paper API response."""
    return [f"{row['paper_id']}#{row['chunk_index']}" for row in payload["results"]]
