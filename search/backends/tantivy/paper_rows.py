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
# A query word holds no line break (the analyzer splits on it), so author names joined by one
# hold a query word exactly when one of the names does.
AUTHOR_SEPARATOR = "\n"
# The one character `str.lower` lowers by its context (at the end of a word: final sigma).
SIGMA = "\u03a3"


class RowReader:
    """A hit's display row: snippet of its text, and its title and authors marked where the
    query matched them (both short: the analyzer reads them whole)."""

    def __init__(self, query: ParsedQuery) -> None:
        self.query = query
        self.matcher = TextMatcher(query)
        self.wanted = query.all_words()
        self.searched = query.terms_searched
        self.joinable = not any(AUTHOR_SEPARATOR in word for word in self.wanted)

    def _find(self, text: str) -> Matches:
        """The query's matches in a short text; the analyzer runs only when a query word is in
        it at all (papers with hundreds of authors stay cheap)."""
        if not self._holds_a_word(text):
            return Matches(text, ())
        return find_matches(analyzer(), text, self.query)

    def _holds_a_word(self, text: str) -> bool:
        """Whether a query word occurs in the text lowered character by character."""
        lowered = text.lower() if text.isascii() or SIGMA not in text else _lowered_apart(text)
        return any(word in lowered for word in self.wanted)

    def _authors(self, authors: tuple[str, ...]) -> tuple[set[str], tuple[str, ...]]:
        """The searched terms found in author names, and the names marked; the names are
        read one by one only when a query word is in one of them (no word holds the
        separator, so none is found across two names)."""
        if self.joinable and not self._holds_a_word(AUTHOR_SEPARATOR.join(authors)):
            return set(), authors
        found = [self._find(name) for name in authors]
        terms = {span.term for one in found for span in one.spans}
        return terms, tuple(_marked(one) for one in found)

    def _in_order(self, terms: set[str]) -> tuple[str, ...]:
        """The searched terms among `terms`, in the query's order."""
        return tuple(term for term in self.searched if term in terms) if terms else ()

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
        in_authors, authors_marked = self._authors(authors)
        in_title = {span.term for span in title_found.spans}
        where = (
            (TEXT, in_text),
            (TITLE, self._in_order(in_title)),
            (AUTHORS, self._in_order(in_authors)),
        )
        matched_in = tuple((field, terms) for field, terms in where if terms)
        matched = self._in_order({*in_text, *in_title, *in_authors})
        return _indexed_chunk(
            doc, hit, snippet, matched, matched_in, title, authors, _marked(title_found),
            authors_marked, score, parts,
        )  # fmt: skip


def _marked(found: Matches) -> str:
    """The text with its matches marked (the text itself when there is none)."""
    return mark_all(found) if found.spans else found.text


def _lowered_apart(text: str) -> str:
    """Each character lowered alone: `str.lower` lowers a final capital sigma by its
    context, the only character it does not lower alone."""
    return "".join(ch.lower() for ch in text)


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
