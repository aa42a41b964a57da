"""The paper search service on the test corpus: every parameter and mode, checked against
brute force over the database (tokenised exactly like the index)."""

from collections import Counter
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from search.backends.tantivy.analysis import tokenize
from search.models import Chunk, ResearchRun, RunQuery
from search.papers.request import PaperSearchRequest
from search.papers.service import PaperSearchResult, search_papers

pytestmark = pytest.mark.django_db

EVERYTHING = {"limit": 100, "max_per_document": 100}


def run(query: str, **options: object) -> PaperSearchResult:
    """Search with room for every match unless the test narrows it."""
    values = {**EVERYTHING, **options}
    return search_papers(PaperSearchRequest.for_query(query=query, **values))


def keys(result: PaperSearchResult) -> list[tuple[str, int]]:
    return [(h.paper_id, h.chunk_index) for h in result.hits]


def record_tokens(chunk: Chunk) -> set[str]:
    """The words a chunk is matched on: its text, its paper's title and author names."""
    fields = [chunk.text, chunk.paper.title, *chunk.paper.authors]
    return {token for text in fields for token in tokenize(text)}


def brute_force(words: list[str], *, any_words: bool = False, **where: object) -> set:
    """Chunks whose record (text, title, authors) holds all (or any) of `words`, with optional
    model filters."""
    found = set()
    for chunk in Chunk.objects.select_related("paper").filter(**where):
        tokens = record_tokens(chunk)
        hit = any(w in tokens for w in words) if any_words else all(w in tokens for w in words)
        if hit:
            found.add((chunk.paper.paper_id, chunk.chunk_index))
    return found


# --- match -----------------------------------------------------------------------------


def test_all_words_is_the_default_and_needs_every_word_in_one_record(paper_index: Path) -> None:
    result = run("low rank adaptation")
    assert result.request.match == "all_words"
    assert set(keys(result)) == brute_force(["low", "rank", "adaptation"])
    # Every LoRA chunk has the words in its paper's title; the survey in its abstract.
    assert result.total == len(result.hits) == 5


def test_any_words_finds_chunks_with_one_of_the_words(paper_index: Path) -> None:
    result = run("speech coco", match="any_words")
    assert set(keys(result)) == brute_force(["speech", "coco"], any_words=True)
    assert "at least one searched word appears" in result.note


def test_phrase_needs_the_words_adjacent_and_in_order(paper_index: Path) -> None:
    lora = {("2106.09685", n) for n in range(4)}  # "Low-Rank Adaptation" in the title
    assert set(keys(run("rank adaptation", match="phrase"))) == lora | {("2501.00001", 0)}
    assert run("adaptation rank", match="phrase").total == 0
    assert run("adaptation rank").total == 5  # the same words, any order, as all_words


def test_phrase_keeps_stop_words(paper_index: Path) -> None:
    result = run("reduces the cost", match="phrase")
    assert result.terms_searched == ('"reduces the cost"',)
    assert result.terms_dropped == ()
    assert keys(result) == [("2106.09685", 1)]


def test_or_is_a_stop_word_and_the_note_says_to_use_any_words(paper_index: Path) -> None:
    result = run("speech or music")
    assert result.terms_searched == ("speech", "music")
    assert [(d.term, d.reason) for d in result.terms_dropped] == [("or", "stop_word")]
    assert "match=any_words" in result.note
    assert result.total == len(brute_force(["speech", "music"]))
    assert "use match=any_words" not in run("speech or music", match="any_words").note


def test_quoted_phrase_inside_all_words_is_required(paper_index: Path) -> None:
    result = run('"low-rank adaptation" cost')
    assert keys(result) == [("2106.09685", 1)]
    assert result.hits[0].matched_terms == ("cost", '"low rank adaptation"')


# --- limit -----------------------------------------------------------------------------


def test_limit_defaults_to_ten_and_caps_at_the_maximum_with_a_note(
    paper_index: Path, settings: object
) -> None:
    assert search_papers(PaperSearchRequest.for_query(query="adaptation")).limit == 10
    settings.PORTAL_PAPER_LIMIT_MAX = 3  # type: ignore[attr-defined]
    result = run("adaptation", limit=50)
    assert result.limit == 3 and len(result.hits) == 3
    assert "limit=50 was capped to 3" in result.note
    assert len(run("adaptation", limit=2).hits) == 2


# --- dates ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("date_from", "date_to", "expected"),
    [
        (date(2025, 1, 1), None, {"2106.09685", "2501.00001", "2503.00003"}),
        (None, date(2024, 12, 31), {"2412.00005"}),
        (date(2024, 12, 31), date(2025, 1, 2), {"2412.00005", "2501.00001"}),
        (date(2025, 3, 10), date(2025, 3, 10), {"2503.00003"}),
    ],
)
def test_dates_are_inclusive_and_leave_out_undated_papers(
    paper_index: Path, date_from: date | None, date_to: date | None, expected: set[str]
) -> None:
    result = run("adaptation", date_from=date_from, date_to=date_to)
    assert {h.paper_id for h in result.hits} == expected
    assert "undated papers are left out" in result.note


# --- categories and content types -----------------------------------------------------


def test_categories_match_papers_with_any_of_them(paper_index: Path) -> None:
    result = run("adaptation", categories=("cs.CV", "eess.AS"))
    assert {h.paper_id for h in result.hits} == {"2412.00005", "2503.00003"}
    assert all({"cs.CV", "eess.AS"} & set(h.categories) for h in result.hits)


def test_content_type_restricts_chunks(paper_index: Path) -> None:
    result = run("adaptation", content_types=("results", "discussion"))
    expected = brute_force(["adaptation"], content_type__in=["results", "discussion"])
    assert set(keys(result)) == expected and expected
    assert {h.content_type for h in result.hits} <= {"results", "discussion"}


# --- entities: the soft filter's three tiers -------------------------------------------


def test_entity_filter_ranks_matches_then_unrecorded_and_excludes_the_rest(
    paper_index: Path,
) -> None:
    result = run("adaptation", entities=("LoRA",))
    tiers = [h.entity_tier for h in result.hits]
    matched = [k for k, t in zip(keys(result), tiers, strict=True) if t == "entity_match"]
    unrecorded = [k for k, t in zip(keys(result), tiers, strict=True) if t != "entity_match"]
    lora = {("2106.09685", 0), ("2106.09685", 1), ("2106.09685", 3)}
    assert set(matched) == lora | {("2501.00001", 0)}
    assert {p for p, _ in unrecorded} == {"2503.00003"} and len(unrecorded) == 5
    assert tiers == sorted(tiers, key=lambda t: t != "entity_match")  # matches first
    assert "2412.00005" not in {h.paper_id for h in result.hits}  # records COCO only
    assert ("2106.09685", 2) not in keys(result)  # records Adam only
    assert result.total == 9
    assert "4 chunks naming one rank first; 5 chunks with no entities" in result.note
    assert "2 chunks whose recorded entities name none of them were left out" in result.note


def test_entity_filter_is_case_insensitive_and_accepts_aliases(paper_index: Path) -> None:
    expected = keys(run("adaptation", entities=("LoRA",)))
    assert keys(run("adaptation", entities=("lora",))) == expected
    assert keys(run("adaptation", entities=("LORA",))) == expected
    via_alias = run("adaptation", entities=("Low-Rank Adaptation",))
    assert keys(via_alias) == expected
    assert "lora" in via_alias.entity_filter


def test_entity_filter_with_annotated_entities(paper_index: Path) -> None:
    result = run("reader", entities=("squad",))
    assert {h.entity_tier for h in result.hits} == {"entity_match"}
    assert set(keys(result)) == brute_force(["reader"])


def test_unknown_entity_keeps_only_chunks_without_entities(paper_index: Path) -> None:
    result = run("adaptation", entities=("NoSuchThing",))
    assert {h.paper_id for h in result.hits} == {"2503.00003"}
    assert {h.entity_tier for h in result.hits} == {"no_entities_recorded"}


# --- detail ---------------------------------------------------------------------------


def test_standard_detail_reads_metadata_and_neighbouring_chunks(paper_index: Path) -> None:
    hit = next(h for h in run("noisy").hits if h.paper_id == "2503.00003")
    assert hit.authors == ("Grace Hopper", "Alan Turing")
    assert hit.categories == ("eess.AS", "cs.CL") and hit.published == date(2025, 3, 10)
    assert hit.section == "3.1 Ablation"
    assert hit.extras.before is not None and hit.extras.before.chunk_index == hit.chunk_index - 1
    assert hit.extras.after is not None and hit.extras.after.section == "4 Conclusion"


def test_minimal_detail_skips_the_context_and_full_adds_scores(paper_index: Path) -> None:
    minimal = run("noisy", detail="minimal").hits[0]
    assert minimal.extras.before is None and minimal.score_parts == ()
    full = run("adaptation stage", detail="full").hits[0]
    assert full.paper_id == "2503.00003"  # "Domain Adaptation" in its title
    # The title's words are scored with the text's (one part per word); "second adaptation
    # stage" holds the two words side by side, so their pair adds its own part.
    parts = {t for t, _ in full.score_parts}
    assert parts == {"adaptation", "stage", "pair:adaptation stage"}
    assert sum(v for _, v in full.score_parts) == pytest.approx(full.score, abs=1e-3)
    assert full.licence.text.startswith("CC BY-SA 4.0")  # unarxive-sample
    assert full.self_contained is True


def test_full_detail_scores_name_phrases(paper_index: Path) -> None:
    full = run('"second adaptation" noisy', detail="full").hits[0]
    assert [t for t, _ in full.score_parts] == ["noisy", '"second adaptation"']


# --- facets ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "options"),
    [
        ("adaptation", {}),
        ("adaptation", {"entities": ("LoRA",)}),
        ("the", {"match": "phrase"}),
        ("model results", {"match": "any_words"}),
    ],
)
def test_facet_counts_equal_brute_force_over_all_matches(
    paper_index: Path, query: str, options: dict[str, object]
) -> None:
    result = run(query, facets=True, limit=1, **options)
    assert result.facets is not None and len(result.hits) == 1
    req = result.request
    words = list(result.request.query.lower().replace("-", " ").split())
    matching = [
        c for c in Chunk.objects.select_related("paper")
        if (any if req.match == "any_words" else all)(w in record_tokens(c) for w in words)
    ]  # fmt: skip
    if req.entities:
        matching = [c for c in matching if not c.entities or "lora" in _names(c)]
    assert result.facets.over == result.total == len(matching)
    assert dict((f.value, f.count) for f in result.facets.content_types) == dict(
        Counter(c.content_type for c in matching)
    )
    entity_counts = Counter(name for c in matching for name in _names(c))
    assert {f.value.casefold(): f.count for f in result.facets.entities} == dict(entity_counts)


def _names(chunk: Chunk) -> set[str]:
    return {e["name"].casefold() for e in chunk.entities}


def test_facets_are_left_out_unless_asked(paper_index: Path) -> None:
    assert run("adaptation").facets is None


# --- diversification --------------------------------------------------------------------


@pytest.mark.parametrize("cap", [1, 2, 3])
def test_no_paper_exceeds_max_per_document(paper_index: Path, cap: int) -> None:
    result = run("adaptation", max_per_document=cap)
    per_paper = Counter(h.paper_id for h in result.hits)
    assert max(per_paper.values()) <= cap
    assert per_paper["2503.00003"] == cap  # it has five matching chunks
    assert len(per_paper) == 4


def test_document_diversification_defaults_to_two_per_paper(paper_index: Path) -> None:
    result = search_papers(PaperSearchRequest.for_query(query="adaptation", limit=100))
    assert result.max_per_document == 2
    assert Counter(h.paper_id for h in result.hits)["2503.00003"] == 2
    assert "more matching chunks come from papers already shown" in result.note


def test_key_concept_spreads_before_repeating(paper_index: Path) -> None:
    result = run("adaptation", diversify_by="keyConcept")
    groups = [h.key_concept or f"paper:{h.paper_id}" for h in result.hits]
    distinct = len(set(groups))
    assert len(set(groups[:distinct])) == distinct  # every group once before any twice
    assert len(result.hits) == result.total  # nothing dropped, only reordered


def test_content_type_mixes_types_first(paper_index: Path) -> None:
    result = run("adaptation", diversify_by="contentType")
    types = [h.content_type for h in result.hits]
    distinct = len(set(types))
    assert len(set(types[:distinct])) == distinct
    assert "maxPerDocument applies only with diversifyBy=document" in result.note


# --- pool, truncation, order ---------------------------------------------------------------


def test_order_is_score_then_chunk_id_and_repeatable(paper_index: Path) -> None:
    first = run("adaptation speech model", match="any_words")
    order = [(-h.score, h.chunk_id) for h in first.hits]
    assert order == sorted(order)
    assert keys(run("adaptation speech model", match="any_words")) == keys(first)
    assert [h.rank for h in first.hits] == list(range(1, len(first.hits) + 1))


def test_truncated_pool_keeps_the_top_scoring_matches(paper_index: Path, settings: object) -> None:
    full = run("adaptation", max_per_document=100)
    settings.PORTAL_PAPER_POOL_CAP = 3  # type: ignore[attr-defined]
    small = run("adaptation", max_per_document=100)
    assert small.total == full.total == 11
    assert (small.pool.size, small.pool.cap, small.pool.truncated) == (3, 3, True)
    assert keys(small) == keys(full)[:3]  # the best three, not the first stored three
    assert small.truncation_warning and "11 chunks match, more than the pool of 3" in small.note
    assert "Narrow the query" in small.note
    assert not full.pool.truncated and full.truncation_warning is None


def test_truncated_pool_fills_the_entity_tiers_in_order(
    paper_index: Path, settings: object
) -> None:
    settings.PORTAL_PAPER_POOL_CAP = 5  # type: ignore[attr-defined]
    result = run("adaptation", entities=("LoRA",))
    assert [h.entity_tier for h in result.hits] == ["entity_match"] * 4 + ["no_entities_recorded"]
    assert result.total == 9 and result.pool.truncated


# --- runs ---------------------------------------------------------------------------------


def test_a_search_with_run_id_is_recorded_only_when_asked(
    paper_index: Path, django_user_model: object
) -> None:
    user = django_user_model.objects.create_user("ada")  # type: ignore[attr-defined]
    research = ResearchRun.objects.create(owner=user, name="PEFT")
    result = run("adaptation", run_id=research.pk, categories=("cs.CL",), record=True)
    entry = RunQuery.objects.get(run=research)
    assert result.run_query_id == entry.pk
    assert entry.query == "adaptation" and entry.total == result.total
    assert "categories=cs.CL" in entry.query_string
    assert f"run_id={research.pk}" in entry.query_string
    assert run("adaptation").run_query_id is None
    # The page's as-you-type searches carry the run but do not write.
    assert run("adaptation", run_id=research.pk).run_query_id is None
    assert RunQuery.objects.count() == 1


def test_result_is_frozen(paper_index: Path) -> None:
    result = run("adaptation")
    with pytest.raises(AttributeError):
        result.total = 0  # type: ignore[misc]
    assert replace(result.request, limit=1).limit == 1
