"""The engine-neutral seam of the paper search: what the service asks, what comes back.

The service describes one search as a `PaperQuery`; a backend (`SearchBackend` in
`search.backends.interface`) opens a `PaperSearchSession` for it and answers, on one
point-in-time view of the index: the first hits of the ranked pool (as many as the page
needs, so the cost follows the page, not the number of matches), the facet counts over all
matches, and the display rows of the hits the service finally shows. Nothing here knows an
engine.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from search.query import ALL_WORDS, WORD_MODES, ParsedQuery

# Entity tiers of the soft filter (SPEC: matches first, then chunks with none recorded).
TIER_MATCH = 0
TIER_UNRECORDED = 1


@dataclass(frozen=True)
class PaperQuery:
    """One chunk search: words by `mode` on the chunk text, filters that never move BM25.

    `entities` (casefolded names) is the soft filter: when given, chunks naming one of them
    form the first tier, chunks with no entities recorded the second, and the rest are out.
    """

    query: ParsedQuery
    mode: str = ALL_WORDS
    categories: tuple[str, ...] = ()
    content_types: tuple[str, ...] = ()
    date_from: date | None = None
    date_to: date | None = None
    entities: tuple[str, ...] = ()
    pool_cap: int = 20_000

    def __post_init__(self) -> None:
        if self.mode not in WORD_MODES:
            raise ValueError(f"mode must be one of {WORD_MODES}, got {self.mode!r}")
        if self.pool_cap < 1:
            raise ValueError(f"pool_cap must be at least 1, got {self.pool_cap}")


@dataclass(frozen=True)
class PoolHit:
    """A pool member: enough to order and diversify it without reading its document."""

    address: Any  # opaque to the service; only the session that made it reads it
    score: float
    tier: int
    chunk_id: int
    paper_key: int
    concept_key: int
    content_type_key: int


@dataclass(frozen=True)
class Pool:
    """The first hits of the ranked pool, and exact counts of the whole of it.

    The pool is the top-scoring `cap` matches in rank order (tier, score descending, chunk
    id ascending); `hits` is a prefix of it, as long as was asked for.
    """

    hits: tuple[PoolHit, ...]
    total: int
    # Matches per tier (one entry without an entity filter) and those the filter excluded.
    tier_totals: tuple[int, ...]
    excluded_by_entities: int
    cap: int

    @property
    def size(self) -> int:
        """How many matches the whole pool holds."""
        return min(self.total, self.cap)

    @property
    def complete(self) -> bool:
        """True when `hits` is the whole pool."""
        return len(self.hits) >= self.size

    @property
    def truncated(self) -> bool:
        """True when more chunks matched than the pool holds."""
        return self.total > self.cap


@dataclass(frozen=True)
class FacetCounts:
    """Counts over every match (not only the pool): by content type and top entities."""

    content_types: tuple[tuple[str, int], ...]
    entities: tuple[tuple[str, int], ...]  # casefolded entity names, most frequent first


@dataclass(frozen=True)
class IndexFacts:
    """Corpus-wide facts of one index version, for the coverage note and the form."""

    version: str
    chunks: int
    abstracts: int  # chunk_index 0; every other chunk is full-text body
    categories: tuple[tuple[str, int], ...]  # papers per category, most first
    content_types: tuple[tuple[str, int], ...]  # chunks per content type
    entities: tuple[tuple[str, int], ...]  # most frequent casefolded entity names


@dataclass(frozen=True)
class IndexedChunk:
    """What the index stores for one hit, plus its snippet and the terms it matched."""

    chunk_id: int
    paper_key: int
    paper_id: str
    arxiv_id: str | None
    title: str
    authors: tuple[str, ...]
    categories: tuple[str, ...]
    published: date | None
    chunk_index: int
    section: str
    content_type: str
    key_concept: str
    self_contained: bool
    snippet: str
    matched_terms: tuple[str, ...]
    # What result rows show beyond these fields, stored as the index builder wrote it.
    display: bytes | None = None
    # Per-term BM25 contributions, only when asked for (detail=full).
    score_parts: tuple[tuple[str, float], ...] = ()


class PaperSearchSession(Protocol):
    """One search on one consistent view of the index."""

    version: str

    def ranked(self, window: int) -> Pool:
        """The first `window` hits of the ranked pool (tier, score desc, chunk id asc)."""
        ...

    def facets(self, top_entities: int) -> FacetCounts:
        """Content-type counts and the `top_entities` most frequent entities over all matches."""
        ...

    def chunks(self, hits: Sequence[PoolHit], *, explain: bool) -> list[IndexedChunk]:
        """Stored fields, snippet and matched terms of `hits`, in the given order."""
        ...
