"""JSON API of the paper search: `/api/search_keyword` and `/api/paper`."""

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from search.api_responses import outcome_response
from search.papers.catalog import load_catalog
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.outcome import lookup_outcome, paper_outcome
from search.papers.payloads import lookup_payload, search_payload


@require_GET
def search_keyword(request: HttpRequest) -> JsonResponse:
    """The seed's search_keyword: chunk-level BM25 search with filters and facets."""
    form = PaperSearchForm(request.GET, catalog=load_catalog(), user=request.user)
    return outcome_response(paper_outcome(form, idle_ok=False), search_payload)


@require_GET
def paper(request: HttpRequest) -> JsonResponse:
    """Canonical look-up by `arxiv_id` (any version suffix) or `paper_id`; or `title` search."""
    form = PaperLookupForm(request.GET, catalog=load_catalog())
    return outcome_response(lookup_outcome(form), lookup_payload, with_terms=False)
