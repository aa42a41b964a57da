"""One row of a statute answer, built from a backend hit (ranked or listed)."""

from dataclasses import dataclass

from search.backends.statute_search import Hit

ROW_FIELDS = (
    "id", "citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
    "chapter", "section", "as_of", "url", "ends_at_colon",
)  # fmt: skip


@dataclass(frozen=True)
class StatuteRow:
    """One section of an answer: ranked by a keyword search, or listed for a citation.

    `score` is None for listed rows (a citation's or chapter's sections are not ranked).
    """

    rank: int
    id: str
    citation: str
    heading: str | None
    jurisdiction: str
    corpus: str
    source: str
    code_name: str | None
    title: str | None
    chapter: str | None
    section: str | None
    as_of: str
    url: str | None
    snippet: str
    score: float | None
    ends_at_colon: bool
    matched_terms: tuple[str, ...]
    # The heading with `[hl]` marks where the query matched it (headings=true only).
    heading_marked: str | None = None


def row_from_hit(rank: int, hit: Hit, *, scored: bool = True) -> StatuteRow:
    """A row from a backend hit holding ROW_FIELDS."""
    return StatuteRow(
        rank=rank,
        id=hit.first("id"),
        citation=hit.first("citation", ""),
        heading=hit.first("heading"),
        jurisdiction=hit.first("jurisdiction", ""),
        corpus=hit.first("corpus", ""),
        source=hit.first("source", ""),
        code_name=hit.first("code_name"),
        title=hit.first("title"),
        chapter=hit.first("chapter"),
        section=hit.first("section"),
        as_of=hit.first("as_of", ""),
        url=hit.first("url"),
        snippet=hit.snippet,
        score=round(hit.score, 4) if scored else None,
        ends_at_colon=bool(hit.first("ends_at_colon", False)),
        matched_terms=hit.matched,
        heading_marked=hit.marked.get("heading"),
    )
