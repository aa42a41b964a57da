"""The engine-neutral seam of the paper search: what the service asks, what comes back.

The service describes one search as a `PaperQuery`; a backend (`SearchBackend` in
`search.backends.protocol`) opens a `PaperSearchSession` for it and answers, on one
point-in-time view of the index: the first hits of the ranked pool (as many as the page
needs, so the cost follows the page, not the number of matches), the facet counts over all
matches, and the display rows of the hits the service finally shows. Nothing here knows an
engine.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from search.text.query import ALL_WORDS, WORD_MODES, ParsedQuery

# Tiers of the pool, in order: chunks of papers named by arXiv id in the query, then the
# entity soft filter's (SPEC: matches first, then chunks with none recorded).
TIER_NAMED_PAPER = -1
TIER_MATCH = 0
TIER_UNRECORDED = 1

# Orders of the pool: BM25 over all matches' top `pool_cap`, or publication date.
RELEVANCE = "relevance"
NEWEST = "newest"
OLDEST = "oldest"
SORTS = (RELEVANCE, NEWEST, OLDEST)

# The fields a chunk is matched on: its own text, its paper's title and author names.
TEXT = "text"
TITLE = "title"
AUTHORS = "authors"
SEARCHED_FIELDS = (TEXT, TITLE, AUTHORS)


# How many times a paper's title counts among each of its chunks' words: a word's count in
# the title and in the text are summed before BM25 saturates them (BM25F-style), so a title
# word weighs like a word said twice in the text, not like a second, separately saturated
# score. Fixed when the index is built (a change needs a reindex).
TITLE_REPEATS = 2


@dataclass(frozen=True)
class FieldWeights:
    """What the query's words weigh where they match: each weight multiplies a BM25 score.

    `text` weighs a word among the chunk's words (its text, with its paper's title counted
    TITLE_REPEATS times). `authors` weighs a word in an author's name when the query has at
    most `short_query` loose words (a name, or a name and a topic); `long_authors` in longer
    queries, which describe a paper rather than name its authors. `pairs` rewards each two
    consecutive loose words found next to each other among the chunk's words (stop words
    between them skipped, as the query skips them): a description's "loss scaling" then counts
    for more than "loss" and "scaling" far apart. `adjacent` rewards all the loose words
    standing together (in order, at most `slop` words apart) in the title or in one author's
    name, on top of the words' own scores: "Lin Mu" then ranks that author above a paper by a
    Lin that mentions mu. Chosen on the bench dev sets (`python -m bench.weights`; README
    "Paper ranking").
    """

    text: float = 1.0
    authors: float = 1.5
    long_authors: float = 0.5
    short_query: int = 4
    pairs: float = 0.2
    adjacent: float = 4.0
    slop: int = 0

    def authors_for(self, words: int) -> float:
        """The author-name weight for a query of `words` loose words."""
        return self.authors if words <= self.short_query else self.long_authors


@dataclass(frozen=True)
class PaperQuery:
    """One chunk search: words by `mode` on the chunk's text, title and author names (each
    word in any of them; a phrase within one), and filters that never move BM25.

    `entities` (casefolded names) is the soft filter: when given, chunks naming one of them
    form the first tier, chunks with no entities recorded the second, and the rest are out.
    `arxiv_ids` names papers whose chunks (those the filters keep) come before all others,
    ranked among themselves by the words, which they need not contain; the query may then
    have no words at all. `authors` holds folded author keys (`papers.author_names`): a
    chunk matches when its paper has any of them. `sort` orders each tier by BM25 or by
    publication date (undated papers last; ties by chunk id either way). `name_key` is the
    author key the whole query would be as one person's name: when a paper has an author with
    that key, the words match in author names only through such an author (a first name on one
    author and a last name on another are no match), and in the text and title as usual.
    `full_name` is the query's own words as one name, stop words kept (`Chen-An Li`: `chen an
    li`), with `full_name_key` its author key: when some author has that key, it stands for
    `name_key` and the adjacency bonus in author names scores these words, since a name's
    words are no stop words there (the text and title still search the query's terms).
    """

    query: ParsedQuery
    mode: str = ALL_WORDS
    categories: tuple[str, ...] = ()
    content_types: tuple[str, ...] = ()
    date_from: date | None = None
    date_to: date | None = None
    entities: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    arxiv_ids: tuple[str, ...] = ()
    sort: str = RELEVANCE
    weights: FieldWeights = FieldWeights()
    pool_cap: int = 20_000
    name_key: str = ""
    full_name: tuple[str, ...] = ()
    full_name_key: str = ""

    def __post_init__(self) -> None:
        if self.mode not in WORD_MODES:
            raise ValueError(f"mode must be one of {WORD_MODES}, got {self.mode!r}")
        if self.sort not in SORTS:
            raise ValueError(f"sort must be one of {SORTS}, got {self.sort!r}")
        if self.pool_cap < 1:
            raise ValueError(f"pool_cap must be at least 1, got {self.pool_cap}")
        if self.query.is_empty and not self.arxiv_ids:
            raise ValueError("nothing to search: no words and no arXiv id")


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

    The pool is the first `cap` matches in rank order (tier, then score descending or date,
    then chunk id ascending); `hits` is a prefix of it, as long as was asked for.
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
class NamedPaper:
    """A paper named by arXiv id in the query, as the index holds it."""

    arxiv_id: str
    paper_id: str
    title: str
    authors: tuple[str, ...]
    published: date | None
    chunks: int


@dataclass(frozen=True)
class IndexedChunk:
    """What the index stores for one hit, plus its snippet and the terms it matched.

    `matched_in` says where each searched term matched: (field, terms) for each of
    SEARCHED_FIELDS that matched one. `title_marked` and `authors_marked` carry `[hl]` marks
    where the query matched them (unchanged text when it did not).
    """

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
    score: float = 0.0  # BM25 (also when the pool is ordered by date)
    matched_in: tuple[tuple[str, tuple[str, ...]], ...] = ()
    title_marked: str = ""
    authors_marked: tuple[str, ...] = ()
    # What result rows show beyond these fields, stored as the index builder wrote it.
    display: bytes | None = None
    # Per-term BM25 contributions, only when asked for (detail=full).
    score_parts: tuple[tuple[str, float], ...] = ()


class PaperSearchSession(Protocol):
    """One search on one consistent view of the index."""

    version: str

    def ranked(self, window: int) -> Pool:
        """The first `window` hits of the ranked pool (tier, order, chunk id asc)."""
        ...

    def named_papers(self) -> tuple[NamedPaper, ...]:
        """The papers of the query's arXiv ids that are loaded, in the order named."""
        ...

    def facets(self, top_entities: int) -> FacetCounts:
        """Content-type counts and the `top_entities` most frequent entities over all matches."""
        ...

    def chunks(self, hits: Sequence[PoolHit], *, explain: bool) -> list[IndexedChunk]:
        """Stored fields, snippet, matched terms and BM25 score of `hits`, in the given order."""
        ...
