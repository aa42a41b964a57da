"""Pure tests for search.text.query: user text to terms, phrases and dropped words (no Django)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search.text.everyday_words import AddedTerm
from search.text.query import (
    DUPLICATE,
    MAX_TERMS,
    OVER_LIMIT,
    STOP_WORD,
    DroppedTerm,
    ParsedQuery,
    loose_runs,
    parse_query,
)
from search.text.question_words import QUESTION_WORD
from search.text.stopwords import STOP_WORDS
from tests.reference_tokenizer import simple_tokenize


def parse(text: str, max_terms: int = MAX_TERMS) -> ParsedQuery:
    """Parse with the pure-Python tokenizer."""
    return parse_query(text, simple_tokenize, max_terms=max_terms)


# --- stop list --------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    ["not", "no", "nor", "shall", "may", "must", "without", "except", "unless", "any",
     "all", "before", "after", "within", "will", "cannot", "each", "every", "until"],
)  # fmt: skip
def test_legal_negations_and_modals_are_not_stop_words(word: str) -> None:
    assert word not in STOP_WORDS


@pytest.mark.parametrize(
    "word", ["or", "and", "the", "a", "of", "to", "is", "what", "how", "can", "my", "i",
             "do", "does"]
)  # fmt: skip
def test_common_question_words_are_stop_words(word: str) -> None:
    assert word in STOP_WORDS


def test_stop_words_are_single_lowercase_tokens() -> None:
    for word in STOP_WORDS:
        assert simple_tokenize(word) == [word]


def test_natural_language_question_reduces_to_keywords() -> None:
    parsed = parse("Can my landlord keep my security deposit?")
    assert parsed.terms == ("landlord", "keep", "security", "deposit")
    assert parsed.dropped == (
        DroppedTerm("can", STOP_WORD),
        DroppedTerm("my", STOP_WORD),
    )


def test_shall_not_survives_as_loose_terms() -> None:
    assert parse("the tenant shall not sublet").terms == ("tenant", "shall", "not", "sublet")


# --- loose words ------------------------------------------------------------------


def test_terms_are_lowercased_and_split_like_the_index() -> None:
    assert parse("K.S.A. 58-2545(a)(1)").terms == ("k", "58", "2545", "1")


def test_repeated_loose_word_is_dropped_as_duplicate_once() -> None:
    parsed = parse("deposit Deposit DEPOSIT refund")
    assert parsed.terms == ("deposit", "refund")
    assert parsed.dropped == (DroppedTerm("deposit", DUPLICATE),)


def test_repeated_stop_word_is_reported_once() -> None:
    parsed = parse("the rent the lease the")
    assert parsed.dropped == (DroppedTerm("the", STOP_WORD),)


def test_dropped_terms_are_listed_in_order_of_appearance() -> None:
    parsed = parse("rent of rent to")
    assert parsed.dropped == (
        DroppedTerm("of", STOP_WORD),
        DroppedTerm("rent", DUPLICATE),
        DroppedTerm("to", STOP_WORD),
    )


def test_custom_stop_words_replace_the_default_list() -> None:
    parsed = parse_query("the rent", simple_tokenize, stop_words=frozenset({"rent"}))
    assert parsed.terms == ("the",)
    assert parsed.dropped == (DroppedTerm("rent", STOP_WORD),)


# --- or ---------------------------------------------------------------------------


def test_or_outside_quotes_sets_used_or_and_is_dropped() -> None:
    parsed = parse("eviction OR ejectment")
    assert parsed.used_or
    assert parsed.terms == ("eviction", "ejectment")
    assert DroppedTerm("or", STOP_WORD) in parsed.dropped


def test_or_inside_quotes_does_not_set_used_or() -> None:
    parsed = parse('"cash or check"')
    assert not parsed.used_or
    assert parsed.phrases == (("cash", "or", "check"),)


def test_or_inside_a_word_does_not_set_used_or() -> None:
    assert not parse("order oracle for").used_or


def test_or_after_an_unclosed_quote_sets_used_or() -> None:
    assert parse('rent "late or unpaid').used_or


# --- phrases ----------------------------------------------------------------------


def test_quoted_words_become_a_required_phrase_with_stop_words_kept() -> None:
    parsed = parse('landlord "notice to quit"')
    assert parsed.terms == ("landlord",)
    assert parsed.phrases == (("notice", "to", "quit"),)
    assert parsed.dropped == ()
    assert not parsed.unclosed_quote


def test_curly_quotes_delimit_phrases() -> None:
    assert parse("“security deposit” refund").phrases == (("security", "deposit"),)


def test_mixed_straight_and_curly_quotes_pair_up() -> None:
    assert parse('"security deposit” refund').phrases == (("security", "deposit"),)


def test_single_word_phrase_is_a_required_word() -> None:
    parsed = parse('"Landlord" deposit')
    assert parsed.phrases == (("landlord",),)
    assert parsed.terms == ("deposit",)
    assert parsed.terms_searched == ["deposit", '"landlord"']


def test_empty_and_punctuation_only_phrases_are_ignored() -> None:
    parsed = parse('rent "" "!!" "  "')
    assert parsed.phrases == ()
    assert parsed.terms == ("rent",)
    assert parsed.dropped == ()


def test_identical_phrases_collapse_as_duplicate() -> None:
    parsed = parse('"quiet enjoyment" and "Quiet  Enjoyment"')
    assert parsed.phrases == (("quiet", "enjoyment"),)
    assert parsed.dropped == (
        DroppedTerm("and", STOP_WORD),
        DroppedTerm('"quiet enjoyment"', DUPLICATE),
    )


def test_loose_word_repeating_a_phrase_word_is_kept() -> None:
    parsed = parse('"security deposit" deposit')
    assert parsed.terms == ("deposit",)
    assert parsed.phrases == (("security", "deposit"),)
    assert parsed.dropped == ()


def test_phrase_of_only_stop_words_is_kept() -> None:
    assert parse('"to be or not to be"').phrases == (("to", "be", "or", "not", "to", "be"),)


# --- unclosed quote ---------------------------------------------------------------


def test_unclosed_quote_runs_to_end() -> None:
    parsed = parse('landlord "security deposit return')
    assert parsed.unclosed_quote
    assert parsed.phrases == ()
    assert parsed.terms == ("landlord", "security", "deposit", "return")


def test_unclosed_quote_after_a_closed_phrase_keeps_the_phrase() -> None:
    parsed = parse('"notice to quit" tenant "late the rent')
    assert parsed.unclosed_quote
    assert parsed.phrases == (("notice", "to", "quit"),)
    assert parsed.terms == ("tenant", "late", "rent")
    assert parsed.dropped == (DroppedTerm("the", STOP_WORD),)


def test_trailing_lone_quote_is_unclosed_but_harmless() -> None:
    parsed = parse('eviction "')
    assert parsed.unclosed_quote
    assert parsed.terms == ("eviction",)


def test_balanced_quotes_are_not_unclosed() -> None:
    assert not parse('"a b" c "d"').unclosed_quote


# --- cap --------------------------------------------------------------------------


def test_terms_beyond_the_cap_are_dropped_as_over_limit() -> None:
    words = [f"w{n}" for n in range(MAX_TERMS + 3)]
    parsed = parse(" ".join(words))
    assert parsed.terms == tuple(words[:MAX_TERMS])
    assert parsed.dropped == tuple(DroppedTerm(w, OVER_LIMIT) for w in words[MAX_TERMS:])


def test_phrases_count_toward_the_cap_in_order_of_appearance() -> None:
    parsed = parse('alpha "beta gamma" delta "epsilon zeta" eta', max_terms=3)
    assert parsed.terms == ("alpha", "delta")
    assert parsed.phrases == (("beta", "gamma"),)
    assert parsed.dropped == (
        DroppedTerm('"epsilon zeta"', OVER_LIMIT),
        DroppedTerm("eta", OVER_LIMIT),
    )


def test_stop_words_and_duplicates_do_not_count_toward_the_cap() -> None:
    parsed = parse("the rent the rent of deposit", max_terms=2)
    assert parsed.terms == ("rent", "deposit")
    assert all(d.reason != OVER_LIMIT for d in parsed.dropped)


def test_drops_interleave_stop_words_and_over_limit_by_position() -> None:
    parsed = parse("rent deposit the lease", max_terms=2)
    assert parsed.dropped == (DroppedTerm("the", STOP_WORD), DroppedTerm("lease", OVER_LIMIT))


def test_max_terms_below_one_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        parse("rent", max_terms=0)


# --- empty and hostile input ------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "?!.,;:", "the of and or", '""', '"', "“”"])
def test_nothing_searchable_is_empty(text: str) -> None:
    assert parse(text).is_empty


def test_tantivy_query_syntax_is_read_as_plain_words() -> None:
    parsed = parse("field:x AND -y* ~2 ^3 (a OR b) [1 TO 2]")
    assert parsed.terms == ("field", "x", "y", "2", "3", "b", "1")
    assert parsed.used_or
    assert DroppedTerm("2", DUPLICATE) in parsed.dropped


def test_control_characters_and_lone_surrogates_split_words() -> None:
    parsed = parse("rent\x00deposit\x1b\ud800lease\udfff")
    assert parsed.terms == ("rent", "deposit", "lease")


def test_lone_surrogate_never_reaches_the_tokenizer() -> None:
    def strict_tokenize(text: str) -> list[str]:
        text.encode("utf-8")  # a Rust tokenizer rejects what UTF-8 cannot encode
        return simple_tokenize(text)

    assert parse_query('"a\ud83d b"', strict_tokenize).phrases == (("a", "b"),)


def test_long_input_is_capped_not_rejected() -> None:
    parsed = parse("tenant " * 1500 + " ".join(f"x{n}" for n in range(500)))
    assert len(parsed.terms) == MAX_TERMS
    assert DroppedTerm("tenant", DUPLICATE) in parsed.dropped


def test_overlong_token_is_dropped_by_the_tokenizer() -> None:
    assert parse("a" * 40 + " rent").terms == ("rent",)


# --- result helpers ---------------------------------------------------------------


def test_terms_searched_lists_loose_terms_then_phrases() -> None:
    parsed = parse('"quiet enjoyment" landlord "repair" tenant')
    assert parsed.terms_searched == ["landlord", "tenant", '"quiet enjoyment"', '"repair"']


def test_all_words_lists_each_distinct_token_once() -> None:
    parsed = parse('deposit "security deposit" "notice to quit"')
    assert parsed.all_words() == ("deposit", "security", "notice", "to", "quit")


def test_parsed_query_is_immutable() -> None:
    parsed = parse("rent")
    with pytest.raises(AttributeError):
        parsed.terms = ()  # type: ignore[misc]


# --- properties -------------------------------------------------------------------

_QUERY_TEXT = st.one_of(
    st.text(max_size=400),
    st.lists(
        st.sampled_from([*sorted(STOP_WORDS)[:20], "rent", "Rent", "deposit", '"', "“", "”",
                         "or", "OR", "(", ":", "-", "shall", "not", "§", "x1", " "]),
        max_size=120,
    ).map(" ".join),
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(text=_QUERY_TEXT, max_terms=st.integers(min_value=1, max_value=50))
def test_parse_never_raises_and_respects_its_invariants(text: str, max_terms: int) -> None:
    parsed = parse(text, max_terms=max_terms)
    assert len(parsed.terms) + len(parsed.phrases) <= max_terms
    assert not set(parsed.terms) & STOP_WORDS
    assert len(set(parsed.terms)) == len(parsed.terms)
    assert len(set(parsed.phrases)) == len(parsed.phrases)
    assert all(parsed.phrases)
    assert len(set(parsed.dropped)) == len(parsed.dropped)
    assert parsed.is_empty == (not parsed.terms_searched)
    assert set(parsed.all_words()) == set(parsed.terms) | {w for p in parsed.phrases for w in p}


# --- question words (the statute search) ---------------------------------------------


def test_question_words_are_dropped_with_their_reason_on_request() -> None:
    text = "how long does a landlord have to return a security deposit, she says"
    parsed = parse_query(text, simple_tokenize, question_words=True)
    assert parsed.terms == ("landlord", "return", "security", "deposit")
    assert DroppedTerm("long", QUESTION_WORD) in parsed.dropped
    assert DroppedTerm("says", QUESTION_WORD) in parsed.dropped
    assert DroppedTerm("how", STOP_WORD) in parsed.dropped


def test_question_words_stay_without_the_option() -> None:
    # The paper search parses without it: its words are searched as before.
    assert parse("how long does it take").terms == ("long", "take")


def test_question_words_inside_quotes_are_kept() -> None:
    parsed = parse_query('"how long" landlord says', simple_tokenize, question_words=True)
    assert parsed.phrases == (("how", "long"),)
    assert parsed.terms == ("landlord",)


def test_an_amount_word_is_kept_away_from_how() -> None:
    parsed = parse_query("long term lease", simple_tokenize, question_words=True)
    assert parsed.terms == ("long", "term", "lease")


def test_without_terms_drops_loose_words_but_never_everything() -> None:
    parsed = parse('deposit iowa "iowa code"')
    dropped = parsed.without_terms({"iowa"}, "place_name")
    assert dropped.terms == ("deposit",) and dropped.phrases == (("iowa", "code"),)
    assert dropped.dropped[-1] == DroppedTerm("iowa", "place_name")
    alone = parse("iowa")
    assert alone.without_terms({"iowa"}, "place_name") == alone


def test_added_terms_read_as_words_for_marking() -> None:
    added = (AddedTerm("refund", ("refund",), "return"),
             AddedTerm("unlawful detainer", ("unlawful", "detainer"), "evict"))  # fmt: skip
    parsed = parse("return evict").with_added(added)
    assert parsed.terms_searched == ["return", "evict"]
    words = parsed.with_added_as_words()
    assert words.terms == ("return", "evict", "refund")
    assert words.phrases == (("unlawful", "detainer"),) and words.added == ()


def test_loose_runs_are_the_text_between_phrases() -> None:
    assert loose_runs('kick "security deposit" out', simple_tokenize) == [["kick"], ["out"]]
    assert loose_runs('a "b c', simple_tokenize) == [["a"], ["b", "c"]]  # unclosed: loose
