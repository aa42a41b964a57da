"""A statute search's or survey's outcome, for its page and its API alike."""

from search.outcomes import Outcome, run_search
from search.statutes.forms import StatuteSearchForm
from search.statutes.notes import INDEX_UNAVAILABLE_NOTE
from search.statutes.service import StatuteSearchRequest, StatuteSearchResult, search_statutes
from search.statutes.survey import StatuteSurveyRequest, StatuteSurveyResult, survey_statutes
from search.statutes.survey_form import StatuteSurveyForm


def statute_outcome(form: StatuteSearchForm, *, idle_ok: bool) -> Outcome[StatuteSearchResult]:
    """Validate the form and run the search on the form's catalog."""

    def search(request: StatuteSearchRequest) -> StatuteSearchResult:
        return search_statutes(request, form.catalog)

    return run_search(form, search, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=idle_ok)


def survey_outcome(form: StatuteSurveyForm, *, idle_ok: bool) -> Outcome[StatuteSurveyResult]:
    """Validate the form and run the survey on the form's catalog."""

    def survey(request: StatuteSurveyRequest) -> StatuteSurveyResult:
        return survey_statutes(request, form.catalog)

    return run_search(form, survey, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=idle_ok)
