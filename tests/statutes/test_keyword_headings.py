"""A query typed as keywords leans on headings more than a sentence does: on a small index of
our own, through the statute API and the survey, with the note saying which weight applied."""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from search.statutes.shaping import (
    HEADING_RANK_WEIGHT,
    KEYWORD_HEADING_RANK_WEIGHT,
    heading_rank_weight,
    written_as_keywords,
)
from search.text.query import parse_query
from tests.corpus import section
from tests.reference_tokenizer import simple_tokenize
from tests.statute_support import index_statute_files, json_answer, result_ids

pytestmark = pytest.mark.django_db

API = "/api/statute_search"
SURVEY = "/api/statute_survey"
FILLER = " The tenant and the landlord keep records of the premises and of every payment made."
ROWS = [
    # The body says it three times; the heading names something else.
    section(
        "wa:statute:1",
        "A deposit refund is paid by check. The deposit refund is sent by mail; a deposit refund "
        "is itemized." + FILLER,
        heading="General provisions",
    ),
    # The body says it once; the heading names it.
    section("wa:statute:2", "A deposit refund is paid by check." + FILLER,
            heading="Deposit refund"),
    # Sections without the words, so that they are rare words, as in a code.
    *(section(f"wa:statute:{n}", "Rent is due monthly." + FILLER, heading=f"Rent {n}")
      for n in range(3, 11)),
]  # fmt: skip
KEYWORDS = "deposit refund"
SENTENCE = "when is my deposit refund"


@pytest.fixture
def small_index(tmp_path: Path, index_root: Path) -> Path:
    index_statute_files(tmp_path / "data", {"wa-stat.jsonl": ROWS})
    return index_root


def test_a_query_without_stop_or_question_words_is_typed_as_keywords() -> None:
    def parsed(text: str) -> Any:
        return parse_query(text, simple_tokenize)

    assert written_as_keywords(parsed(KEYWORDS))
    assert written_as_keywords(parsed('"security deposit" refund deadline'))
    assert not written_as_keywords(parsed(SENTENCE))  # 'when', 'is', 'my': stop words
    assert not written_as_keywords(parsed("how long deposit refund"))  # 'long' after 'how'
    assert heading_rank_weight(parsed(KEYWORDS)) == KEYWORD_HEADING_RANK_WEIGHT == 0.4
    assert heading_rank_weight(parsed(SENTENCE)) == HEADING_RANK_WEIGHT == 0.2


def test_keywords_put_the_section_headed_with_them_first(client: Client, small_index: Path) -> None:
    assert result_ids(json_answer(client, API, q=KEYWORDS)) == ["wa:statute:2", "wa:statute:1"]
    # The same words in a sentence: the heading weighs a fifth, the body's three mentions win.
    assert result_ids(json_answer(client, API, q=SENTENCE)) == ["wa:statute:1", "wa:statute:2"]


def test_a_place_name_dropped_keeps_a_query_keywords(client: Client, small_index: Path) -> None:
    body = json_answer(client, API, q="washington deposit refund", jurisdiction="wa")
    assert {"term": "washington", "reason": "place_name"} in body["terms_dropped"]
    assert result_ids(body) == ["wa:statute:2", "wa:statute:1"]


def test_the_note_says_which_heading_weight_applied(client: Client, small_index: Path) -> None:
    keywords = json_answer(client, API, q=KEYWORDS)["note"]
    sentence = json_answer(client, API, q=SENTENCE)["note"]
    assert "two fifths of what the word adds in the body, since the query is typed" in keywords
    assert "a fifth of what the word adds in the body; two fifths for a query" in sentence
    assert "since the query is typed" not in sentence


def test_the_survey_ranks_and_notes_the_same_way(client: Client, small_index: Path) -> None:
    def first(q: str) -> tuple[str, str]:
        body = json_answer(client, SURVEY, q=q, jurisdiction="wa")
        row = next(r for r in body["by_jurisdiction"] if r["jurisdiction"] == "wa")
        return str(row["results"][0]["id"]), str(body["note"])

    top, note = first(KEYWORDS)
    assert top == "wa:statute:2" and "since the query is typed as keywords" in note
    top, note = first(SENTENCE)
    assert top == "wa:statute:1" and "since the query is typed" not in note
