"""What the papers index covers: counts, dates, categories; and the coverage note.

Computed once per live index version and kept in this process: chunk, category and entity
counts from the index, paper counts and dates from the version's manifest, so the note
describes what is searched even when the database has moved on (then it says a rebuild is
pending). Without a live index the database facts are reported, cached briefly, so a 503
explains itself.
"""

import re
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings

from search.backends.paper_search import IndexFacts
from search.backends.protocol import IndexUnavailable
from search.backends.registry import get_backend
from search.indexes.cache import VersionCache
from search.indexes.freshness import rebuild_pending_note
from search.indexes.names import PAPERS
from search.indexes.store import IndexStore
from search.models import Chunk
from search.papers.loaded import paper_facts
from search.papers.vocabulary import get_vocabulary

# arXiv archive names (cs.CL, hep-ph, physics.flu-dyn); the listings also carry ACM and
# MSC class codes ("I.2.7", "68T50"), which filters accept but the page does not offer.
ARXIV_CATEGORY = re.compile(r"[a-z][a-z-]*(\.[A-Za-z][A-Za-z-]*)?")
# Entity names offered under the page's entity box before anything is typed.
SUGGESTED_ENTITIES = 200
CATEGORIES_IN_NOTE = 6
NO_INDEX_CACHE_SECONDS = 30.0


@dataclass(frozen=True)
class PaperCatalog:
    """Coverage facts of one index version (or of the database alone, `version=None`)."""

    version: str | None
    papers: int
    chunks: int
    body_chunks: int
    full_text_papers: int
    undated_papers: int
    first_published: str | None
    last_published: str | None
    # (category, papers), most papers first.
    categories: tuple[tuple[str, int], ...]
    # (content type, chunks) over the whole index.
    content_types: tuple[tuple[str, int], ...]
    # Vocabulary spellings of the most frequent entities in the index.
    top_entities: tuple[str, ...]
    unavailable_reason: str | None = None

    @cached_property
    def arxiv_categories(self) -> tuple[tuple[str, int], ...]:
        """Categories that are arXiv archive names (not ACM/MSC class codes), most first."""
        return tuple(c for c in self.categories if ARXIV_CATEGORY.fullmatch(c[0]))

    def category(self, value: str) -> str | None:
        """The indexed spelling of a category, matched case-insensitively (None: unknown)."""
        folded = value.strip().casefold()
        return next((name for name, _ in self.categories if name.casefold() == folded), None)

    def coverage_note(self) -> str:
        """One paragraph: what the live index version holds, and what it does not; and when
        the loaded data has moved on since it was built."""
        pending = rebuild_pending_note(PAPERS, self.version) if self.version else ""
        return f"{self._coverage_note} {pending}" if pending else self._coverage_note

    @cached_property
    def _coverage_note(self) -> str:
        if self.version is None:
            where = (
                f"The papers index is not available ({self.unavailable_reason}); the loaded "
                "data holds"
            )
        else:
            where = f"Papers index version {self.version} holds"
        text = (
            f"{where} {self.papers:,} papers, searched as {self.chunks:,} chunks: each "
            "paper's abstract (where the source has one) as one chunk, plus "
            f"{self.body_chunks:,} full-text body chunks of {self.full_text_papers:,} papers; "
            "every other paper is searchable by its abstract alone."
        )
        if self.first_published:
            text += (
                f" Published {self.first_published} to {self.last_published}; "
                f"{self.undated_papers:,} papers have no publication date and are left out "
                "whenever dateFrom or dateTo is given."
            )
        arxiv = self.arxiv_categories
        if arxiv:
            top = ", ".join(f"{c} {n:,}" for c, n in arxiv[:CATEGORIES_IN_NOTE])
            text += f" {len(arxiv)} arXiv categories (most papers: {top})"
            others = len(self.categories) - len(arxiv)
            text += f"; the listings also carry {others:,} ACM/MSC class codes." if others else "."
        return text


_cache: VersionCache[tuple[str, str | None], PaperCatalog] = VersionCache()


def load_catalog() -> PaperCatalog:
    """The catalog of the live papers index, computed once per version and process."""
    root = str(settings.PORTAL_INDEX_DIR)
    version = IndexStore(PAPERS).live_version()
    found = _cache.get((root, version)) if version else None
    if found:
        return found
    try:  # IndexUnavailable when none is live, or the live version cannot be read
        facts = get_backend().paper_facts(SUGGESTED_ENTITIES)
        return _cache.get_or_make((root, facts.version), lambda: _index_catalog(facts))
    except IndexUnavailable as exc:
        reason = exc.reason
        return _cache.get_or_make(
            (root, None), lambda: _database_catalog(reason), max_age=NO_INDEX_CACHE_SECONDS
        )


def forget_catalogs() -> None:
    """Drop cached catalogs (tests load new data under the same index version name)."""
    _cache.clear()


def _database_catalog(reason: str) -> PaperCatalog:
    return PaperCatalog(
        version=None, categories=(), content_types=(), top_entities=(),
        chunks=Chunk.objects.count(), body_chunks=Chunk.objects.filter(chunk_index__gt=0).count(),
        unavailable_reason=reason, **paper_facts(),
    )  # fmt: skip


def _index_catalog(found: IndexFacts) -> PaperCatalog:
    """What this version holds: chunks counted in the index, papers from its manifest (the
    database's counts only for a version written before manifests recorded them)."""
    vocabulary = get_vocabulary()
    meta = IndexStore(PAPERS).version_meta(found.version)
    recorded = meta.contents.get("papers") if meta else None
    return PaperCatalog(
        version=found.version,
        chunks=found.chunks,
        body_chunks=found.chunks - found.abstracts,
        categories=found.categories,
        content_types=found.content_types,
        top_entities=tuple(vocabulary.display(name) for name, _ in found.entities),
        **(recorded or paper_facts()),
    )
