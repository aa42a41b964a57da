"""Citations without an index: forms, query reading, mentions in text, cross-reference rules.

Pure tests: a grammar built from a few sources' citation templates (as ingest records them),
no database and no engine.
"""

import pytest

from search.statutes.chapters import ChapterTable, chapter_label, chapters_from_rows, section_stem
from search.statutes.citations.crossrefs import CrossRef, Resolver, Target, decode_links
from search.statutes.citations.grammar import CitationGrammar, PrefixForm
from search.statutes.citations.lookup import (
    CITATION,
    MIXED,
    NONE,
    NUMBER_ONLY,
    UNLOADED,
    read_query,
)
from search.statutes.citations.mentions import OTHER, SAME, Scanner
from search.text.citation_keys import chapter_key, citation_key, number_key, prefix_template

FORMS = [
    PrefixForm("wa-stat", "wa", "RCW", "RCW 59.18.060", 9),
    PrefixForm("fl-stat", "fl", "Fla. Stat.", "Fla. Stat. § 83.49", 2),
    PrefixForm("ga-stat", "ga", "O.C.G.A.", "O.C.G.A. § 44-7-34", 1),
    PrefixForm("ca-stat", "ca", "Cal. Civ. Code", "Cal. Civ. Code § 1950.5", 1),
    PrefixForm("usc", "us", "# U.S.C.", "42 U.S.C. § 3604", 2),
    PrefixForm("cfr", "us", "# CFR", "12 CFR 1024.17", 1),
]
GRAMMAR = CitationGrammar(FORMS, {"wa", "fl", "ga", "ca", "us"})

# Every form the issue lists, and the citation it stands for (as the data writes it).
ISSUE_FORMS = [
    ("RCW 59.18.280", "RCW 59.18.280"),
    ("Wash. Rev. Code § 59.18.280", "RCW 59.18.280"),
    ("Fla. Stat. § 83.49", "Fla. Stat. § 83.49"),
    ("O.C.G.A. § 44-7-34", "O.C.G.A. § 44-7-34"),
    ("Cal. Civ. Code § 1950.5", "Cal. Civ. Code § 1950.5"),
    ("42 U.S.C. § 3604", "42 U.S.C. § 3604"),
    ("42 USC 3604", "42 U.S.C. § 3604"),
    ("12 C.F.R. § 1024.17", "12 CFR 1024.17"),
    ("12 CFR 1024.17", "12 CFR 1024.17"),
]


@pytest.mark.parametrize(("q", "cited"), ISSUE_FORMS)
def test_each_form_the_issue_lists_reads_as_that_citation(q: str, cited: str) -> None:
    reading = read_query(q, GRAMMAR)
    assert reading.kind == CITATION and reading.text == q
    assert citation_key(cited) in GRAMMAR.keys(reading.prefix, reading.number)


@pytest.mark.parametrize(
    "q", ["rcw 59.18.280", "  RCW 59.18.280(1)(a). ", "wash rev code 59.18.280", "RCWA 59.18.280"]
)
def test_case_spacing_subsections_and_aliases_are_read_too(q: str) -> None:
    reading = read_query(q, GRAMMAR)
    assert reading.kind == CITATION
    assert "rcw5918280" in GRAMMAR.keys(reading.prefix, reading.number)


@pytest.mark.parametrize(
    ("q", "read"),
    [
        ("ＲＣＷ　５９．１８．２８０", "RCW 59.18.280"),
        ("４２ Ｕ.Ｓ.Ｃ. § ３６０４", "42 U.S.C. § 3604"),
    ],
)
def test_full_width_and_other_compatibility_forms_read_as_citations(q: str, read: str) -> None:
    reading = read_query(q, GRAMMAR)
    assert reading.kind == CITATION and reading.text == read


@pytest.mark.parametrize("q", ["59.18.280", "§ 83.49", "section 59.18.280", "s. 83.49", "3604"])
def test_a_bare_section_number_is_read_as_a_number(q: str) -> None:
    reading = read_query(q, GRAMMAR)
    assert reading.kind == NUMBER_ONLY and reading.number in q


def test_a_chapter_citation_is_read_with_its_number() -> None:
    reading = read_query("RCW 59.18", GRAMMAR)
    assert (reading.kind, reading.number) == (CITATION, "59.18")


def test_a_citation_among_words_is_mixed() -> None:
    reading = read_query("landlord RCW 59.18.280 deposit", GRAMMAR)
    assert reading.kind == MIXED
    assert [(m.prefix, m.number) for m in reading.mentions] == [("RCW", "59.18.280")]


@pytest.mark.parametrize(
    ("q", "place"), [("K.S.A. 58-2550", "ks"), ("Tex. Prop. Code § 92.103", "tx")]
)
def test_a_citation_of_a_place_not_loaded_names_the_place(q: str, place: str) -> None:
    reading = read_query(q, GRAMMAR)
    assert reading.kind == UNLOADED and reading.places == (place,)


@pytest.mark.parametrize("q", ["landlord deposit", "30 days notice", "Idaho Code 6-321", "RCW"])
def test_words_and_unknown_codes_are_no_citation(q: str) -> None:
    assert read_query(q, GRAMMAR).kind == NONE


def test_an_alias_counts_only_while_its_code_is_loaded() -> None:
    without_wa = CitationGrammar(FORMS[1:], {"fl", "ga", "ca", "us"})
    assert not without_wa.knows("Wash. Rev. Code")
    assert GRAMMAR.knows("Wash. Rev. Code") and GRAMMAR.sources_for("Wash. Rev. Code") == (
        "wa-stat",
    )


def test_keys_and_templates() -> None:
    assert prefix_template("42 U.S.C. § 3604", "3604") == "# U.S.C."
    assert prefix_template("12 CFR part 1024, appendix B", "1024-app-B") is None
    assert number_key("59-18-280") == number_key("59.18.280") == "59.18.280"
    assert number_key("83") != number_key("8.3")
    assert chapter_key("chapter 59.18") == chapter_key("59-18") == "59.18"
    assert chapter_key("0083") == "83"


def test_chapters_are_labelled_as_their_sections_cite_them() -> None:
    assert section_stem("59.18.280") == "59.18" and section_stem("3604") is None
    assert chapter_label("59-18", ["59.18.010", "59.18.280"]) == "59.18"
    assert chapter_label("division-3", ["1950.5", "1951"]) == "division-3"
    table = ChapterTable(
        tuple(
            chapters_from_rows(
                [
                    ("wa-stat", "59", "59-18", "59.18.010", None),
                    ("wa-stat", "59", "59-18", "59.18.280", None),
                    ("ga-stat", "20", "2a", "20-2A-6", None),
                    ("ga-stat", "46", "2a", "46-2A-1", None),
                ]
            )
        )
    )
    [wa] = table.find("59.18", ["wa-stat"])
    assert (wa.label, wa.sections, wa.first, wa.last) == ("59.18", 2, "59.18.010", "59.18.280")
    assert len(table.find("2a", ["ga-stat"])) == 2  # two titles have a chapter 2a
    [one] = table.find("20-2A", ["ga-stat"])
    assert table.param_for(one) == "20-2a"


TEXT = (
    "Comply with RCW 59.18.310 and sections 59.18.260, 59.18.270, and 59.18.280. See 42 U.S.C. "
    "3604 and 12 C.F.R. § 1024.17(a). Under section 8 of the Fair Housing Act and section 3604 "
    "of this title; s. 83.49 applies; 42 USC 3601 through 3619."
)


def test_mentions_in_text_with_lists_and_qualifiers() -> None:
    scanner = Scanner(["RCW", "# U.S.C.", "# CFR"], short_markers=True)
    found = [(TEXT[m.start : m.end], m.prefix, m.marker, m.qualifier) for m in scanner.find(TEXT)]
    assert found == [
        ("RCW 59.18.310", "RCW", False, ""),
        ("sections 59.18.260", "", True, ""),
        ("59.18.270", "", True, ""),
        ("59.18.280", "", True, ""),
        ("42 U.S.C. 3604", "42 U.S.C.", False, ""),
        ("12 C.F.R. § 1024.17", "12 C.F.R.", False, ""),
        ("section 8", "", True, OTHER),
        ("section 3604", "", True, SAME),
        ("s. 83.49", "", True, ""),
        ("42 USC 3601", "42 USC", False, ""),
        ("3619", "42 USC", False, ""),
    ]


def target(id_: str, source: str, title: str, section: str, citation: str) -> Target:
    return Target(id_, source, id_.split(":")[0], title, section, citation_key(citation))


RESOLVER = Resolver(
    [
        target("wa:statute:59.18.260", "wa-stat", "59", "59.18.260", "RCW 59.18.260"),
        target("wa:statute:59.18.280", "wa-stat", "59", "59.18.280", "RCW 59.18.280"),
        target("wa:statute:59.18.310", "wa-stat", "59", "59.18.310", "RCW 59.18.310"),
        target("us:usc:42:3604", "usc", "42", "3604", "42 U.S.C. § 3604"),
        target("us:usc:42:8", "usc", "42", "8", "42 U.S.C. § 8"),
        target("us:usc:42:1437f", "usc", "42", "1437f", "42 U.S.C. § 1437f"),
        target("us:usc:12:1437f", "usc", "12", "1437f", "12 U.S.C. § 1437f"),
        target("us:cfr:12:1024.17", "cfr", "12", "1024.17", "12 CFR 1024.17"),
    ],
    GRAMMAR,
)


def linked(section_id: str, source: str, title: str, text: str) -> list[tuple[str, str]]:
    return [
        (text[r.start : r.end], r.target) for r in RESOLVER.links(section_id, source, title, text)
    ]


def test_cross_references_link_loaded_sections_of_this_code_and_federal_law() -> None:
    text = (
        "As in RCW 59.18.310 and section 59.18.260, not RCW 59.18.999; see 42 U.S.C. 3604 and "
        "12 CFR 1024.17."
    )
    assert linked("wa:statute:59.18.280", "wa-stat", "59", text) == [
        ("RCW 59.18.310", "wa:statute:59.18.310"),
        ("section 59.18.260", "wa:statute:59.18.260"),
        ("42 U.S.C. 3604", "us:usc:42:3604"),
        ("12 CFR 1024.17", "us:cfr:12:1024.17"),
    ]


def test_a_section_never_links_itself_and_act_sections_are_not_code_sections() -> None:
    assert linked("wa:statute:59.18.280", "wa-stat", "59", "RCW 59.18.280 Moneys paid.") == []
    text = "section 8 of the Fair Housing Act, section 8, and section 1437f of this title"
    assert linked("us:usc:42:3604", "usc", "42", text) == [
        ("section 1437f", "us:usc:42:1437f"),
    ]
    # Qualified by another title, the number is that title's.
    assert linked("us:usc:42:3604", "usc", "42", "section 1437f of title 12") == [
        ("section 1437f", "us:usc:12:1437f"),
    ]


def test_stored_links_round_trip_and_bad_values_are_dropped() -> None:
    refs = [CrossRef(10, 20, "us:usc:42:3604"), CrossRef(1, 5, "wa:statute:59.18.260")]
    values = [r.encode() for r in refs] + ["x:y:z", "3:4:"]
    assert decode_links(values) == (refs[1], refs[0])
