"""The ranking note says what raises a section, as the ranking does it."""

from pathlib import Path

import pytest
from django.test import Client

from search.statutes.search.notes import ranking_note
from search.statutes.shaping import (
    CHAPTER_RAISE_WORDS,
    CHAPTER_WINDOW,
    DEFINITIONS_LOWERED,
    HEADING_CONCEPT_BONUS,
    HEADING_CONCEPTS,
    HEADING_RANK_WEIGHT,
)


def test_the_body_only_note_names_both_heading_raises() -> None:
    note = ranking_note()
    assert HEADING_RANK_WEIGHT == 0.2 and "a fifth of what the word adds" in note
    assert HEADING_CONCEPTS == 3 and "three or more of the query's ideas" in note
    assert HEADING_CONCEPT_BONUS == 1.0 and "raises it by a point" in note


def test_the_headings_note_does_not_claim_the_concept_raise() -> None:
    assert "three or more" not in ranking_note(headings=True)


def test_the_note_says_definitions_sections_are_lowered_and_by_how_much() -> None:
    note = ranking_note()
    assert DEFINITIONS_LOWERED == 5.0 and "lowered by 5 points" in note
    assert "asks about a definition" in ranking_note(headings=True)


def test_the_note_says_when_the_chapter_raise_re_ranked_a_question() -> None:
    assert CHAPTER_RAISE_WORDS == 5 and CHAPTER_WINDOW == 50
    raised = ranking_note(raised=True)
    assert "5 words or more is re-ranked by chapter" in raised
    assert "first 50 matches" in raised
    assert "re-ranked by chapter" not in ranking_note()


@pytest.mark.django_db
def test_the_api_note_names_the_raise_only_for_a_question_of_five_words(
    client: Client, statute_index: Path
) -> None:
    def note(q: str, path: str = "/api/statute_search") -> str:
        return str(client.get(path, {"q": q}).json()["note"])

    assert "re-ranked by chapter" in note("landlord must return the security deposit")
    assert "re-ranked by chapter" not in note("return the security deposit")
    assert "re-ranked by chapter" in note(
        "landlord must return the security deposit", "/api/statute_survey"
    )
