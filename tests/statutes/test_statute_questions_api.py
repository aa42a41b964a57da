"""A question in a person's words through the statute API, page and survey: question words and
the chosen place dropped with their reasons, the code's words added and reported, expand=false."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

API = "/api/statute_search"
QUESTION = "how long does a landlord in washington have to give back the security deposit"


def get(client: Client, url: str, **params: Any) -> dict[str, Any]:
    response = client.get(url, params)
    assert response.status_code == 200, response.content
    return dict(response.json())


def test_question_words_and_the_chosen_place_are_dropped_with_reasons(
    client: Client, statute_index: Path
) -> None:
    body = get(client, API, q=QUESTION, jurisdiction="wa")
    reasons = {d["term"]: d["reason"] for d in body["terms_dropped"]}
    assert reasons["long"] == "question_word" and reasons["washington"] == "place_name"
    assert reasons["how"] == "stop_word"
    assert body["terms_searched"] == ["landlord", "give", "back", "security", "deposit"]
    assert "question_word" in body["note"] and "place_name" in body["note"]


def test_the_place_is_searched_when_the_search_is_not_confined_to_it(
    client: Client, statute_index: Path
) -> None:
    body = get(client, API, q="washington deposit", jurisdiction="id")
    assert "washington" in body["terms_searched"]


def test_code_words_are_added_reported_and_in_the_note(client: Client, statute_index: Path) -> None:
    body = get(client, API, q=QUESTION, jurisdiction="wa")
    added = body["terms_added"]
    assert {"term": "within", "from": "how long"} in added
    assert {"term": "refund", "from": "give back"} in added
    assert body["expand"] is True
    assert "curated map of everyday words" in body["note"] and "within" in body["note"]
    rows = {r["id"]: r for r in body["results"]}
    # 'within' (for 'how long') is listed and marked where the section has it.
    row = rows["wa:statute:59.18.280"]
    assert "within" in row["matched_terms"] and "[hl]Within[/hl]" in row["snippet"]
    assert body["results"][0]["id"] == "wa:statute:59.18.280"


def test_expand_false_searches_only_the_typed_words(client: Client, statute_index: Path) -> None:
    body = get(client, API, q="kick out for a deposit", jurisdiction="wa", expand="false")
    assert body["terms_added"] == [] and body["expand"] is False
    assert "expand=false" in body["note"]
    expanded = get(client, API, q="kick out for a deposit", jurisdiction="wa")
    assert {"term": "eviction", "from": "kick out"} in expanded["terms_added"]
    assert expanded["total"] >= body["total"]


def test_typed_words_the_map_translates_are_reported_and_in_the_note(
    client: Client, statute_index: Path
) -> None:
    body = get(client, API, q=QUESTION, jurisdiction="wa")
    # 'give back' is refund in the codes; 'security' and 'deposit' are the codes' own words.
    assert body["terms_translated"] == ["give", "back"]
    assert "weigh half as much" in body["note"] and "'give', 'back'" in body["note"]
    assert body["results"][0]["id"] == "wa:statute:59.18.280"
    exact = get(client, API, q=QUESTION, jurisdiction="wa", expand="false")
    assert exact["terms_translated"] == [] and "weigh half as much" not in exact["note"]
    html = client.get("/statutes/", {"q": QUESTION, "jurisdiction": "wa"}).content.decode()
    assert html.count('class="term translated"') == 2
    survey = get(client, "/api/statute_survey", q="kick out for a deposit")
    assert survey["terms_translated"] == ["kick"]


def test_expand_takes_only_true_or_false(client: Client, statute_index: Path) -> None:
    response = client.get(API, {"q": "deposit", "expand": "maybe"})
    body = response.json()
    assert response.status_code == 400 and "expand must be true or false" in body["note"]
    assert body["coverage_note"]


def test_a_quoted_phrase_adds_nothing(client: Client, statute_index: Path) -> None:
    body = get(client, API, q='"kick out"', jurisdiction="wa")
    assert body["terms_added"] == [] and body["terms_searched"] == ['"kick out"']


def test_the_page_shows_added_words_and_the_switch(client: Client, statute_index: Path) -> None:
    html = client.get("/statutes/", {"q": QUESTION, "jurisdiction": "wa"}).content.decode()
    assert "Also searched (the code" in html and "(for how long)" in html
    assert 'name="expand" value="false"' in html and "expand=false" in html
    assert "only shapes the question" in html and "the chosen jurisdiction" in html
    exact = client.get("/statutes/", {"q": QUESTION, "jurisdiction": "wa", "expand": "false"})
    text = exact.content.decode()
    assert "Also searched (the code" not in text
    assert 'id="id_expand" checked' in text


def test_survey_reports_added_words_and_counts_every_word(
    client: Client, statute_index: Path
) -> None:
    body = get(client, "/api/statute_survey", q="landlord return security deposit")
    assert {"term": "refund", "from": "return"} in body["terms_added"]
    places = {p["jurisdiction"]: p for p in body["by_jurisdiction"]}
    assert places["wa"]["all_words_total"] == 1 and places["wa"]["total"] >= 2
    assert "every searched word (landlord, return, security, deposit)" in body["note"]
    exact = get(client, "/api/statute_survey", q="landlord return deposit", expand="false")
    assert exact["terms_added"] == [] and exact["expand"] is False
