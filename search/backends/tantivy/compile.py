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

Over several weighted fields (`compile_fields`, papers: text, title, authors), each word is
one clause that any field satisfies (a Should over the fields, each field's BM25 times its
weight), and a phrase must be adjacent within one field; the mode then combines these
per-word clauses exactly as above, so `all_words` needs every word somewhere in the record.
Statutes use it for `headings=true` (body, and headings at a lower weight).

Added terms (the statute search's everyday-words map) join the loose terms' any-of group,
each scaled by `added_weight`; under `all_words` they only rank. The loose terms they
translate (`ParsedQuery.translated`: typed words that are not the map's code words) are scaled by
`translated_weight`. `rank_also` fields (statutes:
the heading) add a Should clause over every word: it raises the score of a match and never
makes one, so which sections match stays decided by `field` alone. A `ConceptBonus` (statutes:
the heading again) is one more Should clause of constant score, met by a match whose field
holds at least so many of the query's concepts (a typed word or any of its added terms).
`Lowered` documents (statutes: definitions sections) meet one more Should clause whose
constant score is negative: they stay matches and fall in rank.

`stem`: every word is replaced by its stem (the index's stemming analyzer) and searched on
each field's stemmed twin; words that share a stem run once.
"""

from collections.abc import Sequence

import tantivy

from search.backends.filters import All, Either, Filter, Terms
from search.backends.statute_search import ChapterBonus, ConceptBonus, Lowered, WeightedField
from search.backends.tantivy.analysis import stem as stem_word
from search.backends.tantivy.schema import word_field
from search.text.everyday_words import AddedTerm
from search.text.query import ALL_WORDS, ANY_WORDS, ParsedQuery

Clause = tuple[tantivy.Occur, tantivy.Query]
# Up to this many values, "any of these terms" is a group of term queries, past it a term
# set (whose fixed cost a group of a hundred or more term queries exceeds).
MAX_TERM_CLAUSES = 64


def stemmed(query: ParsedQuery) -> ParsedQuery:
    """The query with every word replaced by its stem; loose words sharing a stem run once."""
    terms = tuple(dict.fromkeys(stem_word(t) for t in query.terms))
    phrases = tuple(dict.fromkeys(tuple(stem_word(w) for w in p) for p in query.phrases))
    added = tuple(
        AddedTerm(a.term, tuple(stem_word(w) for w in a.words), a.source) for a in query.added
    )
    translated = tuple(dict.fromkeys(stem_word(t) for t in query.translated))
    return ParsedQuery(
        terms, phrases, query.dropped, query.unclosed_quote, query.used_or, added, translated
    )


def compile_query(
    schema: tantivy.Schema,
    query: ParsedQuery,
    *,
    field: str,
    mode: str = ANY_WORDS,
    filters: Sequence[Filter] = (),
    stem: bool = False,
    also: Sequence[WeightedField] = (),
    rank_also: Sequence[WeightedField] = (),
    added_weight: float = 1.0,
    translated_weight: float = 1.0,
    excluded: Sequence[tantivy.Query] = (),
    concept_bonus: ConceptBonus | None = None,
    lowered: Lowered | None = None,
    chapter_bonus: Sequence[ChapterBonus] = (),
) -> tantivy.Query:
    """The whole query: words on `field` (`stem`: its stemmed twin; `also`: further fields,
    weighted; `rank_also`: fields that only rank) by `mode`, phrases required, filters
    unscored, added terms scaled by `added_weight` and the loose terms they translate by
    `translated_weight`, `excluded` documents left out, `concept_bonus`, `lowered` and
    `chapter_bonus` only scoring."""
    if query.is_empty:
        raise ValueError("nothing to search: the parsed query has no terms or phrases")
    bonus = [] if concept_bonus is None else concepts_clause(schema, concept_bonus, stem=stem)
    if lowered is not None:
        bonus += lowered_clause(schema, lowered)
    for one in chapter_bonus:
        bonus += chapter_clauses(schema, one)
    if stem:
        query = stemmed(query)
    fields = [(word_field(field, stem=stem), 1.0)]
    fields += [(word_field(f.name, stem=stem), f.weight) for f in also]
    rank = [(word_field(f.name, stem=stem), f.weight) for f in rank_also]
    return compile_fields(
        schema, query, fields=fields, mode=mode, filters=filters, rank=rank,
        added_weight=added_weight, translated_weight=translated_weight, excluded=excluded,
        bonus=bonus,
    )  # fmt: skip


def concepts_clause(
    schema: tantivy.Schema, spec: ConceptBonus, *, stem: bool = False
) -> list[tantivy.Query]:
    """`spec.bonus` for a document holding `spec.at_least` of the concepts in `spec.field`
    (its stemmed twin with `stem`); no clause when the query has fewer concepts."""
    if len(spec.concepts) < spec.at_least:
        return []
    field = word_field(spec.field, stem=stem)
    options: list[Clause] = []
    for concept in spec.concepts:
        forms = dict.fromkeys(tuple(stem_word(w) for w in s) if stem else s for s in concept)
        group = [(tantivy.Occur.Should, phrase_clause(schema, field, s)) for s in forms]
        options.append((tantivy.Occur.Should, tantivy.Query.boolean_query(group)))
    held = tantivy.Query.boolean_query(options, minimum_number_should_match=spec.at_least)
    return [tantivy.Query.const_score_query(held, spec.bonus)]


def lowered_clause(schema: tantivy.Schema, spec: Lowered) -> list[tantivy.Query]:
    """A negative constant for the documents whose boolean `spec.field` is true (none in a
    version written before the field existed: it is stale and rebuilt, and answers until then)."""
    try:
        flagged = tantivy.Query.term_query(schema, spec.field, True)
    except ValueError:
        return []
    return [tantivy.Query.const_score_query(flagged, -spec.amount)]


def chapter_clauses(schema: tantivy.Schema, spec: ChapterBonus) -> list[tantivy.Query]:
    """One constant clause per amount of points, over the chapters that gain it."""
    by_points: dict[float, list[str]] = {}
    for value, points in spec.chapters:
        by_points.setdefault(points, []).append(value)
    return [
        tantivy.Query.const_score_query(any_term(schema, spec.field, values), points)
        for points, values in by_points.items()
    ]


def compile_fields(
    schema: tantivy.Schema,
    query: ParsedQuery,
    *,
    fields: Sequence[tuple[str, float]],
    mode: str = ANY_WORDS,
    filters: Sequence[Filter] = (),
    adjacent: Sequence[tuple[str, float]] = (),
    slop: int = 0,
    rank: Sequence[tuple[str, float]] = (),
    added_weight: float = 1.0,
    translated_weight: float = 1.0,
    bonus: Sequence[tantivy.Query] = (),
    excluded: Sequence[tantivy.Query] = (),
) -> tantivy.Query:
    """The whole query over weighted fields: words by `mode` (the query's `translated` ones
    scaled by `translated_weight`), phrases required, filters;
    with `adjacent` fields, an optional clause scores the loose words as a phrase there;
    with `rank` fields, an optional clause scores every word there; each `bonus` query is
    one more clause that only scores."""
    if query.is_empty:
        raise ValueError("nothing to search: the parsed query has no terms or phrases")
    clauses: list[Clause] = [
        (tantivy.Occur.Must, _in_any(schema, fields, p)) for p in query.phrases
    ]
    added = [_boosted(_in_any(schema, fields, a.words), added_weight) for a in query.added]
    if query.terms or added:
        translated = set(query.translated)
        words = [
            _boosted(_in_any(schema, fields, (t,)), translated_weight if t in translated else 1.0)
            for t in query.terms
        ]
        if mode == ALL_WORDS:
            clauses.extend((tantivy.Occur.Must, w) for w in words)
            words = []
        group_of = [*words, *added]
        if group_of:
            group = tantivy.Query.boolean_query(
                [(tantivy.Occur.Should, w) for w in group_of], minimum_number_should_match=1
            )
            required = mode == ANY_WORDS and bool(query.terms) and not query.phrases
            clauses.append((tantivy.Occur.Must if required else tantivy.Occur.Should, group))
    if len(query.terms) > 1 and adjacent:
        clauses.append((tantivy.Occur.Should, _in_any(schema, adjacent, query.terms, slop)))
    if rank:
        clauses.append((tantivy.Occur.Should, _ranking(schema, query, rank, added_weight)))
    clauses.extend((tantivy.Occur.Should, b) for b in bonus)
    clauses.extend((tantivy.Occur.Must, filter_query(schema, f)) for f in filters)
    clauses.extend((tantivy.Occur.MustNot, q) for q in excluded)
    return tantivy.Query.boolean_query(clauses)


def ranking_fields(
    schema: tantivy.Schema, query: ParsedQuery, *, fields: Sequence[tuple[str, float]]
) -> tantivy.Query:
    """Any term or phrase over weighted fields; as a Should beside a Must it only scores."""
    words = [*((t,) for t in query.terms), *query.phrases]
    return tantivy.Query.boolean_query(
        [(tantivy.Occur.Should, _in_any(schema, fields, w)) for w in words],
        minimum_number_should_match=1,
    )


def _ranking(
    schema: tantivy.Schema,
    query: ParsedQuery,
    fields: Sequence[tuple[str, float]],
    added_weight: float,
) -> tantivy.Query:
    """Every term, phrase and added term over `fields` (added ones scaled), any of them."""
    words = [*((t,) for t in query.terms), *query.phrases]
    options = [_in_any(schema, fields, w) for w in words]
    options += [_boosted(_in_any(schema, fields, a.words), added_weight) for a in query.added]
    return tantivy.Query.boolean_query(
        [(tantivy.Occur.Should, o) for o in options], minimum_number_should_match=1
    )


def _boosted(query: tantivy.Query, weight: float) -> tantivy.Query:
    return query if weight == 1.0 else tantivy.Query.boost_query(query, weight)


def _in_any(
    schema: tantivy.Schema,
    fields: Sequence[tuple[str, float]],
    words: Sequence[str],
    slop: int = 0,
) -> tantivy.Query:
    """`words` (one term, or a phrase) in any one of the fields, each match weighted."""
    options: list[Clause] = []
    for field, weight in fields:
        clause = phrase_clause(schema, field, words, slop)
        if weight != 1.0:
            clause = tantivy.Query.boost_query(clause, weight)
        options.append((tantivy.Occur.Should, clause))
    if len(options) == 1:
        return options[0][1]  # one field: the clause itself, no group around it
    return tantivy.Query.boolean_query(options, minimum_number_should_match=1)


def phrase_clause(
    schema: tantivy.Schema, field: str, words: Sequence[str], slop: int = 0
) -> tantivy.Query:
    """Words in order, adjacent (`slop` words may come between); a single word is a plain
    term (tantivy needs two for a phrase)."""
    if len(words) == 1:
        return tantivy.Query.term_query(schema, field, words[0])
    return tantivy.Query.phrase_query(schema, field, list(words), slop=slop)


def filter_query(schema: tantivy.Schema, spec: Filter) -> tantivy.Query:
    """One filter as a zero-score clause."""
    return tantivy.Query.const_score_query(_filter(schema, spec), 0.0)


def any_term(schema: tantivy.Schema, field: str, values: Sequence[str | int]) -> tantivy.Query:
    """Documents holding any of the values in `field` (not empty); a few values are a
    group of term queries, since a term set costs a fixed ~0.25 ms (a walk of each segment's
    term dictionary) where a term query costs microseconds."""
    if len(values) == 1:
        return tantivy.Query.term_query(schema, field, values[0])
    if len(values) > MAX_TERM_CLAUSES:
        return tantivy.Query.term_set_query(schema, field, list(values))
    return tantivy.Query.boolean_query(
        [(tantivy.Occur.Should, tantivy.Query.term_query(schema, field, v)) for v in values],
        minimum_number_should_match=1,
    )


def _filter(schema: tantivy.Schema, spec: Filter) -> tantivy.Query:
    if isinstance(spec, Terms):
        if not spec.values:
            return tantivy.Query.empty_query()
        return any_term(schema, spec.field, spec.values)
    if isinstance(spec, Either):
        options = [(tantivy.Occur.Should, _filter(schema, o)) for o in spec.options]
        if not options:
            return tantivy.Query.empty_query()
        return tantivy.Query.boolean_query(options, minimum_number_should_match=1)
    if isinstance(spec, All):
        parts = [(tantivy.Occur.Must, _filter(schema, p)) for p in spec.parts]
        if not parts:
            return tantivy.Query.all_query()
        return tantivy.Query.boolean_query(parts)
    raise TypeError(f"unknown filter {spec!r}")
