"""The paper service runs the words and arXiv ids the request carries; it never parses the
query text again."""

from pathlib import Path

import pytest

from search.papers.request import PaperSearchRequest, parse_paper_query
from search.papers.service import search_papers

pytestmark = pytest.mark.django_db


def test_a_request_needs_its_parsed_query() -> None:
    with pytest.raises(TypeError):
        PaperSearchRequest(query="adaptation")  # type: ignore[call-arg]


def test_the_search_runs_the_parsed_query_not_the_text(paper_index: Path) -> None:
    parsed, ids = parse_paper_query("noisy", "all_words")
    given = search_papers(PaperSearchRequest(query="adaptation", parsed=parsed, arxiv_ids=ids))
    typed = search_papers(PaperSearchRequest.for_query("noisy"))
    assert given.terms_searched == typed.terms_searched == ("noisy",)
    assert (
        [(h.paper_id, h.chunk_index) for h in given.hits]
        == [(h.paper_id, h.chunk_index) for h in typed.hits]
        != []
    )
