"""Canonical paper look-up: by arXiv id (any version), by paper id, or by title.

The seed sends canonical look-ups here rather than to BM25, which may rank a paper that
mentions "LoRA" often above the LoRA paper itself.
"""

import unicodedata
from dataclasses import dataclass, replace
from datetime import date

from django.conf import settings
from django.urls import reverse

from search.answers.pipeline import NotFound
from search.backends.registry import get_backend
from search.models import Chunk, Paper
from search.papers.arxiv_ids import abs_url, issued, normalise_arxiv_id, pdf_url
from search.papers.licences import Licence, licence_for
from search.text.query import parse_query

TITLE_CANDIDATES = 10
TITLE = "title"
PAPER_NOTE = "The paper as loaded: metadata, licence, and its chunks in reading order."
TITLE_NOTE = (
    "{n} candidate(s) for this title: exact matches (ignoring case, accents and punctuation, "
    "exact_title=true) first, then papers whose title contains every word. Use arxiv_id= or "
    "paper_id= for the full paper with its chunks."
)
NOT_LOADED_NOTE = (
    "No loaded paper has {name}={value}. The paper may exist but not be in this corpus; "
    "try title= for a title search."
)


@dataclass(frozen=True)
class PaperChunk:
    """One chunk of a paper, in reading order."""

    chunk_index: int
    section: str
    content_type: str
    text: str
    entities: tuple[tuple[str, str], ...]
    key_concept: str
    self_contained: bool


@dataclass(frozen=True)
class PaperDetail:
    """A paper's metadata, licence and (when asked) its chunks in order."""

    paper_id: str
    arxiv_id: str | None
    title: str
    authors: tuple[str, ...]
    abstract: str
    categories: tuple[str, ...]
    published: date | None
    updated: date | None
    doi: str | None
    source: str
    licence: Licence
    has_full_text: bool
    chunk_count: int
    chunks: tuple[PaperChunk, ...] = ()
    exact_title: bool = False

    @property
    def arxiv_url(self) -> str | None:
        """The paper's arXiv abstract page."""
        return abs_url(self.arxiv_id) if self.arxiv_id else None

    @property
    def arxiv_pdf_url(self) -> str | None:
        """The paper's PDF on arXiv."""
        return pdf_url(self.arxiv_id) if self.arxiv_id else None

    @property
    def arxiv_issued(self) -> date | None:
        """The month its arXiv id was issued (the first of it), for a paper with no date."""
        found = issued(self.arxiv_id) if self.arxiv_id else None
        return date(found[0], found[1], 1) if found else None

    @property
    def page_url(self) -> str:
        """The paper's page on this site."""
        return reverse("paper_page", args=[self.paper_id])


@dataclass(frozen=True)
class PaperLookup:
    """One canonical look-up: `by` is arxiv_id, paper_id or title."""

    by: str
    value: str


@dataclass(frozen=True)
class LookupResult:
    """The paper found by id, or the candidates for a title, with the answer's notes."""

    lookup: PaperLookup
    papers: tuple[PaperDetail, ...]
    note: str
    coverage_note: str


def look_up(lookup: PaperLookup, coverage_note: str) -> LookupResult:
    """Run a look-up; raises NotFound for an id not loaded, IndexUnavailable for titles."""
    if lookup.by == TITLE:
        found = tuple(by_title(lookup.value))
        return LookupResult(lookup, found, TITLE_NOTE.format(n=len(found)), coverage_note)
    find = by_arxiv_id if lookup.by == "arxiv_id" else by_paper_id
    detail = find(lookup.value)
    if detail is None:
        raise NotFound(NOT_LOADED_NOTE.format(name=lookup.by, value=lookup.value))
    return LookupResult(lookup, (detail,), PAPER_NOTE, coverage_note)


def by_arxiv_id(text: str, *, with_chunks: bool = True) -> PaperDetail | None:
    """The paper with this arXiv id, whatever version suffix was given."""
    paper = Paper.objects.filter(arxiv_id=normalise_arxiv_id(text)).order_by("pk").first()
    return _detail(paper, with_chunks) if paper else None


def by_paper_id(paper_id: str, *, with_chunks: bool = True) -> PaperDetail | None:
    """The paper with this portal paper id (`2106.09685`, `scirex:…`, `scitldr:…`)."""
    paper = Paper.objects.filter(paper_id=paper_id.strip()).first()
    if paper is None and paper_id.strip():
        return by_arxiv_id(paper_id, with_chunks=with_chunks)
    return _detail(paper, with_chunks) if paper else None


def by_title(title: str) -> list[PaperDetail]:
    """Papers whose normalised title equals `title` first, then those with its words.

    Raises IndexUnavailable when the word search cannot run.
    """
    wanted = _normal_title(title)
    backend = get_backend()
    parsed = parse_query(title, backend.tokenize, max_terms=settings.PORTAL_MAX_QUERY_TERMS)
    found = () if parsed.is_empty else backend.paper_title_matches(parsed, TITLE_CANDIDATES)
    keys = [key for key, _ in found]
    exact = list(Paper.objects.filter(title__iexact=title.strip()).values_list("pk", flat=True))
    ordered = list(dict.fromkeys(exact + keys))[:TITLE_CANDIDATES]
    papers = Paper.objects.in_bulk(ordered)
    details = [
        replace(_detail(papers[pk], False), exact_title=_normal_title(papers[pk].title) == wanted)
        for pk in ordered
        if pk in papers
    ]
    # Stable: exact matches first, each group in the order found.
    return sorted(details, key=lambda d: not d.exact_title)


def _normal_title(title: str) -> str:
    """NFKD, lower-case, letters and digits only (as the data set's own title matching)."""
    folded = unicodedata.normalize("NFKD", title).lower()
    return "".join(ch for ch in folded if ch.isalnum())


def _detail(paper: Paper, with_chunks: bool) -> PaperDetail:
    chunks = list(paper.chunks.order_by("chunk_index")) if with_chunks else []
    count = len(chunks) if with_chunks else paper.chunks.count()
    return PaperDetail(
        paper_id=paper.paper_id,
        arxiv_id=paper.arxiv_id,
        title=paper.title,
        authors=tuple(paper.authors),
        abstract=paper.abstract,
        categories=tuple(paper.categories),
        published=paper.published,
        updated=paper.updated,
        doi=paper.doi,
        source=paper.source,
        licence=licence_for(paper.source),
        has_full_text=paper.chunks.filter(has_full_text=True).exists(),
        chunk_count=count,
        chunks=tuple(_chunk(c) for c in chunks),
    )


def _chunk(chunk: Chunk) -> PaperChunk:
    return PaperChunk(
        chunk_index=chunk.chunk_index,
        section=chunk.section,
        content_type=chunk.content_type,
        text=chunk.text,
        entities=tuple((e["name"], e.get("type", "")) for e in chunk.entities),
        key_concept=chunk.key_concept,
        self_contained=chunk.self_contained,
    )
