"""JSON API of the statute search: `/api/statute_search`, `/api/statute_survey`, `/api/statute`,
`/api/sources`."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from search.answers.csv_answers import answer_or_download
from search.answers.json_answers import json_response
from search.statutes.catalog import load_catalog
from search.statutes.outcome import statute_outcome, survey_outcome
from search.statutes.payloads import search_export, search_payload, survey_export, survey_payload
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.sections.lookup_answers import section_answer, sources_answer
from search.statutes.survey.forms import StatuteSurveyForm


@require_GET
def api_statute_search(request: HttpRequest) -> HttpResponse:
    """Keyword search of statute and regulation sections (`format=csv`: the rows as CSV)."""
    form = StatuteSearchForm(request.GET, catalog=load_catalog(), exports=True)
    outcome = statute_outcome(form, idle_ok=False)
    return answer_or_download(form, outcome, search_payload, search_export)


@require_GET
def api_statute_survey(request: HttpRequest) -> HttpResponse:
    """The best sections per jurisdiction for one question (`format=csv`: one line each)."""
    form = StatuteSurveyForm(request.GET, catalog=load_catalog(), exports=True)
    outcome = survey_outcome(form, idle_ok=False)
    return answer_or_download(form, outcome, survey_payload, survey_export)


@require_GET
def api_statute(request: HttpRequest) -> JsonResponse:
    """One whole section by `id` or `citation`."""
    return json_response(section_answer(request.GET))


@require_GET
def api_sources(request: HttpRequest) -> JsonResponse:
    """The full coverage statement and, per source code, its coverage and title forms."""
    return json_response(sources_answer(request.GET))
