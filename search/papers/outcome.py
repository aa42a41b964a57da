"""Outcomes of a paper search (page and `/api/search_keyword`) and a look-up (`/api/paper`)."""

from search.answers.pipeline import Outcome, run_search
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.lookup import LookupResult, PaperLookup, look_up
from search.papers.notes import INDEX_UNAVAILABLE_NOTE
from search.papers.service import FacetsResult, PaperSearchResult, search_facets, search_papers


def paper_outcome(form: PaperSearchForm, *, idle_ok: bool) -> Outcome[PaperSearchResult]:
    """Validate the form and run the search."""
    return run_search(form, search_papers, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=idle_ok)


def facets_outcome(form: PaperSearchForm) -> Outcome[FacetsResult]:
    """Validate the form and count the search's matches by facet (no rows, no run record)."""
    return run_search(form, search_facets, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=False)


def lookup_outcome(form: PaperLookupForm) -> Outcome[LookupResult]:
    """Validate a canonical look-up and run it (a title look-up reads the index)."""

    def search(lookup: PaperLookup) -> LookupResult:
        return look_up(lookup, form.coverage_note())

    return run_search(form, search, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=False)
