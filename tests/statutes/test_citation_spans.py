"""Reading parts, ranges and et seq. from a query (pure: a grammar of three forms)."""

import pytest

from search.statutes.citations.grammar import grammar_of
from search.statutes.citations.spans import ET_SEQ, PART, RANGE, read_span, split_range

GRAMMAR = grammar_of(
    [
        {"code": code, "jurisdictions": [place], "citation_forms": [
            {"template": template, "example": example, "sections": 5}]}
        for code, place, template, example in (
            ("cfr", "us", "# CFR", "24 CFR 982.401"),
            ("usc", "us", "# U.S.C.", "42 U.S.C. § 3604"),
            ("wa-stat", "wa", "RCW", "RCW 59.18.060"),
            ("oh-stat", "oh", "R.C.", "R.C. 5321.01"),
        )
    ]
)  # fmt: skip


@pytest.mark.parametrize(
    ("q", "form", "title", "first", "last", "subpart", "words"),
    [
        ("24 CFR part 982", PART, "24", "982", "", "", ""),
        ("24 C.F.R. pt. 966", PART, "24", "966", "", "", ""),
        ("24 CFR 982 subpart K", PART, "24", "982", "", "K", ""),
        ("24 CFR Part 982, Subpart K inspections", PART, "24", "982", "", "K", "inspections"),
        ("42 U.S.C. §§ 3601-3619", RANGE, "42", "3601", "3619", "", ""),
        ("42 U.S.C. §§ 3601–3619 disability", RANGE, "42", "3601", "3619", "", "disability"),
        ("42 U.S.C. §§ 2000e-2000e-17", RANGE, "42", "2000e", "2000e-17", "", ""),
        ("RCW 59.18.010 to 59.18.060", RANGE, "", "59.18.010", "59.18.060", "", ""),
        ("42 U.S.C. 3601 et seq.", ET_SEQ, "42", "3601", "", "", ""),
        ("42 USCA 3601 et seq", ET_SEQ, "42", "3601", "", "", ""),
    ],
)  # fmt: skip
def test_spans_are_read(
    q: str, form: str, title: str, first: str, last: str, subpart: str, words: str
) -> None:
    span = read_span(q, GRAMMAR)
    assert span is not None
    assert (span.form, span.title, span.first, span.last, span.subpart, span.words) == (
        form, title, first, last, subpart, words,
    )  # fmt: skip
    assert not span.maybe_section


def test_a_plain_hyphen_may_be_one_sections_number() -> None:
    span = read_span("42 U.S.C. 3601-3619", GRAMMAR)
    assert span is not None and span.maybe_section and (span.first, span.last) == ("3601", "3619")


@pytest.mark.parametrize(
    "q", ["24 CFR 982.401", "42 U.S.C. § 3604", "RCW 59.18", "landlord 24 CFR part 982", "RCWX 5"]
)
def test_single_sections_and_other_queries_are_no_span(q: str) -> None:
    span = read_span(q, GRAMMAR)
    assert span is None or span.maybe_section


def test_ohio_rc_is_not_the_start_of_rcw() -> None:
    span = read_span("RCW 59.18.010 to 59.18.060", GRAMMAR)
    assert span is not None and span.prefix == "RCW"


def test_split_range_prefers_ends_of_one_width() -> None:
    assert split_range("2000e-2000e-17") == ("2000e", "2000e-17")
    assert split_range("1437-1437z-10") == ("1437", "1437z-10")
    assert split_range("3601") is None
