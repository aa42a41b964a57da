"""A filter keeping nearly every document runs as the exclusion of the rest, on a small index
of our own: the same rows, scores and counts as the filter itself, and only where exact."""

from pathlib import Path

import pytest

from search.backends.filters import All, Either, Filter, Terms
from search.backends.registry import get_backend
from search.backends.statute_search import TextSearch, WeightedField
from search.backends.tantivy import statutes as tantivy_statutes
from search.backends.tantivy.complements import split_filters
from search.backends.tantivy.reader import live_index
from search.indexes.names import STATUTES
from search.text.query import parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import index_statute_files

pytestmark = pytest.mark.django_db

BODIES = [
    "The landlord shall return the security deposit within 21 days.",
    "A tenant may recover the deposit and damages.",
    "The landlord may enter the dwelling unit with notice.",
    "Rent is due on the first day of the month.",
]
STATUTES_ROWS = [
    section(f"wa:statute:{n}", BODIES[n % 4] + " landlord" * (n % 3), heading=f"Section {n}")
    for n in range(12)
]
REGULATION_ROWS = [
    section("us:reg:1", BODIES[0], jurisdiction="us", corpus="regulation", source="cfr"),
    section("us:reg:2", BODIES[2], jurisdiction="us", corpus="regulation", source="cfr"),
]


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    files = {"wa-stat.jsonl": STATUTES_ROWS, "cfr.jsonl": REGULATION_ROWS}
    index_statute_files(tmp_path / "data", files, {"cfr.jsonl": "whole"})
    return index_root


def page(q: str, filters: tuple[Filter, ...], **options: object) -> tuple[object, ...]:
    spec = TextSearch(
        query=parse_query(q, simple_tokenize), field="body", limit=20, tie_break="order",
        fields=("id",), filters=filters, **options,  # type: ignore[arg-type]
    )  # fmt: skip
    found = get_backend().search_statutes(spec)
    return found.total, tuple((h.first("id"), h.score, h.snippet) for h in found.hits)


STATUTE = Terms("corpus", ("statute",))
FILTERS: tuple[tuple[Filter, ...], ...] = (
    (STATUTE,),
    (Either((STATUTE, Terms("source", ("cfr",)))),),
    (Either((STATUTE, Terms("source", ("none",)))),),
    (All((STATUTE, Terms("jurisdiction", ("wa",)))),),
    (STATUTE, Terms("jurisdiction", ("wa",))),
    (Terms("corpus", ("regulation",)),),
    (Terms("corpus", ()),),
)
QUERIES = ("landlord deposit", '"security deposit" tenant', "notice enter", "rent")


def test_the_same_rows_scores_and_counts_as_the_filters(
    small_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rank = (WeightedField("heading", 0.2),)
    cases = [(q, f, o) for q in QUERIES for f in FILTERS for o in ({}, {"rank_also": rank})]
    new = [page(q, f, **o) for q, f, o in cases]
    monkeypatch.setattr(tantivy_statutes, "split_filters", lambda _l, _s, f: (f, ()))
    old = [page(q, f, **o) for q, f, o in cases]
    assert new == old
    assert sum(1 for total, _ in new if total) > len(cases) // 2


def test_only_a_filter_keeping_most_documents_becomes_an_exclusion(small_index: Path) -> None:
    live = live_index(STATUTES)
    searcher = live.searcher()
    kept, excluded = split_filters(live, searcher, (STATUTE,))
    assert kept == () and len(excluded) == 1
    # Keeping every document needs no clause at all.
    assert split_filters(live, searcher, (Terms("corpus", ("statute", "regulation")),)) == ((), ())
    # The regulations are the few: that filter runs as it is, as do jurisdictions in an All.
    few = (Terms("corpus", ("regulation",)),)
    assert split_filters(live, searcher, few) == (few, ())
    both = (All((STATUTE, Terms("jurisdiction", ("wa",)))),)
    assert split_filters(live, searcher, both) == (both, ())
    assert live.facts[("partition", "corpus")] == {"statute": 12, "regulation": 2}


def test_a_field_not_held_once_by_every_document_is_never_read_as_a_partition(
    small_index: Path,
) -> None:
    live = live_index(STATUTES)
    searcher = live.searcher()
    # Body words: a document holds many, most hold "the".
    kept, excluded = split_filters(live, searcher, (Terms("body", ("the",)),))
    assert kept == (Terms("body", ("the",)),) and excluded == ()
    assert live.facts[("partition", "body")] is None
