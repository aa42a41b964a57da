"""The snippet read from its candidates, and the cheaper snippet functions, against the
previous ones (`tests/matching_previous.py`): the same snippet, marks and matched terms.

Written cases for each way the shortcut can be refused (a word's candidate bound before the
snippet's end, a candidate beside a character some tokenizer reads as part of a word, word
forms), and generated ones for the pieces: phrase spans from hits, the best window, lines
joined with `str.split`, the leading text put on one line from the text's start only.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search.backends.tantivy import snippets
from search.backends.tantivy.analysis import analyzer, tokenize
from search.backends.tantivy.matching import TextMatcher
from search.text.query import parse_query
from tests import matching_previous
from tests.backends.test_text_matching import FORMS, GLUE, ODD, WORDS
from tests.matching_previous import PreviousMatcher

# Every character Python counts as whitespace, and some it does not.
SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000"
NOT_SPACES = "a\u200b\u180e\ufeff_.-"


def summaries(text: str, query: str, *, stem: bool = False, width: int = 80) -> tuple:
    parsed = parse_query(query, tokenize)
    new = TextMatcher(parsed, stem=stem).summary(text, width)
    assert new == PreviousMatcher(parsed, stem=stem).summary(text, width)
    return new


def analyzer_reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The regions the analyzer reads from now on (the shortcut reads none)."""
    regions: list[tuple[int, int]] = []
    exact = TextMatcher._exact

    def counted(self: TextMatcher, text: str, start: int, end: int):  # type: ignore[no-untyped-def]
        regions.append((start, end))
        return exact(self, text, start, end)

    monkeypatch.setattr(TextMatcher, "_exact", counted)
    return regions


def test_a_snippet_of_certain_candidates_needs_no_analyzer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = analyzer_reads(monkeypatch)
    text = "The landlord shall return the security deposit, less damages, within 21 days."
    shown, matched = summaries(text, 'landlord "security deposit" days', width=240)
    assert matched == ("landlord", "days", '"security deposit"')
    assert shown == (
        "The [hl]landlord[/hl] shall return the [hl]security deposit[/hl], less damages, "
        "within 21 [hl]days[/hl]."
    )
    assert reads == []


def test_a_snippet_past_a_words_candidate_bound_is_read_by_the_analyzer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = analyzer_reads(monkeypatch)
    # The best window holds "deposit" and rent's 24th occurrence, and reaches past it to
    # three more that are no candidates: the analyzer marks them.
    text = ("rent " + "x " * 150) * 23 + "the deposit: rent, rent, rent and rent."
    shown, matched = summaries(text, "rent deposit")
    assert matched == ("rent", "deposit")
    assert shown.endswith(
        "[hl]deposit[/hl]: " + ", ".join(["[hl]rent[/hl]"] * 3) + " and [hl]rent[/hl]."
    )
    assert reads


def test_a_candidate_beside_a_word_character_is_read_by_the_analyzer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = analyzer_reads(monkeypatch)
    # U+0345 is a letter to the index, not to Python; "©" is a symbol, not punctuation.
    for text in ("the rent\u0345 and the rent is due", "©rent and the rent is due"):
        reads.clear()
        shown, matched = summaries(text, "rent")
        assert matched == ("rent",)
        assert reads


@pytest.mark.parametrize(
    "text",
    [
        "The sums deposited, a deposit and the depository.",
        "Deposits: the deposit\u0345 and deposited sums (rented, renting).",
        "rental " * 30 + "the rented unit and the deposit.",
    ],
)
def test_word_forms_read_from_candidates_as_before(text: str) -> None:
    for query in ("deposits", "rent deposit", '"deposited sums"'):
        summaries(text, query, stem=True)
        summaries(text, query, stem=True, width=30)


@st.composite
def texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(WORDS + ODD + FORMS), min_size=0, max_size=120))
    return "".join(part + draw(st.sampled_from(GLUE)) for part in parts)


@settings(max_examples=300, deadline=None)
@given(
    text=texts(),
    query=st.sampled_from(
        ['"notice to quit" rent', 'landlord "security deposit" a', '"a a" "to quit"', '"rent rent"',
         'deposit "deposit security" security "security deposit"', "notice to quit tenant"]
    ),
)  # fmt: skip
def test_phrase_spans_from_hits_equal_the_previous_reading(text: str, query: str) -> None:
    parsed = parse_query(query, tokenize)
    for stem in (False, True):
        assert snippets.find_matches(analyzer(stem=stem), text, parsed) == (
            matching_previous.find_matches(analyzer(stem=stem), text, parsed)
        )


spans = st.lists(
    st.tuples(
        st.integers(0, 400), st.integers(1, 60), st.sampled_from(["a", "b", "c", '"a b"', '"c d"'])
    ).map(lambda s: (s[0], s[0] + s[1], s[2])),
    min_size=1,
    max_size=40,
).map(sorted)


@settings(max_examples=500, deadline=None)
@given(spans=spans, width=st.sampled_from([1, 20, 40, 80, 240]))
def test_the_best_window_equals_the_previous_one(spans: list, width: int) -> None:
    assert snippets._best_window(spans, width) == matching_previous._best_window(spans, width)


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(SPACES + NOT_SPACES), max_size=60))
def test_one_line_equals_the_regular_expression(text: str) -> None:
    assert snippets._one_line(text) == matching_previous._squash(text.strip())
    assert snippets.leading_text(text, 20) == matching_previous.leading_text(text, 20)


@settings(max_examples=500, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(SPACES[:4] + "ab c"), max_size=400),
    width=st.sampled_from([1, 5, 20, 80]),
)
def test_leading_text_reads_only_the_start_as_the_whole_text_gives_it(
    text: str, width: int
) -> None:
    assert snippets.leading_text(text, width) == matching_previous.leading_text(text, width)
