"""Compile a `ParsedQuery` and engine-neutral filters into a `tantivy.Query`.

Never goes through tantivy's query-string parser: every clause is built from tokens the
index analyzer produced, so user syntax (`field:x`, `AND`, `-x`, `*`, `~2`) is just words.

Semantics (SPEC sections 1 and 2, Lucene-style):
- loose terms, `any_words`: one Should group, scored by BM25. Without a phrase the group is
  required (at least one term must match); with a phrase it only ranks, because the phrase
  is the required part of the query.
- loose terms, `all_words`: every term is required.
- phrases: always required; a one-word phrase is a required term.
- filters: required and wrapped in `const_score_query(..., 0.0)` so they never move BM25.
"""

from collections.abc import Sequence

import tantivy

from search.backends.base import Either, Filter, Terms
from search.query import ALL_WORDS, ANY_WORDS, ParsedQuery

Clause = tuple[tantivy.Occur, tantivy.Query]


def compile_query(
    schema: tantivy.Schema,
    query: ParsedQuery,
    *,
    field: str,
    mode: str = ANY_WORDS,
    filters: Sequence[Filter] = (),
) -> tantivy.Query:
    """The whole query: words on `field` by `mode`, phrases required, filters unscored."""
    if query.is_empty:
        raise ValueError("nothing to search: the parsed query has no terms or phrases")
    clauses: list[Clause] = [
        (tantivy.Occur.Must, phrase_clause(schema, field, p)) for p in query.phrases
    ]
    if query.terms:
        terms = [tantivy.Query.term_query(schema, field, t) for t in query.terms]
        if mode == ALL_WORDS:
            clauses.extend((tantivy.Occur.Must, t) for t in terms)
        else:
            group = tantivy.Query.boolean_query(
                [(tantivy.Occur.Should, t) for t in terms], minimum_number_should_match=1
            )
            occur = tantivy.Occur.Should if query.phrases else tantivy.Occur.Must
            clauses.append((occur, group))
    clauses.extend((tantivy.Occur.Must, filter_query(schema, f)) for f in filters)
    return tantivy.Query.boolean_query(clauses)


def phrase_clause(schema: tantivy.Schema, field: str, words: Sequence[str]) -> tantivy.Query:
    """Adjacent words in order; a single word is a plain term (tantivy needs two for a phrase)."""
    if len(words) == 1:
        return tantivy.Query.term_query(schema, field, words[0])
    return tantivy.Query.phrase_query(schema, field, list(words))


def filter_query(schema: tantivy.Schema, spec: Filter) -> tantivy.Query:
    """One filter as a zero-score clause."""
    return tantivy.Query.const_score_query(_filter(schema, spec), 0.0)


def _filter(schema: tantivy.Schema, spec: Filter) -> tantivy.Query:
    if isinstance(spec, Terms):
        if not spec.values:
            return tantivy.Query.empty_query()
        if len(spec.values) == 1:
            return tantivy.Query.term_query(schema, spec.field, spec.values[0])
        return tantivy.Query.term_set_query(schema, spec.field, list(spec.values))
    if isinstance(spec, Either):
        options = [(tantivy.Occur.Should, _filter(schema, o)) for o in spec.options]
        if not options:
            return tantivy.Query.empty_query()
        return tantivy.Query.boolean_query(options, minimum_number_should_match=1)
    raise TypeError(f"unknown filter {spec!r}")
