"""JSON API of the statute search: `/api/statute_search`, `/api/statute`, `/api/sources`."""

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from search.api_responses import json_response, outcome_response
from search.statutes.answers import section_answer, sources_answer
from search.statutes.catalog import load_catalog
from search.statutes.forms import StatuteSearchForm
from search.statutes.outcome import statute_outcome
from search.statutes.payloads import search_payload


@require_GET
def statute_search(request: HttpRequest) -> JsonResponse:
    """Keyword search of statute and regulation sections."""
    form = StatuteSearchForm(request.GET, catalog=load_catalog())
    return outcome_response(statute_outcome(form, idle_ok=False), search_payload)


@require_GET
def statute(request: HttpRequest) -> JsonResponse:
    """One whole section by `id` or `citation`."""
    return json_response(section_answer(request.GET))


@require_GET
def sources(request: HttpRequest) -> JsonResponse:
    """The full coverage statement and, per source code, its coverage and title forms."""
    return json_response(sources_answer(request.GET))
