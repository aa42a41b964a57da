"""Outcomes of a paper search (page and `/api/search_keyword`) and a look-up (`/api/paper`)."""

from dataclasses import replace

from search.outcomes import Outcome, run_search
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.lookup import LookupResult, PaperLookup, look_up
from search.papers.notes import INDEX_UNAVAILABLE_NOTE
from search.papers.request import PaperSearchRequest
from search.papers.service import PaperSearchResult, search_papers


def paper_outcome(
    form: PaperSearchForm, *, idle_ok: bool, facets: bool | None = None
) -> Outcome[PaperSearchResult]:
    """Validate the form and run the search (`facets` overrides the request's choice)."""

    def search(request: PaperSearchRequest) -> PaperSearchResult:
        return search_papers(request if facets is None else replace(request, facets=facets))

    return run_search(form, search, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=idle_ok)


def lookup_outcome(form: PaperLookupForm) -> Outcome[LookupResult]:
    """Validate a canonical look-up and run it (a title look-up reads the index)."""

    def search(lookup: PaperLookup) -> LookupResult:
        return look_up(lookup, form.coverage_note())

    return run_search(form, search, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=False)
