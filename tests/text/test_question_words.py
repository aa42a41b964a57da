"""Pure tests of the question-shaping words the statute search drops."""

import pytest

from search.text.question_words import AFTER_HOW, QUESTION_WORDS, shapes_question
from search.text.stopwords import STOP_WORDS


@pytest.mark.parametrize("word", ["says", "get", "still", "allowed", "legal", "won", "don"])
def test_question_shaping_words(word: str) -> None:
    assert shapes_question(word, None)


@pytest.mark.parametrize("word", ["long", "much", "many", "soon"])
def test_amount_words_only_after_how(word: str) -> None:
    assert shapes_question(word, "how")
    assert not shapes_question(word, "term")
    assert not shapes_question(word, None)


@pytest.mark.parametrize(
    "word",
    ["notice", "end", "back", "law", "way", "rent", "deposit", "not", "no", "shall", "may",
     "must", "within", "days", "before", "after", "repair", "lease", "enforcement", "rules",
     "rule"],
)  # fmt: skip
def test_words_that_name_the_law_are_kept(word: str) -> None:
    assert not shapes_question(word, None)
    assert not shapes_question(word, "how")


def test_lists_are_lower_case_tokens_apart_from_the_stop_list() -> None:
    for word in QUESTION_WORDS | AFTER_HOW:
        assert word == word.lower() and word.isalnum()
    assert not QUESTION_WORDS & STOP_WORDS
