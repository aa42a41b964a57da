"""Citations on the test corpus: the service, the API and the page answer with the sections."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.scope import Scope
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import StatuteSearchResult, search_statutes

pytestmark = pytest.mark.django_db

API = "/api/statute_search"
PAGE = "/statutes/"
HX = {"HTTP_HX_REQUEST": "true"}

# Every form the issue lists, and the section it opens in the test corpus.
ISSUE_FORMS = [
    ("RCW 59.18.280", "wa:statute:59.18.280"),
    ("Wash. Rev. Code § 59.18.280", "wa:statute:59.18.280"),
    ("Fla. Stat. § 83.49", "fl:statute:0083:83.49"),
    ("O.C.G.A. § 44-7-34", "ga:statute:44-7-34"),
    ("Cal. Civ. Code § 1950.5", "ca:statute:civil-code-civ:1950.5"),
    ("42 U.S.C. § 3604", "us:usc:42:3604"),
    ("42 USC 3604", "us:usc:42:3604"),
    ("12 C.F.R. § 1024.17", "us:cfr:12:1024.17"),
    ("12 CFR 1024.17", "us:cfr:12:1024.17"),
]


def run(q: str, jurisdictions: tuple[str, ...] = (), **kwargs: Any) -> StatuteSearchResult:
    request = StatuteSearchRequest.for_query(
        q=q, scope=Scope(jurisdictions=jurisdictions), **kwargs
    )
    return search_statutes(request)


def api(client: Client, **params: Any) -> tuple[int, dict[str, Any]]:
    response = client.get(API, params)
    return response.status_code, response.json()


@pytest.mark.parametrize(("q", "section_id"), ISSUE_FORMS)
def test_the_api_answers_each_form_with_its_section(
    client: Client, statute_index: Path, q: str, section_id: str
) -> None:
    status, body = api(client, q=q)
    assert status == 200
    assert body["read_as"] == "citation" and body["citation"] == q
    assert [row["id"] for row in body["results"]] == [section_id]
    assert body["total"] == 1 and body["terms_searched"] == []
    assert body["note"].startswith("Read as a citation:")
    assert body["results"][0]["score"] is None and body["results"][0]["snippet"]


@pytest.mark.parametrize(("q", "section_id"), ISSUE_FORMS)
def test_the_page_opens_the_section_of_each_form(
    client: Client, statute_index: Path, q: str, section_id: str
) -> None:
    response = client.get(PAGE, {"q": q})
    assert response.status_code == 302
    assert response["Location"].startswith(f"/statutes/{section_id}/?q=")
    assert response["Location"].endswith("&cited=true")


def test_a_full_width_citation_opens_its_section(client: Client, statute_index: Path) -> None:
    status, body = api(client, q="ＲＣＷ　５９．１８．２８０")
    assert status == 200 and body["read_as"] == "citation"
    assert [row["id"] for row in body["results"]] == ["wa:statute:59.18.280"]
    response = client.get(PAGE, {"q": "ＲＣＷ　５９．１８．２８０"})
    assert response.status_code == 302
    assert response["Location"].startswith("/statutes/wa:statute:59.18.280/?q=")


def test_a_bare_number_is_a_citation_within_a_chosen_jurisdiction(statute_index: Path) -> None:
    result = run("59.18.280", ("wa",))
    assert result.read_as == "citation" and [r.id for r in result.results] == [
        "wa:statute:59.18.280"
    ]
    # Without a jurisdiction the words are searched, and the numbered sections offered.
    loose = run("59.18.280")
    assert loose.read_as == "words"
    assert {ref.id for ref in loose.citation_matches} == {
        "wa:statute:59.18.280",
        "id:statute:59-18-280",
    }


def test_several_candidates_are_listed_not_opened(client: Client, statute_index: Path) -> None:
    result = run("59.18.280", ("wa", "id"))
    assert result.read_as == "citation" and result.total == 2 and result.jump is None
    assert [r.id for r in result.results] == ["id:statute:59-18-280", "wa:statute:59.18.280"]
    response = client.get(PAGE, {"q": "59.18.280", "jurisdiction": "wa,id"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Citation 59.18.280: 2 sections carry it." in html
    assert "Search these words instead" in html


def test_a_chapter_citation_lists_the_chapter_in_code_order(
    client: Client, statute_index: Path
) -> None:
    status, body = api(client, q="RCW 59.18")
    assert status == 200 and body["read_as"] == "chapter"
    assert body["chapter"]["label"] == "59.18" and body["chapter"]["chapter"] == "59-18"
    # The fixture's file lists 260, 280, 060, 070, 310: the answer is in code order.
    assert [row["id"] for row in body["results"]] == [
        "wa:statute:59.18.060",
        "wa:statute:59.18.070",
        "wa:statute:59.18.260",
        "wa:statute:59.18.280",
        "wa:statute:59.18.310",
    ]
    assert "chapter 59.18 of the Revised Code of Washington" in body["note"]
    assert "listed in code order" in body["note"]
    html = client.get(PAGE, {"q": "RCW 59.18"}).content.decode()
    assert "Chapter 59.18: rows 1–5 of 5 sections, in code order." in html
    assert 'href="/sources/wa-stat/chapter/?title=59&amp;chapter=59-18"' in html


def test_a_citation_mixed_with_words_keeps_the_keyword_search(
    client: Client, statute_index: Path
) -> None:
    _, body = api(client, q="deposit RCW 59.18.280 withheld")
    assert body["read_as"] == "words" and "deposit" in body["terms_searched"]
    assert [ref["id"] for ref in body["citation_matches"]] == ["wa:statute:59.18.280"]


def test_words_true_searches_a_citation_as_words(client: Client, statute_index: Path) -> None:
    _, body = api(client, q="RCW 59.18.280", words="true")
    assert body["read_as"] == "words" and body["terms_searched"] == ["rcw", "59", "18", "280"]


def test_a_citation_that_is_not_loaded_says_so_and_names_its_chapter(
    client: Client, statute_index: Path
) -> None:
    status, body = api(client, q="RCW 59.18.999")
    assert status == 200 and body["read_as"] == "citation" and body["results"] == []
    assert body["warnings"][0].startswith(
        "'RCW 59.18.999' reads as a citation of the Revised Code of Washington (wa-stat), but "
        "no loaded section has it"
    )
    assert "Its chapter 59.18 has 5 loaded sections" in body["warnings"][0]
    assert body["coverage_note"].startswith("Scope: the cited code only: Revised Code")
    html = client.get(PAGE, {"q": "RCW 59.18.999"}).content.decode()
    assert "Citation not loaded" in html and "Browse chapter 59.18" in html


def test_typing_a_citation_offers_the_section_without_leaving_the_page(
    client: Client, statute_index: Path
) -> None:
    typing = client.get(PAGE, {"q": "RCW 59.18.280"}, HTTP_X_PORTAL_TRIGGER="input", **HX)
    html = typing.content.decode()
    assert typing.status_code == 200 and "Open RCW 59.18.280" in html
    submitted = client.get(PAGE, {"q": "RCW 59.18.280"}, HTTP_X_PORTAL_TRIGGER="submit", **HX)
    assert submitted.status_code == 204
    assert submitted["HX-Redirect"].startswith("/statutes/wa:statute:59.18.280/?q=RCW")
    assert "X-Portal-Trigger" in submitted["Vary"]


def test_the_opened_section_offers_the_words_search_instead(
    client: Client, statute_index: Path
) -> None:
    html = client.get(
        "/statutes/wa:statute:59.18.280/", {"q": "RCW 59.18.280", "cited": "true"}
    ).content.decode()
    assert "Opened because your search <code>RCW 59.18.280</code>" in html
    assert 'href="/statutes/?q=RCW+59.18.280&amp;words=true"' in html


def test_the_section_lookup_api_takes_the_recognised_forms(
    client: Client, statute_index: Path
) -> None:
    status, body = api_lookup(client, citation="Wash. Rev. Code § 59.18.280")
    assert status == 200 and body["id"] == "wa:statute:59.18.280"


def api_lookup(client: Client, **params: str) -> tuple[int, dict[str, Any]]:
    response = client.get("/api/statute", params)
    return response.status_code, response.json()
