"""A statute search request's outcome, for the search page and `/api/statute_search` alike."""

from search.outcomes import Outcome, run_search
from search.statutes.forms import StatuteSearchForm
from search.statutes.notes import INDEX_UNAVAILABLE_NOTE
from search.statutes.service import StatuteSearchRequest, StatuteSearchResult, search_statutes


def statute_outcome(form: StatuteSearchForm, *, idle_ok: bool) -> Outcome[StatuteSearchResult]:
    """Validate the form and run the search on the form's catalog."""

    def search(request: StatuteSearchRequest) -> StatuteSearchResult:
        return search_statutes(request, form.catalog)

    return run_search(form, search, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=idle_ok)
