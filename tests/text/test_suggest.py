"""Did you mean: edit distance, candidates and corrected queries, on dict vocabularies."""

import math
from collections.abc import Sequence

import pytest

from search.text.suggest import (
    FEW_ROWS,
    MAX_WORDS,
    Suggestion,
    best_suggestion,
    corrected_query,
    edit_distance,
    prefixes,
    suggest,
    suggestion_note,
    wants_suggestions,
)

WORDS = {
    "tenant": 3002,
    "tenants": 1502,
    "tenancy": 763,
    "tenet": 4,
    "eviction": 30,
    "evidence": 15680,
    "diffusion": 45,
    "discussion": 900,
    "deposit": 7243,
    "landlord": 1327,
    "unions": 556,
    "unicorns": 1,
    "rent": 4000,
    "rend": 2,
}


class DictVocabulary:
    """A vocabulary from a dict (the whole index and the scope alike); records what was read."""

    def __init__(self, words: dict[str, int], whole: dict[str, int] | None = None) -> None:
        self.scope = words
        self.whole = whole if whole is not None else words
        self.asked: list[str] = []

    def documents(self, word: str) -> int:
        return self.whole.get(word, 0)

    def words(self, prefix: str) -> Sequence[tuple[str, int]]:
        self.asked.append(prefix)
        return sorted(((w, n) for w, n in self.scope.items() if w.startswith(prefix)),
                      key=lambda pair: -pair[1])  # fmt: skip


def vocabulary(words: dict[str, int]) -> DictVocabulary:
    return DictVocabulary(words)


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("tenant", "tenant", 0.0),
        ("tenent", "tenant", 1.0),  # one letter replaced
        ("evicton", "eviction", 1.0),  # one letter left out
        ("deposti", "deposit", 1.0),  # two neighbours swapped
        ("atention", "attention", 0.5),  # a doubled letter typed once
        ("difussion", "diffusion", 1.0),  # the doubling moved: two half edits
        ("difussion", "discussion", 2.0),
        ("kitten", "sitting", 3.0),
        ("", "abc", 3.0),
    ],
)
def test_edit_distance_weighs_doubled_letters_half(a: str, b: str, distance: float) -> None:
    assert edit_distance(a, b) == distance
    assert edit_distance(b, a) == distance


def test_edit_distance_over_the_limit_is_infinite() -> None:
    assert edit_distance("kitten", "sitting", limit=2.0) == math.inf
    assert edit_distance("kitten", "sitting", limit=3.0) == 3.0
    assert edit_distance("a", "abcdefgh", limit=2.0) == math.inf


def test_the_closest_word_wins_then_the_most_common() -> None:
    found = best_suggestion("difussion", vocabulary(WORDS))
    # "discussion" is held by more sections, but "diffusion" is closer.
    assert found == Suggestion("difussion", "diffusion", 1.0, 45, 0)
    # "tenet" is also one edit from "tenent" but far rarer than "tenant".
    assert best_suggestion("tenent", vocabulary(WORDS)) == Suggestion(
        "tenent", "tenant", 1.0, 3002, 0
    )


def test_candidates_come_from_the_words_first_letters_only() -> None:
    read = vocabulary(WORDS)
    assert best_suggestion("tneant", read) == Suggestion("tneant", "tenant", 1.0, 3002, 0)
    assert read.asked == ["tn", "nt", "te"]
    assert prefixes("aardvark") == ("aa", "ar")


def test_a_word_the_index_holds_often_gets_no_suggestion_and_no_read() -> None:
    read = vocabulary(WORDS)
    assert best_suggestion("tenant", read) is None
    assert best_suggestion("deposit", read) is None
    assert read.asked == []


def test_a_word_rare_in_the_index_is_compared_with_the_scope_words() -> None:
    # The scope (one jurisdiction, say) holds "tenant" 246 times, the whole index 3,002.
    read = DictVocabulary({"tenant": 246}, whole={"tenant": 3002, "tenent": 1})
    assert best_suggestion("tenent", read) == Suggestion("tenent", "tenant", 1.0, 246, 0)


def test_a_rare_real_word_gets_only_a_one_edit_suggestion() -> None:
    # "unicorns" is held once: "unions" is two edits away, too far for a word the index holds.
    assert best_suggestion("unicorns", vocabulary(WORDS)) is None
    # "rend" (2 sections) is one edit from "rent" (4,000): offered.
    assert best_suggestion("rend", vocabulary(WORDS)) == Suggestion("rend", "rent", 1.0, 4000, 2)


def test_a_suggestion_must_be_much_more_common_than_the_word() -> None:
    assert best_suggestion("rend", vocabulary({"rend": 2, "rent": 19})) is None
    assert best_suggestion("rend", vocabulary({"rend": 2, "rent": 20})) is not None
    assert best_suggestion("tenent", vocabulary({"tenant": 2})) is None  # too rare itself


def test_short_words_numbers_and_unknown_shapes_are_left_alone() -> None:
    read = vocabulary({"rat": 100, "rats": 50, "12345": 9, "1234": 90})
    assert best_suggestion("rta", read) is None
    assert best_suggestion("12346", read) is None
    assert read.asked == []


def test_suggest_looks_up_each_word_once_and_at_most_a_few() -> None:
    read = vocabulary(WORDS)
    found = suggest(["tenent", "rent", "tenent", "evicton"], read)
    assert [s.suggestion for s in found] == ["tenant", "eviction"]
    many = [f"tenen{letter}" for letter in "abcdefghij"]
    read = vocabulary(WORDS)
    suggest(many, read)
    assert len(read.asked) == MAX_WORDS * len(prefixes(many[0]))


def test_only_searches_with_few_rows_look_for_suggestions() -> None:
    assert wants_suggestions(0)
    assert wants_suggestions(FEW_ROWS)
    assert not wants_suggestions(FEW_ROWS + 1)


def test_corrected_query_replaces_whole_words_keeping_capitals_and_the_rest() -> None:
    found = (Suggestion("tenent", "tenant", 1.0, 3002, 0),
             Suggestion("evicton", "eviction", 1.0, 30, 0))  # fmt: skip
    assert corrected_query('Tenent "notice of evicton" tenents', found) == (
        'Tenant "notice of eviction" tenents'
    )
    assert corrected_query("TENENT rights", found) == "TENANT rights"
    assert corrected_query("landlord", found) is None
    assert corrected_query("tenent", ()) is None


def test_the_note_says_what_was_found_and_that_nothing_was_changed() -> None:
    found = (Suggestion("tenent", "tenant", 1.0, 3002, 0),
             Suggestion("rend", "rent", 1.0, 4000, 1))  # fmt: skip
    note = suggestion_note(found, "tenant rent", "section")
    assert note == (
        'Did you mean "tenant rent"? Of the sections searched, none holds "tenent" and 3,002 '
        'hold "tenant"; 1 holds "rend" and 4,000 hold "rent". The search ran as typed.'
    )
    assert suggestion_note((), None, "section") == ""
