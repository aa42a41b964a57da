"""Ranking a statute question on a small index of our own: added terms, heading ranking and
the survey's every-word counts, through the tantivy backend."""

from dataclasses import replace
from pathlib import Path

import pytest

from search.backends.registry import get_backend
from search.backends.statute_search import GroupedSearch, TextSearch, WeightedField
from search.text.everyday_words import AddedTerm
from search.text.query import ParsedQuery, parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import index_statute_files

pytestmark = pytest.mark.django_db

FILLER = " The tenant and the landlord keep records of the premises."
ROWS = [
    # Same body words; only the first one's heading names the deposit.
    section("wa:statute:1", "Sums paid are held in trust." + FILLER, heading="Deposit held"),
    section("wa:statute:2", "Sums paid are held in trust." + FILLER, heading="Trust accounts"),
    # A heading word alone never makes a match.
    section("wa:statute:3", "Nothing of interest here." + FILLER, heading="Sums and trust"),
    # The code's word only, and the typed word only, in bodies of the same length.
    section("wa:statute:4", "The landlord shall refund the money owed." + FILLER),
    section("wa:statute:5", "The landlord shall return the money owed." + FILLER),
    section("wa:statute:6", "An unlawful detainer action is filed in court." + FILLER),
    section("id:statute:7", "The landlord shall return the deposit." + FILLER, jurisdiction="id",
            source="id-stat"),
    section("id:statute:8", "A deposit is money." + FILLER, jurisdiction="id", source="id-stat"),
]  # fmt: skip


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    files = {f"{s}.jsonl": [r for r in ROWS if r["source"] == s] for s in ("wa-stat", "id-stat")}
    index_statute_files(tmp_path / "data", files)
    return index_root


def query(text: str, *added: tuple[str, str]) -> ParsedQuery:
    """The parsed text with added terms given as (term, source)."""
    extra = tuple(AddedTerm(term, tuple(simple_tokenize(term)), source) for term, source in added)
    return parse_query(text, simple_tokenize).with_added(extra)


def search(q: ParsedQuery, **options: object) -> list[str]:
    spec = TextSearch(query=q, field="body", limit=10, tie_break="order", fields=("id",))
    page = get_backend().search_statutes(replace(spec, **options))  # type: ignore[arg-type]
    return [str(hit.first("id")) for hit in page.hits]


HEADING = (WeightedField("heading", 0.2),)


def test_a_heading_word_raises_a_body_match(small_index: Path) -> None:
    plain = search(query("trust"))
    assert plain[:2] == ["wa:statute:1", "wa:statute:2"]  # tie: file order
    assert search(query("trust"), rank_also=HEADING)[:2] == ["wa:statute:2", "wa:statute:1"]


def test_a_heading_word_alone_makes_no_match(small_index: Path) -> None:
    found = search(query("sums"), rank_also=HEADING)
    assert "wa:statute:3" not in found and set(found) == {"wa:statute:1", "wa:statute:2"}


def test_added_terms_match_at_their_weight_below_typed_words(small_index: Path) -> None:
    typed = search(query("return money", ("refund", "return")), added_weight=0.5)
    assert typed[:2] == ["wa:statute:5", "wa:statute:4"]  # 'refund' found, below 'return'
    assert "wa:statute:4" not in search(query("return"))
    # At full weight the rarer code word ('refund', one section) outscores 'return' (two).
    full = search(query("return", ("refund", "return")), added_weight=1.0)
    assert full.index("wa:statute:4") < full.index("wa:statute:5")


def test_a_translated_typed_word_weighs_less(small_index: Path) -> None:
    typed = query("return", ("refund", "return"))
    translated = typed.with_added(typed.added, ("return",))
    assert translated.translated == ("return",)
    # At full weight the typed 'return' (two sections) outranks the half-weight 'refund'.
    full = search(translated, added_weight=0.5)
    assert full.index("wa:statute:5") < full.index("wa:statute:4")
    # Both at half, the rarer code word comes first: what the word means, not how it is said.
    half = search(translated, added_weight=0.5, translated_weight=0.5)
    assert half.index("wa:statute:4") < half.index("wa:statute:5")
    assert set(half) == set(full)  # the weights move ranks, never the matches
    stemmed = search(translated, added_weight=0.5, translated_weight=0.5, stem=True)
    assert stemmed.index("wa:statute:4") < stemmed.index("wa:statute:5")


def test_an_added_phrase_must_be_whole_and_rows_name_it(small_index: Path) -> None:
    spec = TextSearch(query=query("evict", ("unlawful detainer", "evict")), field="body",
                      limit=5, tie_break="order", fields=("id",), added_weight=0.5)  # fmt: skip
    page = get_backend().search_statutes(spec)
    assert [h.first("id") for h in page.hits] == ["wa:statute:6"]
    hit = page.hits[0]
    assert hit.matched == ("unlawful detainer",)
    assert "[hl]unlawful detainer[/hl]" in hit.snippet


def test_added_terms_run_with_word_forms(small_index: Path) -> None:
    found = search(query("returned", ("refunds", "returned")), stem=True, added_weight=0.5)
    assert {"wa:statute:4", "wa:statute:5", "id:statute:7"} <= set(found)


def test_grouped_counts_the_sections_holding_every_typed_word(small_index: Path) -> None:
    spec = TextSearch(query=query("landlord return deposit", ("refund", "return")),
                      field="body", limit=2, tie_break="order", fields=("id",))  # fmt: skip
    found = get_backend().search_statutes_grouped(
        GroupedSearch(spec, "jurisdiction", count_every_word=True)
    )
    # Every section names the landlord (the filler); only id:statute:7 has all three words.
    assert found.groups["id"].total == 2 and found.groups["wa"].total == 6
    assert found.every_word == {"id": 1}
    alone = get_backend().search_statutes_grouped(GroupedSearch(spec, "jurisdiction"))
    assert alone.every_word == {} and alone.groups.keys() == found.groups.keys()
