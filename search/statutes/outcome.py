"""A statute search's or survey's outcome, for its page and its API alike."""

from search.answers.outcomes import Outcome, run_search
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.notes import INDEX_UNAVAILABLE_NOTE
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import StatuteSearchResult, search_statutes
from search.statutes.survey.forms import StatuteSurveyForm
from search.statutes.survey.request import StatuteSurveyRequest
from search.statutes.survey.service import StatuteSurveyResult, survey_statutes


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
