"""The paper chunks' words and their scoring, on small indexes written by the real writer.

Title and text are one field (the title counted TITLE_REPEATS times), so a long description
finds the paper whose abstract says it, not a paper whose title shares one of its words; a
title's words still find the title. Consecutive query words found side by side score their
pair; author names weigh less in long queries.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tantivy

from search.backends.paper_search import TITLE_REPEATS, FieldWeights
from search.backends.tantivy.analysis import tokenize
from search.backends.tantivy.paper_words import (
    PAIRS,
    WORDS,
    pair_tokens,
    query_pairs,
    score_clauses,
    with_paper_words,
    words_query,
)
from search.backends.tantivy.schema import open_index
from search.backends.tantivy.writer import TantivyWriter
from search.indexes.names import PAPERS
from search.text.query import ANY_WORDS, parse_query

# A description of the first paper, in the common words of its field, beside a paper whose
# title holds two of its words, rare in titles but common in texts. Scored as separate fields
# (title BM25 times 2 on top of the text's), the title wins (15.5 to 11.8); scored as one
# field the title's words weigh as what they are, common words.
DESCRIBED = (
    "Loss Scaling for Training",
    "We train networks in half precision and scale the loss at every layer, so small "
    "gradients keep their value and training matches full precision.",
)
TITLE_SHARES_WORDS = (
    "Precision Gradients",
    "Quadrotors follow a path through a forest while avoiding trees.",
)
FILLER = [
    (f"Study {n} of Networks",
     f"We train networks with gradients in full precision on task {n} and keep the value of "
     "each layer.")
    for n in range(30)
]  # fmt: skip
DEFAULT = FieldWeights()
DESCRIPTION = "networks trained in low precision scale the loss so that gradients keep their value"


@dataclass(frozen=True)
class Written:
    """A small papers index written by the real writer, open for searching."""

    searcher: tantivy.Searcher
    schema: tantivy.Schema

    def query(self, text: str, weights: FieldWeights) -> tantivy.Query:
        return words_query(self.schema, parse_query(text, tokenize), weights, ANY_WORDS)

    def ranked(self, text: str, weights: FieldWeights = DEFAULT) -> list[str]:
        hits = self.searcher.search(self.query(text, weights), 10).hits
        return [str(self.searcher.doc(address).get_first("paper_id")) for _, address in hits]


def _write(tmp_path: Path, papers: list[tuple[str, str]]) -> Written:
    documents: list[dict[str, Any]] = [
        {"chunk_id": n, "paper_key": n, "chunk_index": 0, "paper_id": f"p{n}",
         "title": title, "text": text, "authors": ["Ada Lovelace"],
         "authors_text": ["Ada Lovelace"]}
        for n, (title, text) in enumerate(papers, 1)
    ]  # fmt: skip
    TantivyWriter().write(PAPERS, tmp_path, documents, lambda _: None)
    index = open_index(PAPERS, str(tmp_path))
    index.reload()
    return Written(index.searcher(), index.schema)


def _index(tmp_path: Path) -> Written:
    return _write(tmp_path, [DESCRIBED, TITLE_SHARES_WORDS, *FILLER])


def test_the_words_hold_the_title_repeated_then_the_text_and_their_pairs() -> None:
    found = with_paper_words({"title": "Loss Scaling", "text": "the loss of scaling grows"})
    assert found[WORDS] == ["Loss Scaling"] * TITLE_REPEATS + ["the loss of scaling grows"]
    assert found[PAIRS].split() == ["loss_scaling"] * TITLE_REPEATS + [
        "loss_scaling", "scaling_grows",
    ]  # fmt: skip


def test_pairs_skip_stop_words_as_the_query_does() -> None:
    assert pair_tokens(tokenize("The loss of the scaling, and its rate")) == [
        "loss_scaling", "scaling_rate",
    ]  # fmt: skip
    assert query_pairs(parse_query("loss of scaling loss rate", tokenize)) == [
        "loss_scaling", "scaling_rate",
    ]  # fmt: skip
    assert query_pairs(parse_query("loss", tokenize)) == []


def test_a_description_finds_its_abstract_over_a_title_sharing_its_words(tmp_path: Path) -> None:
    assert _index(tmp_path).ranked(DESCRIPTION)[0] == "p1"


def test_title_words_still_find_the_title(tmp_path: Path) -> None:
    written = _index(tmp_path)
    assert written.ranked("precision gradients")[0] == "p2"
    assert written.ranked("loss scaling for training")[0] == "p1"


def test_words_side_by_side_outrank_the_same_words_apart(tmp_path: Path) -> None:
    apart = ("Notes", "The loss grows while the gradient scaling stays fixed in every layer.")
    together = ("Notes", "The gradient grows while the loss scaling stays fixed in every layer.")
    written = _write(tmp_path, [apart, together, *FILLER])
    assert written.ranked("loss scaling")[0] == "p2"
    # Without the pair bonus the two score alike (same words, same lengths).
    plain = written.searcher.search(written.query("loss scaling", FieldWeights(pairs=0.0)), 2)
    first, second = (score for score, _ in plain.hits)
    assert first == second


def test_author_names_weigh_less_in_long_queries() -> None:
    weights = FieldWeights()
    assert weights.authors_for(weights.short_query) == weights.authors
    assert weights.authors_for(weights.short_query + 1) == weights.long_authors
    assert weights.long_authors < weights.authors


def test_score_clauses_label_each_part(tmp_path: Path) -> None:
    schema = _index(tmp_path).schema
    query = parse_query("half precision lovelace", tokenize)
    labels = [label for label, _ in score_clauses(schema, query, FieldWeights(), adjacency=True)]
    assert labels == [
        "half", "authors:half", "precision", "authors:precision", "lovelace", "authors:lovelace",
        "pair:half precision", "pair:precision lovelace",
        'adjacent title:"half precision lovelace"', 'adjacent authors:"half precision lovelace"',
    ]  # fmt: skip
