"""The bounded matcher gives what the whole-text reading gives (the reference).

`snippets.find_matches` tokenises a whole text with the index analyzer; `TextMatcher.summary`
finds candidates with `str.find` and runs the analyzer only around them. Below the per-word
candidate bound the snippet is the same, and the matched terms always are. Generated texts
mix the cases that could tell them apart: punctuation and whitespace runs, tokens of 40+
bytes (dropped by the index, leaving a position gap), non-ASCII letters and marks, the
Kelvin sign, repeated and overlapping phrases.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from search.backends.tantivy.analysis import analyzer, tokenize
from search.backends.tantivy.matching import TextMatcher
from search.backends.tantivy.snippets import find_matches, snippet
from search.text.query import parse_query

WORDS = ["deposit", "security", "landlord", "notice", "to", "quit", "a", "rent", "tenant"]
ODD = [
    "\u212aey",
    "key",
    "Ünïcode",
    "façade",
    "ﬁle",
    "i\u0307",
    "x" * 45,
    "é",
    "DEPOSIT",
    "Deposit",
]
GLUE = [" ", "  ", "\n", "—", "-", ".", ", ", "(a)", " § ", "’s ", "\t", "___", " 59.18.280 "]


def reference(text: str, query: str):  # type: ignore[no-untyped-def]
    parsed = parse_query(query, tokenize)
    return parsed, find_matches(analyzer(), text, parsed)


@st.composite
def texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(WORDS + ODD), min_size=0, max_size=60))
    out = []
    for part in parts:
        out.append(part)
        out.append(draw(st.sampled_from(GLUE)))
    return "".join(out)


queries = st.one_of(
    st.lists(st.sampled_from(WORDS + ["key", "file"]), min_size=1, max_size=4).map(" ".join),
    st.tuples(st.sampled_from(WORDS), st.sampled_from(WORDS)).map(lambda p: f'"{p[0]} {p[1]}"'),
    st.sampled_from(['"notice to quit"', 'landlord "security deposit"', '"a a"', "façade é"]),
)


@settings(max_examples=400, deadline=None)
@given(text=texts(), query=queries)
def test_summary_equals_the_whole_text_reading(text: str, query: str) -> None:
    parsed, expected = reference(text, query)
    if parsed.is_empty:
        return
    shown, matched = TextMatcher(parsed).summary(text, 80)
    assert matched == expected.matched(parsed)
    assert shown == snippet(expected, 80)


def summary(text: str, query: str) -> tuple[str, tuple[str, ...]]:
    parsed, _ = reference(text, query)
    return TextMatcher(parsed).summary(text, 240)


def test_kelvin_sign_is_found_like_the_index_finds_it() -> None:
    parsed, expected = reference("the \u212aEY to it", "key")
    assert [s.term for s in expected.spans] == ["key"]
    assert summary("the \u212aEY to it", "key") == ("the [hl]\u212aEY[/hl] to it", ("key",))


def test_a_phrase_across_a_dropped_long_token_is_not_adjacent() -> None:
    text = "security " + "x" * 45 + " deposit"
    parsed, expected = reference(text, '"security deposit"')
    assert expected.spans == ()
    assert summary(text, '"security deposit"')[1] == ()


def test_a_phrase_across_a_run_of_punctuation_is_adjacent() -> None:
    text = "security " + "_" * 200 + " deposit"
    parsed, expected = reference(text, '"security deposit"')
    assert [s.term for s in expected.spans] == ['"security deposit"']
    assert summary(text, '"security deposit"')[1] == ('"security deposit"',)


def test_a_word_beyond_the_candidate_bound_still_counts_and_is_shown() -> None:
    # 100 look-alikes before the real word: U+0345 is a letter to the index's tokenizer but
    # not to Python, so "rent\u0345" looks word-bounded here while the index reads another word.
    text = "rent\u0345 " * 100 + "the rent is due"
    assert reference(text, "rent")[1].spans[0].start == len(text) - len("rent is due")
    shown, matched = summary(text, "rent")
    assert matched == ("rent",)
    assert "[hl]rent[/hl] is due" in shown


def test_long_texts_cost_only_the_window_and_the_candidates() -> None:
    # A 2 MB body with the words near its end: the answer is the same as the full reading.
    text = "lorem ipsum dolor sit amet " * 80_000 + "the landlord returns the deposit."
    parsed, expected = reference(text, "landlord deposit")
    assert TextMatcher(parsed).summary(text, 240) == (
        snippet(expected, 240),
        expected.matched(parsed),
    )


# Word forms: the stemming matcher against its own whole-text reading.
FORMS = ["deposit", "deposits", "deposited", "depository", "happy", "happiness", "dying", "die",
         "agreement", "agreements", "rent", "rental", "rented", "renting"]  # fmt: skip
stem_queries = st.one_of(
    st.lists(st.sampled_from(FORMS), min_size=1, max_size=3).map(" ".join),
    st.tuples(st.sampled_from(FORMS), st.sampled_from(FORMS)).map(lambda p: f'"{p[0]} {p[1]}"'),
)


@st.composite
def form_texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(FORMS + WORDS + ODD), min_size=0, max_size=60))
    return "".join(part + draw(st.sampled_from(GLUE)) for part in parts)


@settings(max_examples=300, deadline=None)
@given(text=form_texts(), query=stem_queries)
def test_word_forms_summary_equals_the_whole_text_reading(text: str, query: str) -> None:
    parsed = parse_query(query, tokenize)
    if parsed.is_empty:
        return
    matcher = TextMatcher(parsed, stem=True)
    whole = find_matches(analyzer(stem=True), text, matcher.run)
    shown, matched = matcher.summary(text, 80)
    assert matched == matcher._typed(set(whole.terms))
    # Below the per-word candidate bound the snippet is the same too.
    if not matcher._candidates(text.lower())[1]:
        assert shown == snippet(whole, 80)


def test_word_forms_match_by_stem_and_keep_the_typed_words() -> None:
    parsed = parse_query("deposits", tokenize)
    shown, matched = TextMatcher(parsed, stem=True).summary(
        "The sums deposited, a deposit and the depository.", 240
    )
    assert matched == ("deposits",)
    assert shown == "The sums [hl]deposited[/hl], a [hl]deposit[/hl] and the depository."
    # Without word forms, only the very word matches.
    assert TextMatcher(parsed).summary("a deposit", 240)[1] == ()
