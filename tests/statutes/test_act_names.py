"""A federal act whose popular name holds the query's words raises its sections, in the US Code
and in its regulation parts: on a small index of our own, through the statute API and the
survey, with the note naming the acts, and never making a match."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.catalog import load_catalog
from search.statutes.citations.act_sections import forget_loaded_acts, loaded_acts
from search.statutes.scope import Scope
from search.statutes.search.notes import ACTS_NAMED, act_names_note
from search.statutes.shaping import (
    ACT_NAME_POINTS,
    CHAPTER_REF_FIELD,
    SECTION_ID_FIELD,
    act_names_bonus,
    law_names_bonus,
)
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
FCRA = "Fair Credit Reporting Act"  # 15 U.S.C. §§ 1681-1681x, 12 CFR part 1022
FILLER = " The agency keeps records of every request made and of each answer given."


def usc(number: str, body: str) -> dict[str, Any]:
    return section(
        f"us:usc:15:{number}", body, jurisdiction="us", source="usc", title="15",
        chapter="41", citation=f"15 U.S.C. § {number}", code_name="United States Code",
    )  # fmt: skip


def cfr(part: str, number: str, body: str) -> dict[str, Any]:
    return section(
        f"us:cfr:12:{part}.{number}", body, jurisdiction="us", corpus="regulation",
        source="cfr", title="12", chapter=part, code_name="Code of Federal Regulations",
        citation=f"12 CFR {part}.{number}",
    )  # fmt: skip


ROWS = {
    "usc.jsonl": [
        # Truth in Lending (§§ 1601-1667f) says it twice, so plain BM25 ranks it first.
        usc(
            "1640",
            "An action may be brought in court. The action is brought within a year." + FILLER,
        ),
        # The Fair Credit Reporting Act's limit says it once, and never says 'credit'.
        usc("1681p", "An action may be brought not later than two years after." + FILLER),
        # An FCRA section without the words: the act's name never makes a match.
        usc("1681q", "A person who obtains information under false pretenses is fined." + FILLER),
        # Sections without the words, so that they are rare words, as in a code.
        *(usc(str(1650 + n), "Rent is paid monthly." + FILLER) for n in range(8)),
    ],
    "cfr-12.jsonl": [
        # Regulation Z (Truth in Lending) says it twice; Regulation V (FCRA) once.
        cfr("1026", "9", "A notice is given in writing. Every notice is dated." + FILLER),
        cfr("1022", "74", "A notice is given in writing." + FILLER),
        *(cfr("1026", str(20 + n), "Rent is paid monthly." + FILLER) for n in range(8)),
    ],
}


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    forget_loaded_acts()
    index_statute_files(tmp_path / "data", ROWS)
    yield index_root
    forget_loaded_acts()


def test_each_act_is_read_as_its_loaded_sections_and_parts(small_index: Path) -> None:
    found = {law.act.name: law for law in loaded_acts()}
    assert found[FCRA].sections == ("us:usc:15:1681p", "us:usc:15:1681q")
    assert found[FCRA].parts == ("cfr|12|1022",)
    lending = tuple(f"us:usc:15:{n}" for n in (1640, *range(1650, 1658)))
    assert found["Truth in Lending Act"].sections == lending
    assert found["Truth in Lending Act"].parts == ("cfr|12|1026",)
    # The Equal Credit Opportunity Act has neither its sections nor Regulation B here.
    assert "Equal Credit Opportunity Act" not in found and "Fair Housing Act" not in found


def test_an_act_whose_regulation_part_is_not_loaded_gains_nothing_there(
    tmp_path: Path, index_root: Path
) -> None:
    """With Regulation V absent, the regulations alone hold nothing of the FCRA: it is not
    named, and no bonus is made for it."""
    forget_loaded_acts()
    rows = {name: [r for r in found if "1022" not in r["id"]] for name, found in ROWS.items()}
    index_statute_files(tmp_path / "data", rows)
    regulations = Scope(jurisdictions=("us",), source="cfr")
    query = parse_query("credit reporting", simple_tokenize)
    assert act_names_bonus(query, regulations, load_catalog()) == ((), ())
    forget_loaded_acts()


def test_the_acts_named_with_the_query_words_gain_points_per_word(small_index: Path) -> None:
    catalog = load_catalog()
    federal = Scope(jurisdictions=("us",))
    query = parse_query("credit reporting", simple_tokenize)
    acts, bonuses = act_names_bonus(query, federal, catalog)
    # 'Fair Credit Reporting Act' holds both words; no other loaded act holds either. The
    # federal scope is the US Code unless the regulations are asked for.
    assert acts == (FCRA,)
    (code,) = bonuses
    assert code.field == SECTION_ID_FIELD
    assert dict(code.chapters) == {
        "us:usc:15:1681p": 2 * ACT_NAME_POINTS,
        "us:usc:15:1681q": 2 * ACT_NAME_POINTS,
    }
    # Compared by stem ('reports' is a form of 'reporting'); 'act' names no act's subject.
    assert act_names_bonus(parse_query("reports", simple_tokenize), federal, catalog)[0] == (FCRA,)
    assert act_names_bonus(parse_query("act", simple_tokenize), federal, catalog) == ((), ())
    # In the regulations, its regulation part (Regulation V) gains as much.
    regulations = Scope(jurisdictions=("us",), source="cfr")
    acts, bonuses = act_names_bonus(query, regulations, catalog)
    assert acts == (FCRA,) and len(bonuses) == 1
    assert bonuses[0].field == CHAPTER_REF_FIELD
    assert dict(bonuses[0].chapters) == {"cfr|12|1022": 2 * ACT_NAME_POINTS}
    # A state's scope holds neither.
    assert act_names_bonus(query, Scope(jurisdictions=("wa",)), catalog) == ((), ())
    # Part 1022's own name ('Fair Credit Reporting (Regulation V)') holds the words too: the
    # part rule and the act rule both raise it.
    law = law_names_bonus(query, regulations, catalog)
    assert law.parts and law.acts == (FCRA,)
    assert len(law.bonuses) == 2 and law.bonuses[-1] == bonuses[0]


def test_the_act_named_with_the_words_comes_first(client: Client, small_index: Path) -> None:
    plain = json_answer(client, API, q="action brought", jurisdiction="us")
    assert result_ids(plain) == ["us:usc:15:1640", "us:usc:15:1681p"]
    assert FCRA not in plain["note"]
    named = json_answer(client, API, q="credit reporting action brought", jurisdiction="us")
    assert result_ids(named) == ["us:usc:15:1681p", "us:usc:15:1640"]
    assert act_names_note((FCRA,)) in named["note"]
    # In the regulations: Regulation V's rule before Regulation Z's.
    rules = json_answer(client, API, q="credit reporting notice writing", source="cfr")
    assert result_ids(rules)[:2] == ["us:cfr:12:1022.74", "us:cfr:12:1026.9"]


def test_an_act_name_never_makes_a_match(client: Client, small_index: Path) -> None:
    # 'credit' and 'reporting' are in the act's name, in no section's body.
    body = json_answer(client, API, q="credit reporting fined", jurisdiction="us")
    assert result_ids(body) == ["us:usc:15:1681q"]
    assert body["total"] == 1


def test_the_survey_ranks_and_says_the_same(client: Client, small_index: Path) -> None:
    survey = survey_as_searched(client, q="credit reporting action brought", jurisdiction="us")
    assert act_names_note((FCRA,)) in survey["note"]


def test_the_note_names_a_few_acts_and_counts_the_rest() -> None:
    one = act_names_note((FCRA,))
    assert f"({FCRA})" in one and f"{ACT_NAME_POINTS:g} points" in one
    many = tuple(f"Act {n}" for n in range(ACTS_NAMED + 2))
    said = act_names_note(many)
    assert all(name in said for name in many[:ACTS_NAMED])
    assert many[ACTS_NAMED] not in said and "and 2 more acts" in said
