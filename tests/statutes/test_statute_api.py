"""The statute JSON API contract: names, fields, every error path, hostile input."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.answers.pipeline import AMBIGUOUS, BAD_REQUEST_NOTE, DONE, MISSING
from search.models import Section
from search.statutes.catalog import load_catalog
from search.statutes.outcome import section_outcome
from search.statutes.search import notes
from search.statutes.sections.forms import SectionLookupForm
from search.text.query import MAX_QUERY_CHARS

pytestmark = pytest.mark.django_db

ROW_FIELDS = {
    "id", "citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
    "chapter", "section", "as_of", "url", "snippet", "rank", "score", "ends_at_colon",
    "matched_terms",
}  # fmt: skip
SEARCH_FIELDS = {
    "q", "terms_searched", "terms_dropped", "total", "limit", "jurisdiction", "source", "title",
    "citation_matches", "warnings", "results", "note", "coverage_note",
    # Issues 12 and 13: how the query was read, paging, the scope's lists and switches.
    "read_as", "citation", "chapter", "offset", "next_offset", "rank_cap", "jurisdictions",
    "include", "stem", "headings", "not_loaded",
    # Issue 23: acts the query names, and a citation of a part, range or et seq.
    "popular_names", "citation_form",
    # Issue 22: did you mean (empty unless a search finds almost nothing).
    "suggestions", "suggested_query",
    # Issue 22: the code's words added for everyday ones, and the switch that turns it off.
    "terms_added", "terms_translated", "expand",
}  # fmt: skip


def get(client: Client, url: str, **params: Any) -> tuple[int, dict[str, Any]]:
    response = client.get(url, params)
    assert response["Content-Type"] == "application/json"
    return response.status_code, response.json()


def assert_notes(body: dict[str, Any]) -> None:
    assert isinstance(body["note"], str) and body["note"]
    assert isinstance(body["coverage_note"], str) and body["coverage_note"]


def test_search_response_has_every_field(client: Client, statute_index: Path) -> None:
    status, body = get(
        client, "/api/statute_search", q='landlord "security deposit" return', jurisdiction="wa"
    )
    assert status == 200
    assert set(body) == SEARCH_FIELDS
    assert body["terms_searched"] == ["landlord", "return", '"security deposit"']
    assert body["terms_dropped"] == []
    assert body["total"] == 2 and body["limit"] == 20 and body["jurisdiction"] == "wa"
    row = body["results"][0]
    assert set(row) == ROW_FIELDS
    assert row["id"] == "wa:statute:59.18.280" and row["rank"] == 1
    assert row["matched_terms"] == ["landlord", "return", '"security deposit"']
    assert "[hl]security deposit[/hl]" in row["snippet"]
    assert isinstance(row["score"], float) and row["ends_at_colon"] is False
    assert_notes(body)


def test_terms_dropped_carry_reasons(client: Client, statute_index: Path) -> None:
    _, body = get(client, "/api/statute_search", q="is the landlord landlord", jurisdiction="wa")
    assert body["terms_dropped"] == [
        {"term": "is", "reason": "stop_word"},
        {"term": "the", "reason": "stop_word"},
        {"term": "landlord", "reason": "duplicate"},
    ]


def test_no_jurisdiction_warning_is_in_the_note(client: Client, statute_index: Path) -> None:
    _, body = get(client, "/api/statute_search", q="landlord")
    assert notes.no_jurisdiction_warning(load_catalog()) in body["note"]
    assert body["warnings"][0] == notes.no_jurisdiction_warning(load_catalog())


def test_capped_limit_is_noted(client: Client, statute_index: Path) -> None:
    status, body = get(client, "/api/statute_search", q="landlord", limit="51")
    assert status == 200 and body["limit"] == 50
    assert "limit=51 is above the maximum" in body["note"]


def test_citation_match_is_offered(client: Client, statute_index: Path) -> None:
    _, body = get(client, "/api/statute_search", q="RCW 59.18.060 landlord duties")
    assert body["read_as"] == "words"
    assert body["citation_matches"] == [
        {
            "id": "wa:statute:59.18.060",
            "citation": "RCW 59.18.060",
            "heading": "Landlord—Duties.",
            "jurisdiction": "wa",
            "source": "wa-stat",
        }
    ]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "q"),
        ({"q": ""}, "q"),
        ({"q": "the of"}, "q"),
        ({"q": "?!"}, "q"),
        ({"q": "x" * (MAX_QUERY_CHARS + 1)}, "q"),
        ({"q": "landlord", "limit": "ten"}, "limit"),
        ({"q": "landlord", "limit": "0"}, "limit"),
        ({"q": "landlord", "jurisdiction": "zz"}, "jurisdiction"),
        ({"q": "landlord", "jurisdiction": "ks"}, "jurisdiction"),
        ({"q": "landlord", "source": "usc"}, "source"),
        ({"q": "landlord", "source": "ks"}, "source"),
        ({"q": "landlord", "title": "59"}, "title"),
        ({"q": "landlord", "source": "cfr", "title": "59"}, "title"),
        ({"q": "landlord", "source": "cfr", "jurisdiction": "wa"}, "jurisdiction"),
        ({"q": "landlord", "jurisdiction": "wa,ks"}, "jurisdiction"),
        ({"q": "landlord", "jurisdiction": ["wa", "zz"]}, "jurisdiction"),
        ({"q": "landlord", "include": "xyz"}, "include"),
        ({"q": "landlord", "include": "wa-stat"}, "include"),
        ({"q": "landlord", "source": "cfr", "include": "cfr"}, "include"),
        ({"q": "landlord", "chapter": "99.99", "jurisdiction": "wa"}, "chapter"),
        ({"q": "landlord", "offset": "-1"}, "offset"),
        ({"q": "landlord", "offset": "ten"}, "offset"),
        ({"q": "landlord", "offset": "1000"}, "offset"),
        ({"q": "landlord", "jurisdiction": "wa", "offset": "500"}, "offset"),
        ({"q": "landlord", "format": "xml"}, "format"),
        ({"q": "landlord", "stem": "maybe"}, "stem"),
        ({"q": "landlord", "headings": "2"}, "headings"),
    ],
)
def test_bad_requests_are_400_with_notes(
    client: Client, statute_index: Path, params: dict[str, str], field: str
) -> None:
    status, body = get(client, "/api/statute_search", **params)
    assert status == 400
    assert body["error"] == "bad_request"
    assert field in body["errors"]
    assert field in body["note"] and body["note"].startswith("Bad request")
    assert_notes(body)


def test_400_coverage_note_keeps_the_valid_filters(client: Client, statute_index: Path) -> None:
    _, body = get(client, "/api/statute_search", q="landlord", jurisdiction="id", limit="x")
    assert body["coverage_note"].startswith("Scope: Idaho (ID)")


def test_missing_index_is_503_with_notes(
    client: Client, statutes_loaded: Path, index_root: Path
) -> None:
    status, body = get(client, "/api/statute_search", q="landlord", jurisdiction="wa")
    assert status == 503
    assert body["error"] == "index_unavailable"
    assert body["note"].startswith(notes.INDEX_UNAVAILABLE_NOTE)
    assert "Washington" in body["coverage_note"]
    assert "results" not in body


HOSTILE = [
    "a\x00b landlord",
    ("landlord " * 2000)[:MAX_QUERY_CHARS],
    '"' * 501,
    "“landlord",
    "landlord:deposit AND NOT tenant OR -x +y *z ~2 ^4 [a TO b] {c}",
    "\u202e\u202d landlord \u200b",
    "😀😀😀",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "%00%ff%fe",
    "ℌ𝔢𝔩𝔩𝔬 ﬁ ǅ",
]


@pytest.mark.parametrize("q", HOSTILE)
def test_hostile_queries_never_500(client: Client, statute_index: Path, q: str) -> None:
    status, body = get(client, "/api/statute_search", q=q)
    assert status in (200, 400)
    assert_notes(body)


@pytest.mark.parametrize(
    "params",
    [
        {"q": "landlord", "limit": "9" * 40},
        {"q": "landlord", "limit": "1.5"},
        {"q": "landlord", "limit": " 3 "},
        {"q": "landlord", "jurisdiction": "../../etc"},
        {"q": "landlord", "source": "\x00"},
        {"q": "landlord", "title": "1024", "source": "cfr", "jurisdiction": "US"},
    ],
)
def test_hostile_parameters_never_500(
    client: Client, statute_index: Path, params: dict[str, str]
) -> None:
    status, body = get(client, "/api/statute_search", **params)
    assert status in (200, 400)
    assert_notes(body)


@pytest.mark.parametrize("raw", ["%ED%A0%80+landlord", "%FF%FE%00", "landlord%C0%AF"])
def test_invalid_utf8_in_the_url_never_500(client: Client, statute_index: Path, raw: str) -> None:
    response = client.get("/api/statute_search?q=" + raw)
    assert response.status_code in (200, 400)
    assert_notes(response.json())


def test_repeated_parameters_use_the_last(client: Client, statute_index: Path) -> None:
    response = client.get("/api/statute_search?q=escrow&q=landlord&jurisdiction=wa")
    assert response.json()["terms_searched"] == ["landlord"]


def test_only_get_is_allowed(client: Client, statute_index: Path) -> None:
    assert client.post("/api/statute_search", {"q": "landlord"}).status_code == 405


def test_section_by_id_returns_the_whole_section(client: Client, statutes_loaded: Path) -> None:
    status, body = get(client, "/api/statute", id="wa:statute:59.18.060")
    assert status == 200
    assert body["body"].endswith("shall in particular:")
    assert body["ends_at_colon"] is True
    assert notes.ENDS_AT_COLON_NOTE in body["note"]
    # Neighbours in code order: 59.18.060 is the chapter's first (the file puts 260, 280 first).
    assert body["previous"] is None
    assert body["next"]["id"] == "wa:statute:59.18.070"
    for key in ("citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
                "chapter", "section", "as_of", "url"):  # fmt: skip
        assert key in body
    assert "wa-stat" in body["coverage_note"]


def test_section_by_citation_ignores_case_and_spacing(
    client: Client, statutes_loaded: Path
) -> None:
    status, body = get(client, "/api/statute", citation="42 usc § 1437f")
    assert status == 200 and body["id"] == "us:usc:42:1437f"


def test_unknown_section_is_404_with_notes(client: Client, statutes_loaded: Path) -> None:
    status, body = get(client, "/api/statute", id="wa:statute:0")
    assert status == 404 and body["error"] == "not_found"
    assert "removed or renumbered upstream" in body["note"]
    assert_notes(body)


def test_ambiguous_citation_lists_the_candidates(client: Client, statutes_loaded: Path) -> None:
    twin = Section.objects.get(id="wa:statute:59.18.060")
    twin.id, twin.ordinal = "wa:statute:twin", 99
    twin.save()
    status, body = get(client, "/api/statute", citation="RCW 59.18.060")
    assert status == 400 and body["error"] == "ambiguous_citation"
    assert {m["id"] for m in body["matches"]} == {"wa:statute:59.18.060", "wa:statute:twin"}
    assert_notes(body)


@pytest.mark.parametrize("params", [{}, {"id": "x", "citation": "y"}])
def test_section_lookup_needs_one_key(
    client: Client, statutes_loaded: Path, params: dict[str, str]
) -> None:
    status, body = get(client, "/api/statute", **params)
    assert status == 400 and "request" in body["errors"]
    assert_notes(body)


def test_section_lookup_errors_are_the_shared_error_bodies(
    client: Client, statutes_loaded: Path
) -> None:
    """The look-up's 400s and 404 are built as every search's are: error, the parameters'
    errors (when one is bad), matches (when ambiguous), note and coverage_note."""
    coverage = notes.coverage_note(load_catalog())
    status, body = get(client, "/api/statute", id="w" * 301)
    assert status == 400 and list(body) == ["error", "errors", "note", "coverage_note"]
    assert body["error"] == "bad_request" and body["errors"]["id"][0].startswith("Ensure")
    assert body["note"].startswith(f"{BAD_REQUEST_NOTE} id: ")
    assert body["coverage_note"] == coverage
    status, body = get(client, "/api/statute", id="x", citation="y")
    assert status == 400 and list(body) == ["error", "errors", "note", "coverage_note"]
    assert body["note"] == f"{BAD_REQUEST_NOTE} {body['errors']['request'][0]}"
    assert body["coverage_note"] == coverage
    status, body = get(client, "/api/statute", citation="RCW 59.18.999")
    assert status == 404 and list(body) == ["error", "note", "coverage_note"]
    assert body["note"].startswith("No loaded section has citation=RCW 59.18.999.")
    assert body["coverage_note"] == coverage
    twin = Section.objects.get(id="wa:statute:59.18.060")
    twin.id, twin.ordinal = "wa:statute:twin", 99
    twin.save()
    status, body = get(client, "/api/statute", citation="RCW 59.18.060")
    assert status == 400 and list(body) == ["error", "matches", "note", "coverage_note"]
    assert body["note"] == "2 sections carry this citation; ask for one by id=."
    assert body["coverage_note"] == coverage


def test_section_lookup_runs_through_the_search_outcome(statutes_loaded: Path) -> None:
    catalog = load_catalog()
    found = section_outcome(SectionLookupForm({"citation": "RCW 59.18.060"}, catalog=catalog))
    assert found.state == DONE and found.status == 200 and found.result is not None
    assert found.result.detail.id == "wa:statute:59.18.060"
    assert found.coverage_note == notes.coverage_note(catalog, source="wa-stat")
    missing = section_outcome(SectionLookupForm({"id": "wa:statute:0"}, catalog=catalog))
    assert (missing.state, missing.status, missing.result) == (MISSING, 404, None)
    twin = Section.objects.get(id="wa:statute:59.18.060")
    twin.id, twin.ordinal = "wa:statute:twin", 99
    twin.save()
    both = section_outcome(SectionLookupForm({"citation": "RCW 59.18.060"}, catalog=catalog))
    assert (both.state, both.status, both.result) == (AMBIGUOUS, 400, None)
    assert [m.id for m in both.matches] == ["wa:statute:59.18.060", "wa:statute:twin"]


def test_sources_lists_every_source_with_coverage(client: Client, statutes_loaded: Path) -> None:
    status, body = get(client, "/api/sources", tool="statute_search")
    assert status == 200 and body["tool"] == "statute_search"
    codes = {s["code"]: s for s in body["sources"]}
    assert set(codes) == {
        "wa-stat",
        "id-stat",
        "usc",
        "cfr",
        "ut-stat",
        "fl-stat",
        "ga-stat",
        "ca-stat",
    }
    cfr = codes["cfr"]
    assert cfr["search_code"] == "cfr" and cfr["corpus"] == "regulation"
    assert cfr["jurisdictions"] == ["us"] and cfr["section_count"] == 2
    assert cfr["title_forms"] == ["1002", "1024"] and cfr["title_field"] == "part"
    assert cfr["as_of"] == "2014-01-10 … 2018-01-01"
    assert codes["ut-stat"]["coverage"] == "housing-related chapters only"
    assert codes["wa-stat"]["search_code"] is None and codes["wa-stat"]["title_forms"] == []
    assert body["default_regulation_sources"] == [{"code": "ks-kar", "loaded": False}]
    assert "ks-kar" in body["coverage_note"]
    assert_notes(body)


def test_sources_for_one_code(client: Client, statutes_loaded: Path) -> None:
    status, body = get(client, "/api/sources", tool="statute_search", source="cfr")
    assert status == 200
    assert [s["code"] for s in body["sources"]] == ["cfr"]
    assert body["coverage_note"].startswith("Code of Federal Regulations (cfr, US)")


@pytest.mark.parametrize("params", [{"tool": "nope"}, {"source": "zz"}, {"source": "ks"}])
def test_sources_bad_parameters_are_400(
    client: Client, statutes_loaded: Path, params: dict[str, str]
) -> None:
    status, body = get(client, "/api/sources", **params)
    assert status == 400 and body["error"] == "bad_request"
    assert_notes(body)


def test_api_works_with_no_data_loaded(client: Client, db: None, index_root: Path) -> None:
    status, body = get(client, "/api/statute_search", q="landlord")
    assert status == 503
    assert body["coverage_note"].startswith("No statute or regulation data is loaded")
    status, body = get(client, "/api/sources")
    assert status == 200 and body["sources"] == []


def test_api_root_lists_the_endpoints_with_both_notes(
    client: Client, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(0):  # the bench's floor: the whole stack, no search
        body = client.get("/api/").json()
    paths = {endpoint["path"] for endpoint in body["endpoints"]}
    assert {"/api/statute_search", "/api/search_keyword", "/api/sources"} <= paths
    assert body["note"] and body["coverage_note"]


def test_a_search_reads_no_database(
    client: Client, statute_index: Path, django_assert_num_queries: Any
) -> None:
    get(client, "/api/statute_search", q="deposit")  # the first search reads the manifest
    with django_assert_num_queries(0):
        status, _ = get(client, "/api/statute_search", q="security deposit", jurisdiction="wa")
    assert status == 200
