"""What the statute search page shows for one request: idle, invalid, unavailable or results."""

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.conf import settings

from search.api_responses import form_errors
from search.backends.base import IndexUnavailable
from search.statutes import notes
from search.statutes.catalog import Catalog
from search.statutes.forms import StatuteSearchForm
from search.statutes.service import StatuteSearchResult, search_statutes

IDLE = "idle"
INVALID = "invalid"
UNAVAILABLE = "unavailable"
DONE = "done"
STATUS_CODES = {IDLE: 200, INVALID: 400, UNAVAILABLE: 503, DONE: 200}
PARAMS = ("q", "jurisdiction", "source", "title", "limit")


@dataclass(frozen=True)
class SearchPage:
    """The page's state; `query_string` carries the search to section pages and back."""

    state: str
    coverage_note: str
    jurisdiction: str | None = None
    # No jurisdiction and the scope spans several: the form shows the mixing warning.
    mixes_states: bool = True
    result: StatuteSearchResult | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    reason: str = ""
    query_string: str = ""

    @property
    def status(self) -> int:
        """HTTP status: 400 for bad input, 503 when the index is missing."""
        return STATUS_CODES[self.state]


def search_page(form: StatuteSearchForm, catalog: Catalog) -> SearchPage:
    """Validate the form and, when there is a query, run the search."""
    raw_jurisdiction = str(form.data.get("jurisdiction") or "").strip().lower() or None
    jurisdiction = _known(catalog, raw_jurisdiction)
    source = catalog.resolve_source(str(form.data.get("source") or ""))
    mixes = _mixes_states(catalog, jurisdiction, source.code if source else None)
    query_string = urlencode(
        [(p, str(form.data.get(p)).strip()) for p in PARAMS if str(form.data.get(p) or "").strip()]
    )
    if form.is_idle:
        coverage = notes.coverage_note(catalog, jurisdiction=jurisdiction)
        return SearchPage(IDLE, coverage, jurisdiction, mixes)
    if not form.is_valid():
        data = form.cleaned_data
        source = data.get("source")
        coverage = notes.coverage_note(
            catalog, jurisdiction=data.get("jurisdiction"), source=source.code if source else None
        )
        return SearchPage(
            INVALID, coverage, data.get("jurisdiction"), mixes, errors=form_errors(form),
            query_string=query_string,
        )  # fmt: skip
    request = form.to_request()
    try:
        result = search_statutes(request, catalog)
    except IndexUnavailable as exc:
        coverage = notes.coverage_note(
            catalog, jurisdiction=request.jurisdiction, source=request.source, title=request.title
        )
        return SearchPage(UNAVAILABLE, coverage, request.jurisdiction, mixes, reason=exc.reason)
    return SearchPage(
        DONE, result.coverage_note, request.jurisdiction, mixes, result=result,
        query_string=query_string,
    )  # fmt: skip


def _mixes_states(catalog: Catalog, jurisdiction: str | None, source: str | None) -> bool:
    if jurisdiction:
        return False
    return len({j for s in catalog.scope(source=source) for j in s.jurisdictions}) > 1


def _known(catalog: Catalog, jurisdiction: str | None) -> str | None:
    return jurisdiction if jurisdiction in catalog.jurisdictions else None


def default_limit() -> int:
    """The limit used when none is given."""
    return int(settings.PORTAL_STATUTE_LIMIT_DEFAULT)
