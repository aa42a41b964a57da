"""Display rows of paper hits: stored fields, a snippet of the text, title and authors marked.

The text snippet comes from `TextMatcher.summary` (bounded cost, exact marks); titles and
author names are short, so the index analyzer reads them whole. Each row says where each
searched term matched: the chunk's text, its paper's title, or an author's name.
"""

from datetime import date, datetime

import tantivy

from search.backends.paper_search import AUTHORS, TEXT, TITLE, IndexedChunk, PoolHit
from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.matching import TextMatcher
from search.backends.tantivy.snippets import Matches, find_matches, leading_text, mark_all
from search.text.query import ParsedQuery

SNIPPET_CHARS = 280


class RowReader:
    """A hit's display row: snippet of its text, and its title and authors marked where the
    query matched them (both short: the analyzer reads them whole)."""

    def __init__(self, query: ParsedQuery) -> None:
        self.query = query
        self.matcher = TextMatcher(query)
        self.wanted = query.all_words()

    def _find(self, text: str) -> Matches:
        """The query's matches in a short text; the analyzer runs only when a query word is in
        it at all (papers with hundreds of authors stay cheap)."""
        lowered = text.lower() if text.isascii() else "".join(ch.lower() for ch in text)
        if not any(word in lowered for word in self.wanted):
            return Matches(text, ())
        return find_matches(analyzer(), text, self.query)

    def read(
        self,
        doc: tantivy.Document,
        hit: PoolHit,
        score: float,
        parts: tuple[tuple[str, float], ...],
    ) -> IndexedChunk:
        text = str(doc.get_first("text") or "")
        title = str(doc.get_first("title") or "")
        authors = tuple(str(a) for a in doc.get_all("authors"))
        if self.query.is_empty:
            return _indexed_chunk(doc, hit, leading_text(text, SNIPPET_CHARS), (), (), title,
                                  authors, title, authors, score, parts)  # fmt: skip
        snippet, in_text = self.matcher.summary(text, SNIPPET_CHARS)
        title_found = self._find(title)
        author_found = [self._find(name) for name in authors]
        in_authors = {
            term for found in author_found if found.spans for term in found.matched(self.query)
        }
        where = (
            (TEXT, in_text),
            (TITLE, title_found.matched(self.query)),
            (AUTHORS, tuple(t for t in self.query.terms_searched if t in in_authors)),
        )
        matched_in = tuple((field, terms) for field, terms in where if terms)
        anywhere = {term for _, terms in matched_in for term in terms}
        matched = tuple(t for t in self.query.terms_searched if t in anywhere)
        return _indexed_chunk(
            doc, hit, snippet, matched, matched_in, title, authors, mark_all(title_found),
            tuple(mark_all(found) for found in author_found), score, parts,
        )  # fmt: skip


def day_of(value: object) -> date | None:
    return value.date() if isinstance(value, datetime) else None


def _indexed_chunk(
    doc: tantivy.Document,
    hit: PoolHit,
    snippet: str,
    matched: tuple[str, ...],
    matched_in: tuple[tuple[str, tuple[str, ...]], ...],
    title: str,
    authors: tuple[str, ...],
    title_marked: str,
    authors_marked: tuple[str, ...],
    score: float,
    parts: tuple[tuple[str, float], ...],
) -> IndexedChunk:
    return IndexedChunk(
        chunk_id=hit.chunk_id,
        paper_key=hit.paper_key,
        paper_id=str(doc.get_first("paper_id") or ""),
        arxiv_id=doc.get_first("arxiv_id"),
        title=title,
        authors=authors,
        categories=tuple(str(c) for c in doc.get_all("categories")),
        published=day_of(doc.get_first("published")),
        chunk_index=int(doc.get_first("chunk_index") or 0),
        section=str(doc.get_first("section") or ""),
        content_type=str(doc.get_first("content_type") or ""),
        key_concept=str(doc.get_first("key_concept") or ""),
        self_contained=bool(doc.get_first("self_contained")),
        snippet=snippet,
        matched_terms=matched,
        score=score,
        matched_in=matched_in,
        title_marked=title_marked,
        authors_marked=authors_marked,
        display=doc.get_first("display"),
        score_parts=parts,
    )
