"""Filters that keep nearly every document, run as the exclusion of the few they drop.

A statute search over every jurisdiction is confined to `corpus=statute` (and the default
regulation sources): 291k of 296k documents. tantivy intersects every match with that long
posting list; excluding the documents of the other corpus values instead (`MustNot`, 5k)
selects exactly the same documents for less. Scores and counts do not move: a filter is a
zero-score clause (a match's score plus 0.0 is its score), and the documents are the same.

Exact only when the field holds exactly one value per document: checked once per open
version and field (each value's count of live documents sums to the document count, and
every document holds one of them), else the filter runs as it is.
"""

from dataclasses import dataclass

import tantivy

from search.backends.filters import Either, Filter, Terms
from search.backends.tantivy.compile import filter_query
from search.backends.tantivy.ranking import count
from search.backends.tantivy.reader import LiveIndex

# A field with more values than this is never read as a partition (chapters, ids).
MAX_VALUES = 64


@dataclass(frozen=True)
class Complement:
    """What a filter drops: `drops` (None when it keeps every document)."""

    drops: tantivy.Query | None


def split_filters(
    live: LiveIndex, searcher: tantivy.Searcher, filters: tuple[Filter, ...]
) -> tuple[tuple[Filter, ...], tuple[tantivy.Query, ...]]:
    """The filters kept as they are, and the queries of documents excluded instead of the
    others (a filter that keeps everything needs neither)."""
    kept: list[Filter] = []
    excluded: list[tantivy.Query] = []
    for spec in filters:
        found = _complement(live, searcher, spec)
        if found is None:
            kept.append(spec)
        elif found.drops is not None:
            excluded.append(found.drops)
    return tuple(kept), tuple(excluded)


def _complement(live: LiveIndex, searcher: tantivy.Searcher, spec: Filter) -> Complement | None:
    """The documents `spec` drops, when they are fewer than those it keeps (None: run it)."""
    schema = live.index.schema
    if isinstance(spec, Terms):
        values = _partition(live, searcher, spec.field)
        if values is None:
            return None
        others = [value for value in values if value not in spec.values]
        if sum(values[v] for v in others) >= sum(values.get(v, 0) for v in spec.values):
            return None
        if not others:
            return Complement(None)
        return Complement(filter_query(schema, Terms(spec.field, tuple(others))))
    if isinstance(spec, Either):
        # Not (A or B) is (not A) and not B: one option's complement, the others excluded.
        for at, option in enumerate(spec.options):
            found = _complement(live, searcher, option) if isinstance(option, Terms) else None
            if found is None:
                continue
            if found.drops is None:
                return found
            rest = [o for k, o in enumerate(spec.options) if k != at]
            clauses = [(tantivy.Occur.Must, found.drops)]
            clauses += [(tantivy.Occur.MustNot, filter_query(schema, o)) for o in rest]
            return Complement(tantivy.Query.boolean_query(clauses))
    return None


def _partition(live: LiveIndex, searcher: tantivy.Searcher, field: str) -> dict[str, int] | None:
    """Each value of `field` and its live documents, when every document holds exactly one
    value (None otherwise); worked out once per open version."""
    key = ("partition", field)
    if key not in live.facts:
        live.facts[key] = _read_partition(live.index.schema, searcher, field)
    found = live.facts[key]
    return found if isinstance(found, dict) else None


def _read_partition(
    schema: tantivy.Schema, searcher: tantivy.Searcher, field: str
) -> dict[str, int] | None:
    try:
        listed = searcher.terms_with_prefix(field, "")
        if not listed or len(listed) > MAX_VALUES:
            return None
        everything = tantivy.Query.all_query()
        values = {
            str(value): int(documents)
            for value, documents in searcher.terms_with_prefix(field, "", filter_query=everything)
        }
    except ValueError:  # not a text field
        return None
    total = int(searcher.num_docs)
    if sum(values.values()) != total:
        return None
    held = tantivy.Query.term_set_query(schema, field, list(values))
    return values if count(searcher, held) == total else None
