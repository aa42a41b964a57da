"""Run engine-neutral statute searches and listings on the live tantivy statutes index.

Snippets and matched terms come from the index analyzer run where the query's words occur
in each hit's stored text (`matching.TextMatcher`), so they agree exactly with what the
index matched. Ordering is deterministic (`ranking.top_hits`; listings by a stored position).
"""

import math
from collections import Counter

import tantivy

from search.backends.filters import Filter
from search.backends.statute_search import ChapterRaise, Hit, HitPage, Listing, TextSearch
from search.backends.tantivy.compile import compile_query, filter_query
from search.backends.tantivy.complements import split_filters
from search.backends.tantivy.matching import TextMatcher
from search.backends.tantivy.ranking import Scored, in_order, top_by_key, top_hits
from search.backends.tantivy.reader import LiveIndex, live_index, read_guard
from search.backends.tantivy.schema import CHAPTER_KEY
from search.backends.tantivy.snippets import leading_text, mark_all
from search.indexes.names import STATUTES
from search.text.query import render_phrase

# The first index layout holding CHAPTER_KEY (search.ops.builds.documents.LAYOUT_VERSIONS):
# an older live version is searched without the chapter raise until it is rebuilt.
CHAPTER_KEY_LAYOUT = 6
# Filters kept as filters, and queries whose documents are excluded instead.
Filtering = tuple[tuple[Filter, ...], tuple[tantivy.Query, ...]]


def run_search(spec: TextSearch, index_name: str = STATUTES) -> HitPage:
    """Search the live version of `index_name`; raises IndexUnavailable when there is none."""
    live = live_index(index_name)
    with read_guard(index_name, live.version):
        return search_live(live, spec)


def run_listing(spec: Listing, index_name: str = STATUTES) -> HitPage:
    """List documents of the live version by filters alone (IndexUnavailable: none)."""
    live = live_index(index_name)
    with read_guard(index_name, live.version):
        return list_live(live, spec)


def search_live(live: LiveIndex, spec: TextSearch) -> HitPage:
    """Run `spec` with one searcher: count, ordered top hits, snippets, matched terms."""
    searcher = live.searcher()
    query = compile_search(live.index.schema, spec, cheaper_filters(live, searcher, spec))
    raise_ = live_raise(live, spec)
    if raise_ is None:
        scored, total = top_hits(searcher, query, spec.limit, spec.tie_break, spec.offset)
        return HitPage(read_hits(searcher, scored, spec), total)
    scored, total = top_hits(searcher, query, hits_wanted(spec, raise_), spec.tie_break)
    page = raised_page(searcher, scored, raise_, spec.offset, spec.limit)
    return HitPage(read_hits(searcher, page, spec), total)


def live_raise(live: LiveIndex, spec: TextSearch) -> ChapterRaise | None:
    """`spec`'s chapter raise where it can change the page: the live version holds the chapter
    numbers it reads, and the page starts inside its window (a page past the window is the
    plain ranking's own, so it is searched as one)."""
    raise_ = spec.chapter_raise
    if raise_ is None or live.meta.layout < CHAPTER_KEY_LAYOUT or spec.offset >= raise_.window:
        return None
    return raise_


def hits_wanted(spec: TextSearch, raise_: ChapterRaise | None) -> int:
    """How many of the first hits by plain score `spec`'s page is made from."""
    last = spec.offset + spec.limit
    return max(last, raise_.window) if raise_ is not None else last


def raised_page(
    searcher: tantivy.Searcher,
    scored: list[Scored],
    raise_: ChapterRaise | None,
    offset: int,
    limit: int,
) -> list[Scored]:
    """The page `offset:offset + limit` of `scored` (the first hits by plain score, at least
    `hits_wanted` of them or all there are) once the chapter raise has re-ranked its window."""
    if raise_ is not None:
        window = raise_.window
        scored = chapter_raised(searcher, scored[:window], raise_) + scored[window:]
    return scored[offset : offset + limit]


def chapter_raised(
    searcher: tantivy.Searcher, scored: list[Scored], raise_: ChapterRaise
) -> list[Scored]:
    """`scored` (the first hits, in order) with each raised by the others of its chapter among
    them (`ChapterRaise`), in the new order."""
    if not scored:
        return []
    chapters = searcher.fast_field_values(CHAPTER_KEY, [address for _, address, _ in scored])
    sizes = Counter(chapter for chapter in chapters if chapter is not None)
    unit = raise_.weight * scored[0][0]
    raised = [
        (score + unit * math.log1p(sizes[chapter] - 1) if chapter is not None else score, at, key)
        for (score, at, key), chapter in zip(scored, chapters, strict=True)
    ]
    in_order(raised)
    return raised


def cheaper_filters(live: LiveIndex, searcher: tantivy.Searcher, spec: TextSearch) -> Filtering:
    """The spec's filters, those keeping nearly everything as exclusions (`complements`).

    Only where a word or phrase is required: a filter is then one more required clause, and
    leaving it out changes neither the matches nor their scores.
    """
    if not (spec.query.terms or spec.query.phrases):
        return spec.filters, ()
    return split_filters(live, searcher, spec.filters)


def compile_search(
    schema: tantivy.Schema, spec: TextSearch, filtering: Filtering | None = None
) -> tantivy.Query:
    """The spec's words, phrases and filters (or `filtering`: filters kept and documents
    excluded) as one query."""
    filters, excluded = filtering or (spec.filters, ())
    return compile_query(
        schema,
        spec.query,
        field=spec.field,
        mode=spec.mode,
        filters=filters,
        stem=spec.stem,
        also=spec.also,
        rank_also=spec.rank_also,
        added_weight=spec.added_weight,
        translated_weight=spec.translated_weight,
        excluded=excluded,
        concept_bonus=spec.concept_bonus,
        lowered=spec.lowered,
        chapter_bonus=spec.chapter_bonus,
    )


def read_hits(
    searcher: tantivy.Searcher, scored: list[Scored], spec: TextSearch
) -> tuple[Hit, ...]:
    """Each ranked document's stored fields, snippet and matched terms, in the given order."""
    if not scored:
        return ()
    hits = []
    # Added terms are marked and listed as matched like typed ones, by their own name.
    words = spec.query.with_added_as_words()
    names = {render_phrase(a.words): a.term for a in spec.query.added if len(a.words) > 1}
    matcher = TextMatcher(words, stem=spec.stem)
    for score, address, key in scored:
        doc = searcher.doc(address)
        text, matched = matcher.summary(str(doc.get_first(spec.field) or ""), spec.snippet_chars)
        marked = {}
        for extra in spec.also:
            found, terms = matcher.read(str(doc.get_first(extra.name) or ""))
            if found.spans:
                marked[extra.name] = mark_all(found)
                matched = _union(words.terms_searched, matched, terms)
        matched = tuple(names.get(term, term) for term in matched)
        hits.append(
            Hit(
                score=score,
                values={name: doc.get_all(name) for name in spec.fields},
                snippet=text,
                matched=matched,
                tie_key=key,
                marked=marked,
            )
        )
    return tuple(hits)


def list_live(live: LiveIndex, spec: Listing) -> HitPage:
    """The listing's page of documents in order, with the start of `lead_field` as snippet."""
    schema = live.index.schema
    clauses = [(tantivy.Occur.Must, filter_query(schema, f)) for f in spec.filters]
    query = tantivy.Query.boolean_query(clauses) if clauses else tantivy.Query.all_query()
    searcher = live.searcher()
    addresses, total = top_by_key(
        searcher, query, spec.limit, spec.order_by, ascending=True, offset=spec.offset
    )
    hits = []
    for address in addresses:
        doc = searcher.doc(address)
        lead = ""
        if spec.lead_field:
            lead = leading_text(str(doc.get_first(spec.lead_field) or ""), spec.snippet_chars)
        values = {name: doc.get_all(name) for name in spec.fields}
        hits.append(Hit(score=0.0, values=values, snippet=lead, matched=()))
    return HitPage(tuple(hits), total)


def _union(order: list[str], matched: tuple[str, ...], more: tuple[str, ...]) -> tuple[str, ...]:
    """The terms of `order` in `matched` or `more`, in that order."""
    return tuple(term for term in order if term in matched or term in more)
