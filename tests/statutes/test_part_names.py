"""A regulation part whose name holds the query's words raises its sections: on a small index of
our own, through the statute API and the survey, with the note saying so, and never making a
match."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.browse.names import CFR_PARTS
from search.statutes.catalog import load_catalog
from search.statutes.scope import Scope
from search.statutes.search.notes import PART_NAMES_NOTE
from search.statutes.shaping import CHAPTER_REF_FIELD, PART_NAME_POINTS, part_names_bonus
from search.text.query import parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import (
    index_statute_files,
    json_answer,
    result_ids,
    survey_as_searched,
)

pytestmark = pytest.mark.django_db

API = "/api/statute_search"
PUBLIC_HOUSING = ("24", "966")  # Public Housing Lease and Grievance Procedure
VOUCHERS = ("24", "982")  # Section 8 Tenant-Based Assistance: Housing Choice Voucher Program
FILLER = " The owner keeps records of every payment made and of the unit's condition."


def cfr(part: tuple[str, str], number: str, body: str) -> dict[str, Any]:
    title, chapter = part
    return section(
        f"us:cfr:{title}:{chapter}.{number}", body, jurisdiction="us", corpus="regulation",
        source="cfr", title=title, chapter=chapter, code_name="Code of Federal Regulations",
        citation=f"{title} CFR {chapter}.{number}",
    )  # fmt: skip


ROWS = [
    # The voucher program's rule says it twice, so plain BM25 ranks it first.
    cfr(VOUCHERS, "308", "A lease change is in writing. Every lease change is dated." + FILLER),
    # The public housing rule says it once.
    cfr(PUBLIC_HOUSING, "4", "A lease change is given in writing." + FILLER),
    # A public housing section without the words: the part's name never makes a match.
    cfr(PUBLIC_HOUSING, "5", "Grievance hearings are held promptly." + FILLER),
    # Sections without the words, so that they are rare words, as in a code.
    *(cfr(VOUCHERS, str(400 + n), "Rent is paid monthly." + FILLER) for n in range(8)),
]
WRITTEN = "change writing"


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    index_statute_files(tmp_path / "data", {"cfr-24.jsonl": ROWS})
    return index_root


def test_the_parts_named_with_the_query_words_gain_points_per_word(small_index: Path) -> None:
    catalog = load_catalog()
    federal = Scope(jurisdictions=("us",), source="cfr")
    bonus = part_names_bonus(parse_query("public housing lease", simple_tokenize), federal, catalog)
    assert bonus is not None and bonus.field == CHAPTER_REF_FIELD
    points = dict(bonus.chapters)
    # 'Public Housing Lease and Grievance Procedure' holds all three words.
    assert points["cfr|24|966"] == 3 * PART_NAME_POINTS
    # 'Section 8 Tenant-Based Assistance: Housing Choice Voucher Program' holds 'housing' only.
    assert points["cfr|24|982"] == PART_NAME_POINTS
    # Every part named with 'housing' gains, every other gains nothing.
    named = {f"cfr|{t}|{p}" for (t, p), name in CFR_PARTS.items() if "housing" in name.lower()}
    assert named <= set(points)
    # Compared by stem: 'houses' is a form of 'housing'.
    stemmed = part_names_bonus(parse_query("houses", simple_tokenize), federal, catalog)
    assert stemmed is not None and dict(stemmed.chapters)["cfr|24|966"] == PART_NAME_POINTS
    # No part's name holds these words; a scope of states alone holds no regulation parts.
    assert part_names_bonus(parse_query("writing", simple_tokenize), federal, catalog) is None
    washington = Scope(jurisdictions=("wa",))
    lease = parse_query("public housing lease", simple_tokenize)
    assert part_names_bonus(lease, washington, catalog) is None


def test_the_part_named_with_the_words_comes_first(client: Client, small_index: Path) -> None:
    plain = json_answer(client, API, q=WRITTEN, source="cfr")
    assert result_ids(plain) == ["us:cfr:24:982.308", "us:cfr:24:966.4"]
    assert PART_NAMES_NOTE not in plain["note"]
    named = json_answer(client, API, q="public housing change writing", source="cfr")
    assert result_ids(named) == ["us:cfr:24:966.4", "us:cfr:24:982.308"]
    assert PART_NAMES_NOTE in named["note"]
    # The voucher program's name holds 'voucher': its rule keeps first place.
    voucher = json_answer(client, API, q="voucher change writing", source="cfr")
    assert result_ids(voucher) == ["us:cfr:24:982.308", "us:cfr:24:966.4"]


def test_a_part_name_never_makes_a_match(client: Client, small_index: Path) -> None:
    # 'grievance' and 'procedure' are in part 966's name; only 966.5's body says 'grievance'.
    body = json_answer(client, API, q="grievance procedure", source="cfr")
    assert result_ids(body) == ["us:cfr:24:966.5"]
    assert body["total"] == 1


def test_the_survey_ranks_and_says_the_same(client: Client, small_index: Path) -> None:
    survey = survey_as_searched(client, q="public housing change writing", source="cfr")
    assert PART_NAMES_NOTE in survey["note"]
