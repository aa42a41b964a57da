"""Snippets, whole-text marks, the `hl` filter and tie ordering: pure, no index or database."""

from dataclasses import dataclass

import pytest

from search.backends.registry import get_backend
from search.backends.tantivy.analysis import tokenize
from search.backends.tantivy.ranking import TIE_MARGIN, top_hits
from search.backends.tantivy.schema import build_analyzer
from search.backends.tantivy.snippets import find_matches, leading_text, snippet
from search.templatetags.portal_marks import drop_reason, hl
from search.text.marks import ELLIPSIS
from search.text.query import parse_query


def parsed(text: str):  # type: ignore[no-untyped-def]
    return parse_query(text, tokenize)


def mark_text(text: str, query):  # type: ignore[no-untyped-def]
    return get_backend().mark_text(text, query)


def matches(text: str, query: str):  # type: ignore[no-untyped-def]
    return find_matches(build_analyzer(), text, parsed(query))


def test_loose_terms_are_marked_wherever_they_occur() -> None:
    text = "The landlord shall return the deposit. A landlord may not keep it."
    assert mark_text(text, parsed("landlord deposit")) == (
        "The [hl]landlord[/hl] shall return the [hl]deposit[/hl]. "
        "A [hl]landlord[/hl] may not keep it."
    )


def test_phrase_is_marked_only_where_its_words_are_adjacent() -> None:
    text = "Notice to the tenant. A notice to quit is served. Quit to notice."
    assert mark_text(text, parsed('"notice to quit"')) == (
        "Notice to the tenant. A [hl]notice to quit[/hl] is served. Quit to notice."
    )


def test_marks_use_character_offsets_after_multibyte_text() -> None:
    # tantivy's own snippet ranges are UTF-8 bytes; after §, — and é they would drift.
    text = "§ 59.18 — é “quoted” 😀 the landlord’s deposit"
    assert mark_text(text, parsed("landlord deposit")) == (
        "§ 59.18 — é “quoted” 😀 the [hl]landlord[/hl]’s [hl]deposit[/hl]"
    )


def test_matched_terms_follow_terms_searched_order() -> None:
    query = parsed('return landlord "security deposit" rent')
    found = find_matches(build_analyzer(), "The landlord keeps the security deposit.", query)
    assert found.matched(query) == ("landlord", '"security deposit"')


def test_phrase_split_by_punctuation_still_counts_as_adjacent() -> None:
    # The analyzer drops punctuation, so the index matches "security—deposit" as the phrase.
    query = parsed('"security deposit"')
    assert find_matches(build_analyzer(), "security—deposit", query).matched(query) == (
        '"security deposit"',
    )


def test_phrase_across_a_dropped_long_token_is_not_a_match() -> None:
    # A 40+ byte token is removed but keeps its position, exactly as in the index.
    query = parsed('"security deposit"')
    text = "security " + "x" * 45 + " deposit"
    assert find_matches(build_analyzer(), text, query).matched(query) == ()


def test_snippet_prefers_the_window_with_the_most_distinct_terms() -> None:
    text = (
        "landlord landlord landlord landlord. " * 12
        + "Later the tenant must return the security deposit to the landlord. "
        + "filler words here. " * 20
    )
    out = snippet(matches(text, 'landlord "security deposit" return'), 120)
    assert "[hl]security deposit[/hl]" in out and "[hl]return[/hl]" in out
    assert out.startswith(ELLIPSIS) and out.endswith(ELLIPSIS)


def test_snippet_is_one_line_and_respects_the_length() -> None:
    text = "word\n" * 200 + "the deposit\nis returned\n" + "word\n" * 200
    out = snippet(matches(text, "deposit"), 100)
    assert "\n" not in out
    assert len(out.replace("[hl]", "").replace("[/hl]", "")) <= 100 + 2 * len(ELLIPSIS) + 2


def test_snippet_does_not_start_or_end_mid_word() -> None:
    text = "alphabetical " * 30 + "deposit " + "consequential " * 30
    out = snippet(matches(text, "deposit"), 80)
    words = out.strip(ELLIPSIS + " ").split()
    assert all(w in {"alphabetical", "consequential", "[hl]deposit[/hl]"} for w in words)


def test_snippet_falls_back_to_the_start_of_the_text_without_a_match() -> None:
    text = "First words of the section. " * 20
    assert snippet(matches(text, "zebra"), 60) == leading_text(text, 60)
    assert leading_text(text, 60).startswith("First words of the section.")
    assert leading_text("short", 60) == "short"


def test_snippet_of_a_phrase_longer_than_the_window_shows_the_phrase() -> None:
    words = " ".join(f"w{i}" for i in range(60))
    out = snippet(matches("intro " + words + " outro", f'"{words}"'), 40)
    assert f"[hl]{words}[/hl]" in out


def test_hl_filter_escapes_everything_but_the_marks() -> None:
    html = hl('<script>alert(1)</script> & [hl]"landlord"[/hl]')
    assert html == ("&lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>&quot;landlord&quot;</mark>")


def test_hl_filter_balances_stray_marks() -> None:
    assert hl("[/hl]a [hl]b [hl]c") == "a <mark>b c</mark>"
    assert hl(None) == ""


def test_drop_reasons_read_as_words() -> None:
    assert drop_reason("stop_word") == "common word"
    assert drop_reason("over_limit") == "over the term limit"


@dataclass
class _Result:
    hits: list
    count: int


class _FakeSearcher:
    """Returns equal scores in scrambled engine order, as several segments would."""

    # Documents in the index (the rows are only those that match): no window passes it.
    num_docs = 10_000

    def __init__(self, scores_and_keys: list[tuple[float, int]]) -> None:
        self.rows = scores_and_keys
        self.calls: list[int] = []

    def search(self, query: object, limit: int, count: bool = True) -> _Result:
        self.calls.append(limit)
        ranked = sorted(enumerate(self.rows), key=lambda r: -r[1][0])  # engine order in ties
        return _Result([(s, addr) for addr, (s, _) in ranked[:limit]], len(self.rows))

    def fast_field_values(self, field: str, addresses: list[int]) -> list[int]:
        return [self.rows[a][1] for a in addresses]


def test_ties_at_the_limit_are_settled_by_the_stable_key() -> None:
    # Engine order puts keys 9, 7, 5 first among the tied 2.0 scores; the key must win.
    rows = [(3.0, 100), (2.0, 9), (2.0, 7), (2.0, 5), (2.0, 1), (2.0, 3), (1.0, 0)]
    searcher = _FakeSearcher(rows)
    scored, total = top_hits(searcher, object(), 3, "order")  # type: ignore[arg-type]
    assert total == 7
    assert [key for _, _, key in scored] == [100, 1, 3]
    assert searcher.calls == [4 + TIE_MARGIN]  # the margin held the whole tie group


def test_a_tie_group_longer_than_the_margin_grows_the_window() -> None:
    tied = list(range(2 * TIE_MARGIN, 0, -1))  # engine order: the largest keys first
    rows = [(3.0, 10_000)] + [(2.0, key) for key in tied] + [(1.0, 0)]
    searcher = _FakeSearcher(rows)
    scored, total = top_hits(searcher, object(), 3, "order")  # type: ignore[arg-type]
    assert total == len(rows)
    assert [key for _, _, key in scored] == [10_000, 1, 2]
    assert searcher.calls[0] == 4 + TIE_MARGIN and len(searcher.calls) > 1


def test_no_tie_at_the_boundary_needs_one_search() -> None:
    searcher = _FakeSearcher([(3.0, 2), (2.0, 1), (1.0, 0)])
    scored, _ = top_hits(searcher, object(), 2, "order")  # type: ignore[arg-type]
    assert [key for _, _, key in scored] == [2, 1]
    assert searcher.calls == [3 + TIE_MARGIN]


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_tie_ordering_does_not_depend_on_the_limit(limit: int) -> None:
    rows = [(1.0, k) for k in (4, 2, 0, 3, 1)]
    scored, _ = top_hits(_FakeSearcher(rows), object(), limit, "order")  # type: ignore[arg-type]
    assert [key for _, _, key in scored] == [0, 1, 2, 3, 4][:limit]
