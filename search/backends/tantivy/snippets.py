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
from collections import Counter
from dataclasses import dataclass

import tantivy

from search.text.marks import ELLIPSIS, HL_CLOSE, HL_OPEN
from search.text.query import ParsedQuery, render_phrase

DEFAULT_SNIPPET_CHARS = 240
# A phrase is required, so a window showing it beats one that repeats loose words.
PHRASE_WEIGHT = 2
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Span:
    """One match: character offsets in the text and the searched term it belongs to."""

    start: int
    end: int
    term: str


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
    at_position = {position: (word, end) for word, position, _, end in hits}
    for phrase in query.phrases:
        key = render_phrase(phrase)
        for word, position, start, end in hits:
            if word != phrase[0]:
                continue
            # Every later phrase word must be the token at the next position: adjacency is
            # by token position, exactly as the index's phrase query counts it.
            last = end
            for k, expected in enumerate(phrase[1:], start=1):
                found = at_position.get(position + k)
                if found is None or found[0] != expected:
                    break
                last = found[1]
            else:
                spans.append(Span(start, last, key))
    spans.sort(key=lambda s: (s.start, s.end))
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


def snippet_window(text: str, spans: tuple[Span, ...], max_chars: int) -> tuple[int, int]:
    """The character range of the snippet around the best window of `spans` (not empty)."""
    first, last = _best_window(spans, max_chars)
    block_start, block_end = spans[first].start, max(s.end for s in spans[first : last + 1])
    lead = min(max(max_chars - (block_end - block_start), 0) // 3, block_start)
    start = _word_start(text, block_start - lead, block_start)
    end = _word_end(text, max(start + max_chars, block_end), block_end)
    return start, end


def render_snippet(text: str, spans: tuple[Span, ...], start: int, end: int) -> str:
    """text[start:end] on one line, the spans inside it marked, ellipses where it was cut."""
    inside = tuple(s for s in spans if s.start >= start and s.end <= end)
    body = _squash(_mark(text, inside, start, end).strip())
    prefix = ELLIPSIS + " " if start > 0 else ""
    suffix = " " + ELLIPSIS if end < len(text.rstrip()) else ""
    return prefix + body + suffix


def _best_window(spans: tuple[Span, ...], max_chars: int) -> tuple[int, int]:
    """Indexes of the first and last span of the best window (sliding over span starts)."""
    best = (-1, -1, 0, 0)  # (distinct weight, occurrences, -first) and last, compared in order
    best_range = (0, 0)
    counts: Counter[str] = Counter()
    weights = {s.term: PHRASE_WEIGHT if s.term.startswith('"') else 1 for s in spans}
    weight = 0  # the weight of the distinct terms in `counts`, kept as terms come and go
    j = 0
    for i, span in enumerate(spans):
        if j < i:
            j = i
            counts.clear()
            weight = 0
        while j < len(spans) and spans[j].end <= span.start + max_chars:
            term = spans[j].term
            counts[term] += 1
            if counts[term] == 1:
                weight += weights[term]
            j += 1
        if j == i:  # one match longer than the window (a long phrase): show it alone
            counts[span.term] += 1
            if counts[span.term] == 1:
                weight += weights[span.term]
            j = i + 1
        # The window holds spans i..j-1, each counted once.
        score = (weight, j - i, -i, 0)
        if score > best:
            best, best_range = score, (i, j - 1)
        counts[span.term] -= 1
        if counts[span.term] <= 0:
            del counts[span.term]
            weight -= weights[span.term]
    return best_range


def _mark(text: str, spans: tuple[Span, ...], start: int, end: int) -> str:
    """text[start:end] with the spans (absolute offsets) wrapped in marks, overlaps merged."""
    merged: list[list[int]] = []
    for span in spans:
        if merged and span.start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], span.end)
        else:
            merged.append([span.start, span.end])
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
    text = _squash(text.strip())
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars]
    space = cut.rfind(" ")
    if space > max_chars // 2:
        cut = cut[:space]
    return cut.rstrip() + " " + ELLIPSIS


def _squash(text: str) -> str:
    """One line: snippets are shown inline, so newlines and runs of spaces become one space."""
    return _SPACES.sub(" ", text)
