"""Embedded tantivy as a `SearchBackend`: each method delegates to its module in this package."""

from collections.abc import Sequence

from search.backends.filters import Filter
from search.backends.paper_search import IndexFacts, PaperQuery, PaperSearchSession
from search.backends.protocol import IndexWriterBackend
from search.backends.statute_search import GroupedHits, GroupedSearch, HitPage, Listing, TextSearch
from search.backends.tantivy import (
    analysis,
    grouped,
    paper_corpus,
    papers,
    reader,
    statutes,
    vocabulary,
)
from search.backends.tantivy.matching import TextMatcher
from search.backends.tantivy.snippets import mark_all
from search.backends.tantivy.writer import TantivyWriter
from search.text.query import ParsedQuery


class TantivyBackend:
    """Indexes are tantivy directories under PORTAL_INDEX_DIR, one per version."""

    name = "tantivy"

    def tokenize(self, text: str) -> list[str]:
        return analysis.tokenize(text)

    def stem(self, word: str) -> str:
        return analysis.stem(word)

    def mark_text(self, text: str, query: ParsedQuery, *, stem: bool = False) -> str:
        return mark_all(TextMatcher(query, stem=stem).matches(text))

    def search_statutes(self, spec: TextSearch) -> HitPage:
        return statutes.run_search(spec)

    def search_statutes_grouped(self, spec: GroupedSearch) -> GroupedHits:
        return grouped.run_grouped(spec)

    def list_statutes(self, spec: Listing) -> HitPage:
        return statutes.run_listing(spec)

    def paper_session(self, spec: PaperQuery) -> PaperSearchSession:
        return papers.open_paper_search(spec)

    def paper_facts(self, top_entities: int) -> IndexFacts:
        return paper_corpus.index_facts(top_entities)

    def paper_title_matches(self, query: ParsedQuery, limit: int) -> Sequence[tuple[int, float]]:
        return paper_corpus.title_matches(query, limit)

    def vocabulary(
        self, index_name: str, field: str, prefix: str, filters: tuple[Filter, ...] = ()
    ) -> Sequence[tuple[str, int]]:
        return vocabulary.words_with_prefix(index_name, field, prefix, filters)

    def word_documents(self, index_name: str, field: str, word: str) -> int:
        return vocabulary.word_documents(index_name, field, word)

    def probe(self, index_name: str) -> int:
        return reader.live_index(index_name).probe()

    def writer(self) -> IndexWriterBackend:
        return TantivyWriter()

    def forget_open_indexes(self) -> None:
        reader.forget_open_indexes()
