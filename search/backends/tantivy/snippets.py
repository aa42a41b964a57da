"""Where a query matched a text, snippets around it and whole-text marking with `[hl]` marks.

Matches are found with the index analyzer itself (`pre_tokenize` gives each token's
character offsets and position), so what is marked is exactly what the index matched: a
loose term wherever its token occurs, a phrase only where its words are adjacent and in
order (its stop words are not marked elsewhere). The same matches say which searched terms
a document matched. Offsets are Python character offsets, so there is no byte-offset
slicing (tantivy's own `Snippet.highlighted()` reports UTF-8 bytes).

Marks rather than HTML: the JSON APIs return them as the seeds do, and pages escape the text
and turn the marks into `<mark>` (`search.templatetags.portal_marks.hl`). Nothing here is
statute-specific: papers use it for their `text` field.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

import tantivy

from search.text.marks import ELLIPSIS, HL_CLOSE, HL_OPEN
from search.text.query import ParsedQuery, render_phrase

DEFAULT_SNIPPET_CHARS = 240
# A phrase is required, so a window showing it beats one that repeats loose words.
PHRASE_WEIGHT = 2
_NOT_SPACE = re.compile(r"\S")
_IN_TEXT_ORDER = itemgetter(0, 1)
# How much of a text, in snippet lengths, is put on one line to find its leading text.
LEAD_READ = 2


class Span(NamedTuple):
    """One match: character offsets in the text and the searched term it belongs to.

    A named tuple, so code that makes many candidates can use plain `(start, end, term)`
    tuples wherever a span is read (the window and marking functions index them).
    """

    start: int
    end: int
    term: str


# A span's shape: `Span`, or a plain (start, end, term) tuple.
SpanLike = tuple[int, int, str]


@dataclass(frozen=True)
class Matches:
    """Every match of a query in one text, in text order."""

    text: str
    spans: tuple[Span, ...]

    @property
    def terms(self) -> frozenset[str]:
        """The searched terms (loose words, and phrases as '"w1 w2"') that occur."""
        return frozenset(span.term for span in self.spans)

    def matched(self, query: ParsedQuery) -> tuple[str, ...]:
        """`query.terms_searched` entries that occur, in that order."""
        found = self.terms
        return tuple(term for term in query.terms_searched if term in found)


# One occurrence of a query word in a text: the word, its token position, its offsets.
TokenHit = tuple[str, int, int, int]


def find_matches(analyzer: tantivy.TextAnalyzer, text: str, query: ParsedQuery) -> Matches:
    """Every occurrence of the query's loose terms and phrases, tokenising the whole text."""
    wanted = set(query.terms).union(*query.phrases)
    return Matches(text, spans_of(word_hits(analyzer, text, wanted), query))


def word_hits(
    analyzer: tantivy.TextAnalyzer, text: str, wanted: set[str], offset: int = 0, base: int = 0
) -> list[TokenHit]:
    """Tokens of `text` that are `wanted` words; offsets shifted by `offset`, positions by `base`.

    Only wanted tokens are kept: reading a token's offsets from tantivy is the costly part
    on long texts, and most tokens are not query words.
    """
    hits = []
    for token in analyzer.pre_tokenize(text).tokens:
        word = token.text
        if word in wanted:
            hits.append(
                (word, base + token.position, offset + token.char_offset_from,
                 offset + token.char_offset_to)
            )  # fmt: skip
    return hits


def spans_of(hits: list[TokenHit], query: ParsedQuery) -> tuple[Span, ...]:
    """Loose-term matches, and phrase matches where the words sit at consecutive positions."""
    loose = set(query.terms)
    spans = [Span(start, end, word) for word, _, start, end in hits if word in loose]
    if query.phrases and hits:
        at_position = {position: (word, end) for word, position, _, end in hits}
        # Each word's hits in text order: a phrase looks only at its first word's.
        by_word: dict[str, list[tuple[int, int, int]]] = {}
        for word, position, start, end in hits:
            by_word.setdefault(word, []).append((position, start, end))
        for phrase in query.phrases:
            heads = by_word.get(phrase[0])
            if not heads:
                continue
            key = render_phrase(phrase)
            rest = phrase[1:]
            for position, start, end in heads:
                # Every later phrase word must be the token at the next position: adjacency
                # is by token position, exactly as the index's phrase query counts it.
                last = end
                for k, expected in enumerate(rest, start=position + 1):
                    found = at_position.get(k)
                    if found is None or found[0] != expected:
                        break
                    last = found[1]
                else:
                    spans.append(Span(start, last, key))
    spans.sort(key=_IN_TEXT_ORDER)  # stable: a term's span before a phrase's at one place
    return tuple(spans)


def mark_all(matches: Matches) -> str:
    """The whole text with every match marked (overlapping matches merge)."""
    return _mark(matches.text, matches.spans, 0, len(matches.text))


def snippet(matches: Matches, max_chars: int = DEFAULT_SNIPPET_CHARS) -> str:
    """About `max_chars` of one line around the matches showing the most distinct terms.

    Falls back to the start of the text when nothing matched.
    """
    text, spans = matches.text, matches.spans
    if not spans:
        return leading_text(text, max_chars)
    start, end = snippet_window(text, spans, max_chars)
    return render_snippet(text, spans, start, end)


def snippet_window(text: str, spans: Sequence[SpanLike], max_chars: int) -> tuple[int, int]:
    """The character range of the snippet around the best window of `spans` (not empty, in
    text order)."""
    first, last = _best_window(spans, max_chars)
    block_start, block_end = spans[first][0], max(s[1] for s in spans[first : last + 1])
    lead = min(max(max_chars - (block_end - block_start), 0) // 3, block_start)
    start = _word_start(text, block_start - lead, block_start)
    end = _word_end(text, max(start + max_chars, block_end), block_end)
    return start, end


def render_snippet(text: str, spans: Sequence[SpanLike], start: int, end: int) -> str:
    """text[start:end] on one line, the spans inside it marked, ellipses where it was cut."""
    inside = [s for s in spans if s[0] >= start and s[1] <= end]
    body = _one_line(_mark(text, inside, start, end))
    prefix = ELLIPSIS + " " if start > 0 else ""
    # Cut before the end: something but whitespace follows (no copy of a long text made).
    suffix = " " + ELLIPSIS if _NOT_SPACE.search(text, end) else ""
    return prefix + body + suffix


def _best_window(spans: Sequence[SpanLike], max_chars: int) -> tuple[int, int]:
    """Indexes of the first and last span of the best window (sliding over span starts): the
    most distinct weight, then the most spans, then the earliest."""
    best_weight = best_count = -1
    best_first = best_last = 0
    starts, ends, terms = zip(*spans, strict=True)
    weights = {term: PHRASE_WEIGHT if term.startswith('"') else 1 for term in set(terms)}
    counts: dict[str, int] = {}
    weight = 0  # the weight of the distinct terms in `counts`, kept as terms come and go
    size = len(terms)
    j = 0
    for i in range(size):
        term = terms[i]
        if j < i:
            j = i
            counts.clear()
            weight = 0
        reach = starts[i] + max_chars
        while j < size and ends[j] <= reach:
            other = terms[j]
            seen = counts.get(other, 0)
            if not seen:
                weight += weights[other]
            counts[other] = seen + 1
            j += 1
        if j == i:  # one match longer than the window (a long phrase): show it alone
            seen = counts.get(term, 0)
            if not seen:
                weight += weights[term]
            counts[term] = seen + 1
            j = i + 1
        # The window holds spans i..j-1, each counted once; a later window must beat it
        # (an equal one starts later).
        if weight > best_weight or (weight == best_weight and j - i > best_count):
            best_weight, best_count, best_first, best_last = weight, j - i, i, j - 1
        left = counts[term] - 1
        if left:
            counts[term] = left
        else:
            del counts[term]
            weight -= weights[term]
    return best_first, best_last


def _mark(text: str, spans: Sequence[SpanLike], start: int, end: int) -> str:
    """text[start:end] with the spans (absolute offsets) wrapped in marks, overlaps merged."""
    merged: list[list[int]] = []
    for first, last, _ in spans:
        if merged and first <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    out: list[str] = []
    cursor = start
    for s, e in merged:
        out.append(text[cursor:s])
        out.append(HL_OPEN + text[s:e] + HL_CLOSE)
        cursor = e
    out.append(text[cursor:end])
    return "".join(out)


def _word_start(text: str, at: int, limit: int) -> int:
    """Move `at` forward to a word start so the snippet does not begin mid-word."""
    at = max(at, 0)
    while 0 < at < limit and text[at - 1].isalnum():
        at += 1
    return at


def _word_end(text: str, at: int, limit: int) -> int:
    """Move `at` back to a word end, never before `limit` (the last match's end)."""
    at = min(at, len(text))
    while limit < at < len(text) and text[at].isalnum() and text[at - 1].isalnum():
        at -= 1
    return at


def leading_text(text: str, max_chars: int = DEFAULT_SNIPPET_CHARS) -> str:
    """The start of a text, cut at a word boundary, for rows whose field has no match."""
    # Only the first max_chars + 1 characters on one line decide the answer, and a prefix of
    # the text put on one line is a prefix of the whole text put on one line.
    head = _one_line(text[: LEAD_READ * (max_chars + 1)])
    text = head if len(head) > max_chars else _one_line(text)
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars]
    space = cut.rfind(" ")
    if space > max_chars // 2:
        cut = cut[:space]
    return cut.rstrip() + " " + ELLIPSIS


def _one_line(text: str) -> str:
    """Stripped and on one line: snippets are shown inline, so newlines and runs of spaces
    become one space (`str.split` and `\\s` count the same characters as whitespace)."""
    return " ".join(text.split())
