"""Several jurisdictions, included regulations, a chapter, and places that are not loaded."""

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.catalog import load_catalog
from search.statutes.scope import Scope, named_places
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import search_statutes

pytestmark = pytest.mark.django_db

API = "/api/statute_search"


def api(client: Client, **params: Any) -> tuple[int, dict[str, Any]]:
    response = client.get(API, params)
    return response.status_code, response.json()


def places(body: dict[str, Any]) -> set[tuple[str, str]]:
    return {(row["jurisdiction"], row["source"]) for row in body["results"]}


def test_state_and_federal_law_and_the_cfr_in_one_ranked_list(
    client: Client, statute_index: Path
) -> None:
    _, wa = api(client, q="deposit", jurisdiction="wa")
    _, both = api(client, q="deposit", jurisdiction="wa,us")
    _, repeated = api(client, q="deposit", jurisdiction=["wa", "us"], include="cfr")
    assert places(wa) == {("wa", "wa-stat")}
    assert places(both) <= {("wa", "wa-stat"), ("us", "usc")}
    assert places(repeated) == {("wa", "wa-stat"), ("us", "cfr")}  # the CFR escrow rule
    assert repeated["jurisdiction"] == "wa,us" and repeated["jurisdictions"] == ["wa", "us"]
    assert repeated["include"] == ["cfr"]
    scores = [row["score"] for row in repeated["results"]]
    assert scores == sorted(scores, reverse=True)
    assert (
        "Included beside the statutes, in full: Code of Federal Regulations"
        in (repeated["coverage_note"])
    )
    assert "No jurisdiction chosen" not in repeated["note"]


def test_a_named_regulation_source_is_searched_whole_beside_one_state(
    statute_index: Path,
) -> None:
    scope = Scope(jurisdictions=("wa",), include=("cfr",))
    result = search_statutes(StatuteSearchRequest.for_query(q="escrow", scope=scope))
    assert [row.id for row in result.results] == ["us:cfr:12:1024.17"]


def test_every_single_value_request_keeps_its_meaning(client: Client, statute_index: Path) -> None:
    _, one = api(client, q="landlord", jurisdiction="id")
    assert places(one) == {("id", "id-stat")} and one["jurisdiction"] == "id"
    _, source = api(client, q="escrow", source="cfr")
    assert places(source) == {("us", "cfr")}
    _, default = api(client, q="escrow")
    assert default["results"] == []  # the CFR is not searched unless asked for


def test_the_chapter_filter_searches_one_chapter(client: Client, statute_index: Path) -> None:
    for chapter in ("59.18", "59-18"):
        status, body = api(client, q="deposit occupant", jurisdiction="wa", chapter=chapter)
        assert status == 200
        assert {row["id"] for row in body["results"]} <= {
            f"wa:statute:59.18.{n}" for n in ("260", "280", "060", "070", "310")
        }
        assert body["results"]
        assert body["coverage_note"].startswith("Scope: chapter 59.18 (title 59) alone")
    status, body = api(client, q="deposit", jurisdiction="wa", chapter="61.24")
    assert status == 400 and "chapter" in body["errors"]
    assert body["note"].startswith("Bad request") and body["coverage_note"]


def test_a_query_naming_a_place_not_loaded_says_so_before_any_row(
    client: Client, statute_index: Path
) -> None:
    _, body = api(client, q="Kansas landlord kept the deposit")
    statement = body["warnings"][0]
    assert statement.startswith("Kansas (KS) law is not in this portal")
    assert body["note"].startswith(statement) and body["not_loaded"] == ["ks"]
    assert body["results"]  # the rows follow the statement
    html = Client().get("/statutes/", {"q": "Kansas landlord"}).content.decode()
    assert html.index("Not in this portal") < html.index('class="hits"')


def test_a_query_naming_a_loaded_place_suggests_choosing_it(statute_index: Path) -> None:
    result = search_statutes(StatuteSearchRequest.for_query(q="Washington landlord deposit"))
    assert "choose jurisdiction=wa" in " ".join(result.warnings)


def test_jurisdiction_naming_a_place_not_loaded_is_a_400_naming_it(
    client: Client, statute_index: Path
) -> None:
    status, body = api(client, q="landlord", jurisdiction="wa,ks")
    assert status == 400
    [message] = body["errors"]["jurisdiction"]
    assert "Kansas (ks): its law is not in this portal" in message
    assert "Loaded jurisdictions: us, ca, fl, ga, id, ut, wa." in message
    html = Client().get("/statutes/", {"q": "landlord", "jurisdiction": "wa,ks"}).content
    assert b"Not in this portal" in html


def test_warnings_name_only_loaded_places_and_a_missing_default_is_coverage_only(
    client: Client, statute_index: Path
) -> None:
    _, body = api(client, q="landlord")
    warning = body["warnings"][0]
    assert warning.startswith("No jurisdiction chosen")
    loaded = load_catalog().jurisdictions
    examples = [c for v in re.findall(r"jurisdiction=([a-z,]+)", warning) for c in v.split(",")]
    assert examples and all(code in loaded for code in examples if code)
    assert not any("ks-kar" in w for w in body["warnings"])
    assert "Default regulations not loaded: ks-kar" in body["coverage_note"]


def test_place_names_are_found_whole() -> None:
    assert named_places("Kansas and West Virginia, not Virginia? new york") == (
        "ks",
        "wv",
        "va",
        "ny",
    )
    assert named_places("arkansas landlord") == ("ar",)
