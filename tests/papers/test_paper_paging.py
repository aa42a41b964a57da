"""Paging and order of the paper search: offsets never overlap or skip a row, date orders
over all matches, and what the last page says (service level)."""

from datetime import date
from pathlib import Path

import pytest

from search.models import Chunk
from search.papers.request import PaperSearchRequest
from search.papers.service import PaperSearchResult, search_papers

pytestmark = pytest.mark.django_db


def run(query: str, **options: object) -> PaperSearchResult:
    return search_papers(PaperSearchRequest.for_query(query=query, **options))


def keys(result: PaperSearchResult) -> list[tuple[str, int]]:
    return [(h.paper_id, h.chunk_index) for h in result.hits]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"max_per_document": 1},
        {"diversify_by": "keyConcept"},
        {"diversify_by": "contentType"},
        {"entities": ("LoRA",)},
        {"sort": "newest"},
        {"sort": "oldest", "max_per_document": 3},
        {"match": "any_words"},
    ],
)
@pytest.mark.parametrize("size", [1, 2, 3])
def test_pages_never_overlap_or_skip_a_row(
    paper_index: Path, options: dict[str, object], size: int
) -> None:
    query = "adaptation speech strings" if options.get("match") else "adaptation"
    whole = run(query, limit=100, **options)
    seen: list[tuple[str, int]] = []
    offset: int | None = 0
    while offset is not None:
        page = run(query, limit=size, offset=offset, **options)
        assert [h.rank for h in page.hits] == list(range(offset + 1, offset + 1 + len(page.hits)))
        assert page.paging.first == offset + 1 and page.total == whole.total
        assert page.paging.previous_offset == (max(offset - size, 0) if offset else None)
        seen += keys(page)
        offset = page.paging.next_offset
    assert seen == keys(whole)
    assert page.paging.end_note and whole.paging.next_offset is None


def test_next_offset_and_the_status_numbers(paper_index: Path) -> None:
    first = run("adaptation", limit=2)
    assert (first.paging.first, first.paging.last, first.paging.next_offset) == (1, 2, 2)
    assert first.paging.end_note is None
    last = run("adaptation", limit=4, offset=4)
    assert (last.paging.first, last.paging.last, last.paging.next_offset) == (5, 6, None)
    assert "End of the results" in (last.paging.end_note or "")
    assert "papers already shown 2 time(s)" in (last.paging.end_note or "")


def test_held_back_counts_the_cap_up_to_the_page_end(paper_index: Path) -> None:
    # "adaptation" ranks the domain-adaptation paper's five chunks and the LoRA paper's four
    # together; at most two of each are shown.
    page = run("adaptation", limit=6)
    assert page.paging.shown == 6 and page.paging.held_back == 5
    assert run("adaptation", limit=6, max_per_document=10).paging.held_back == 0
    assert run("adaptation", limit=6, diversify_by="keyConcept").paging.held_back == 0


def test_truncated_pool_ends_paging_at_the_cap(paper_index: Path, settings: object) -> None:
    settings.PORTAL_PAPER_POOL_CAP = 4  # type: ignore[attr-defined]
    page = run("adaptation", limit=3, offset=0, max_per_document=10)
    assert page.paging.next_offset == 3
    last = run("adaptation", limit=3, offset=3, max_per_document=10)
    assert len(last.hits) == 1 and last.paging.next_offset is None
    assert "End of what is ranked: the pool holds the top 4 of 11" in (last.paging.end_note or "")


def _published(result: PaperSearchResult) -> list[date | None]:
    return [h.published for h in result.hits]


@pytest.mark.parametrize("sort", ["newest", "oldest"])
def test_date_orders_cover_all_matches_with_undated_last(paper_index: Path, sort: str) -> None:
    query = "adaptation reader strings units"
    result = run(query, match="any_words", sort=sort, limit=100, max_per_document=100)
    dated = [d for d in _published(result) if d]
    assert dated == sorted(dated, reverse=sort == "newest")
    assert _published(result)[len(dated) :] == [None] * (len(result.hits) - len(dated))
    assert result.hits[-1].paper_id == "scirex:abc"  # the undated paper comes last
    by_date: dict[date | None, list[int]] = {}
    for hit in result.hits:
        by_date.setdefault(hit.published, []).append(hit.chunk_id)
    assert all(ids == sorted(ids) for ids in by_date.values())  # ties by chunk id
    relevance = run(query, match="any_words", limit=100, max_per_document=100)
    assert result.total == relevance.total
    scores = {h.chunk_id: h.score for h in relevance.hits}
    assert all(h.score == scores[h.chunk_id] for h in result.hits)  # still BM25
    assert ("newest first" if sort == "newest" else "oldest first") in result.note


def test_date_order_reads_all_matches_not_the_top_scoring_pool(
    paper_index: Path, settings: object
) -> None:
    settings.PORTAL_PAPER_POOL_CAP = 2  # type: ignore[attr-defined]
    newest = run("adaptation strings", match="any_words", sort="newest", max_per_document=5)
    latest = max(
        c.paper.published for c in Chunk.objects.select_related("paper")
        if c.paper.published and ("adaptation" in (c.text + c.paper.title).lower())
    )  # fmt: skip
    assert newest.hits[0].published == latest
    assert "the 2 newest matches" in newest.note
