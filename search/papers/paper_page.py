"""The paper page's chunks, with the words of the search that led there marked."""

from dataclasses import dataclass

from search.backends.registry import get_backend
from search.papers.lookup import PaperChunk, PaperDetail
from search.papers.request import MATCH_MODES
from search.papers.service import parse_paper_query
from search.query import ALL_WORDS


@dataclass(frozen=True)
class ShownChunk:
    """A chunk and its text with `[hl]` marks (unmarked when no query was given)."""

    chunk: PaperChunk
    marked_text: str
    matched: bool


def highlighted_chunks(detail: PaperDetail, query: str, match: str) -> list[ShownChunk]:
    """Every chunk in order; with a query, its terms and phrases marked as the index matched."""
    parsed = None
    if query.strip():
        parsed = parse_paper_query(query, match if match in MATCH_MODES else ALL_WORDS)
    shown = []
    for chunk in detail.chunks:
        if parsed is None or parsed.is_empty:
            shown.append(ShownChunk(chunk, chunk.text, False))
            continue
        marked = get_backend().mark_text(chunk.text, parsed)
        shown.append(ShownChunk(chunk, marked, "[hl]" in marked))
    return shown
