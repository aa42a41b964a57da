"""A hit's snippet and matched terms, with Python work that does not grow with the text.

`snippets.find_matches` tokenises a whole text with the index analyzer: exact, but its
cost follows the text's length (some sections run to 200 KB). Here the text is lower-cased
once and each query word is found with `str.find` (C speed; a regular expression takes over
for a word met many times); Python looks only at the first `CANDIDATES_PER_WORD`
word-bounded occurrences of each term and of each phrase's first word. Those candidates
choose the snippet's window; the index analyzer then reads only that window, so every mark
in a snippet is exactly what the index matched. When every candidate inside the window is
certain by its characters and no word's bound falls before the window's end, those
candidates are exactly the analyzer's marks there, and it need not read. A term counts as
matched only when the analyzer confirms one of its candidates (or, when none confirms and
more were left unread, every occurrence in the text is found the same way with no bound and
confirmed, which is what tokenising the whole text would find), so `matched_terms` is exact
too. A candidate that is certain by its characters (ASCII, between characters no tokenizer
puts in a word) needs no analyzer.

Word forms (`stem=True`): the analyzer is the stemming one and a query word matches every
token with its stem. A token's stem can differ from the token's own start only in its last
character, or its last two when the stem ends in "ie" (`dying` -> `die`; checked on every
token of the loaded statutes), so a candidate is any word starting with the stem less that
tail, and the analyzer confirms it.

Why the candidates miss nothing: a token the index matched is a maximal run of characters
tantivy counts as alphanumeric that lower-cases to a query word. Lower-casing keeps a text's
length except for a few characters (İ), and such texts take the whole-text reading; every
character Python counts as alphanumeric, tantivy does too, so word boundaries found here
are never inside a real token. Queries with non-ASCII words take the whole-text reading.
"""

import re
import unicodedata
from functools import cache, lru_cache
from itertools import islice
from operator import itemgetter
from typing import NamedTuple

from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.analysis import stem as stem_word
from search.backends.tantivy.compile import stemmed
from search.backends.tantivy.snippets import (
    Matches,
    Span,
    SpanLike,
    find_matches,
    leading_text,
    render_snippet,
    snippet,
    snippet_window,
    spans_of,
    word_hits,
)
from search.text.query import ParsedQuery, render_phrase

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


class _Candidates(NamedTuple):
    """A text's candidates: each as (start, end, term), in the order of the query's terms
    and then its phrases."""

    spans: list[SpanLike]
    # Terms and phrases whose first word has more occurrences than were looked at.
    unread: set[str]
    # Each term's and phrase's own candidates.
    own: dict[str, list[SpanLike]]
    # Every word-bounded occurrence of a term or phrase that starts before this is a candidate.
    covered: int


class TextMatcher:
    """One query's matcher, compiled once per search and used for each hit's text.

    With `stem`, words match by stem (the stemming analyzer); spans and matched terms still
    name the query's own words (`terms_searched`), so what a user typed stays readable.
    """

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
        # Only the terms and each phrase's first word are searched for: a phrase's other
        # words are read by its pattern where its first word stands.
        self._scanned = tuple(dict.fromkeys([*self.run.terms, *(p[0] for p in self.run.phrases)]))
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
        self._finders: dict[str, re.Pattern[str]] = {}

    def _finder(self, word: str) -> re.Pattern[str]:
        """The scan for a word's occurrences that start and end a word (with `stem`: run to
        a word's end): one C-level scan that stops at the bound, no Python per occurrence."""
        found = self._finders.get(word)
        if found is None:
            start = self.starts[word]
            found = _compiled(_starts_word(start) + (_WORD_TAIL if self.stem else _WORD_END))
            self._finders[word] = found
        return found

    def _word_pattern(self, word: str) -> str:
        return re.escape(self.starts[word]) + (_WORD_TAIL if self.stem else "")

    def matches(self, text: str) -> Matches:
        """Every occurrence in the whole text (for whole-text marking; reads it all)."""
        return self._relabel(find_matches(self.analyzer, text, self.run))

    def read(self, text: str) -> tuple[Matches, tuple[str, ...]]:
        """Every occurrence in the whole text, and the searched terms it matched (short texts:
        headings)."""
        found = find_matches(self.analyzer, text, self.run)
        return self._relabel(found), self._typed(set(found.terms))

    def summary(self, text: str, max_chars: int) -> tuple[str, tuple[str, ...]]:
        """The snippet of `text` around its best window, and the searched terms it matched."""
        lowered = text.lower()
        if not self.fast or len(lowered) != len(text):
            found = find_matches(self.analyzer, text, self.run)
            return snippet(found, max_chars), self._typed(set(found.terms))
        candidates, unread, own, covered = self._candidates(lowered)
        if self.stem:
            # With word forms many candidates are no match: only confirmed ones choose the
            # window. Without, a false candidate is rare (a Unicode neighbour), so one
            # confirmed candidate per term is enough and the window check below catches it.
            window = [span for span in candidates if self._confirmed(text, *span)]
            found_terms = {span[2] for span in window}
        else:
            window = candidates
            found_terms = set()
            for term, occurrences in own.items():
                for start, end, _ in occurrences:
                    if self._confirmed(text, start, end, term):
                        found_terms.add(term)
                        break
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
        if end <= covered:
            # Every match inside the snippet is among the window's candidates there; when
            # each of those is certain by its characters, they are what the analyzer marks.
            inside = [c for c in window if start <= c[0] and c[1] <= end]
            if all(_certain(text, c[0], c[1]) for c in inside):
                return render_snippet(text, inside, start, end), matched
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

    def _candidates(self, lowered: str) -> "_Candidates":
        """Word-bounded occurrences of the terms and phrases (a bounded number of each)."""
        starts = self._occurrences(lowered, CANDIDATES_PER_WORD)
        full = {word for word, found in starts.items() if len(found) >= CANDIDATES_PER_WORD}
        covered = min((starts[word][-1][0] + 1 for word in full), default=len(lowered) + 1)
        unread = {term for term in self.run.terms if term in full}
        found: list[SpanLike] = []
        own: dict[str, list[SpanLike]] = {}
        for term in self.run.terms:
            found += own.setdefault(term, starts[term])
        for first, key, pattern in self._phrase_finders:
            if first in full:
                unread.add(key)
            spans = []
            for i, _, _ in starts[first]:
                hit = pattern.match(lowered, i)
                if hit and _bounded(lowered, hit.start(), hit.end()):
                    spans.append((hit.start(), hit.end(), key))
            found += own.setdefault(key, spans)
        return _Candidates(found, unread, own, covered)

    def _whole(self, text: str, lowered: str) -> Matches:
        """Every match in the whole text, exactly as `find_matches` reads it.

        Without word forms, by the same scans with no bound: every word-bounded occurrence of
        a term, and of a phrase at each of its first word's, confirmed as a candidate is (the
        analyzer reads only around the few that are not certain), so a long text is never
        tokenised whole. With word forms, the analyzer reads the whole text.
        """
        if self.stem:
            return find_matches(self.analyzer, text, self.run)
        every = self._occurrences(lowered, None)
        spans = [
            Span(i, j, term)
            for term in self.run.terms
            for i, j, _ in every[term]
            if self._confirmed(text, i, j, term)
        ]
        for first, key, pattern in self._phrase_finders:
            for i, _, _ in every[first]:
                hit = pattern.match(lowered, i)
                if hit is None or not _bounded(lowered, hit.start(), hit.end()):
                    continue
                if self._confirmed(text, hit.start(), hit.end(), key):
                    spans.append(Span(hit.start(), hit.end(), key))
        spans.sort(key=_IN_TEXT_ORDER)  # stable: a term's span before a phrase's, as there
        return Matches(text, tuple(spans))

    def _occurrences(self, lowered: str, limit: int | None) -> dict[str, list[SpanLike]]:
        """`_word_starts` of each searched word (the terms and the phrases' first words); a
        word the text lacks costs one `str.find`."""
        found: dict[str, list[SpanLike]] = {}
        starts = self.starts
        for word in self._scanned:
            at = lowered.find(starts[word])
            found[word] = [] if at < 0 else self._word_starts(lowered, word, limit, at)
        return found

    def _word_starts(
        self, lowered: str, word: str, limit: int | None = CANDIDATES_PER_WORD, at: int = -1
    ) -> list[SpanLike]:
        """The first `limit` occurrences of `word` between non-alphanumerics (None: all; with
        `stem`: of words starting with its search prefix), as (start, end, word); `at`, when
        given, is where the literal first occurs.

        `str.find` finds the occurrences first (it skips through a text faster than the
        scan), so a word the text lacks or holds a few times costs little; past FIND_STEPS
        occurrences, the scan takes the rest without Python per occurrence. No word-bounded
        occurrence starts inside another occurrence (a word is alphanumerics only), so each
        search goes on from the last one's end. A one-character slice is empty past either
        end of the text, and an empty string is not alphanumeric.
        """
        literal = self.starts[word]
        find = lowered.find
        if at < 0:
            at = find(literal)
        size = len(literal)
        found: list[SpanLike] = []
        steps = FIND_STEPS
        while at >= 0:
            if not steps:
                rest = None if limit is None else limit - len(found)
                finds = self._finder(word).finditer(lowered, at)
                found += [(hit.start(), hit.end(), word) for hit in islice(finds, rest)]
                break
            steps -= 1
            end = at + size
            if not lowered[at - 1 : at].isalnum():
                if self.stem:
                    end = _TAIL.match(lowered, end).end()  # type: ignore[union-attr]
                elif lowered[end : end + 1].isalnum():
                    at = find(literal, end)
                    continue
                found.append((at, end, word))
                if len(found) == limit:
                    break
            at = find(literal, end)
        return found

    def _confirmed(self, text: str, start: int, end: int, term: str) -> bool:
        """True when the index analyzer reads the candidate text[start:end] as a real match
        of `term`.

        A candidate of ASCII letters between characters that are never part of a word (and
        only such characters between a phrase's words) is one token; without stemming it is
        a match without asking the analyzer, with stemming when its stem is the term.
        """
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
    """A query word's pattern, compiled once per process (`re`'s own cache holds 512 of
    everything, which long questions kept missing)."""
    return re.compile(pattern)


def _starts_word(start: str) -> str:
    """`start` where no alphanumeric comes right before it (the look-behind follows the
    literal, so the engine still scans for the literal first)."""
    literal = re.escape(start)
    return f"{literal}(?<![^\\W_]{literal})"


def _certain(text: str, start: int, end: int) -> bool:
    """text[start:end] is ASCII and every character around and inside it that is not a
    letter or digit is one no tokenizer reads as part of a word."""
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
