"""The paper page: its chunks with the words of the search that led there marked, its
citation, and links from each author's name to a search filtered by that author."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse

from search.backends.paper_search import NEWEST
from search.backends.registry import get_backend
from search.papers.exports import bibtex_entry, citation_key
from search.papers.lookup import PaperChunk, PaperDetail
from search.papers.payloads import cited_paper
from search.papers.request import MATCH_MODES, PaperSearchRequest, parse_paper_query
from search.papers.results_page import Link, page_url
from search.text.query import ALL_WORDS


@dataclass(frozen=True)
class ShownChunk:
    """A chunk and its text with `[hl]` marks (unmarked when no query was given)."""

    chunk: PaperChunk
    marked_text: str
    matched: bool


def paper_context(
    detail: PaperDetail, params: Mapping[str, str], absolute: Callable[[str], str]
) -> dict[str, Any]:
    """The template context of a paper page reached with `params` (query, match)."""
    query = params.get("query", "")
    cited = cited_paper(detail, absolute)
    return {
        "paper": detail,
        "chunks": highlighted_chunks(detail, query, params.get("match", "")),
        "query": query,
        "bibtex": bibtex_entry(cited, citation_key(cited)),
        "author_links": tuple(Link(name, author_search_url(name)) for name in detail.authors),
        "back_url": back_to_search_url(params),
    }


def author_search_url(name: str) -> str:
    """A search for an author's papers: their name as the words and as the author filter,
    newest first."""
    return page_url(PaperSearchRequest.for_query(name, authors=(name,), sort=NEWEST))


def highlighted_chunks(detail: PaperDetail, query: str, match: str) -> list[ShownChunk]:
    """Every chunk in order; with a query, its terms and phrases marked as the index matched."""
    parsed = None
    if query.strip():
        parsed, _ = parse_paper_query(query, match if match in MATCH_MODES else ALL_WORDS)
    shown = []
    for chunk in detail.chunks:
        if parsed is None or parsed.is_empty:
            shown.append(ShownChunk(chunk, chunk.text, False))
            continue
        marked = get_backend().mark_text(chunk.text, parsed)
        shown.append(ShownChunk(chunk, marked, "[hl]" in marked))
    return shown


def back_to_search_url(params: Mapping[str, str]) -> str:
    """The search the paper page was reached from: every parameter it came with (the search
    page validates them again)."""
    query = params.urlencode() if isinstance(params, QueryDict) else urlencode(params)
    return reverse("paper_search") + (f"?{query}" if query else "")
