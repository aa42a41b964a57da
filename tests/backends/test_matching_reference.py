"""The cheaper bounded matcher against the ones it replaced: nothing may change.

`TextMatcher.summary` now finds a word's occurrences with `str.find` (a regular expression
taking over past `FIND_STEPS` of them), keeps candidates as plain tuples, confirms each term
once, reads a text whose first occurrences showed no match by the same scans with no bound
(instead of tokenising it whole), and the window keeps its counts in a dict. Every snippet
and matched-terms tuple is compared with `tests/matching_reference.ReferenceMatcher` (the
matcher as it was), and the whole-text reading with `snippets.find_matches`: on generated
texts built to tell them apart (look-alike Unicode neighbours, dropped long tokens, words
repeated past the candidate bound, overlapping phrases), with the regular expression taking
over early, and on real section bodies with real questions and the words the everyday-words
map adds to them, with and without word forms.

Then it stopped scanning a phrase's later words, confirmed each term among its own
candidates, and reads a snippet from its candidates when each one there is certain by its
characters and no word's bound falls before the snippet's end (the analyzer reads the window
otherwise); phrase spans are found from their first word's hits, and lines are joined with
`str.split`. Every answer is compared with `tests/matching_previous.PreviousMatcher` too (the
matcher and snippet functions just before that) on the same texts and queries.
"""

import gzip
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import workload
from search.backends.tantivy import matching
from search.backends.tantivy.analysis import analyzer, tokenize
from search.backends.tantivy.matching import CANDIDATES_PER_WORD, TextMatcher
from search.backends.tantivy.snippets import find_matches
from search.text.everyday_words import added_terms
from search.text.query import ParsedQuery, loose_runs, parse_query
from tests.backends.test_text_matching import FORMS, GLUE, ODD, WORDS
from tests.matching_previous import PreviousMatcher
from tests.matching_reference import ReferenceMatcher

ROOT = Path(__file__).resolve().parents[2]
DEV_QUESTIONS = ROOT.parent / "shared" / "benchmarks" / "statutes_questions_dev.jsonl"
STATUTE_FILES = ("wa-stat-housing.jsonl.gz", "fl-stat.jsonl.gz", "usc.jsonl.gz", "ca-stat.jsonl.gz")
SEED = 5


def expanded(query: str) -> ParsedQuery:
    """The query as a statute search runs it: parsed, with the map's added terms as words."""
    parsed = parse_query(query, tokenize)
    searched = [*parsed.terms, *(" ".join(p) for p in parsed.phrases)]
    return parsed.with_added(added_terms(loose_runs(query, tokenize), searched))


def assert_same(query: ParsedQuery, text: str, max_chars: int, *, stem: bool = False) -> None:
    words = query.with_added_as_words()
    new, old = TextMatcher(words, stem=stem), ReferenceMatcher(words, stem=stem)
    shown = new.summary(text, max_chars)
    assert shown == old.summary(text, max_chars), (query, text[:200])
    previous = PreviousMatcher(words, stem=stem)
    assert shown == previous.summary(text, max_chars), (query, text[:200])
    lowered = text.lower()
    if not stem and new.fast and len(lowered) == len(text):
        assert new._whole(text, lowered) == find_matches(analyzer(), text, new.run), query


@st.composite
def long_texts(draw: st.DrawFn) -> str:
    """Texts long enough for a word to pass the candidate bound, some of it look-alikes."""
    parts = draw(st.lists(st.sampled_from(WORDS + ODD + FORMS), min_size=0, max_size=400))
    return "".join(part + draw(st.sampled_from(GLUE)) for part in parts)


queries = st.one_of(
    st.lists(st.sampled_from(WORDS + FORMS + ["key", "file"]), min_size=1, max_size=5).map(
        " ".join
    ),
    st.tuples(st.sampled_from(WORDS), st.sampled_from(WORDS)).map(lambda p: f'"{p[0]} {p[1]}"'),
    st.sampled_from(
        ['"notice to quit" rent', 'landlord "security deposit"', '"a a" rent', '"rent rent"']
    ),
)


@settings(max_examples=500, deadline=None)
@given(text=long_texts(), query=queries, steps=st.sampled_from([0, 1, 3, 16]))
def test_summary_equals_the_previous_matcher(text: str, query: str, steps: int) -> None:
    parsed = parse_query(query, tokenize)
    if parsed.is_empty:
        return
    original = matching.FIND_STEPS
    matching.FIND_STEPS = steps
    try:
        for width in (40, 240):
            assert_same(parsed, text, width)
            assert_same(parsed, text, width, stem=True)
    finally:
        matching.FIND_STEPS = original


def test_a_term_past_the_bound_with_only_look_alikes_is_read_whole() -> None:
    # 30 look-alikes (U+0345 is a letter to the index, not to Python) fill the bound, so the
    # real word after them is found by the unbounded reading, as the whole-text reading finds it.
    text = "rent\u0345 notice " * 30 + "the rent is due; notice to quit"
    parsed = parse_query('rent "notice to quit"', tokenize)
    matcher = TextMatcher(parsed)
    assert len(matcher._word_starts(text.lower(), "rent")) == CANDIDATES_PER_WORD
    shown, matched = matcher.summary(text, 80)
    assert matched == ("rent", '"notice to quit"')
    assert "[hl]notice to quit[/hl]" in shown
    assert_same(parsed, text, 80)


def _bodies(data: Path) -> list[str]:
    """Real section bodies: each file's longest and a sample of the rest."""
    rng = random.Random(SEED)
    bodies: list[str] = []
    for name in STATUTE_FILES:
        path = data / "statutes" / name
        if not path.is_file():
            continue
        with gzip.open(path, "rt") as src:
            rows = [json.loads(line)["body"] for line in src]
        rows.sort(key=len, reverse=True)
        bodies += rows[:30] + rng.sample(rows[30:], min(250, len(rows) - 30))
    return bodies


def _real_queries() -> list[str]:
    found = workload.statute_short(40) + workload.statute_long(20)
    if DEV_QUESTIONS.exists():
        rows = [json.loads(line) for line in DEV_QUESTIONS.read_text().splitlines() if line]
        found += [str(row["query"]) for row in rows]
    return found + ['"security deposit" landlord', '"notice to quit"', '"shall not" tenant']


@pytest.mark.realdata
@pytest.mark.slow
def test_real_sections_read_as_the_previous_matcher_reads_them(real_data_dir: Path) -> None:
    bodies = _bodies(real_data_dir)
    assert len(bodies) > 800
    rng = random.Random(SEED)
    queries = [expanded(q) for q in _real_queries()]
    assert sum(bool(q.added) for q in queries) > 40
    for text in bodies:
        for query in rng.sample(queries, 5):
            assert_same(query, text, 240)
        assert_same(rng.choice(queries), text, 240, stem=True)
