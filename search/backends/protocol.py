"""The one door to a search engine: what services, catalogs and builds may ask of a backend.

`search.backends.registry.get_backend()` returns the configured implementation (setting
`PORTAL_SEARCH_BACKEND`; embedded tantivy is the only one today). Nothing outside
`search/backends/` imports an engine; everything else calls these methods. A backend must
pass the contract tests in `tests/backend_contract.py` (rows, counts, tie order, marks).
"""

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from search.backends.filters import Filter
from search.backends.paper_search import IndexFacts, PaperQuery, PaperSearchSession
from search.backends.statute_search import GroupedHits, GroupedSearch, HitPage, Listing, TextSearch
from search.text.query import ParsedQuery

Document = dict[str, Any]


class IndexUnavailable(Exception):
    """No live index can be opened (missing, unreadable or corrupt); the web layer answers 503."""

    def __init__(self, index_name: str, reason: str) -> None:
        super().__init__(f"The {index_name} index is not available: {reason}")
        self.index_name = index_name
        self.reason = reason


class IndexWriterBackend(Protocol):
    """Writes one index version into a fresh directory and reads its document count back."""

    def write(
        self,
        index_name: str,
        directory: Path,
        documents: Iterable[Document],
        on_batch: Callable[[int], None],
    ) -> None:
        """Write every document, committing at the end; call on_batch(n) as they go in."""
        ...

    def count(self, index_name: str, directory: Path) -> int:
        """Number of documents a reader sees in a finished version."""
        ...


class SearchBackend(Protocol):
    """Text analysis, both searches, live-version reads and the index writer of one engine."""

    name: str

    def tokenize(self, text: str) -> list[str]:
        """Tokens exactly as the index analyzer produces them (queries are parsed with this)."""
        ...

    def stem(self, word: str) -> str:
        """The stem the word-forms fields hold for one token (the token when it has none)."""
        ...

    def mark_text(self, text: str, query: ParsedQuery, *, stem: bool = False) -> str:
        """`text` with every occurrence the index would match wrapped in `[hl]` marks (`stem`:
        as the word-forms search matches)."""
        ...

    def search_statutes(self, spec: TextSearch) -> HitPage:
        """Run one statute search on the live statutes index (IndexUnavailable: none)."""
        ...

    def search_statutes_grouped(self, spec: GroupedSearch) -> GroupedHits:
        """Run one statute search per value of a field at once: each value's count (one
        aggregation) and its top hits (IndexUnavailable: no live index)."""
        ...

    def list_statutes(self, spec: Listing) -> HitPage:
        """Sections passing filters alone, in stored order (look-ups, chapters, one id)."""
        ...

    def paper_session(self, spec: PaperQuery) -> PaperSearchSession:
        """Open one paper search on the live papers index (IndexUnavailable: none)."""
        ...

    def paper_facts(self, top_entities: int) -> IndexFacts:
        """Corpus-wide facts of the live papers index version."""
        ...

    def paper_title_matches(self, query: ParsedQuery, limit: int) -> Sequence[tuple[int, float]]:
        """Papers whose title holds every searched word: (paper key, best score), best first."""
        ...

    def vocabulary(
        self, index_name: str, field: str, prefix: str, filters: tuple[Filter, ...] = ()
    ) -> Sequence[tuple[str, int]]:
        """Words of a searched `field` in the live version that start with `prefix`, each with
        how many documents passing every filter hold it, most first (did-you-mean candidates)."""
        ...

    def word_documents(self, index_name: str, field: str, word: str) -> int:
        """How many documents of the live version hold `word` in a searched `field`."""
        ...

    def probe(self, index_name: str) -> int:
        """Open the live version, read one stored document; its document count."""
        ...

    def writer(self) -> IndexWriterBackend:
        """The writer that builds a new version of an index."""
        ...

    def forget_open_indexes(self) -> None:
        """Drop per-process caches of open versions (tests switch index roots)."""
        ...
