"""The paper search on a live tantivy index: tiered pool, facet aggregations, display rows.

Words are compiled by `paper_words.words_query` over the chunk's words (its text and its
paper's title, scored as one field) and author names, with word-pair and adjacency bonuses;
every filter is a zero-score clause, so BM25 alone orders a tier. Tiers run as separate
queries, so the pool takes all of one tier before any of the next and each tier's count is
exact: first the chunks of papers the query names by arXiv id (the words only rank them),
then the other matches; the entity soft filter splits those into chunks naming a wanted
entity and chunks with no entities recorded. Chunks whose recorded entities name none of
them match no tier. `sort=newest|oldest` reads each tier in
date order from a fast field instead of by score; the rows shown are then scored alone.
"""

import functools
import json
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, time
from typing import Concatenate

import tantivy

from search.backends.filters import Terms
from search.backends.paper_search import (
    NEWEST,
    OLDEST,
    RELEVANCE,
    TIER_MATCH,
    TIER_NAMED_PAPER,
    TIER_UNRECORDED,
    FacetCounts,
    IndexedChunk,
    NamedPaper,
    PaperQuery,
    Pool,
    PoolHit,
)
from search.backends.tantivy.compile import any_term, filter_query, ranking_fields
from search.backends.tantivy.paper_corpus import TIE_BREAK_FIELD, facet_counts
from search.backends.tantivy.paper_rows import RowReader, day_of
from search.backends.tantivy.paper_words import WORDS, score_clauses, scored_fields, words_query
from search.backends.tantivy.ranking import count, top_by_key, top_hits
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.indexes.names import PAPERS

Must, Should, MustNot = tantivy.Occur.Must, tantivy.Occur.Should, tantivy.Occur.MustNot
# Date orders: (fast field, ascending); see search.papers.group_keys.
DATE_KEYS = {NEWEST: ("newest_key", False), OLDEST: ("oldest_key", True)}
GROUP_FIELDS = ("paper_key", "concept_key", "content_type_key")
AUTHOR_KEYS = "author_keys"


def _guarded[**P, R](
    method: Callable[Concatenate["TantivyPaperSearch", P], R],
) -> Callable[Concatenate["TantivyPaperSearch", P], R]:
    """Run a session method so that an unreadable version answers 503 (see read_guard)."""

    @functools.wraps(method)
    def guarded(self: "TantivyPaperSearch", *args: P.args, **kwargs: P.kwargs) -> R:
        with read_guard(PAPERS, self.version):
            return method(self, *args, **kwargs)

    return guarded


def open_paper_search(spec: PaperQuery) -> "TantivyPaperSearch":
    """A session on the live papers index; raises IndexUnavailable when there is none, or
    when the version cannot be read (opening a session already reads it)."""
    live = live_index(PAPERS)
    with read_guard(PAPERS, live.version):
        return TantivyPaperSearch(live, spec)


def _all(*clauses: tantivy.Query) -> tantivy.Query:
    return tantivy.Query.boolean_query([(Must, c) for c in clauses])


def _any(queries: Sequence[tantivy.Query]) -> tantivy.Query:
    if len(queries) == 1:
        return queries[0]
    return tantivy.Query.boolean_query(
        [(Should, q) for q in queries], minimum_number_should_match=1
    )


class TantivyPaperSearch:
    """One paper search on one searcher (implements `PaperSearchSession`)."""

    def __init__(self, live: LiveIndex, spec: PaperQuery) -> None:
        self.spec = spec
        self.version = live.version
        self.schema = live.index.schema
        self.searcher = live.searcher()
        self.fields = scored_fields(spec.weights, spec.query)
        filters = self._filters()
        named = filter_query(self.schema, Terms("arxiv_id", spec.arxiv_ids))
        entity_tiers: list[tuple[int, tantivy.Query | None]] = [(TIER_MATCH, None)]
        either = None
        if spec.entities:
            wanted = filter_query(self.schema, Terms("entities", spec.entities))
            unrecorded = tantivy.Query.const_score_query(
                tantivy.Query.term_query(self.schema, "entity_count", 0), 0.0
            )
            entity_tiers = [(TIER_MATCH, wanted), (TIER_UNRECORDED, unrecorded)]
            either = _any([wanted, unrecorded])
        # (tier, query with the entity condition, query without it)
        parts: list[tuple[int, tantivy.Query, tantivy.Query]] = []
        if spec.arxiv_ids:
            clauses = [(Must, named), *((Must, f) for f in filters)]
            if not spec.query.is_empty:
                clauses.append(
                    (Should, ranking_fields(self.schema, spec.query, fields=self.fields))
                )
            plain = tantivy.Query.boolean_query(clauses)
            parts.append(
                (TIER_NAMED_PAPER, plain if either is None else _all(plain, either), plain)
            )
        # The query's words as one name, stop words kept, when an author has that name.
        self.full_name: tuple[str, ...] = ()
        if not spec.query.is_empty:
            keys = self._name_keys()
            words = words_query(self.schema, spec.query, spec.weights, spec.mode, self.full_name)
            if keys:
                words = self._on_one_author(words, keys)
            clauses = [(Must, words), *((Must, f) for f in filters)]
            if spec.arxiv_ids:
                clauses.append((MustNot, named))  # already in the first tier
            plain = tantivy.Query.boolean_query(clauses)
            for tier, condition in entity_tiers:
                parts.append((tier, plain if condition is None else _all(plain, condition), plain))
        self.tiers = [(tier, query) for tier, query, _ in parts]
        self.by_tier = dict(self.tiers)
        self.matching = _any([query for _, query, _ in parts])
        self.unfiltered = _any(list(dict.fromkeys(plain for _, _, plain in parts)))
        # Counts are the same for every window: kept once read.
        self._counts: dict[int, int] = {}
        self._excluded: int | None = None

    def _name_keys(self) -> tuple[str, ...]:
        """The author keys the query is as one person's name, when some author has one: its
        own words with their stop words (and then `full_name` scores), else its terms; the
        name as typed or the other way round (`Hu Edward`: family names first)."""
        for key in (self.spec.full_name_key, self.spec.name_key):
            keys = tuple(dict.fromkeys((key, " ".join(key.split()[::-1]))))
            if key and self._some_author_is(keys):
                if key == self.spec.full_name_key:
                    self.full_name = self.spec.full_name
                return keys
        return ()

    def _some_author_is(self, keys: tuple[str, ...]) -> bool:
        """Whether any paper has an author with one of these keys: the term dictionary first
        (its document frequency counts deleted documents too, so 0 settles it), then a count."""
        if not any(self.searcher.doc_freq(AUTHOR_KEYS, key) for key in keys):
            return False
        return count(self.searcher, self._author_with(keys)) > 0

    def _author_with(self, keys: tuple[str, ...]) -> tantivy.Query:
        return any_term(self.schema, AUTHOR_KEYS, keys)

    def _on_one_author(self, words: tantivy.Query, keys: tuple[str, ...]) -> tantivy.Query:
        """The words as a full name: on a paper with an author of that name, or with at most
        one of them found in author names alone (so never the first name on one author and the
        last on another); scored as without the condition."""
        author = self._author_with(keys)
        terms = self.spec.query.terms
        per_word = [tantivy.Query.term_query(self.schema, WORDS, t) for t in terms]
        # A name of one searched word (`Liangliang You`) needs that word outside author names.
        apart = tantivy.Query.boolean_query(
            [(Should, w) for w in per_word], minimum_number_should_match=max(len(terms) - 1, 1)
        )
        return _all(words, tantivy.Query.const_score_query(_any([author, apart]), 0.0))

    def _filters(self) -> list[tantivy.Query]:
        """Every hard filter as a zero-score clause."""
        spec = self.spec
        found = [
            filter_query(self.schema, Terms(field, values))
            for field, values in (
                ("categories", spec.categories),
                ("content_type", spec.content_types),
                (AUTHOR_KEYS, spec.authors),
            )
            if values
        ]
        dates = self._date_filter()
        return found if dates is None else [*found, dates]

    def _date_filter(self) -> tantivy.Query | None:
        if self.spec.date_from is None and self.spec.date_to is None:
            return None
        # Inclusive on both ends; the index stores each date at midnight UTC. An open end
        # stays open (None): tantivy dates cannot reach date.min or date.max.
        low = _midnight(self.spec.date_from) if self.spec.date_from else None
        high = _midnight(self.spec.date_to) if self.spec.date_to else None
        found = tantivy.Query.range_query(
            self.schema, "published", tantivy.FieldType.Date, low, high
        )
        return tantivy.Query.const_score_query(found, 0.0)

    @_guarded
    def ranked(self, window: int) -> Pool:
        """The first `window` hits of each tier in turn, within the cap; exact counts."""
        room = min(window, self.spec.pool_cap)
        hits: list[PoolHit] = []
        tier_totals = []
        for number, (tier, query) in enumerate(self.tiers):
            if room > 0:
                scored, count_ = self._read(query, room)
            else:
                scored, count_ = [], self._tier_count(number, query)
            self._counts[number] = count_
            tier_totals.append(count_)
            if not scored:
                continue
            addresses = [address for _, address, _ in scored]
            groups = [self.searcher.fast_field_values(f, addresses) for f in GROUP_FIELDS]
            for (score, address, chunk_id), paper, concept, ctype in zip(
                scored, *groups, strict=True
            ):
                hits.append(
                    PoolHit(
                        address,
                        score,
                        tier,
                        int(chunk_id or 0),
                        int(paper or 0),
                        int(concept or 0),
                        int(ctype or 0),
                    )  # fmt: skip
                )
            room -= len(scored)
        total = sum(tier_totals)
        if self._excluded is None:
            self._excluded = (
                count(self.searcher, self.unfiltered) - total if self.spec.entities else 0
            )
        return Pool(tuple(hits), total, tuple(tier_totals), self._excluded, self.spec.pool_cap)

    def _read(
        self, query: tantivy.Query, limit: int
    ) -> tuple[list[tuple[float, tantivy.DocAddress, int | None]], int]:
        """The first `limit` hits of one tier in the search's order: (score, address, chunk id).

        In date order the score is not known yet (0.0): `chunks` scores the rows shown.
        """
        if self.spec.sort == RELEVANCE:
            return top_hits(self.searcher, query, limit, TIE_BREAK_FIELD)
        key, ascending = DATE_KEYS[self.spec.sort]
        addresses, total = top_by_key(self.searcher, query, limit, key, ascending=ascending)
        ids = self.searcher.fast_field_values(TIE_BREAK_FIELD, addresses) if addresses else []
        return [
            (0.0, a, None if i is None else int(i)) for a, i in zip(addresses, ids, strict=True)
        ], total

    def _tier_count(self, number: int, query: tantivy.Query) -> int:
        if number not in self._counts:
            self._counts[number] = count(self.searcher, query)
        return self._counts[number]

    @_guarded
    def named_papers(self) -> tuple[NamedPaper, ...]:
        """Each loaded paper of the query's arXiv ids, read from its first chunk."""
        found = []
        for arxiv_id in self.spec.arxiv_ids:
            query = tantivy.Query.term_query(self.schema, "arxiv_id", arxiv_id)
            addresses, chunks = top_by_key(self.searcher, query, 1, TIE_BREAK_FIELD, ascending=True)
            if not addresses:
                continue
            doc = self.searcher.doc(addresses[0])
            found.append(
                NamedPaper(
                    arxiv_id=arxiv_id,
                    paper_id=str(doc.get_first("paper_id") or ""),
                    title=str(doc.get_first("title") or ""),
                    authors=tuple(str(a) for a in doc.get_all("authors")),
                    published=day_of(doc.get_first("published")),
                    chunks=chunks,
                )
            )
        return tuple(found)

    @_guarded
    def facets(self, top_entities: int) -> FacetCounts:
        """Exact counts over all matches from one terms aggregation per field."""
        return facet_counts(self.searcher, self.matching, top_entities)

    @_guarded
    def chunks(self, hits: Sequence[PoolHit], *, explain: bool) -> list[IndexedChunk]:
        """Stored fields, a marked snippet, where the words matched and the score of each hit."""
        scores = self._scores(hits)
        reader = RowReader(self.spec.query)
        rows = []
        for hit in hits:
            doc = self.searcher.doc(hit.address)
            parts = self._score_parts(hit) if explain else ()
            rows.append(reader.read(doc, hit, scores.get(hit.chunk_id, hit.score), parts))
        return rows

    def _scores(self, hits: Sequence[PoolHit]) -> dict[int, float]:
        """BM25 of hits read in date order: their tier's query, narrowed to them, once per tier."""
        if self.spec.sort == RELEVANCE or not hits:
            return {}
        scores: dict[int, float] = {}
        for tier in dict.fromkeys(h.tier for h in hits):
            ids = [h.chunk_id for h in hits if h.tier == tier]
            only = tantivy.Query.const_score_query(any_term(self.schema, TIE_BREAK_FIELD, ids), 0.0)
            scored, _ = top_hits(
                self.searcher, _all(self.by_tier[tier], only), len(ids), TIE_BREAK_FIELD
            )
            scores.update((int(chunk_id or 0), score) for score, _, chunk_id in scored)
        return scores

    def _score_parts(self, hit: PoolHit) -> tuple[tuple[str, float], ...]:
        """BM25 contribution of each searched term and phrase in each field (text and title
        unprefixed, `authors:word`), of each word pair and of the adjacency bonus; they sum
        to the score."""
        clauses = score_clauses(
            self.schema, self.spec.query, self.spec.weights,
            adjacency=hit.tier != TIER_NAMED_PAPER, full_name=self.full_name,
        )  # fmt: skip
        parts = []
        for label, clause in clauses:
            try:
                tree = json.loads(clause.explain(self.searcher, hit.address).to_json())
            except ValueError:  # the document does not match this clause
                continue
            parts.append((label, round(float(tree["value"]), 4)))
        return tuple(parts)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)
