"""What the survey page shows beside the outcome: its controls, the map, each row's links.

Links keep the survey's parameters: the CSV of the sections shown, each jurisdiction's own
statute search, and each section (its words highlighted there).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from search.answers.csv_answers import CSV
from search.answers.fields import repeated_values, split_codes
from search.answers.pipeline import Outcome
from search.statutes.chart import TileMap, survey_map
from search.statutes.search.results_page import search_params, switches
from search.statutes.survey.forms import StatuteSurveyForm
from search.statutes.survey.request import BY_NAME, PER_DEFAULT, PER_MAX
from search.statutes.survey.service import StatuteSurveyResult, SurveyRow
from search.text.jurisdictions import FEDERAL

# The survey's own parameters, carried by its links.
PARAMS = ("q", "per", "sort", "source", "title", "include", "stem", "headings", "expand")
# What a jurisdiction's statute search and its sections carry over from the survey.
SEARCH_PARAMS = ("q", "stem", "headings", "expand")


@dataclass(frozen=True)
class RowLinks:
    """One jurisdiction's row and where its links go."""

    row: SurveyRow
    # The section links' query string: the words (highlighted there) and that jurisdiction.
    section_query: str
    search_url: str


def survey_context(
    form: StatuteSurveyForm, outcome: Outcome[StatuteSurveyResult]
) -> dict[str, Any]:
    """The template context of the survey page for one outcome."""
    catalog = form.catalog
    data = form.data or {}
    result = outcome.result
    included = set(split_codes(repeated_values(data, "include")))
    sort = str(data.get("sort") or "").strip() or BY_NAME
    return {
        "form": form,
        "page": outcome,
        "result": result,
        "query_string": search_params(data, *PARAMS),
        "per_choices": range(1, PER_MAX + 1),
        "per_value": str(data.get("per") or PER_DEFAULT).strip(),
        "sort_value": sort,
        "switches": switches(data),
        "regulations": [
            {"code": code, "name": facts.name, "checked": code in included}
            for code, facts in catalog.regulation_codes.items()
        ],
        "search_url": f"{reverse('statute_search')}?{search_params(data, *SEARCH_PARAMS)}",
        "csv_url": f"{reverse('api_statute_survey')}?{search_params(data, *PARAMS, format=CSV)}",
        "api_url": f"{reverse('api_statute_survey')}?{search_params(data, *PARAMS)}",
        "rows": [_links(data, row) for row in result.rows] if result else [],
        "tile_map": _map(result) if result else None,
    }


def _links(data: Mapping[str, Any], row: SurveyRow) -> RowLinks:
    search = search_params(data, *SEARCH_PARAMS, jurisdiction=row.jurisdiction)
    # Federal law's row holds the regulations the survey included; its search keeps them.
    names = (*SEARCH_PARAMS, "include") if row.jurisdiction == FEDERAL else SEARCH_PARAMS
    url = (
        f"{reverse('statute_search')}?{search_params(data, *names, jurisdiction=row.jurisdiction)}"
    )
    return RowLinks(row, search, url)


def _map(result: StatuteSurveyResult) -> TileMap:
    # Shaded by the sections holding every searched word, not by any-word matches.
    return survey_map((r.jurisdiction, r.name, r.status, r.all_words_total) for r in result.rows)
