"""The statute search service on the test corpus index: every SPEC section 1 rule."""

from pathlib import Path

import pytest

from search.backends.protocol import IndexUnavailable
from search.statutes.catalog import load_catalog
from search.statutes.scope import Scope
from search.statutes.search import notes
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import NothingToSearch, StatuteSearchResult, search_statutes
from search.text.query import DUPLICATE, OVER_LIMIT, STOP_WORD

pytestmark = pytest.mark.django_db


def run(
    q: str,
    *,
    jurisdiction: str = "",
    source: str | None = None,
    title: str | None = None,
    include: tuple[str, ...] = (),
    **kwargs: object,
) -> StatuteSearchResult:
    places = tuple(jurisdiction.split(",")) if jurisdiction else ()
    scope = Scope(jurisdictions=places, source=source, title=title, include=include)
    return search_statutes(StatuteSearchRequest.for_query(q=q, scope=scope, **kwargs))


def ids(result: StatuteSearchResult) -> list[str]:
    return [row.id for row in result.results]


def test_loose_words_match_any_of(statute_index: Path) -> None:
    result = run("habitation retaliate")
    assert set(ids(result)) == {"wa:statute:59.18.060"} | {
        f"ut:statute:57-22-{n}" for n in range(1, 6)
    }
    assert result.total == 6


def test_stop_words_are_dropped_with_their_reason(statute_index: Path) -> None:
    result = run("can the landlord keep it")
    assert result.terms_searched == ("landlord", "keep")
    assert [(d.term, d.reason) for d in result.terms_dropped] == [
        ("can", STOP_WORD), ("the", STOP_WORD), ("it", STOP_WORD),
    ]  # fmt: skip


def test_legal_negations_are_searched(statute_index: Path) -> None:
    result = run("shall not withhold", jurisdiction="id")
    assert result.terms_searched == ("shall", "not", "withhold")
    assert ids(result)[0] == "id:statute:6-320"


def test_duplicates_collapse_case_insensitively(statute_index: Path) -> None:
    result = run("Landlord landlord LANDLORD")
    assert result.terms_searched == ("landlord",)
    # The same dropped word is listed once, however often it repeats.
    assert [(d.term, d.reason) for d in result.terms_dropped] == [("landlord", DUPLICATE)]


def test_at_most_forty_terms_run_and_the_rest_are_reported(statute_index: Path) -> None:
    words = " ".join(f"word{i}" for i in range(45))
    result = run(words + " landlord")
    assert len(result.terms_searched) == 40
    dropped = [d.term for d in result.terms_dropped if d.reason == OVER_LIMIT]
    assert dropped == [f"word{i}" for i in range(40, 45)] + ["landlord"]
    assert notes.over_term_cap_warning(6, 40) in result.warnings
    assert result.total == 0


def test_phrase_must_appear(statute_index: Path) -> None:
    result = run('"security deposit"')
    assert set(ids(result)) == {"wa:statute:59.18.260", "wa:statute:59.18.280", "id:statute:6-321"}
    assert all('"security deposit"' in row.matched_terms for row in result.results)


def test_with_a_phrase_loose_words_only_rank(statute_index: Path) -> None:
    result = run('return "security deposit"')
    assert result.total == 3
    both_say_return = {"wa:statute:59.18.280", "id:statute:6-321"}
    assert set(ids(result)[:2]) == both_say_return
    assert result.results[2].matched_terms == ('"security deposit"',)


def test_phrase_words_in_the_wrong_order_do_not_match(statute_index: Path) -> None:
    assert run('"deposit security"').total == 0


def test_unclosed_quote_reads_the_rest_as_loose_words(statute_index: Path) -> None:
    result = run('landlord "security deposit')
    assert result.terms_searched == ("landlord", "security", "deposit")
    assert notes.UNCLOSED_QUOTE_WARNING in result.warnings
    assert notes.UNCLOSED_QUOTE_WARNING in result.note


def test_or_is_not_an_operator(statute_index: Path) -> None:
    result = run("escrow or habitation")
    assert result.terms_searched == ("escrow", "habitation")
    assert notes.OR_WARNING in result.warnings


def test_query_syntax_is_just_words(statute_index: Path) -> None:
    result = run('body:landlord AND -tenant* ~2 (deposit) [1 TO 5] ^3 "')
    assert result.terms_searched == ("body", "landlord", "tenant", "2", "deposit", "1", "5", "3")
    assert result.total > 0


def test_non_latin_text_runs(statute_index: Path) -> None:
    result = run("арендодатель 房东 مالك")
    assert result.terms_searched == ("арендодатель", "房东", "مالك")
    assert result.total == 0


def test_nothing_left_to_search_is_refused(statute_index: Path) -> None:
    with pytest.raises(NothingToSearch):
        run("the of and")


def test_jurisdiction_restricts_rows_and_drops_the_warning(statute_index: Path) -> None:
    result = run("landlord", jurisdiction="id")
    assert {row.jurisdiction for row in result.results} == {"id"}
    assert notes.no_jurisdiction_warning(load_catalog()) not in result.warnings
    assert "Idaho" in result.coverage_note


def test_without_jurisdiction_results_mix_states_and_say_so(statute_index: Path) -> None:
    result = run("landlord")
    assert {row.jurisdiction for row in result.results} >= {"wa", "id"}
    assert notes.no_jurisdiction_warning(load_catalog()) in result.warnings
    assert "97.7%" in result.note and "6,852" in result.note


def test_default_scope_is_statutes_plus_loaded_default_regulations(statute_index: Path) -> None:
    # cfr is not a default source, so its escrow section is not found without source=cfr.
    assert run("escrow").total == 0
    assert ids(run("escrow", source="cfr")) == ["us:cfr:12:1024.17"]


def test_a_default_regulation_source_is_searched_with_the_statutes(
    statute_index: Path, settings: object
) -> None:
    settings.PORTAL_DEFAULT_REGULATION_SOURCES = ("cfr", "ks-kar")  # type: ignore[attr-defined]
    result = run("escrow landlord")
    assert "us:cfr:12:1024.17" in ids(result)
    assert "Default regulation sources searched with the statutes" in result.coverage_note
    assert "Default regulations not loaded: ks-kar (Kansas administrative regulations)." in (
        result.coverage_note
    )


def test_a_missing_default_source_is_said_once_briefly_where_it_was_searched(
    statute_index: Path,
) -> None:
    brief = "Default regulations not loaded: ks-kar (Kansas administrative regulations)."
    everywhere = run("landlord").coverage_note
    assert everywhere.count("ks-kar") == 1 and brief in everywhere
    assert run("landlord", jurisdiction="ks").coverage_note.count(brief) == 1
    # A search of Washington would not have searched Kansas regulations: nothing to say.
    washington = run("landlord", jurisdiction="wa").coverage_note
    assert "ks-kar" not in washington and "  " not in washington
    assert "ks-kar" not in run("escrow", source="cfr").coverage_note


def test_the_sources_page_says_in_full_what_a_missing_default_means(
    client: object, statute_index: Path
) -> None:
    html = client.get("/sources/").content.decode()  # type: ignore[attr-defined]
    assert "ks-kar (Kansas administrative regulations) not loaded: a search without" in html
    note = client.get("/api/sources").json()["coverage_note"]  # type: ignore[attr-defined]
    assert "this source is missing from it, not empty" in note


def test_source_searches_that_source_alone(statute_index: Path) -> None:
    result = run("landlord deposit", source="cfr")
    assert {row.source for row in result.results} == {"cfr"}
    assert {row.corpus for row in result.results} == {"regulation"}
    assert result.coverage_note.startswith("Scope: cfr alone")
    assert (
        notes.no_jurisdiction_warning(load_catalog()) not in result.warnings
    )  # cfr is federal only


def test_title_narrows_the_source(statute_index: Path) -> None:
    result = run("landlord deposit", source="cfr", title="1002")
    assert ids(result) == ["us:cfr:12:1002.1"]
    assert "part 1002" in result.coverage_note


def test_limit_defaults_to_twenty_and_total_counts_every_match(statute_index: Path) -> None:
    result = run("retaliate landlord tenant", limit=None)
    assert result.limit == 20
    small = run("retaliate landlord tenant", limit=2)
    assert len(small.results) == 2 and small.total == result.total > 2


def test_limit_above_the_cap_is_capped_with_a_note(statute_index: Path) -> None:
    result = run("landlord", limit=500)
    assert result.limit == 50
    assert notes.limit_capped_warning(500, 50) in result.warnings


def test_ties_are_broken_by_the_stable_order_key(statute_index: Path) -> None:
    result = run("retaliate")
    assert ids(result) == [f"ut:statute:57-22-{n}" for n in range(1, 6)]
    assert len({row.score for row in result.results}) == 1


def test_ties_at_the_limit_boundary_keep_the_stable_order(statute_index: Path) -> None:
    for limit in (1, 2, 3, 4):
        assert ids(run("retaliate", limit=limit)) == [
            f"ut:statute:57-22-{n}" for n in range(1, limit + 1)
        ]


def test_same_query_same_order(statute_index: Path) -> None:
    first = run("landlord tenant deposit return notice")
    again = run("landlord tenant deposit return notice")
    # Several rows with different scores, or the order checks below would hold vacuously.
    assert len(first.results) >= 3 and len({r.score for r in first.results}) >= 2
    assert [(r.id, r.score) for r in first.results] == [(r.id, r.score) for r in again.results]
    assert [r.rank for r in first.results] == list(range(1, len(first.results) + 1))
    scores = [r.score for r in first.results]
    assert scores == sorted(scores, reverse=True)


def test_each_row_lists_the_terms_it_matched(statute_index: Path) -> None:
    result = run('landlord "security deposit" return', jurisdiction="wa")
    matched = {row.id: row.matched_terms for row in result.results}
    assert result.terms_searched == ("landlord", "return", '"security deposit"')
    assert matched["wa:statute:59.18.280"] == ("landlord", "return", '"security deposit"')
    assert matched["wa:statute:59.18.260"] == ("landlord", '"security deposit"')


def test_only_the_body_is_searched_not_the_heading(statute_index: Path) -> None:
    # "Moneys" and "Written" appear in headings of the test corpus, never in a body.
    assert run("moneys").total == 0
    assert "wa:statute:59.18.260" not in ids(run("written", jurisdiction="wa"))


def test_rows_carry_every_field_and_a_marked_snippet(statute_index: Path) -> None:
    row = run("escrow", source="cfr").results[0]
    assert (row.citation, row.jurisdiction, row.corpus, row.source) == (
        "12 CFR 1024.17", "us", "regulation", "cfr",
    )  # fmt: skip
    assert (row.title, row.chapter, row.section, row.as_of) == (
        "12",
        "1024",
        "1024.17",
        "2014-01-10",
    )
    assert row.code_name == "Code of Federal Regulations" and row.heading == "Escrow accounts."
    assert "[hl]escrow[/hl]" in row.snippet.lower()
    assert row.rank == 1 and row.score > 0 and row.url is None


def test_ends_at_colon_is_flagged_and_explained(statute_index: Path) -> None:
    result = run("habitation", jurisdiction="wa")
    assert result.results[0].ends_at_colon is True
    assert notes.ENDS_AT_COLON_NOTE in result.note
    assert run("retaliate").results[0].ends_at_colon is False


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("RCW 59.18.060", "wa:statute:59.18.060"),
        ("rcw 59.18.060", "wa:statute:59.18.060"),
        ("42 U.S.C. 1437f", "us:usc:42:1437f"),
        ("42 USC § 1437f", "us:usc:42:1437f"),
        ("12 CFR 1024.17", "us:cfr:12:1024.17"),
    ],
)
def test_a_citation_query_is_answered_with_that_section(
    statute_index: Path, q: str, expected: str
) -> None:
    result = run(q)
    assert result.read_as == "citation"
    assert [row.id for row in result.results] == [expected]
    assert result.jump is not None and result.jump.id == expected
    assert result.terms_searched == ()
    assert "Read as a citation" in result.note


def test_a_citation_among_words_keeps_the_keyword_search_and_offers_it(
    statute_index: Path,
) -> None:
    result = run("landlord RCW 59.18.060 duties")
    assert result.read_as == "words"
    assert [ref.id for ref in result.citation_matches] == ["wa:statute:59.18.060"]
    assert "landlord" in result.terms_searched and result.total > 1


def test_ordinary_words_offer_no_citation(statute_index: Path) -> None:
    assert run("landlord deposit").citation_matches == ()


def test_missing_index_raises_index_unavailable(statutes_loaded: Path, index_root: Path) -> None:
    with pytest.raises(IndexUnavailable):
        run("landlord")


def test_catalog_knows_sources_jurisdictions_and_codes(statutes_loaded: Path) -> None:
    catalog = load_catalog()
    assert catalog.jurisdictions[0] == "us" and "ut" in catalog.jurisdictions
    assert list(catalog.search_codes) == ["cfr"]
    assert catalog.by_code["cfr"].title_field == "chapter"
    assert catalog.by_code["wa-stat"].title_field == "title"
    assert catalog.by_code["ut-stat"].housing_only and not catalog.by_code["id-stat"].housing_only
    assert catalog.default_missing == ("ks-kar",)
    assert "ks" in catalog.not_loaded_jurisdictions
