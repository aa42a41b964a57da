"""Statute forms: every parameter's validation and the messages users see."""

from pathlib import Path

import pytest
from django.http import QueryDict

from search.answers.csv_answers import CSV, JSON
from search.statutes.browse.forms import SourcesForm
from search.statutes.catalog import Catalog, load_catalog
from search.statutes.scope import Scope
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.sections.forms import SectionLookupForm
from search.statutes.sections.lookup import SectionLookup
from search.text.query import MAX_QUERY_CHARS

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(statutes_loaded: Path) -> Catalog:
    return load_catalog()


def form(catalog: Catalog, **data: str) -> StatuteSearchForm:
    return StatuteSearchForm(data, catalog=catalog)


def errors(catalog: Catalog, **data: str) -> dict[str, list[str]]:
    bound = form(catalog, **data)
    assert not bound.is_valid()
    return {name: [str(m) for m in msgs] for name, msgs in bound.errors.items()}


def test_valid_form_builds_the_service_request(catalog: Catalog) -> None:
    bound = form(catalog, q=" landlord ", jurisdiction="WA", limit="5")
    assert bound.is_valid(), bound.errors
    expected = StatuteSearchRequest.for_query(
        q="landlord", limit=5, scope=Scope(jurisdictions=("wa",))
    )
    assert bound.to_request() == expected


def test_source_and_title_map_to_the_loaded_source(catalog: Catalog) -> None:
    bound = form(catalog, q="escrow", source="CFR", title="part 1024")
    assert bound.is_valid(), bound.errors
    expected = StatuteSearchRequest.for_query(q="escrow", scope=Scope(source="cfr", title="1024"))
    assert bound.to_request() == expected


def test_q_is_required(catalog: Catalog) -> None:
    assert errors(catalog, q="   ") == {"q": ["Enter words to search for (q is required)."]}
    assert "q" in errors(catalog)


def test_q_of_common_words_only_says_why(catalog: Catalog) -> None:
    [message] = errors(catalog, q="what is the")["q"]
    assert message.startswith("Nothing left to search: 'what', 'is', 'the' are very common words")


def test_q_of_punctuation_only_says_why(catalog: Catalog) -> None:
    assert errors(catalog, q='"" ... §§ —')["q"] == [
        "Nothing to search: the query has no letters or digits."
    ]


def test_q_up_to_the_maximum_length_is_accepted(catalog: Catalog) -> None:
    assert form(catalog, q=("landlord " * 2000)[:MAX_QUERY_CHARS]).is_valid()
    [message] = errors(catalog, q="a" * (MAX_QUERY_CHARS + 1))["q"]
    assert f"at most {MAX_QUERY_CHARS} characters" in message


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "limit must be a whole number."),
        ("1e3", "limit must be a whole number."),
        ("0", "limit must be at least 1."),
        ("-4", "limit must be at least 1."),
    ],
)
def test_bad_limit_is_an_error(catalog: Catalog, value: str, message: str) -> None:
    assert errors(catalog, q="landlord", limit=value) == {"limit": [message]}


def test_large_limit_is_valid_and_capped_later(catalog: Catalog) -> None:
    bound = form(catalog, q="landlord", limit="1000")
    assert bound.is_valid()
    assert bound.to_request().limit == 1000


def test_a_limit_past_what_any_answer_ranks_is_an_error(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", limit="99999999999")["limit"]
    assert message.startswith("limit=99999999999 is more rows than any answer ranks")


def test_an_offset_past_every_loaded_section_is_an_error(catalog: Catalog) -> None:
    loaded = sum(s.section_count for s in catalog.sources)
    assert form(catalog, q="RCW 59.18", offset=str(loaded - 1)).is_valid()
    [message] = errors(catalog, q="RCW 59.18", offset=str(loaded))["offset"]
    assert f"{loaded:,} sections are loaded in all" in message


def test_unknown_jurisdiction_lists_the_loaded_ones(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", jurisdiction="zz")["jurisdiction"]
    assert message == "Unknown jurisdiction 'zz'. Loaded jurisdictions: us, ca, fl, ga, id, ut, wa."


def test_known_but_unloaded_jurisdiction_says_it_is_not_loaded(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", jurisdiction="KS")["jurisdiction"]
    assert message == (
        "No sections are loaded for Kansas (ks): its law is not in this portal. "
        "Loaded jurisdictions: us, ca, fl, ga, id, ut, wa."
    )


def test_unknown_source_lists_valid_codes(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", source="nope")["source"]
    assert message == "Unknown source 'nope'. Valid source codes: cfr."


def test_state_code_without_loaded_regulations_names_the_missing_source(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", source="ks")["source"]
    assert message == (
        "Kansas administrative regulations (ks-kar) are not loaded. Valid source codes: cfr."
    )


def test_statute_source_code_points_to_jurisdiction(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", source="wa-stat")["source"]
    assert "wa-stat is a statute source" in message and "jurisdiction=wa" in message


def test_title_needs_a_source(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", title="1024")["title"]
    assert message.startswith("title= needs source=")


def test_unknown_title_lists_the_source_forms(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", source="cfr", title="9999")["title"]
    assert "Valid values: 1002, 1024" in message
    assert "/api/sources?tool=statute_search&source=cfr" in message


def test_source_and_jurisdiction_must_overlap(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", source="cfr", jurisdiction="wa")["jurisdiction"]
    assert message.startswith("Source cfr covers us only")
    assert form(catalog, q="landlord", source="cfr", jurisdiction="us").is_valid()


def test_title_select_is_disabled_until_a_source_is_chosen(catalog: Catalog) -> None:
    without = form(catalog, q="x")
    assert without.fields["title"].widget.attrs.get("disabled")
    with_source = form(catalog, q="x", source="cfr")
    assert "disabled" not in with_source.fields["title"].widget.attrs
    choices = [value for value, _ in with_source.fields["title"].widget.choices]
    assert choices == ["", "1002", "1024"]


def test_jurisdictions_take_repeats_and_commas_in_order(catalog: Catalog) -> None:
    data = QueryDict("q=landlord&jurisdiction=WA,us&jurisdiction=id&jurisdiction=wa")
    bound = StatuteSearchForm(data, catalog=catalog)
    assert bound.is_valid(), bound.errors
    assert bound.to_request().scope.jurisdictions == ("wa", "us", "id")


def test_a_list_naming_unloaded_and_unknown_places_names_each(catalog: Catalog) -> None:
    [message] = errors(catalog, q="landlord", jurisdiction="wa,ks,tx,zz")["jurisdiction"]
    assert message == (
        "No sections are loaded for Kansas (ks), Texas (tx): their law is not in this portal. "
        "Unknown jurisdiction 'zz'. Loaded jurisdictions: us, ca, fl, ga, id, ut, wa."
    )


def test_include_adds_loaded_regulation_sources_only(catalog: Catalog) -> None:
    bound = form(catalog, q="escrow", jurisdiction="wa", include="CFR")
    assert bound.is_valid(), bound.errors
    assert bound.to_request().scope == Scope(jurisdictions=("wa",), include=("cfr",))
    [message] = errors(catalog, q="escrow", include="cfr,ks")["include"]
    assert message == (
        "No regulation source 'ks' is loaded: include= takes the regulation sources searched "
        "beside the statutes. Valid values: cfr."
    )
    assert "Give one of them" in errors(catalog, q="x", source="cfr", include="cfr")["include"][0]


def test_chapter_is_taken_as_cited_or_as_the_chapter_field(catalog: Catalog) -> None:
    for value in ("59.18", "59-18", "chapter 59.18"):
        bound = form(catalog, q="deposit", jurisdiction="wa", chapter=value)
        assert bound.is_valid(), bound.errors
        chapter = bound.to_request().scope.chapter
        assert chapter is not None and chapter.ref == "wa-stat|59|59-18"
    [message] = errors(catalog, q="deposit", jurisdiction="wa", chapter="59.99")["chapter"]
    assert message.startswith("No chapter '59.99' is loaded in Washington (WA).")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-1", "offset must not be negative (0 for the first page)."),
        ("two", "offset must be a whole number (0 for the first page)."),
    ],
)  # fmt: skip
def test_bad_offset_is_an_error(catalog: Catalog, value: str, message: str) -> None:
    assert errors(catalog, q="landlord", offset=value) == {"offset": [message]}


def test_switches_take_true_and_false_words(catalog: Catalog) -> None:
    bound = form(catalog, q="deposits", stem="true", headings="on", words="0")
    assert bound.is_valid(), bound.errors
    request = bound.to_request()
    assert (request.stem, request.headings, request.words) == (True, True, False)
    assert errors(catalog, q="x", stem="maybe") == {"stem": ["stem must be true or false."]}


def test_export_format_is_json_or_csv_where_exports_are_read(catalog: Catalog) -> None:
    for value, chosen in (("CSV", CSV), (" csv ", CSV), ("", JSON), ("json", JSON)):
        bound = StatuteSearchForm({"q": "landlord", "format": value}, catalog=catalog, exports=True)
        assert bound.is_valid(), bound.errors
        assert bound.cleaned_data["format"] == chosen
    bad = StatuteSearchForm({"q": "landlord", "format": "pdf"}, catalog=catalog, exports=True)
    assert not bad.is_valid()
    assert bad.errors["format"] == ["Unknown format 'pdf': use json or csv."]
    # Pages and MCP tools answer in their own format: the field is not theirs.
    assert "format" not in StatuteSearchForm(None, catalog=catalog).fields


def test_idle_form_has_no_query(catalog: Catalog) -> None:
    assert StatuteSearchForm(None, catalog=catalog).is_idle
    assert form(catalog, q="  ", jurisdiction="wa").is_idle
    assert not form(catalog, q="landlord").is_idle


@pytest.mark.parametrize("data", [{}, {"id": "a", "citation": "b"}, {"id": "", "citation": ""}])
def test_section_lookup_needs_exactly_one_key(data: dict[str, str], catalog: Catalog) -> None:
    assert not SectionLookupForm(data, catalog=catalog).is_valid()


def test_section_lookup_accepts_id_or_citation(catalog: Catalog) -> None:
    by_id = SectionLookupForm({"id": "wa:statute:59.18.060"}, catalog=catalog)
    assert by_id.is_valid()
    assert by_id.to_request() == SectionLookup("id", "wa:statute:59.18.060")
    by_citation = SectionLookupForm({"citation": " RCW 59.18.060 "}, catalog=catalog)
    assert by_citation.is_valid()
    assert by_citation.to_request() == SectionLookup("citation", "RCW 59.18.060")


def test_sources_form_defaults_the_tool_and_resolves_codes(catalog: Catalog) -> None:
    bound = SourcesForm({"source": "CFR"}, catalog=catalog)
    assert bound.is_valid()
    assert bound.cleaned_data["tool"] == "statute_search"
    assert bound.cleaned_data["source"].code == "cfr"
    statute = SourcesForm({"tool": "statute_search", "source": "wa-stat"}, catalog=catalog)
    assert statute.is_valid() and statute.cleaned_data["source"].code == "wa-stat"


def test_sources_form_rejects_unknown_tool_and_source(catalog: Catalog) -> None:
    bound = SourcesForm({"tool": "paper", "source": "ks"}, catalog=catalog)
    assert not bound.is_valid()
    assert bound.errors["tool"] == ["Unknown tool 'paper'. Valid values: statute_search."]
    assert bound.errors["source"][0].startswith("Kansas administrative regulations (ks-kar)")
