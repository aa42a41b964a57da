"""The opt-in switches: `stem=true` (word forms) and `headings=true` (headings searched too)."""

from pathlib import Path
from typing import Any

import pytest
import tantivy
from django.test import Client

from search.backends.statute_search import TextSearch, WeightedField
from search.backends.tantivy.reader import live_index
from search.backends.tantivy.statutes import search_live
from search.indexes.names import STATUTES
from search.statutes.search.request import parse_statute_query
from search.statutes.search.service import HEADING_WEIGHT

pytestmark = pytest.mark.django_db

API = "/api/statute_search"


def api(client: Client, **params: Any) -> dict[str, Any]:
    response = client.get(API, params)
    assert response.status_code == 200, response.content
    return response.json()


def ids(body: dict[str, Any]) -> set[str]:
    return {row["id"] for row in body["results"]}


def test_defaults_stay_body_only_without_word_forms(client: Client, statute_index: Path) -> None:
    # expand=false: the everyday-words map would add "security deposit" for "deposits".
    body = api(client, q="deposits", jurisdiction="wa", expand="false")
    assert body["results"] == [] and body["stem"] is False and body["headings"] is False
    assert "No stemming" in body["note"] and "stem=true would" in body["note"]


def test_word_forms_find_at_least_what_the_plain_word_finds(
    client: Client, statute_index: Path
) -> None:
    plain = api(client, q="deposit", jurisdiction="wa")
    forms = api(client, q="deposits", jurisdiction="wa", stem="true")
    assert ids(plain) < ids(forms)
    assert "wa:statute:59.18.310" in ids(forms)  # "sums deposited"
    assert forms["terms_searched"] == ["deposits"]  # readable: the typed word
    row = next(r for r in forms["results"] if r["id"] == "wa:statute:59.18.310")
    assert row["matched_terms"] == ["deposits"] and "[hl]deposited[/hl]" in row["snippet"]
    assert "Word forms on (stem=true)" in forms["note"]


def test_word_forms_work_in_phrases_and_on_the_section_page(
    client: Client, statute_index: Path
) -> None:
    forms = api(client, q='"securities deposits"', stem="true")
    assert "wa:statute:59.18.260" in ids(forms)
    html = client.get(
        "/statutes/wa:statute:59.18.310/", {"q": "deposits", "stem": "true"}
    ).content.decode()
    assert "<mark>deposited</mark>" in html


def test_headings_are_searched_only_when_asked(client: Client, statute_index: Path) -> None:
    assert api(client, q="moneys", jurisdiction="wa")["results"] == []
    body = api(client, q="moneys", jurisdiction="wa", headings="true")
    assert ids(body) == {"wa:statute:59.18.280"}
    row = body["results"][0]
    assert row["matched_terms"] == ["moneys"]
    assert row["heading_marked"].startswith("[hl]Moneys[/hl] paid as deposit")
    assert "search of section text and headings (headings=true)" in body["note"]


def test_a_heading_match_weighs_less_than_the_body(statute_index: Path) -> None:
    live = live_index(STATUTES)
    searcher = live.searcher()
    schema = live.index.schema
    alone = searcher.search(tantivy.Query.term_query(schema, "heading_words", "moneys"), 1)
    [(heading_score, _)] = alone.hits
    spec = TextSearch(
        query=parse_statute_query("moneys"),
        field="body",
        limit=1,
        also=(WeightedField("heading", HEADING_WEIGHT),),
        fields=("id",),
    )
    [hit] = search_live(live, spec).hits
    assert hit.first("id") == "wa:statute:59.18.280"
    assert hit.score == pytest.approx(heading_score * HEADING_WEIGHT, rel=1e-4)
    assert HEADING_WEIGHT < 1


def test_both_switches_together(client: Client, statute_index: Path) -> None:
    body = api(client, q="abandoned default", jurisdiction="wa", stem="true", headings="true")
    assert "wa:statute:59.18.310" in ids(body)
