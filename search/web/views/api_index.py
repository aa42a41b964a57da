"""`/api/`: what the JSON API offers (also the benchmark's no-search floor through the stack)."""

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from search.answers.json_answers import api_response

API_NOTE = (
    "The portal's JSON API. Every answer, errors included, carries `note` (how to read it) "
    "and `coverage_note` (what was searched). Parameter and field names are those of the "
    "statute_search and search_keyword tools. The same searches are MCP tools at POST /mcp "
    "(statute_search, statute_survey, statute, sources, search_keyword, find_by_id; see README)."
)
API_COVERAGE_NOTE = (
    "This listing searches nothing. /api/sources states what the statute sources cover; "
    "every paper search answer states the paper coverage."
)
ENDPOINTS = (
    ("api_statute_search", "Keyword search of statute and regulation sections."),
    (
        "api_statute_survey",
        "One question in every jurisdiction: each one's best sections and match count "
        "(per=, sort=name|score, format=csv).",
    ),
    ("api_statute", "One whole section by id= or citation=."),
    ("api_sources", "The coverage statement: every statute and regulation source."),
    (
        "api_search_keyword",
        "Keyword search of paper passages (chunks) on their text, title "
        "and authors; arXiv ids, authors=, offset=, sort=, and format=csv|bibtex for files.",
    ),
    ("api_paper", "One paper by arxiv_id= or paper_id=, or candidates by title=."),
)


@require_safe
def api_index(request: HttpRequest) -> JsonResponse:
    """The endpoints of the JSON API, each with one line on what it does."""
    endpoints = [{"path": reverse(name), "does": does} for name, does in ENDPOINTS]
    return api_response({"endpoints": endpoints}, note=API_NOTE, coverage_note=API_COVERAGE_NOTE)
