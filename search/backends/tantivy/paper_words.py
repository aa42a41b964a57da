"""How a paper chunk's words are indexed and scored: title and text as one field, word pairs.

Index: `words` holds the paper's title TITLE_REPEATS times and the chunk's text, each as its
own value (a phrase never runs from one value into the next), so a word's counts in title and
text are summed before BM25 saturates them: BM25F with whole-number field weights, instead of a
title BM25 added on top of the text's (which let any paper whose title shares one word of a long
description outrank the paper it describes). `word_pairs` holds every two consecutive content
words of each value (stop words skipped, as queries skip them) as one token, `first_second`:
a query's consecutive words found together then score one term look-up, not a phrase query.

Query: each loose word matches in `words` or in one author's name (`authors_text`, weighted by
query length, FieldWeights); each pair of consecutive loose words adds its `word_pairs` score;
the adjacency bonus scores all loose words as a phrase in the title or in one author's name.
"""

from collections.abc import Iterable
from typing import Any

import tantivy

from search.backends.paper_search import AUTHORS, TITLE, TITLE_REPEATS, FieldWeights
from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.compile import compile_fields, phrase_clause
from search.text.query import ParsedQuery, render_phrase
from search.text.stopwords import STOP_WORDS

WORDS = "words"
PAIRS = "word_pairs"
TITLE_WORDS = "title"
AUTHOR_WORDS = "authors_text"
# The simple tokenizer never keeps "_" in a word, so a joined pair is never a word.
PAIR_JOIN = "_"
# How score parts name each field (`words` unprefixed: it is the chunk's text and title).
FIELD_LABELS = {WORDS: "", TITLE_WORDS: f"{TITLE}:", AUTHOR_WORDS: f"{AUTHORS}:"}


def with_paper_words(document: dict[str, Any]) -> dict[str, Any]:
    """The chunk document with its `words` (title repeated, then text) and `word_pairs`."""
    title, text = str(document.get("title") or ""), str(document.get("text") or "")
    pairs = pair_tokens(analyzer().analyze(title)) * TITLE_REPEATS
    pairs += pair_tokens(analyzer().analyze(text))
    return {**document, WORDS: [title] * TITLE_REPEATS + [text], PAIRS: " ".join(pairs)}


def pair_tokens(tokens: Iterable[str]) -> list[str]:
    """Each two consecutive tokens that are not stop words, joined (`loss_scaling`)."""
    content = [t for t in tokens if t not in STOP_WORDS]
    return [f"{a}{PAIR_JOIN}{b}" for a, b in zip(content, content[1:], strict=False)]


def query_pairs(query: ParsedQuery) -> list[str]:
    """The query's consecutive loose words as pair tokens, each once."""
    terms = query.terms
    return list(dict.fromkeys(f"{a}{PAIR_JOIN}{b}" for a, b in zip(terms, terms[1:], strict=False)))


def scored_fields(weights: FieldWeights, query: ParsedQuery) -> list[tuple[str, float]]:
    """Where a word matches, with its weight: the chunk's words, and author names (their
    weight depends on the query's length)."""
    return [(WORDS, weights.text), (AUTHOR_WORDS, weights.authors_for(len(query.terms)))]


def adjacent_fields(weights: FieldWeights) -> list[tuple[str, float]]:
    """Where all the loose words standing together earn the adjacency bonus, weighted."""
    if not weights.adjacent:
        return []
    return [
        (TITLE_WORDS, weights.adjacent * TITLE_REPEATS),
        (AUTHOR_WORDS, weights.adjacent * weights.authors),
    ]


def words_query(
    schema: tantivy.Schema,
    query: ParsedQuery,
    weights: FieldWeights,
    mode: str,
    full_name: tuple[str, ...] = (),
) -> tantivy.Query:
    """The query's words by `mode` over the chunk's words and author names, with the pair
    and adjacency bonuses (which only score); `full_name`, the query's words as one name with
    its stop words, earns the author-name adjacency bonus too."""
    return compile_fields(
        schema, query, fields=scored_fields(weights, query), mode=mode,
        adjacent=adjacent_fields(weights), slop=weights.slop,
        bonus=pair_clauses(schema, query, weights) + name_clauses(schema, full_name, weights),
    )  # fmt: skip


def name_clauses(
    schema: tantivy.Schema, full_name: tuple[str, ...], weights: FieldWeights
) -> list[tantivy.Query]:
    """The adjacency bonus for a full name's own words (stop words kept) in one author's
    name; none for a name of one word or without the bonus."""
    if len(full_name) < 2 or not weights.adjacent:
        return []
    clause = phrase_clause(schema, AUTHOR_WORDS, full_name, weights.slop)
    return [_weighted(clause, weights.adjacent * weights.authors)]


def pair_clauses(
    schema: tantivy.Schema, query: ParsedQuery, weights: FieldWeights
) -> list[tantivy.Query]:
    """One weighted term query per pair of consecutive loose words."""
    if not weights.pairs:
        return []
    return [
        _weighted(tantivy.Query.term_query(schema, PAIRS, pair), weights.pairs)
        for pair in query_pairs(query)
    ]


def score_clauses(
    schema: tantivy.Schema,
    query: ParsedQuery,
    weights: FieldWeights,
    *,
    adjacency: bool,
    full_name: tuple[str, ...] = (),
) -> list[tuple[str, tantivy.Query]]:
    """Every scoring clause of `words_query` on its own, labelled (`word`, `authors:word`,
    `pair:first second`, `adjacent title:"..."`): their scores on a hit sum to its score."""
    clauses: list[tuple[str, tantivy.Query]] = []
    for words in [*((t,) for t in query.terms), *query.phrases]:
        label = words[0] if len(words) == 1 else render_phrase(words)
        for field, weight in scored_fields(weights, query):
            clause = _weighted(phrase_clause(schema, field, words), weight)
            clauses.append((FIELD_LABELS[field] + label, clause))
    pairs = zip(query_pairs(query), pair_clauses(schema, query, weights), strict=False)
    clauses.extend(("pair:" + pair.replace(PAIR_JOIN, " "), clause) for pair, clause in pairs)
    if adjacency and len(query.terms) > 1:
        for field, weight in adjacent_fields(weights):
            clause = phrase_clause(schema, field, query.terms, weights.slop)
            label = "adjacent " + FIELD_LABELS[field] + render_phrase(query.terms)
            clauses.append((label, _weighted(clause, weight)))
    name_label = "adjacent " + FIELD_LABELS[AUTHOR_WORDS] + render_phrase(full_name)
    clauses.extend((name_label, clause) for clause in name_clauses(schema, full_name, weights))
    return clauses


def _weighted(query: tantivy.Query, weight: float) -> tantivy.Query:
    return query if weight == 1.0 else tantivy.Query.boost_query(query, weight)
