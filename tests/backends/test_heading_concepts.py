"""A heading holding several of a question's concepts raises the match, on a small index of
our own through the tantivy backend (`ConceptBonus`)."""

from dataclasses import replace
from pathlib import Path

import pytest

from search.backends.registry import get_backend
from search.backends.statute_search import ConceptBonus, TextSearch
from search.statutes.shaping import concepts
from search.text.everyday_words import AddedTerm
from search.text.query import ParsedQuery, parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import index_statute_files

pytestmark = pytest.mark.django_db

BODY = "The deposit is held in trust. The tenant and the landlord keep records."
ROWS = [
    # Same bodies; the headings hold one, two and three of the query's concepts.
    section("wa:statute:1", BODY, heading="Late fees"),
    section("wa:statute:2", BODY, heading="Deposit paid late"),
    section("wa:statute:3", BODY, heading="Deposit refund paid late"),
    # Every concept in the heading, none in the body: still no match.
    section("wa:statute:4", "Nothing of interest here.", heading="Deposit refund late"),
]


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    index_statute_files(tmp_path / "data", {"wa-stat.jsonl": ROWS})
    return index_root


def question(text: str) -> ParsedQuery:
    """The text with the code word 'refund' added for its 'return'."""
    return parse_query(text, simple_tokenize).with_added(
        (AddedTerm("refund", ("refund",), "return"),)
    )


def search(q: ParsedQuery, **options: object) -> list[str]:
    spec = TextSearch(query=q, field="body", limit=10, tie_break="order", fields=("id",))
    page = get_backend().search_statutes(replace(spec, **options))  # type: ignore[arg-type]
    return [str(hit.first("id")) for hit in page.hits]


def bonus(q: ParsedQuery, at_least: int) -> ConceptBonus:
    return ConceptBonus("heading", concepts(q), at_least, 1.0)


def test_the_heading_with_enough_concepts_comes_first(small_index: Path) -> None:
    q = question("deposit return late")
    assert search(q) == ["wa:statute:1", "wa:statute:2", "wa:statute:3"]  # a tie: file order
    # 'refund' stands for the typed 'return': wa:statute:3's heading holds all three.
    assert search(q, concept_bonus=bonus(q, 3)) == ["wa:statute:3", "wa:statute:1", "wa:statute:2"]
    assert search(q, concept_bonus=bonus(q, 2)) == ["wa:statute:2", "wa:statute:3", "wa:statute:1"]


def test_the_bonus_never_makes_a_match(small_index: Path) -> None:
    q = question("deposit return late")
    assert "wa:statute:4" not in search(q, concept_bonus=bonus(q, 3))


def test_fewer_concepts_than_asked_change_nothing(small_index: Path) -> None:
    q = parse_query("deposit late", simple_tokenize)  # two concepts, nothing added
    assert search(q, concept_bonus=bonus(q, 3)) == search(q)


def test_concepts_match_word_forms_with_stem(small_index: Path) -> None:
    q = question("deposits returned lately")
    found = search(q, stem=True, concept_bonus=bonus(q, 2))
    assert found[:2] == ["wa:statute:2", "wa:statute:3"]


def test_a_typed_word_and_its_added_terms_are_one_concept() -> None:
    q = question("deposit return late").with_added(
        (
            AddedTerm("refund", ("refund",), "return"),
            AddedTerm("security deposit", ("security", "deposit"), "deposit"),
        )
    )
    assert set(concepts(q)) == {
        (("refund",), ("return",)),
        (("deposit",), ("security", "deposit")),
        (("late",),),
    }
