"""Pure parts of the paper search: diversification, dates, request strings, vocabulary,
licences, arXiv ids, group keys, forms."""

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from search.answers.fields import split_values
from search.backends.paper_search import TIER_MATCH, TIER_UNRECORDED, PoolHit
from search.enrichment import VocabEntry
from search.papers.arxiv_ids import normalise_arxiv_id
from search.papers.catalog import PaperCatalog
from search.papers.diversify import cap_per_paper, first_rows, round_robin
from search.papers.forms import PaperSearchForm
from search.papers.group_keys import NO_CONCEPT, concept_key, content_type_key
from search.papers.licences import UNKNOWN, licence_for
from search.papers.request import PaperSearchRequest, parse_day
from search.papers.vocabulary import Vocabulary
from tests.corpus import ENTITIES, write_jsonl
from tests.paper_reference import reference_diversify


def hit(n: int, paper: int, *, concept: int = 1, ctype: int = 0, tier: int = 0) -> PoolHit:
    return PoolHit(None, 100.0 - n, tier, n, paper, concept, ctype)


def diversify(
    pool: list[PoolHit], mode: str, *, max_per_document: int, limit: int
) -> tuple[list[PoolHit], int]:
    """The page of a whole pool (`first_rows` with the pool complete)."""
    page = first_rows(pool, mode, max_per_document=max_per_document, limit=limit, complete=True)
    assert page is not None
    return list(page.rows), page.held_back


# --- diversification --------------------------------------------------------------------

pools = st.lists(
    st.tuples(st.integers(1, 5), st.integers(0, 4), st.integers(0, 3), st.sampled_from([0, 1])),
    max_size=40,
).map(
    lambda rows: sorted(
        (hit(i, p, concept=c, ctype=t, tier=tier) for i, (p, c, t, tier) in enumerate(rows)),
        key=lambda h: (h.tier, -h.score, h.chunk_id),
    )
)


@given(pools, st.integers(1, 4), st.integers(1, 50))
def test_document_mode_never_exceeds_the_cap_and_keeps_rank_order(
    pool: list[PoolHit], cap: int, limit: int
) -> None:
    page, held_back = diversify(pool, "document", max_per_document=cap, limit=limit)
    per_paper: dict[int, int] = {}
    for item in page:
        per_paper[item.paper_key] = per_paper.get(item.paper_key, 0) + 1
    assert all(n <= cap for n in per_paper.values())
    assert page == [h for h in pool if h in page]  # a subsequence: never reordered
    assert len(page) == min(limit, len(pool) - held_back)


@given(pools, st.sampled_from(["keyConcept", "contentType"]))
def test_round_robin_modes_keep_tiers_and_every_hit(pool: list[PoolHit], mode: str) -> None:
    page, held_back = diversify(pool, mode, max_per_document=1, limit=1000)
    assert held_back == 0 and sorted(page, key=id) == sorted(pool, key=id)
    tiers = [h.tier for h in page]
    assert tiers == sorted(tiers)  # entity matches stay before unrecorded chunks


@given(
    pools,
    st.sampled_from(["document", "keyConcept", "contentType"]),
    st.integers(1, 3),
    st.integers(1, 12),
    st.integers(0, 40),
)
def test_a_settled_prefix_gives_the_whole_pools_rows(
    pool: list[PoolHit], mode: str, cap: int, limit: int, cut: int
) -> None:
    """Any prefix either settles the page exactly as the whole pool does, or asks for more."""
    expected, held_back = reference_diversify(pool, mode, max_per_document=cap, limit=limit)
    prefix = pool[:cut]
    page = first_rows(prefix, mode, max_per_document=cap, limit=limit,
                      complete=len(prefix) == len(pool))  # fmt: skip
    if len(prefix) == len(pool):
        assert page is not None and page.held_back == held_back
    if page is not None:
        assert list(page.rows) == expected
        if len(page.rows) < limit:
            assert page.held_back == held_back


def test_round_robin_takes_each_groups_best_first() -> None:
    pool = [hit(0, 1, concept=7), hit(1, 1, concept=7), hit(2, 2, concept=8), hit(3, 3, concept=9)]
    assert [h.chunk_id for h in round_robin(pool, lambda h: h.concept_key)] == [0, 2, 3, 1]


def test_chunks_without_a_key_concept_group_by_paper() -> None:
    pool = [hit(0, 1, concept=NO_CONCEPT), hit(1, 1, concept=NO_CONCEPT), hit(2, 2, concept=0)]
    page, _ = diversify(pool, "keyConcept", max_per_document=1, limit=10)
    assert [h.chunk_id for h in page] == [0, 2, 1]


def test_diversify_rejects_unknown_modes_and_caps() -> None:
    with pytest.raises(ValueError):
        diversify([], "paper", max_per_document=1, limit=1)
    with pytest.raises(ValueError):
        cap_per_paper([], 0)


def test_tiers_are_diversified_separately() -> None:
    pool = [hit(0, 1, ctype=1, tier=TIER_MATCH), hit(1, 1, ctype=1, tier=TIER_MATCH),
            hit(2, 2, ctype=2, tier=TIER_UNRECORDED)]  # fmt: skip
    page, _ = diversify(pool, "contentType", max_per_document=1, limit=10)
    assert [h.chunk_id for h in page] == [0, 1, 2]


# --- dates, request strings ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "end", "expected"),
    [
        ("2025-06-17", False, date(2025, 6, 17)),
        ("2025", False, date(2025, 1, 1)),
        ("2025", True, date(2025, 12, 31)),
        ("2024-02", True, date(2024, 2, 29)),
        ("2025-2", False, date(2025, 2, 1)),
        ("2025-06-17T10:00:00Z", True, date(2025, 6, 17)),
        (" 2025-06-17 ", False, date(2025, 6, 17)),
    ],
)
def test_dates_accept_iso_year_and_month(text: str, end: bool, expected: date) -> None:
    assert parse_day(text, end=end) == expected


@pytest.mark.parametrize("text", ["2025-13", "2025-02-30", "yesterday", "06/17/2025", "20"])
def test_bad_dates_raise_a_readable_error(text: str) -> None:
    with pytest.raises(ValueError, match=r"."):
        parse_day(text, end=False)


def test_query_string_uses_the_seed_names_and_leaves_defaults_out() -> None:
    req = PaperSearchRequest.for_query(
        query="lora", match="phrase", categories=("cs.CL", "cs.LG"), date_from=date(2025, 1, 1),
        entities=("BERT",), max_per_document=1, run_id=4,
    )  # fmt: skip
    assert req.query_string() == (
        "query=lora&match=phrase&dateFrom=2025-01-01&categories=cs.CL&categories=cs.LG"
        "&entities=BERT&maxPerDocument=1&run_id=4"
    )
    assert "entities=GLUE" in req.query_string(entities=("BERT", "GLUE"))
    assert PaperSearchRequest.for_query(query="x").query_string() == "query=x"


def test_request_rejects_unknown_modes() -> None:
    with pytest.raises(ValueError):
        PaperSearchRequest.for_query(query="x", match="some_words")


# --- vocabulary ----------------------------------------------------------------------------


def vocabulary() -> Vocabulary:
    return Vocabulary.of([VocabEntry(e["name"], e["type"], tuple(e["aliases"])) for e in ENTITIES])


def test_vocabulary_expands_aliases_and_spells_names() -> None:
    words = vocabulary()
    assert words.expand("Low-Rank Adaptation") == ("low-rank adaptation", "lora")
    assert words.expand("LORA") == ("lora",)
    assert words.expand("unknown") == ("unknown",)
    assert words.display("squad") == "SQuAD" and words.display("other") == "other"
    assert words.entity_type("coco") == "dataset"


def test_suggestions_put_prefix_matches_first() -> None:
    words = vocabulary()
    assert [e.name for e in words.suggest("co")] == ["COCO"]
    assert [e.name for e in words.suggest("ms")] == ["COCO"]  # alias "MS COCO"
    assert [e.name for e in words.suggest("a")][:1] == ["Adam"]
    assert words.suggest("  ") == []


def test_vocabulary_loads_from_the_data_folder(tmp_path: Path) -> None:
    from search.papers.vocabulary import get_vocabulary

    write_jsonl(tmp_path / "papers" / "entities.jsonl", ENTITIES)
    assert get_vocabulary(tmp_path).display("lora") == "LoRA"
    assert get_vocabulary(tmp_path / "missing").entries == ()


# --- licences, ids, keys ---------------------------------------------------------------------


def test_licences_follow_the_papers_readme() -> None:
    assert licence_for("scirex").text.startswith("Apache-2.0")
    assert licence_for("unarxive-sample").text.startswith("CC BY-SA 4.0")
    assert licence_for("daily-arxiv:dw-dengwei").metadata.startswith("CC0")
    assert licence_for("somewhere").text == UNKNOWN


@pytest.mark.parametrize(
    "text",
    ["2106.09685", "2106.09685v2", " arXiv:2106.09685v12 ", "https://arxiv.org/abs/2106.09685v1",
     "arxiv.org/pdf/2106.09685v3.pdf"],
)  # fmt: skip
def test_arxiv_ids_lose_prefixes_and_versions(text: str) -> None:
    assert normalise_arxiv_id(text) == "2106.09685"


def test_old_style_arxiv_ids_survive() -> None:
    assert normalise_arxiv_id("hep-ph/0701001v2") == "hep-ph/0701001"


def test_group_keys_are_stable_and_reserve_zero() -> None:
    assert concept_key("") == NO_CONCEPT and concept_key("  ") == NO_CONCEPT
    assert concept_key("LoRA") == concept_key("lora") != concept_key("bert")
    assert content_type_key("abstract") == 0 and content_type_key("nonsense") == 7


# --- forms -----------------------------------------------------------------------------------

CATALOG = PaperCatalog(
    version="v1", papers=3, chunks=3, body_chunks=0, full_text_papers=0, undated_papers=0,
    first_published=None, last_published=None, content_types=(), top_entities=(),
    categories=(("cs.CL", 2), ("cs.LG", 1), ("I.2.7", 1)),
)  # fmt: skip


def form(**data: object) -> PaperSearchForm:
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    for key, value in data.items():
        query.setlist(key, value if isinstance(value, list) else [str(value)])
    return PaperSearchForm(query, catalog=CATALOG)


def test_list_parameters_accept_repeats_and_commas() -> None:
    assert split_values(["cs.CL, cs.LG", "cs.cl", ""]) == ("cs.CL", "cs.LG")
    valid = form(query="x", categories=["cs.cl,I.2.7", "cs.LG"], contentType="Results,survey")
    assert valid.is_valid(), valid.errors
    req = valid.to_request()
    assert req.categories == ("cs.CL", "I.2.7", "cs.LG")
    assert req.content_types == ("results", "survey")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"query": "the of"}, "query"),
        ({"query": ""}, "query"),
        ({"query": "x", "match": "some"}, "match"),
        ({"query": "x", "limit": "ten"}, "limit"),
        ({"query": "x", "limit": "0"}, "limit"),
        ({"query": "x", "dateFrom": "2025-13"}, "dateFrom"),
        ({"query": "x", "dateFrom": "2025-06", "dateTo": "2025-05"}, "dateTo"),
        ({"query": "x", "categories": "cs.XX"}, "categories"),
        ({"query": "x", "contentType": "intro"}, "contentType"),
        ({"query": "x", "detail": "max"}, "detail"),
        ({"query": "x", "facets": "maybe"}, "facets"),
        ({"query": "x", "diversifyBy": "paper"}, "diversifyBy"),
        ({"query": "x", "maxPerDocument": "0"}, "maxPerDocument"),
        ({"query": "x", "run_id": "3"}, "run_id"),
    ],
)
def test_bad_parameters_are_form_errors(data: dict[str, object], field: str) -> None:
    bad = form(**data)
    assert not bad.is_valid() and field in bad.errors


def test_facets_and_defaults_parse() -> None:
    valid = form(query="x", facets="TRUE", dateTo="2025", extra="1")
    assert valid.is_valid(), valid.errors
    req = valid.to_request()
    assert req.facets and req.date_to == date(2025, 12, 31)
    assert (req.match, req.detail, req.diversify_by, req.limit) == (
        "all_words", "standard", "document", None,
    )  # fmt: skip
    assert req.ignored_params == ("extra",)
    assert form(query="x", facets="0").is_valid()


def test_a_query_of_stop_words_is_fine_as_a_phrase() -> None:
    assert form(query="the of", match="phrase").is_valid()
