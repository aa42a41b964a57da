"""JSON API of the statute search: `/api/statute_search`, `/api/statute_survey`, `/api/statute`,
`/api/sources`."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from search.answers.csv_answers import CSV, JSON, ExportForm, csv_response
from search.answers.json_answers import invalid_form, json_response, outcome_response
from search.answers.outcomes import DONE
from search.statutes.catalog import load_catalog
from search.statutes.outcome import statute_outcome, survey_outcome
from search.statutes.payloads import (
    CSV_COLUMNS,
    SURVEY_CSV_COLUMNS,
    csv_filename,
    csv_rows,
    search_payload,
    survey_csv_filename,
    survey_csv_rows,
    survey_payload,
)
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.sections.lookup_answers import section_answer, sources_answer
from search.statutes.survey.forms import StatuteSurveyForm


@require_GET
def api_statute_search(request: HttpRequest) -> HttpResponse:
    """Keyword search of statute and regulation sections (`format=csv`: the rows as CSV)."""
    form = StatuteSearchForm(request.GET, catalog=load_catalog())
    export = ExportForm(request.GET, formats=(JSON, CSV))
    if not export.is_valid():
        return json_response(invalid_form(export, form.coverage_note()))
    outcome = statute_outcome(form, idle_ok=False)
    if outcome.state == DONE and outcome.result and export.cleaned_data["format"] == CSV:
        result = outcome.result
        return csv_response(csv_filename(result), CSV_COLUMNS, csv_rows(result))
    return outcome_response(outcome, search_payload)


@require_GET
def api_statute_survey(request: HttpRequest) -> HttpResponse:
    """The best sections per jurisdiction for one question (`format=csv`: one line each)."""
    form = StatuteSurveyForm(request.GET, catalog=load_catalog())
    export = ExportForm(request.GET, formats=(JSON, CSV))
    if not export.is_valid():
        return json_response(invalid_form(export, form.coverage_note()))
    outcome = survey_outcome(form, idle_ok=False)
    if outcome.state == DONE and outcome.result and export.cleaned_data["format"] == CSV:
        result = outcome.result
        return csv_response(
            survey_csv_filename(result), SURVEY_CSV_COLUMNS, survey_csv_rows(result)
        )
    return outcome_response(outcome, survey_payload)


@require_GET
def api_statute(request: HttpRequest) -> JsonResponse:
    """One whole section by `id` or `citation`."""
    return json_response(section_answer(request.GET))


@require_GET
def api_sources(request: HttpRequest) -> JsonResponse:
    """The full coverage statement and, per source code, its coverage and title forms."""
    return json_response(sources_answer(request.GET))
