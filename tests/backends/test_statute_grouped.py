"""The tantivy grouped search's three steps (count, pool, filtered searches) agree at any pool
size: each group's hits equal the same search with that group's filter."""

from dataclasses import replace
from pathlib import Path

import pytest

from search.backends.filters import Terms
from search.backends.registry import get_backend
from search.backends.statute_search import GroupedSearch, TextSearch
from search.backends.tantivy import grouped
from search.statutes.search.request import parse_statute_query

pytestmark = pytest.mark.django_db

QUERIES = ["landlord deposit", 'landlord "security deposit" return', "retaliate renter", "occupant"]


@pytest.mark.parametrize("pool", [1, 2, 3, 5, 300])
@pytest.mark.parametrize("per", [1, 2, 3])
def test_every_pool_size_gives_each_group_its_own_best_hits(
    statute_index: Path, monkeypatch: pytest.MonkeyPatch, pool: int, per: int
) -> None:
    monkeypatch.setattr(grouped, "POOL_HITS", pool)
    backend = get_backend()
    for text in QUERIES:
        search = TextSearch(query=parse_statute_query(text), field="body", limit=per,
                            tie_break="order", fields=("id",))  # fmt: skip
        answer = backend.search_statutes_grouped(GroupedSearch(search, "jurisdiction"))
        assert answer.groups, text
        assert answer.total == sum(page.total for page in answer.groups.values())
        for value, page in answer.groups.items():
            alone = backend.search_statutes(
                replace(search, filters=(Terms("jurisdiction", (value,)),))
            )
            assert (page.total, [h.first("id") for h in page.hits]) == (
                alone.total, [h.first("id") for h in alone.hits]
            ), (text, value, pool)  # fmt: skip


def test_a_pool_holding_every_match_needs_no_further_search(statute_index: Path) -> None:
    search = TextSearch(query=parse_statute_query("landlord"), field="body", limit=3,
                        tie_break="order", fields=("id",))  # fmt: skip
    answer = get_backend().search_statutes_grouped(GroupedSearch(search, "jurisdiction"))
    assert answer.searches == 1 and set(answer.groups) >= {"wa", "id"}


def test_five_tied_sections_keep_their_file_order_whatever_the_pool(
    statute_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(grouped, "POOL_HITS", 2)
    search = TextSearch(query=parse_statute_query("retaliate"), field="body", limit=3,
                        tie_break="order", fields=("id",))  # fmt: skip
    answer = get_backend().search_statutes_grouped(GroupedSearch(search, "jurisdiction"))
    assert [h.first("id") for h in answer.groups["ut"].hits] == [
        "ut:statute:57-22-1", "ut:statute:57-22-2", "ut:statute:57-22-3"
    ]  # fmt: skip
    assert answer.groups["ut"].total == 5 and answer.searches == 2


def test_a_field_without_a_numeric_twin_is_grouped_by_one_search_per_value(
    statute_index: Path,
) -> None:
    backend = get_backend()
    search = TextSearch(query=parse_statute_query("landlord deposit"), field="body", limit=2,
                        tie_break="order", fields=("id",))  # fmt: skip
    answer = backend.search_statutes_grouped(GroupedSearch(search, "source"))
    assert set(answer.groups) == {"wa-stat", "id-stat", "cfr"}
    assert answer.searches == len(answer.groups)
    for value, page in answer.groups.items():
        alone = backend.search_statutes(replace(search, filters=(Terms("source", (value,)),)))
        assert [h.first("id") for h in page.hits] == [h.first("id") for h in alone.hits]
