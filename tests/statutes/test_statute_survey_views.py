"""The survey's doors: `/api/statute_survey` (JSON and CSV) and the `/statutes/survey/` page,
with and without htmx, every error answer carrying both notes."""

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.search import notes

pytestmark = pytest.mark.django_db

API = "/api/statute_survey"
PAGE = "/statutes/survey/"
HX = {"HTTP_HX_REQUEST": "true"}
DEPOSIT = 'landlord return "security deposit"'
SURVEY_FIELDS = {
    "q", "terms_searched", "terms_dropped", "total", "per", "sort", "source", "title", "include",
    "stem", "headings", "jurisdictions_searched", "jurisdictions_matched", "warnings",
    "by_jurisdiction", "note", "coverage_note",
    # Issue 22: the code's words added for everyday ones, and the switch that turns it off.
    "terms_added", "terms_translated", "expand",
}  # fmt: skip
ROW_FIELDS = {
    "id", "citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
    "chapter", "section", "as_of", "url", "snippet", "rank", "score", "ends_at_colon",
    "matched_terms",
}  # fmt: skip


def api(client: Client, **params: Any) -> tuple[int, dict[str, Any]]:
    response = client.get(API, params)
    assert response["Content-Type"] == "application/json"
    return response.status_code, response.json()


def page(client: Client, params: dict[str, str], **headers: str) -> tuple[int, str]:
    response = client.get(PAGE, params, **headers)  # type: ignore[arg-type]
    return response.status_code, response.content.decode()


def test_api_answers_one_entry_per_jurisdiction_with_search_rows(
    client: Client, statute_index: Path
) -> None:
    status, body = api(client, q=DEPOSIT)
    assert status == 200 and set(body) == SURVEY_FIELDS
    assert body["terms_searched"] == ["landlord", "return", '"security deposit"']
    assert body["total"] == 3 and body["per"] == 3 and body["sort"] == "name"
    places = {entry["jurisdiction"]: entry for entry in body["by_jurisdiction"]}
    wa = places["wa"]
    assert set(wa) == {"jurisdiction", "name", "status", "total", "all_words_total", "coverage",
                       "housing_only", "results"}  # fmt: skip
    assert (wa["status"], wa["total"], wa["housing_only"]) == ("matched", 2, True)
    # Of the two, one section holds every searched word (the map's shade counts it).
    assert wa["all_words_total"] == 1 and places["tx"]["all_words_total"] is None
    assert [r["id"] for r in wa["results"]] == ["wa:statute:59.18.280", "wa:statute:59.18.260"]
    assert set(wa["results"][0]) == ROW_FIELDS
    assert "[hl]security deposit[/hl]" in wa["results"][0]["snippet"]
    assert (places["ga"]["status"], places["ga"]["total"]) == ("no_match", 0)
    assert (places["tx"]["status"], places["tx"]["total"]) == ("not_loaded", None)
    assert body["jurisdictions_matched"] == 2 and body["jurisdictions_searched"] == 7
    assert "wording difference" in body["note"] and body["coverage_note"]


def test_api_rows_equal_the_statute_search_of_each_jurisdiction(
    client: Client, statute_index: Path
) -> None:
    _, body = api(client, q="landlord tenant", per=2, sort="score")
    for entry in body["by_jurisdiction"]:
        if entry["status"] != "matched":
            continue
        search = client.get(
            "/api/statute_search",
            {"q": "landlord tenant", "jurisdiction": entry["jurisdiction"], "limit": 2},
        ).json()
        assert entry["total"] == search["total"]
        assert entry["results"] == search["results"]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"q": "the"}, "q"),
        ({}, "q"),
        ({"q": "rent", "per": "0"}, "per"),
        ({"q": "rent", "sort": "size"}, "sort"),
        ({"q": "rent", "source": "zz"}, "source"),
        ({"q": "rent", "format": "xml"}, "format"),
    ],
)
def test_bad_input_is_a_400_with_both_notes(
    client: Client, statute_index: Path, params: dict[str, str], field: str
) -> None:
    status, body = api(client, **params)
    assert status == 400 and body["error"] == "bad_request"
    assert field in body["errors"]
    assert body["note"].startswith("Bad request") and body["coverage_note"]


def test_a_larger_per_is_capped_and_said(client: Client, statute_index: Path) -> None:
    status, body = api(client, q="landlord", per=10)
    assert status == 200 and body["per"] == 3
    assert notes.per_capped_warning(10, 3) in body["warnings"]


def test_missing_index_is_503_never_an_empty_map(
    client: Client, statutes_loaded: Path, index_root: Path
) -> None:
    status, body = api(client, q="landlord")
    assert status == 503 and body["error"] == "index_unavailable"
    assert body["note"].startswith(notes.INDEX_UNAVAILABLE_NOTE) and body["coverage_note"]
    assert "by_jurisdiction" not in body


def test_csv_has_one_line_per_section_shown(client: Client, statute_index: Path) -> None:
    response = client.get(API, {"q": DEPOSIT, "format": "csv", "sort": "score"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="statute-survey-landlord-return-security-deposit.csv"'
    )
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert sorted((r["jurisdiction"], r["rank"], r["id"]) for r in rows) == [
        ("id", "1", "id:statute:6-321"),
        ("wa", "1", "wa:statute:59.18.280"),
        ("wa", "2", "wa:statute:59.18.260"),
    ]
    assert {r["jurisdiction_name"] for r in rows} == {"Washington", "Idaho"}
    assert {r["jurisdiction_total"] for r in rows if r["jurisdiction"] == "wa"} == {"2"}
    assert rows[0]["matched_terms"] and rows[0]["url"] is not None


def test_page_shows_the_map_and_a_row_per_jurisdiction(client: Client, statute_index: Path) -> None:
    status, html = page(client, {"q": DEPOSIT})
    assert status == 200 and "<html" in html and 'id="survey-form"' in html
    assert "Sections matched in 2 of 7 jurisdictions searched (3 sections in all)." in html
    assert 'class="tile r2 c0 status-matched shade-1"' in html  # Washington's tile
    assert "Washington: 1 section with every word" in html and "Texas: not loaded" in html
    assert "1 section with every word · 2 with any" in html
    assert 'id="j-wa"' in html and 'id="j-ga"' in html and "no section matched these words" in html
    assert "not loaded: no statutes of Texas are in this portal" in html
    assert "<mark>security deposit</mark>" in html and "housing chapters only" in html
    # Each section opens with the words highlighted, in the context of its jurisdiction.
    assert 'href="/statutes/wa:statute:59.18.280/?q=landlord+return' in html
    assert "jurisdiction=wa" in html
    assert (
        'href="/api/statute_survey?q=landlord+return+%22security+deposit%22&amp;format=csv"' in html
    )
    assert "Coverage:" in html and "wording difference" in html


def test_htmx_gets_only_the_results_and_the_status_line(
    client: Client, statute_index: Path
) -> None:
    status, html = page(client, {"q": "landlord", "sort": "score"}, **HX)
    assert status == 200 and "<html" not in html and 'id="survey-form"' not in html
    assert '<p id="result-status" hx-swap-oob="innerHTML">' in html
    matched, missed = html.index('id="j-wa"'), html.index('id="j-ga"')
    assert matched < missed and html.index('id="j-id"') < missed


def test_page_shows_a_form_error_for_bad_input(client: Client, statute_index: Path) -> None:
    status, html = page(client, {"q": "deposit", "per": "0"})
    assert status == 400 and "Check the search" in html
    assert '<a href="#id_per">per</a>: per must be at least 1.' in html
    assert "The survey has errors; nothing was searched." in html


def test_empty_page_explains_the_survey(client: Client, statute_index: Path) -> None:
    status, html = page(client, {})
    assert status == 200 and "How a survey works" in html and "autofocus" in html


def test_the_statute_search_links_to_the_survey(client: Client, statute_index: Path) -> None:
    html = client.get("/statutes/", {"q": "landlord", "stem": "true", "limit": "5"}).content
    survey = b'href="/statutes/survey/?q=landlord&amp;stem=true"'
    assert survey + b">Compare across jurisdictions</a>" in html  # beside the paging links
    assert survey + b">compare across jurisdictions</a>." in html  # in the mixing warning
    idle = client.get("/statutes/").content
    assert b'<a href="/statutes/survey/">compare across jurisdictions</a>' in idle
