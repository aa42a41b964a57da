"""JSON API of the paper search: `/api/search_keyword` and `/api/paper`."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from search.api_responses import file_response, outcome_response
from search.papers.catalog import load_catalog
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.outcome import lookup_outcome, paper_outcome
from search.papers.payloads import export_file, lookup_payload, search_payload
from search.papers.request import JSON
from search.views.same_origin import is_cross_site


@require_GET
def search_keyword(request: HttpRequest) -> HttpResponse:
    """The seed's search_keyword: chunk-level BM25 search with filters and facets; with
    `format=csv|bibtex` the same rows as a file. A `run_id` records the call in that run,
    unless the browser says another site sent it (then a 400)."""
    form = PaperSearchForm(
        request.GET, catalog=load_catalog(), user=request.user, record=True, exports=True,
        cross_site=is_cross_site(request),
    )  # fmt: skip
    outcome = paper_outcome(form, idle_ok=False)
    if outcome.result is not None and outcome.result.request.format != JSON:
        body, content_type, name = export_file(outcome.result, request.build_absolute_uri)
        return file_response(body, content_type=content_type, filename=name)
    return outcome_response(outcome, search_payload)


@require_GET
def paper(request: HttpRequest) -> JsonResponse:
    """Canonical look-up by `arxiv_id` (any version suffix) or `paper_id`; or `title` search."""
    form = PaperLookupForm(request.GET, catalog=load_catalog())
    return outcome_response(lookup_outcome(form), lookup_payload, with_terms=False)
