"""The bounded matcher and snippet window as they were before statute searches were made
cheaper, kept to compare with.

Copied from `search/backends/tantivy/matching.py` and `snippets.py` as they stood: candidates
as `Span` objects, each word's occurrences filtered by their start in Python, the window's
counts in a `Counter`, and a text whose first occurrences of a word showed no match read whole
by the index analyzer. The faster code must give exactly what `ReferenceMatcher` gives.
"""

import re
import unicodedata
from collections import Counter

from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.analysis import stem as stem_word
from search.backends.tantivy.compile import stemmed
from search.backends.tantivy.snippets import (
    PHRASE_WEIGHT,
    Matches,
    Span,
    find_matches,
    spans_of,
    word_hits,
)
from search.text.marks import ELLIPSIS, HL_CLOSE, HL_OPEN
from search.text.query import ParsedQuery, render_phrase

CANDIDATES_PER_WORD = 24
_NEVER_IN_WORDS = ("P", "Z", "Cc")
REACH = 64
_SPACE = re.compile(r"\s")
_SPACES = re.compile(r"\s+")
_GAP = r"[\W_]+"
_WORD_TAIL = r"[^\W_]*"
_WORD_END = r"(?![^\W_])"


class ReferenceMatcher:
    """`TextMatcher` as it was (see the module docstring)."""

    def __init__(self, query: ParsedQuery, *, stem: bool = False) -> None:
        self.query = query
        self.stem = stem
        self.analyzer = analyzer(stem=stem)
        self.run = stemmed(query) if stem else query
        self.labels = _labels(query, self.run) if stem else {}
        self.wanted = set(self.run.terms).union(*self.run.phrases)
        self.starts = {word: _search_prefix(word) if stem else word for word in self.wanted}
        self.fast = bool(self.wanted) and all(w.isascii() and w for w in self.starts.values())
        self.phrases = {
            render_phrase(p): re.compile(_GAP.join(self._word_pattern(w) for w in p))
            for p in self.run.phrases
        }
        self.finders = {
            word: re.compile(re.escape(start) + (_WORD_TAIL if stem else _WORD_END))
            for word, start in self.starts.items()
            if start
        }
        self._stems: dict[str, str] = {}

    def _word_pattern(self, word: str) -> str:
        return re.escape(self.starts[word]) + (_WORD_TAIL if self.stem else "")

    def matches(self, text: str) -> Matches:
        return self._relabel(find_matches(self.analyzer, text, self.run))

    def read(self, text: str) -> tuple[Matches, tuple[str, ...]]:
        found = find_matches(self.analyzer, text, self.run)
        return self._relabel(found), self._typed(set(found.terms))

    def summary(self, text: str, max_chars: int) -> tuple[str, tuple[str, ...]]:
        lowered = text.lower()
        if not self.fast or len(lowered) != len(text):
            found = find_matches(self.analyzer, text, self.run)
            return snippet(found, max_chars), self._typed(set(found.terms))
        candidates, unread = self._candidates(lowered)
        if self.stem:
            window = [span for span in candidates if self._confirmed(text, span)]
            found_terms = {span.term for span in window}
        else:
            window = candidates
            by_term: dict[str, list[Span]] = {}
            for span in candidates:
                by_term.setdefault(span.term, []).append(span)
            found_terms = {
                term
                for term, spans in by_term.items()
                if any(self._confirmed(text, span) for span in spans)
            }
        if unread - found_terms:
            found = find_matches(self.analyzer, text, self.run)
            return snippet(found, max_chars), self._typed(set(found.terms))
        matched = self._typed(found_terms)
        if not matched:
            return leading_text(text, max_chars), ()
        ordered = tuple(sorted(window, key=lambda s: (s.start, s.end)))
        start, end = snippet_window(text, ordered, max_chars)
        spans = self._exact(text, _space_before(text, start), _space_after(text, end))
        if not any(start <= s.start and s.end <= end for s in spans):
            return snippet(find_matches(self.analyzer, text, self.run), max_chars), matched
        return render_snippet(text, spans, start, end), matched

    def _typed(self, run_terms: set[str]) -> tuple[str, ...]:
        if not self.stem:
            return tuple(t for t in self.query.terms_searched if t in run_terms)
        return tuple(
            typed for typed in self.query.terms_searched if self.labels.get(typed) in run_terms
        )

    def _relabel(self, found: Matches) -> Matches:
        if not self.stem:
            return found
        first = {run: typed for typed, run in reversed(self.labels.items())}
        spans = tuple(Span(s.start, s.end, first.get(s.term, s.term)) for s in found.spans)
        return Matches(found.text, spans)

    def _candidates(self, lowered: str) -> tuple[list[Span], set[str]]:
        found: list[Span] = []
        starts = {word: self._word_starts(lowered, word) for word in self.wanted}
        full = {word for word, found in starts.items() if len(found) >= CANDIDATES_PER_WORD}
        unread = {term for term in self.run.terms if term in full}
        for term in self.run.terms:
            found.extend(Span(i, j, term) for i, j in starts[term])
        for phrase in self.run.phrases:
            key = render_phrase(phrase)
            pattern = self.phrases[key]
            if phrase[0] in full:
                unread.add(key)
            for i, _ in starts[phrase[0]]:
                hit = pattern.match(lowered, i)
                if hit and _bounded(lowered, hit.start(), hit.end()):
                    found.append(Span(hit.start(), hit.end(), key))
        return found, unread

    def _word_starts(self, lowered: str, word: str) -> list[tuple[int, int]]:
        found: list[tuple[int, int]] = []
        for hit in self.finders[word].finditer(lowered):
            at = hit.start()
            if at == 0 or not lowered[at - 1].isalnum():
                found.append((at, hit.end()))
                if len(found) == CANDIDATES_PER_WORD:
                    break
        return found

    def _confirmed(self, text: str, candidate: Span) -> bool:
        if _certain(text, candidate):
            if not self.stem:
                return True
            if not candidate.term.startswith('"'):
                return self._stem_of(text[candidate.start : candidate.end]) == candidate.term
        start = _space_before(text, candidate.start)
        end = _space_after(text, candidate.end)
        return any(
            s.start == candidate.start and s.term == candidate.term
            for s in self._exact(text, start, end)
        )

    def _stem_of(self, word: str) -> str:
        found = self._stems.get(word)
        if found is None:
            tokens = self.analyzer.analyze(word)
            found = self._stems[word] = tokens[0] if tokens else ""
        return found

    def _exact(self, text: str, start: int, end: int) -> tuple[Span, ...]:
        return spans_of(word_hits(self.analyzer, text[start:end], self.wanted, start), self.run)


def _labels(query: ParsedQuery, run: ParsedQuery) -> dict[str, str]:
    labels = {term: stem_word(term) for term in query.terms}
    for phrase in query.phrases:
        labels[render_phrase(phrase)] = render_phrase(tuple(stem_word(w) for w in phrase))
    return labels


def _search_prefix(stem: str) -> str:
    return stem[:-2] if stem.endswith("ie") else stem[:-1]


def _certain(text: str, span: Span) -> bool:
    inside = text[span.start : span.end]
    if not inside.isascii():
        return False
    around = text[max(span.start - 1, 0) : span.start] + text[span.end : span.end + 1]
    gaps = "".join(ch for ch in inside if not ch.isalnum())
    return all(_never_in_words(ch) for ch in around + gaps)


def _never_in_words(ch: str) -> bool:
    return unicodedata.category(ch).startswith(_NEVER_IN_WORDS)


def _bounded(text: str, start: int, end: int) -> bool:
    return (start == 0 or not text[start - 1].isalnum()) and (
        end == len(text) or not text[end].isalnum()
    )


def _space_before(text: str, at: int) -> int:
    high = at
    while high > 0:
        low = max(0, high - REACH)
        spaces = list(_SPACE.finditer(text, low, high))
        if spaces:
            return spaces[-1].end()
        high = low
    return 0


def _space_after(text: str, at: int) -> int:
    found = _SPACE.search(text, at)
    return found.start() if found else len(text)


def snippet(matches: Matches, max_chars: int) -> str:
    """`snippets.snippet` as it was."""
    text, spans = matches.text, matches.spans
    if not spans:
        return leading_text(text, max_chars)
    start, end = snippet_window(text, spans, max_chars)
    return render_snippet(text, spans, start, end)


def snippet_window(text: str, spans: tuple[Span, ...], max_chars: int) -> tuple[int, int]:
    """`snippets.snippet_window` as it was."""
    first, last = best_window(spans, max_chars)
    block_start, block_end = spans[first].start, max(s.end for s in spans[first : last + 1])
    lead = min(max(max_chars - (block_end - block_start), 0) // 3, block_start)
    start = _word_start(text, block_start - lead, block_start)
    end = _word_end(text, max(start + max_chars, block_end), block_end)
    return start, end


def render_snippet(text: str, spans: tuple[Span, ...], start: int, end: int) -> str:
    """`snippets.render_snippet` as it was."""
    inside = tuple(s for s in spans if s.start >= start and s.end <= end)
    body = _SPACES.sub(" ", _mark(text, inside, start, end).strip())
    prefix = ELLIPSIS + " " if start > 0 else ""
    suffix = " " + ELLIPSIS if end < len(text.rstrip()) else ""
    return prefix + body + suffix


def best_window(spans: tuple[Span, ...], max_chars: int) -> tuple[int, int]:
    """`snippets._best_window` as it was (a running weight over a `Counter`)."""
    best = (-1, -1, 0, 0)
    best_range = (0, 0)
    counts: Counter[str] = Counter()
    weights = {s.term: PHRASE_WEIGHT if s.term.startswith('"') else 1 for s in spans}
    weight = 0
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
        if j == i:
            counts[span.term] += 1
            if counts[span.term] == 1:
                weight += weights[span.term]
            j = i + 1
        score = (weight, j - i, -i, 0)
        if score > best:
            best, best_range = score, (i, j - 1)
        counts[span.term] -= 1
        if counts[span.term] <= 0:
            del counts[span.term]
            weight -= weights[span.term]
    return best_range


def _mark(text: str, spans: tuple[Span, ...], start: int, end: int) -> str:
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
    at = max(at, 0)
    while 0 < at < limit and text[at - 1].isalnum():
        at += 1
    return at


def _word_end(text: str, at: int, limit: int) -> int:
    at = min(at, len(text))
    while limit < at < len(text) and text[at].isalnum() and text[at - 1].isalnum():
        at -= 1
    return at


def leading_text(text: str, max_chars: int) -> str:
    """`snippets.leading_text` as it was."""
    text = _SPACES.sub(" ", text.strip())
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars]
    space = cut.rfind(" ")
    if space > max_chars // 2:
        cut = cut[:space]
    return cut.rstrip() + " " + ELLIPSIS
