"""The survey service and its form: one row per jurisdiction, the same rows as per-state
searches, misses apart from places not loaded, honest notes, and bad input refused."""

from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict

from search.statutes.catalog import load_catalog
from search.statutes.scope import Scope
from search.statutes.search import notes
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import search_statutes
from search.statutes.survey.forms import StatuteSurveyForm
from search.statutes.survey.request import BY_SCORE, PER_MAX, StatuteSurveyRequest
from search.statutes.survey.service import (
    MATCHED,
    NO_MATCH,
    NOT_LOADED,
    NOT_SEARCHED,
    StatuteSurveyResult,
    SurveyRow,
    survey_statutes,
)

pytestmark = pytest.mark.django_db

DEPOSIT = 'landlord return "security deposit"'


def survey(q: str = DEPOSIT, **options: Any) -> StatuteSurveyResult:
    return survey_statutes(StatuteSurveyRequest.for_query(q=q, **options))


def by_code(result: StatuteSurveyResult) -> dict[str, SurveyRow]:
    return {row.jurisdiction: row for row in result.rows}


def test_every_known_jurisdiction_gets_one_row_with_its_status(statute_index: Path) -> None:
    result = survey()
    rows = by_code(result)
    assert len(rows) == len(result.rows)
    assert rows["wa"].status == MATCHED and rows["id"].status == MATCHED
    assert rows["wa"].total == 2 and rows["id"].total == 1
    for place in ("us", "ut", "fl", "ga", "ca"):
        assert (rows[place].status, rows[place].total) == (NO_MATCH, 0), place
    for place in ("tx", "ny", "ks", "dc", "gu"):
        assert (rows[place].status, rows[place].total) == (NOT_LOADED, None), place
    assert result.total == 3 and result.searches >= 1
    assert result.terms_searched == ("landlord", "return", '"security deposit"')


def test_each_row_holds_what_a_search_of_that_jurisdiction_ranks_first(
    statute_index: Path,
) -> None:
    compared = 0
    for q in (DEPOSIT, "landlord tenant", "occupant"):
        result = survey(q, per=2)
        assert result.matched, q  # an empty survey would compare nothing
        for row in result.matched:
            compared += 1
            alone = search_statutes(
                StatuteSearchRequest.for_query(
                    q=q, limit=2, scope=Scope(jurisdictions=(row.jurisdiction,))
                )
            )
            assert row.total == alone.total, (q, row.jurisdiction)
            assert [r.id for r in row.results] == [r.id for r in alone.results]
            assert [r.snippet for r in row.results] == [r.snippet for r in alone.results]
            assert [r.rank for r in row.results] == list(range(1, len(row.results) + 1))
    assert compared >= 5  # rows of several jurisdictions, over the three questions


def test_per_gives_the_best_few_and_is_capped_with_a_note(statute_index: Path) -> None:
    result = survey("landlord", per=1)
    assert len(result.matched) >= 2
    assert [len(r.results) for r in result.matched] == [1] * len(result.matched)
    capped = survey("landlord", per=9)
    assert capped.per == PER_MAX
    wa = by_code(capped)["wa"]
    assert wa.total == 4 and len(wa.results) == PER_MAX
    assert notes.per_capped_warning(9, PER_MAX) in capped.warnings


def test_tied_sections_keep_their_file_order(statute_index: Path) -> None:
    ut = by_code(survey("retaliate renter"))["ut"]
    assert [r.id for r in ut.results] == [f"ut:statute:57-22-{n}" for n in (1, 2, 3)]
    assert ut.total == 5


def test_name_order_puts_federal_law_first_and_score_order_the_best_match_first(
    statute_index: Path,
) -> None:
    by_name = survey()
    names = [r.name for r in by_name.rows[1:]]
    assert by_name.rows[0].jurisdiction == "us" and names == sorted(names, key=str.casefold)
    by_score = survey(sort=BY_SCORE)
    statuses = [r.status for r in by_score.rows]
    assert statuses == sorted(statuses, key=[MATCHED, NO_MATCH, NOT_SEARCHED, NOT_LOADED].index)
    best = [r.best_score for r in by_score.matched]
    assert len(set(best)) >= 2 and best == sorted(best, reverse=True)


def test_notes_say_rank_is_match_strength_misses_may_be_wording_and_which_are_partial(
    statute_index: Path,
) -> None:
    result = survey()
    note = result.note
    assert "Rank is textual match strength only" in note
    assert "wording difference" in note and "not proof of absence" in note
    assert "Only the housing-related chapters are loaded for UT, WA" in note
    assert "Not loaded, so not searched: AL, AK, AS" in note and "TX" in note
    assert result.coverage_note.startswith("Scope: the statutes of")
    rows = by_code(result)
    assert rows["wa"].housing_only and rows["ut"].housing_only
    assert not rows["id"].housing_only and rows["us"].partial


def test_included_regulations_join_the_federal_row(statute_index: Path) -> None:
    plain = by_code(survey("escrow borrower"))["us"]
    assert plain.status == NO_MATCH
    included = survey("escrow borrower", scope=Scope(include=("cfr",)))
    us = by_code(included)["us"]
    assert us.status == MATCHED and us.results[0].id == "us:cfr:12:1024.17"


def test_one_regulation_source_leaves_the_other_places_not_searched(statute_index: Path) -> None:
    rows = by_code(survey("borrower", scope=Scope(source="cfr")))
    assert rows["us"].status == MATCHED
    assert (rows["wa"].status, rows["wa"].total) == (NOT_SEARCHED, None)
    assert rows["tx"].status == NOT_LOADED


def test_word_forms_and_headings_switches_reach_every_row(statute_index: Path) -> None:
    assert by_code(survey("deposited"))["wa"].total == 1
    stemmed = by_code(survey("deposited", stem=True))["wa"]
    assert stemmed.total > 1
    headed = by_code(survey("duties", headings=True))["wa"]
    assert headed.status == MATCHED and headed.results[0].heading_marked


def test_a_citation_and_an_unloaded_place_are_said_first(statute_index: Path) -> None:
    cited = survey("RCW 59.18.280")
    assert cited.warnings[0].startswith("'RCW 59.18.280' reads as a citation")
    kansas = survey("Kansas security deposit")
    assert any("Kansas (KS) law is not in this portal" in w for w in kansas.warnings)
    unclosed = survey('landlord "security deposit')
    assert notes.UNCLOSED_QUOTE_WARNING in unclosed.warnings


def test_nothing_matching_anywhere_is_a_map_of_misses(statute_index: Path) -> None:
    result = survey("zebra")
    assert result.total == 0 and result.matched == ()
    assert {r.status for r in result.rows} == {NO_MATCH, NOT_LOADED}


def form(**params: str) -> StatuteSurveyForm:
    data = QueryDict(mutable=True)
    for name, value in params.items():
        data[name] = value
    return StatuteSurveyForm(data, catalog=load_catalog())


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"q": "the of"}, "q", "Nothing left to search"),
        ({"q": ""}, "q", "q is required"),
        ({"q": "deposit", "per": "0"}, "per", "per must be at least 1"),
        ({"q": "deposit", "per": "three"}, "per", "per must be a whole number"),
        ({"q": "deposit", "sort": "size"}, "sort", "sort must be name or score"),
        ({"q": "deposit", "source": "zz"}, "source", "Unknown source 'zz'"),
        ({"q": "deposit", "include": "zz"}, "include", "No regulation source 'zz'"),
        ({"q": "deposit", "stem": "maybe"}, "stem", "stem must be true or false"),
        ({"q": "deposit", "title": "12"}, "title", "title= needs source="),
    ],
)
def test_bad_input_is_a_form_error_naming_the_parameter(
    statute_index: Path, params: dict[str, str], field: str, message: str
) -> None:
    bound = form(**params)
    assert not bound.is_valid()
    assert message in " ".join(bound.errors[field])


def test_a_valid_form_builds_the_request(statute_index: Path) -> None:
    bound = form(q="deposit", per="2", sort="score", include="cfr", stem="true")
    assert bound.is_valid(), bound.errors
    request = bound.to_request()
    assert (request.per, request.sort, request.stem, request.headings) == (2, "score", True, False)
    assert request.scope == Scope(include=("cfr",)) and request.parsed is bound.parsed
