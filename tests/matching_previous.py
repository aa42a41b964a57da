"""The snippet matcher as it stood before its snippets were read from the candidates, kept
to compare with.

Copied from `search/backends/tantivy/matching.py` and `snippets.py` as they stood: every query
word scanned (a phrase's later words too), each term's candidates confirmed in one loop over
all candidates, the analyzer always reading the snippet's window, phrase spans found by
trying every hit against every phrase, the window's best score kept as a tuple, and lines
squashed with a regular expression. The faster code must give exactly what
`PreviousMatcher` gives.
"""

import re
import unicodedata
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import islice
from operator import itemgetter

import tantivy

from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.analysis import stem as stem_word
from search.backends.tantivy.compile import stemmed
from search.backends.tantivy.snippets import (
    DEFAULT_SNIPPET_CHARS,
    PHRASE_WEIGHT,
    Matches,
    Span,
    SpanLike,
    TokenHit,
    _mark,
    _word_end,
    _word_start,
    word_hits,
)
from search.text.marks import ELLIPSIS
from search.text.query import ParsedQuery, render_phrase

_SPACES = re.compile(r"\s+")
_NOT_SPACE = re.compile(r"\S")

# Occurrences of one word looked at; past them a long text costs only the C-level search.
CANDIDATES_PER_WORD = 24
# Characters no tokenizer counts as part of a word: punctuation, separators, controls.
_NEVER_IN_WORDS = ("P", "Z", "Cc")
# How far a region reaches beyond a match looking for whitespace, per step.
REACH = 64
_SPACE = re.compile(r"\s")
_GAP = r"[\W_]+"
_WORD_TAIL = r"[^\W_]*"
# Not followed by an alphanumeric ([^\W_] is exactly what str.isalnum accepts).
_WORD_END = r"(?![^\W_])"
_IN_TEXT_ORDER = itemgetter(0, 1)
_TAIL = re.compile(_WORD_TAIL)
# Occurrences of one word found with `str.find` before a regular-expression scan takes over.
FIND_STEPS = 16


class PreviousMatcher:
    """`TextMatcher` as it was (see the module docstring)."""

    def __init__(self, query: ParsedQuery, *, stem: bool = False) -> None:
        self.query = query
        self.stem = stem
        self.analyzer = analyzer(stem=stem)
        # What the index ran: the stemmed query with `stem`, and which typed terms each of
        # its terms stands for (several typed words can share a stem).
        self.run = stemmed(query) if stem else query
        self.labels = _labels(query, self.run) if stem else {}
        self.wanted = set(self.run.terms).union(*self.run.phrases)
        self.starts = {word: _search_prefix(word) if stem else word for word in self.wanted}
        self.fast = bool(self.wanted) and all(w.isascii() and w for w in self.starts.values())
        # A phrase candidate: its words with only non-alphanumerics between them.
        self.phrases = {
            render_phrase(p): _compiled(_GAP.join(self._word_pattern(w) for w in p))
            for p in self.run.phrases
        }
        self._phrase_finders = [
            (phrase[0], render_phrase(phrase), self.phrases[render_phrase(phrase)])
            for phrase in self.run.phrases
        ]
        self._stems: dict[str, str] = {}

    def _finder(self, word: str) -> re.Pattern[str]:
        start = self.starts[word]
        return _compiled(_starts_word(start) + (_WORD_TAIL if self.stem else _WORD_END))

    def _word_pattern(self, word: str) -> str:
        return re.escape(self.starts[word]) + (_WORD_TAIL if self.stem else "")

    def matches(self, text: str) -> Matches:
        """Every occurrence in the whole text (for whole-text marking; reads it all)."""
        return self._relabel(find_matches(self.analyzer, text, self.run))

    def read(self, text: str) -> tuple[Matches, tuple[str, ...]]:
        found = find_matches(self.analyzer, text, self.run)
        return self._relabel(found), self._typed(set(found.terms))

    def summary(self, text: str, max_chars: int) -> tuple[str, tuple[str, ...]]:
        """The snippet of `text` around its best window, and the searched terms it matched."""
        lowered = text.lower()
        if not self.fast or len(lowered) != len(text):
            found = find_matches(self.analyzer, text, self.run)
            return snippet(found, max_chars), self._typed(set(found.terms))
        candidates, unread = self._candidates(lowered)
        if self.stem:
            # With word forms many candidates are no match: only confirmed ones choose the
            # window. Without, a false candidate is rare (a Unicode neighbour), so one
            # confirmed candidate per term is enough and the window check below catches it.
            window = [span for span in candidates if self._confirmed(text, *span)]
            found_terms = {span[2] for span in window}
        else:
            window = candidates
            found_terms = set()
            for start, end, term in candidates:
                if term not in found_terms and self._confirmed(text, start, end, term):
                    found_terms.add(term)
        if unread - found_terms:
            # A term not confirmed among the occurrences looked at, with more left unread:
            # only the whole text can tell (its candidates were all look-alikes).
            found = self._whole(text, lowered)
            return snippet(found, max_chars), self._typed(set(found.terms))
        matched = self._typed(found_terms)
        if not matched:
            return leading_text(text, max_chars), ()
        window.sort(key=_IN_TEXT_ORDER)  # stable: equal spans keep the candidates' order
        start, end = snippet_window(text, window, max_chars)
        spans = self._exact(text, _space_before(text, start), _space_after(text, end))
        if not any(start <= s.start and s.end <= end for s in spans):
            # Every candidate in the window was a false one (a rare Unicode neighbour, or a
            # word that only looked like a form of a query word).
            return snippet(find_matches(self.analyzer, text, self.run), max_chars), matched
        return render_snippet(text, spans, start, end), matched

    def _typed(self, run_terms: set[str]) -> tuple[str, ...]:
        """`terms_searched` entries (the typed words) whose run term is among `run_terms`."""
        if not self.stem:
            return tuple(t for t in self.query.terms_searched if t in run_terms)
        return tuple(
            typed for typed in self.query.terms_searched if self.labels.get(typed) in run_terms
        )

    def _relabel(self, found: Matches) -> Matches:
        """Matches of the run, with each span named by the first typed term it stands for."""
        if not self.stem:
            return found
        first = {run: typed for typed, run in reversed(self.labels.items())}
        spans = tuple(Span(s.start, s.end, first.get(s.term, s.term)) for s in found.spans)
        return Matches(found.text, spans)

    def _candidates(self, lowered: str) -> tuple[list[SpanLike], set[str]]:
        starts = {word: self._word_starts(lowered, word) for word in self.wanted}
        full = {word for word, found in starts.items() if len(found) >= CANDIDATES_PER_WORD}
        unread = {term for term in self.run.terms if term in full}
        found = [(i, j, term) for term in self.run.terms for i, j in starts[term]]
        for first, key, pattern in self._phrase_finders:
            if first in full:
                unread.add(key)
            for i, _ in starts[first]:
                hit = pattern.match(lowered, i)
                if hit and _bounded(lowered, hit.start(), hit.end()):
                    found.append((hit.start(), hit.end(), key))
        return found, unread

    def _whole(self, text: str, lowered: str) -> Matches:
        if self.stem:
            return find_matches(self.analyzer, text, self.run)
        every = {word: self._word_starts(lowered, word, None) for word in self.wanted}
        spans = [
            Span(i, j, term)
            for term in self.run.terms
            for i, j in every[term]
            if self._confirmed(text, i, j, term)
        ]
        for first, key, pattern in self._phrase_finders:
            for i, _ in every[first]:
                hit = pattern.match(lowered, i)
                if hit is None or not _bounded(lowered, hit.start(), hit.end()):
                    continue
                if self._confirmed(text, hit.start(), hit.end(), key):
                    spans.append(Span(hit.start(), hit.end(), key))
        spans.sort(key=_IN_TEXT_ORDER)  # stable: a term's span before a phrase's, as there
        return Matches(text, tuple(spans))

    def _word_starts(
        self, lowered: str, word: str, limit: int | None = CANDIDATES_PER_WORD
    ) -> list[tuple[int, int]]:
        literal = self.starts[word]
        found: list[tuple[int, int]] = []
        at = lowered.find(literal)
        steps = 0
        while at >= 0:
            if steps == FIND_STEPS:
                rest = None if limit is None else limit - len(found)
                finds = self._finder(word).finditer(lowered, at)
                found.extend(hit.span() for hit in islice(finds, rest))
                break
            steps += 1
            end = at + len(literal)
            if at == 0 or not lowered[at - 1].isalnum():
                if self.stem:
                    end = _TAIL.match(lowered, end).end()  # type: ignore[union-attr]
                    found.append((at, end))
                elif end == len(lowered) or not lowered[end].isalnum():
                    found.append((at, end))
                if len(found) == limit:
                    break
            at = lowered.find(literal, end)
        return found

    def _confirmed(self, text: str, start: int, end: int, term: str) -> bool:
        if _certain(text, start, end):
            if not self.stem:
                return True
            if not term.startswith('"'):
                return self._stem_of(text[start:end]) == term
        low = _space_before(text, start)
        high = _space_after(text, end)
        return any(s.start == start and s.term == term for s in self._exact(text, low, high))

    def _stem_of(self, word: str) -> str:
        found = self._stems.get(word)
        if found is None:
            tokens = self.analyzer.analyze(word)
            found = self._stems[word] = tokens[0] if tokens else ""
        return found

    def _exact(self, text: str, start: int, end: int) -> tuple[Span, ...]:
        """The matches inside text[start:end] (bounded by whitespace), read by the analyzer."""
        return spans_of(word_hits(self.analyzer, text[start:end], self.wanted, start), self.run)


def _labels(query: ParsedQuery, run: ParsedQuery) -> dict[str, str]:
    """Each typed term (`terms_searched` entry) and the stemmed term it runs as."""
    labels = {term: stem_word(term) for term in query.terms}
    for phrase in query.phrases:
        labels[render_phrase(phrase)] = render_phrase(tuple(stem_word(w) for w in phrase))
    return labels


def _search_prefix(stem: str) -> str:
    """What every word with this stem starts with (empty: too short to search for)."""
    return stem[:-2] if stem.endswith("ie") else stem[:-1]


@lru_cache(maxsize=4096)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _starts_word(start: str) -> str:
    literal = re.escape(start)
    return f"{literal}(?<![^\\W_]{literal})"


def _certain(text: str, start: int, end: int) -> bool:
    inside = text[start:end]
    if not inside.isascii():
        return False
    if start and not _never_in_words(text[start - 1]):
        return False
    if end < len(text) and not _never_in_words(text[end]):
        return False
    return inside.isalnum() or all(_never_in_words(ch) for ch in inside if not ch.isalnum())


@cache
def _never_in_words(ch: str) -> bool:
    return unicodedata.category(ch).startswith(_NEVER_IN_WORDS)


def _bounded(text: str, start: int, end: int) -> bool:
    """No alphanumeric character touches text[start:end] on either side."""
    return (start == 0 or not text[start - 1].isalnum()) and (
        end == len(text) or not text[end].isalnum()
    )


def _space_before(text: str, at: int) -> int:
    """The index just after the last whitespace before `at` (0 when there is none)."""
    high = at
    while high > 0:
        low = max(0, high - REACH)
        spaces = list(_SPACE.finditer(text, low, high))
        if spaces:
            return spaces[-1].end()
        high = low
    return 0


def _space_after(text: str, at: int) -> int:
    """The index of the first whitespace at or after `at` (the text's length when none)."""
    found = _SPACE.search(text, at)
    return found.start() if found else len(text)


# `snippets.py`'s functions as they were.


def find_matches(analyzer: tantivy.TextAnalyzer, text: str, query: ParsedQuery) -> Matches:
    """Every occurrence of the query's loose terms and phrases, tokenising the whole text."""
    wanted = set(query.terms).union(*query.phrases)
    return Matches(text, spans_of(word_hits(analyzer, text, wanted), query))


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


def snippet(matches: Matches, max_chars: int = DEFAULT_SNIPPET_CHARS) -> str:
    text, spans = matches.text, matches.spans
    if not spans:
        return leading_text(text, max_chars)
    start, end = snippet_window(text, spans, max_chars)
    return render_snippet(text, spans, start, end)


def snippet_window(text: str, spans: Sequence[SpanLike], max_chars: int) -> tuple[int, int]:
    first, last = _best_window(spans, max_chars)
    block_start, block_end = spans[first][0], max(s[1] for s in spans[first : last + 1])
    lead = min(max(max_chars - (block_end - block_start), 0) // 3, block_start)
    start = _word_start(text, block_start - lead, block_start)
    end = _word_end(text, max(start + max_chars, block_end), block_end)
    return start, end


def render_snippet(text: str, spans: Sequence[SpanLike], start: int, end: int) -> str:
    """text[start:end] on one line, the spans inside it marked, ellipses where it was cut."""
    inside = [s for s in spans if s[0] >= start and s[1] <= end]
    body = _squash(_mark(text, inside, start, end).strip())
    prefix = ELLIPSIS + " " if start > 0 else ""
    # Cut before the end: something but whitespace follows (no copy of a long text made).
    suffix = " " + ELLIPSIS if _NOT_SPACE.search(text, end) else ""
    return prefix + body + suffix


def _best_window(spans: Sequence[SpanLike], max_chars: int) -> tuple[int, int]:
    """Indexes of the first and last span of the best window (sliding over span starts)."""
    best = (-1, -1, 0, 0)  # (distinct weight, occurrences, -first) and last, compared in order
    best_range = (0, 0)
    starts = [s[0] for s in spans]
    ends = [s[1] for s in spans]
    terms = [s[2] for s in spans]
    weights = {term: PHRASE_WEIGHT if term.startswith('"') else 1 for term in terms}
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
        # The window holds spans i..j-1, each counted once.
        score = (weight, j - i, -i, 0)
        if score > best:
            best, best_range = score, (i, j - 1)
        left = counts[term] - 1
        if left:
            counts[term] = left
        else:
            del counts[term]
            weight -= weights[term]
    return best_range


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
