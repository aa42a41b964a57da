"""Definitions sections fall in rank, and stay matches, on a small index of our own through
the tantivy backend and the statute API (`Lowered`, `search.statutes.definitions`)."""

from dataclasses import replace
from pathlib import Path

import pytest
from django.test import Client

from search.backends.registry import get_backend
from search.backends.statute_search import Lowered, TextSearch
from search.statutes.definitions import asks_about_definitions, is_definitions_heading
from search.statutes.shaping import DEFINITIONS_FIELD, DEFINITIONS_LOWERED, definitions_lowered
from search.text.query import parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import index_statute_files

pytestmark = pytest.mark.django_db

DEFINITIONS_BODY = (
    'As used in this chapter: (1) "Security deposit" means money a tenant pays a landlord. '
    '(2) "Rent" means the payment for the premises. (3) "Landlord" means the owner.'
)
ROWS = [
    section("wa:statute:1", DEFINITIONS_BODY, heading="Definitions."),
    section(
        "wa:statute:2",
        "The landlord shall return the security deposit to the tenant within 30 days.",
        heading="Security deposit—Return.",
    ),
    section("wa:statute:3", "Unrelated text about fences.", heading="Fences."),
]


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    index_statute_files(tmp_path / "data", {"wa-stat.jsonl": ROWS})
    return index_root


def ranked(text: str, lowered: Lowered | None) -> list[tuple[str, float]]:
    spec = TextSearch(
        query=parse_query(text, simple_tokenize), field="body", limit=10, tie_break="order",
        fields=("id",), lowered=lowered,
    )  # fmt: skip
    page = get_backend().search_statutes(replace(spec))
    return [(str(hit.first("id")), hit.score) for hit in page.hits]


@pytest.mark.parametrize(
    "heading",
    [
        "Definitions.",
        "Definitions",
        "DEFINITIONS. As used in this chapter:",
        "General definitions.",
        "Definitions; M to S.",
        "Residences—Definitions.",
        "Credit cards; definitions",
        "Definitions and special rules",
        "Words and phrases defined.",
    ],
)
def test_definitions_headings_are_recognised(heading: str) -> None:
    assert is_definitions_heading(heading)


@pytest.mark.parametrize(
    "heading",
    [
        None,
        "",
        "Security deposits.",
        # A long list of topics that only ends with definitions is not a definitions section.
        "Tenant under apprehension of danger; release from rental payment obligation; "
        "written notice; definitions",
        "Electric motor vehicle--Annual fee--Definitions.",
        "Definite term leases.",
    ],
)
def test_other_headings_are_not(heading: str | None) -> None:
    assert not is_definitions_heading(heading)


def test_a_definitions_section_falls_below_the_section_that_answers(small_index: Path) -> None:
    plain = ranked("landlord security deposit rent tenant", None)
    assert plain[0][0] == "wa:statute:1"  # it holds every word, so BM25 puts it first
    lowered = ranked(
        "landlord security deposit rent tenant", Lowered(DEFINITIONS_FIELD, DEFINITIONS_LOWERED)
    )
    assert [i for i, _ in lowered] == ["wa:statute:2", "wa:statute:1"]  # still a match
    before, after = dict(plain), dict(lowered)
    assert after["wa:statute:1"] == pytest.approx(before["wa:statute:1"] - DEFINITIONS_LOWERED)
    assert after["wa:statute:2"] == pytest.approx(before["wa:statute:2"])


def test_a_query_about_a_meaning_lowers_nothing() -> None:
    assert definitions_lowered(parse_query("definition of rent", simple_tokenize)) is None
    assert definitions_lowered(parse_query('"security deposit" means', simple_tokenize)) is None
    assert definitions_lowered(parse_query("deposit return", simple_tokenize)) is not None
    assert asks_about_definitions(["defined"]) and not asks_about_definitions(["deposit"])


def test_the_api_lowers_definitions_and_says_so(client: Client, small_index: Path) -> None:
    answer = client.get(
        "/api/statute_search", {"q": "landlord security deposit rent tenant", "jurisdiction": "wa"}
    ).json()
    assert [r["id"] for r in answer["results"]][:2] == ["wa:statute:2", "wa:statute:1"]
    assert "lowered by 5 points" in " ".join(answer.get("explanations") or [answer["note"]])
    asked = client.get(
        "/api/statute_search",
        {"q": "definition of landlord security deposit rent tenant", "jurisdiction": "wa"},
    ).json()
    assert asked["results"][0]["id"] == "wa:statute:1"
