"""The cheaper statute questions against the previous computations: nothing may change.

The everyday-words map now tries only the triggers that start with one of the query's words
(and finds each from the places of its first word),
the snippet window keeps its weight as terms come and go instead of summing it at every
span, and a hit's text is scanned once per word (a regular expression) instead of one
`str.find` per occurrence; since, the matcher itself was made cheaper again
(`tests/matching_reference.py` keeps it as it was). All are compared with the old
computations (`tests/expand_reference.py`): the added terms on every real question,
heading-set query and map phrase; the window on many random span lists; and, on seven real
housing files, whole results of the search and the survey (rows, order, scores, totals,
snippets, matched and added terms, notes) with the old matcher and functions put back, for
the dev questions, our own
questions and the heading set, with `expand` on and off, with word forms, in the question's
jurisdiction, beside Washington and in all jurisdictions.
"""

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from search.backends.tantivy import snippets
from search.backends.tantivy import statutes as tantivy_statutes
from search.backends.tantivy.analysis import tokenize
from search.backends.tantivy.snippets import PHRASE_WEIGHT, Span
from search.statutes import shaping
from search.statutes.scope import Scope
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.service import search_statutes
from search.statutes.survey.request import StatuteSurveyRequest
from search.statutes.survey.service import survey_statutes
from search.text.everyday_words import TRIGGERS, added_terms
from search.text.query import loose_runs
from tests import expand_reference, matching_reference
from tests.matching_reference import ReferenceMatcher
from tests.statute_support import real_statute_index

ROOT = Path(__file__).resolve().parents[2]
DEV_QUESTIONS = ROOT.parent / "shared" / "benchmarks" / "statutes_questions_dev.jsonl"
OUR_QUESTIONS = ROOT / "bench" / "devset" / "statutes_questions_ours.jsonl"
HEADING_SET = ROOT / "bench" / "devset" / "statutes.jsonl"
FILES = (
    "wa-stat-housing.jsonl.gz", "ne-stat-housing.jsonl.gz", "sd-stat-housing.jsonl.gz",
    "tn-stat-housing.jsonl.gz", "nm-stat-housing.jsonl.gz", "ia-stat-housing.jsonl.gz",
    "ut-stat-housing.jsonl.gz",
)  # fmt: skip
LOADED = ("wa", "ne", "sd", "tn", "nm", "ia", "ut")


def _rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _questions() -> list[tuple[str, str]]:
    """(query, jurisdiction) of the dev questions (when present), ours and the heading set."""
    rows = [*_rows(DEV_QUESTIONS), *_rows(OUR_QUESTIONS)]
    found = [(str(r["query"]), str(r.get("jurisdiction") or "")) for r in rows]
    found += [(str(r["q"]), str(r["jurisdiction"])) for r in _rows(HEADING_SET)]
    return found


def test_added_terms_equal_the_old_computation() -> None:
    queries = [q for q, _ in _questions()]
    # Every map phrase alone, inside a question, and two of them together.
    phrases = [" ".join(trigger) for trigger, _ in TRIGGERS]
    queries += phrases
    queries += [f"what does the law say about {p} when my landlord" for p in phrases]
    queries += [f"{a} and {b}" for a, b in zip(phrases, reversed(phrases), strict=True)]
    queries += [f'"{a}" {b}' for a, b in zip(phrases, phrases[1:], strict=False)]
    assert len(queries) > 1500
    some = 0
    for q in queries:
        runs = loose_runs(q, tokenize)
        searched = [t for run in runs for t in run][:3]
        new = added_terms(runs, searched)
        assert new == expand_reference.added_terms(runs, searched), q
        assert added_terms(runs, []) == expand_reference.added_terms(runs, []), q
        some += bool(new)
    assert some > 1000  # most of them add terms, so the comparison compares something


def test_added_terms_equal_the_scanned_computation() -> None:
    """Each trigger found from its first word's places, as a scan of the whole run finds it,
    also where that word comes first alone or the trigger comes cut short, then whole."""
    phrases = [" ".join(trigger) for trigger, _ in TRIGGERS if len(trigger) > 1]
    queries = [q for q, _ in _questions()]
    queries += [f"{p.split()[0]} rent {p}" for p in phrases]
    queries += [f"{p.rsplit(' ', 1)[0]} and the {p} again {p}" for p in phrases]
    queries += [f"is {p} when {p.split()[-1]}" for p in phrases]
    some = 0
    for q in queries:
        runs = loose_runs(q, tokenize)
        searched = [t for run in runs for t in run][:3]
        new = added_terms(runs, searched)
        assert new == expand_reference.added_terms_scanned(runs, searched), q
        assert added_terms(runs, []) == expand_reference.added_terms_scanned(runs, []), q
        some += bool(new)
    assert some > 2000


def test_snippet_window_equals_the_old_computation() -> None:
    chance = random.Random(7)
    terms = ["deposit", "landlord", "rent", '"security deposit"', '"unlawful detainer"']
    for _ in range(4000):
        at, spans = 0, []
        for _ in range(chance.randint(1, 40)):
            at += chance.randint(0, 120)
            term = chance.choice(terms[: chance.randint(1, len(terms))])
            spans.append(Span(at, at + chance.randint(3, 300 if term[0] == '"' else 12), term))
        ordered = tuple(sorted(spans, key=lambda s: (s.start, s.end)))
        width = chance.choice([40, 120, 240, 400])
        assert snippets._best_window(ordered, width) == expand_reference.best_window(ordered, width)
    assert PHRASE_WEIGHT > 1


@pytest.fixture(scope="module")
def real_index(
    real_data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
    django_db_setup: None,
    django_db_blocker: Any,
) -> Iterator[Path]:
    """Seven real housing files ingested (committed for this module) and indexed once."""
    base = tmp_path_factory.mktemp("real-expand")
    with real_statute_index(real_data_dir, FILES, base, django_db_blocker) as root:
        yield root


def _searches() -> list[StatuteSearchRequest]:
    found = []
    for q, place in _questions():
        for expand in (True, False):
            found.append(StatuteSearchRequest.for_query(q=q, expand=expand))
            if place in LOADED:
                found.append(
                    StatuteSearchRequest.for_query(q=q, expand=expand, scope=Scope((place,)))
                )
                found.append(
                    StatuteSearchRequest.for_query(q=q, expand=expand, scope=Scope((place, "wa")))
                )
        # Word forms read each hit's text another way (stems, words run to their end).
        scope = Scope((place,)) if place in LOADED else Scope()
        found.append(StatuteSearchRequest.for_query(q=q, stem=True, scope=scope))
    return found


@pytest.mark.realdata
@pytest.mark.slow
@pytest.mark.django_db
def test_searches_and_surveys_equal_the_old_computation(
    real_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    searches = _searches()
    questions = _questions()[:120]
    surveys = [
        StatuteSurveyRequest.for_query(q=q, expand=e) for q, _ in questions for e in (True, False)
    ]
    new = [search_statutes(r) for r in searches], [survey_statutes(r) for r in surveys]
    monkeypatch.setattr(shaping, "added_terms", expand_reference.added_terms)
    monkeypatch.setattr(snippets, "_best_window", expand_reference.best_window)
    # The matcher as it was before it was made cheaper, with the window and word scan of
    # the round before that.
    monkeypatch.setattr(tantivy_statutes, "TextMatcher", ReferenceMatcher)
    monkeypatch.setattr(matching_reference, "best_window", expand_reference.best_window)
    monkeypatch.setattr(ReferenceMatcher, "_word_starts", expand_reference.word_starts)
    old = [search_statutes(r) for r in searches], [survey_statutes(r) for r in surveys]
    assert len(searches) > 1000
    for request, now, before in zip(searches, new[0], old[0], strict=True):
        assert now == before, request
    for asked, found, earlier in zip(surveys, new[1], old[1], strict=True):
        assert found == earlier, asked
    rows = [r for result in new[0] for r in result.results]
    assert len(rows) > 5000 and sum(bool(r.terms_added) for r in new[0]) > 200
    assert sum("[hl]" in r.snippet for r in rows) > 0.8 * len(rows)


@pytest.mark.realdata
@pytest.mark.django_db
def test_the_chapter_raise_only_reorders_the_first_hits(
    real_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real questions of five words or more, in their jurisdiction and in all: with the raise
    (`shaping.chapter_raise`) and with its weight at 0, the same total, the same first
    CHAPTER_WINDOW sections in another order, the ten rows after them the same, and a raised
    score never below its plain one."""
    window = shaping.CHAPTER_WINDOW
    asked = []
    for q, place in _questions():
        if shaping.chapter_raise(q) is None:
            continue
        for scope in (Scope(), Scope((place,))) if place in LOADED else (Scope(),):
            asked.append(StatuteSearchRequest.for_query(q=q, limit=window, scope=scope))

    def answers() -> list[tuple[Any, Any]]:
        pages = []
        for first in asked:
            page = search_statutes(first)
            rest = None
            if page.total > window:
                rest = search_statutes(replace(first, limit=10, offset=window))
            pages.append((page, rest))
        return pages

    raised = answers()
    monkeypatch.setattr(shaping, "CHAPTER_RAISE", 0.0)
    plain = answers()
    assert len(asked) > 300
    assert sum(rest is not None for _, rest in raised) > 0.5 * len(asked)
    moved = 0
    for request, (now, now_rest), (before, before_rest) in zip(asked, raised, plain, strict=True):
        assert now.total == before.total, request
        ids, was = [r.id for r in now.results], [r.id for r in before.results]
        assert sorted(ids) == sorted(was), request
        if now_rest is not None:
            assert now_rest.results == before_rest.results, request
        scores = {r.id: r.score for r in before.results}
        assert all(r.score >= scores[r.id] for r in now.results), request
        moved += ids[:10] != was[:10]
    # It changes what a person sees first on many questions, not on all.
    assert 0.2 * len(asked) < moved < len(asked)
