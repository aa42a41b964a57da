"""A statute search's, survey's or section look-up's outcome, for its page and API alike."""

from search.answers.pipeline import Outcome, run_search
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.notes import INDEX_UNAVAILABLE_NOTE
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import StatuteSearchResult, search_statutes
from search.statutes.sections.forms import SectionLookupForm
from search.statutes.sections.lookup import SectionLookup
from search.statutes.sections.service import SectionLookupResult, look_up_section
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


def section_outcome(form: SectionLookupForm) -> Outcome[SectionLookupResult]:
    """Validate a section look-up and run it on the form's catalog."""

    def search(lookup: SectionLookup) -> SectionLookupResult:
        return look_up_section(lookup, form.catalog)

    return run_search(form, search, unavailable_note=INDEX_UNAVAILABLE_NOTE, idle_ok=False)
