"""Code order: real section, chapter and title numbers from several codes, sorted as cited."""

import pytest

from search.text.code_order import (
    cited_title,
    code_order_key,
    decimal_numbering,
    in_code_order,
    roman_value,
)


def test_washington_sections_count_their_last_part() -> None:
    # The file lists 59.18.283 before 59.18.280; previous/next skipped.
    found = in_code_order(["59.18.283", "59.18.280", "59.18.285", "59.18.270", "59.18.055"])
    assert found == ["59.18.055", "59.18.270", "59.18.280", "59.18.283", "59.18.285"]


def test_florida_sections_are_decimal() -> None:
    numbers = ["83.43", "83.425", "83.41", "83.001", "83.42"]
    assert in_code_order(numbers, decimal=True) == ["83.001", "83.41", "83.42", "83.425", "83.43"]
    # Whole-number order would put 83.425 after 83.43.
    assert in_code_order(numbers)[-1] == "83.425"


def test_cfr_and_iowa_count_whole_numbers_after_the_point() -> None:
    assert in_code_order(["982.101", "982.4", "982.51", "982.1", "982.10"]) == [
        "982.1", "982.4", "982.10", "982.51", "982.101",
    ]  # fmt: skip
    assert in_code_order(["562A.12", "562A.9", "562A.1"]) == ["562A.1", "562A.9", "562A.12"]


def test_us_code_letters_and_dashes() -> None:
    numbers = ["1437aaa", "1437z-10", "1437ff", "1437z", "1437", "1437c-1", "1437c", "1437z-2"]
    assert in_code_order(numbers) == [
        "1437", "1437c", "1437c-1", "1437z", "1437z-2", "1437z-10", "1437ff", "1437aaa",
    ]  # fmt: skip
    assert in_code_order(["3614a", "3614-1", "3615", "3614"]) == ["3614", "3614-1", "3614a", "3615"]
    assert in_code_order(["2000e-17", "2000e-2", "2000e", "2000d-7"]) == [
        "2000d-7", "2000e", "2000e-2", "2000e-17",
    ]  # fmt: skip


def test_dashed_codes_and_letter_chapters() -> None:
    # South Dakota: chapter 16 before 16A; Connecticut titles 47 < 47a < 48.
    assert in_code_order(["1-16A-1", "1-16-2", "1-16A-2.2", "1-16-10"]) == [
        "1-16-2", "1-16-10", "1-16A-1", "1-16A-2.2",
    ]  # fmt: skip
    assert sorted(["48", "47a", "47"], key=code_order_key) == ["47", "47a", "48"]
    assert in_code_order(["10.1-1101", "10.1-1100.1", "10.1-1100"]) == [
        "10.1-1100", "10.1-1100.1", "10.1-1101",
    ]  # fmt: skip


def test_missouri_titles_are_roman_numerals() -> None:
    stored = ["i", "ii", "iii", "iv", "ix", "v", "vi", "vii", "viii", "x", "xi", "xxiv", "xl"]
    assert sorted(stored, key=code_order_key) == [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xxiv", "xl",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "value"), [("i", 1), ("iv", 4), ("ix", 9), ("XIV", 14), ("xl", 40), ("mcmxc", 1990)]
)
def test_roman_values(text: str, value: int) -> None:
    assert roman_value(text) == value


@pytest.mark.parametrize("text", ["", "iiii", "vx", "abc", "12", "civil"])
def test_not_roman(text: str) -> None:
    assert roman_value(text) is None


def test_titles_shown_as_cited() -> None:
    assert cited_title("0060", ["60.03", "60.05"]) == "60"
    assert cited_title("ix", ["115.003"]) == "IX"
    assert cited_title("101", ["10.1-1009", "10.1-1010"]) == "10.1"
    assert cited_title("23b", ["23B.01.010"]) == "23B"
    assert cited_title("42", ["3601"]) == "42"
    assert cited_title("real-property", ["8-101"]) == "real-property"


def test_decimal_numbering_follows_the_files_own_order() -> None:
    florida = [["83.001", "83.41", "83.42", "83.425", "83.43"], ["60.03", "60.05", "60.055"]]
    cfr = [["982.1", "982.4", "982.51", "982.101"], ["100.1", "100.5", "100.10", "100.20"]]
    assert decimal_numbering(florida)
    assert not decimal_numbering(cfr)
    assert not decimal_numbering([])
