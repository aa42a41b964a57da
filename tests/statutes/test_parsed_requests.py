"""Services run the query the request carries, as its form parsed it; they never parse `q`."""

from pathlib import Path

import pytest

from search.statutes.search.request import StatuteSearchRequest, parse_statute_query
from search.statutes.search.service import search_statutes
from search.statutes.survey.request import StatuteSurveyRequest
from search.statutes.survey.service import survey_statutes

pytestmark = pytest.mark.django_db


def test_a_request_needs_its_parsed_query() -> None:
    with pytest.raises(TypeError):
        StatuteSearchRequest(q="retaliate")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        StatuteSurveyRequest(q="retaliate")  # type: ignore[call-arg]


def test_the_search_runs_the_parsed_query_not_the_text(statute_index: Path) -> None:
    parsed = parse_statute_query("retaliate")
    given = search_statutes(StatuteSearchRequest(q="habitation", expand=False, parsed=parsed))
    typed = search_statutes(StatuteSearchRequest.for_query("retaliate", expand=False))
    assert given.terms_searched == typed.terms_searched == ("retaliate",)
    assert [r.id for r in given.results] == [r.id for r in typed.results] != []


def test_the_survey_runs_the_parsed_query_not_the_text(statute_index: Path) -> None:
    parsed = parse_statute_query("retaliate")
    given = survey_statutes(StatuteSurveyRequest(q="habitation", expand=False, parsed=parsed))
    typed = survey_statutes(StatuteSurveyRequest.for_query("retaliate", expand=False))
    assert given.terms_searched == typed.terms_searched == ("retaliate",)
    assert [(r.jurisdiction, r.total) for r in given.rows] == [
        (r.jurisdiction, r.total) for r in typed.rows
    ]
    assert any(r.total for r in given.rows)
