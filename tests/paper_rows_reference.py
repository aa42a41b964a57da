"""The paper rows' previous reading of titles and author names, kept as the reference.

Before author names were first looked at together, each name was lowered and searched for
the query's words on its own, and the terms a title or name matched were taken from its
`Matches`. `ReferenceRowReader.read` is that reading, kept as it was; the row reader must
give exactly the rows it gives.
"""

import tantivy

from search.backends.paper_search import AUTHORS, TEXT, TITLE, IndexedChunk, PoolHit
from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.paper_rows import SNIPPET_CHARS, RowReader, _indexed_chunk
from search.backends.tantivy.snippets import Matches, find_matches, leading_text, mark_all


class ReferenceRowReader(RowReader):
    """The row reader as it read titles and author names before."""

    def _find(self, text: str) -> Matches:
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
