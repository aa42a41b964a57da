"""Did you mean on the test corpus: both APIs, both pages, MCP; the query never changes."""

import re
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from search.models import Chunk, Section
from search.text.suggest import FEW_ROWS
from tests.reference_tokenizer import simple_tokenize

pytestmark = pytest.mark.django_db
STATUTES = "/api/statute_search"
PAPERS = "/api/search_keyword"
_LINK = re.compile(r'<div class="jump did-you-mean".*?<a href="([^"]+)"[^>]*>([^<]+)</a>', re.S)


def holding(word: str, **where: str) -> int:
    """Test sections (in `where`'s scope) whose body holds `word`, counted in Python."""
    bodies = Section.objects.filter(**where).values_list("body", flat=True)
    return sum(word in simple_tokenize(body) for body in bodies)


def api(client: Client, path: str, **params: Any) -> dict[str, Any]:
    response = client.get(path, params)
    assert response.status_code == 200, response.content
    return response.json()


def test_a_misspelt_word_gets_the_scopes_spelling_and_the_query_runs_as_typed(
    client: Client, statute_index: Path
) -> None:
    body = api(client, STATUTES, q="landlrod", jurisdiction="wa")
    assert body["total"] == 0 and body["results"] == []
    assert body["q"] == "landlrod" and body["terms_searched"] == ["landlrod"]
    assert body["suggestions"] == [
        {"term": "landlrod", "suggestion": "landlord", "distance": 1.0,
         "documents": holding("landlord", jurisdiction="wa"), "term_documents": 0}
    ]  # fmt: skip
    assert body["suggested_query"] == "landlord"
    assert 'Did you mean "landlord"?' in body["note"] and "ran as typed" in body["note"]
    assert api(client, STATUTES, q="Landlrod", jurisdiction="wa")["suggested_query"] == "Landlord"


def test_candidates_are_counted_in_the_searched_scope(client: Client, statute_index: Path) -> None:
    # "deposit" is in enough statutes (the default scope: the CFR is not searched unless
    # included), but in too few of Washington's.
    assert holding("deposit", corpus="statute") >= 3 > holding("deposit", jurisdiction="wa")
    everywhere = api(client, STATUTES, q="depost")
    assert [s["suggestion"] for s in everywhere["suggestions"]] == ["deposit"]
    assert everywhere["suggestions"][0]["documents"] == holding("deposit", corpus="statute")
    with_cfr = api(client, STATUTES, q="depost", include="cfr")
    assert with_cfr["suggestions"][0]["documents"] == holding("deposit")
    in_wa = api(client, STATUTES, q="depost", jurisdiction="wa")
    assert in_wa["suggestions"] == [] and in_wa["suggested_query"] is None


def test_a_search_with_more_than_a_handful_of_rows_gets_none(
    client: Client, statute_index: Path
) -> None:
    body = api(client, STATUTES, q="landlord tenent")
    assert body["total"] > FEW_ROWS
    assert body["suggestions"] == [] and body["suggested_query"] is None
    assert "Did you mean" not in body["note"]
    # The same misspelling alone finds nothing and is corrected.
    assert api(client, STATUTES, q="tenent")["suggested_query"] == "tenant"


def test_a_citation_answer_gets_none(client: Client, statute_index: Path) -> None:
    body = api(client, STATUTES, q="RCW 59.18.280")
    assert body["read_as"] == "citation"
    assert body["suggestions"] == [] and body["suggested_query"] is None


def test_the_statute_page_links_the_corrected_search_with_every_parameter(
    client: Client, statute_index: Path
) -> None:
    page = client.get("/statutes/", {"q": "landlrod", "jurisdiction": "wa", "stem": "true",
                                     "limit": "5"})  # fmt: skip
    html = page.content.decode()
    found = _LINK.search(html)
    assert found, html
    url, label = unescape(found.group(1)), found.group(2)
    assert label == "landlord"
    assert urlsplit(url).path == "/statutes/"
    assert parse_qs(urlsplit(url).query) == {
        "q": ["landlord"], "jurisdiction": ["wa"], "stem": ["true"], "limit": ["5"],
    }  # fmt: skip
    assert 'value="landlrod"' in html  # the box keeps what was typed
    followed = client.get(url).content.decode()
    assert "did-you-mean" not in followed and "RCW 59.18" in followed
    partial = client.get("/statutes/", {"q": "landlrod"}, HTTP_HX_REQUEST="true")
    assert "did-you-mean" in partial.content.decode()
    assert "did-you-mean" not in client.get("/statutes/", {"q": "landlord"}).content.decode()


def test_papers_get_suggestions_from_the_passages_words(client: Client, paper_index: Path) -> None:
    texts = Chunk.objects.values_list("text", flat=True)
    held = sum("adaptation" in simple_tokenize(text) for text in texts)
    body = api(client, PAPERS, query="adaptaton", match="all_words")
    assert body["total"] == 0 and body["terms_searched"] == ["adaptaton"]
    assert body["suggestions"] == [
        {"term": "adaptaton", "suggestion": "adaptation", "distance": 1.0, "documents": held,
         "term_documents": 0}
    ]  # fmt: skip
    assert body["suggested_query"] == "adaptation"
    assert 'Did you mean "adaptation"?' in body["note"]
    assert api(client, PAPERS, query="adaptation")["suggestions"] == []


def test_the_paper_page_links_the_corrected_search_with_every_parameter(
    client: Client, paper_index: Path
) -> None:
    page = client.get("/papers/", {"query": "low rank adaptaton", "match": "phrase",
                                   "sort": "newest"})  # fmt: skip
    found = _LINK.search(page.content.decode())
    assert found
    url = unescape(found.group(1))
    assert found.group(2) == "low rank adaptation"
    params = parse_qs(urlsplit(url).query)
    assert params["query"] == ["low rank adaptation"]
    assert params["match"] == ["phrase"] and params["sort"] == ["newest"]
    assert "offset" not in params


def mcp_equals_api(client: Client, tool: str, arguments: dict[str, Any], path: str) -> Any:
    from tests.mcp.test_mcp_endpoint import call

    result = call(client, tool, arguments)
    body = result["structuredContent"]
    assert result["isError"] is False and body["suggestions"], body
    assert body["suggestions"] == api(client, path, **arguments)["suggestions"]
    return body["suggested_query"]


def test_the_statute_tool_carries_the_same_suggestions(client: Client, statute_index: Path) -> None:
    tool = mcp_equals_api(
        client, "statute_search", {"q": "landlrod", "jurisdiction": "wa"}, STATUTES
    )
    assert tool == "landlord"


def test_the_paper_tool_carries_the_same_suggestions(client: Client, paper_index: Path) -> None:
    assert mcp_equals_api(client, "search_keyword", {"query": "adaptaton"}, PAPERS) == "adaptation"
