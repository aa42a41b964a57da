"""Both searches word a query's warnings and its nothing-to-search error the same way."""

from pathlib import Path

import pytest
from django.test import Client

from search.text.query_notes import (
    NO_LETTERS_ERROR,
    OR_WARNING,
    UNCLOSED_QUOTE_WARNING,
    over_term_cap_warning,
)

MANY_WORDS = " ".join(f"word{i}" for i in range(45)) + " landlord"


def statute_answer(client: Client, q: str) -> dict:
    return client.get("/api/statute_search", {"q": q}).json()


def paper_answer(client: Client, query: str) -> dict:
    return client.get("/api/search_keyword", {"query": query}).json()


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("the of", "Nothing left to search: 'the', 'of' are very common words, dropped"),
        ("the", "Nothing left to search: 'the' is a very common word, dropped"),
        ("!!! ...", NO_LETTERS_ERROR),
    ],
)
def test_nothing_to_search_is_one_error_for_both(
    client: Client, built_indexes: Path, query: str, error: str
) -> None:
    statutes = client.get("/api/statute_search", {"q": query})
    papers = client.get("/api/search_keyword", {"query": query})
    assert statutes.status_code == papers.status_code == 400
    (statute_error,) = statutes.json()["errors"]["q"]
    (paper_error,) = papers.json()["errors"]["query"]
    assert statute_error == paper_error and statute_error.startswith(error)


def test_an_unclosed_quote_and_a_typed_or_read_alike(client: Client, built_indexes: Path) -> None:
    statutes = statute_answer(client, 'landlord or "security deposit')
    papers = paper_answer(client, 'adaptation or "domain shift')
    for body in (statutes, papers):
        assert UNCLOSED_QUOTE_WARNING in body["note"]
        assert OR_WARNING in body["note"]


def test_words_past_the_cap_read_alike(client: Client, built_indexes: Path) -> None:
    cap_warning = over_term_cap_warning(6, 40)
    assert cap_warning in statute_answer(client, MANY_WORDS)["note"]
    assert cap_warning in paper_answer(client, MANY_WORDS)["note"]
