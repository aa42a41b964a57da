"""A hit's snippet and matched terms, with Python work that does not grow with the text.

`snippets.find_matches` tokenises a whole text with the index analyzer: exact, but its
cost follows the text's length (some sections run to 200 KB). Here the text is lower-cased
once and each query word is found with `str.find` (C speed); Python looks only at the first
`CANDIDATES_PER_WORD` word-bounded occurrences of each word. Those candidates choose the
snippet's window; the index analyzer then reads only that window, so every mark in a
snippet is exactly what the index matched. A term counts as matched only when the analyzer
confirms one of its candidates (or, when none confirms and more were left unread, the
whole text shows it), so `matched_terms` is exact too.

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

from search.backends.tantivy.analysis import analyzer
from search.backends.tantivy.analysis import stem as stem_word
from search.backends.tantivy.compile import stemmed
from search.backends.tantivy.snippets import (
    Matches,
    Span,
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
        self.fast = bool(self.wanted) and all(w.isascii() and w for w in self.starts.values())
        # A phrase candidate: its words with only non-alphanumerics between them.
        self.phrases = {
            render_phrase(p): re.compile(_GAP.join(self._word_pattern(w) for w in p))
            for p in self.run.phrases
        }
        # Each word's occurrences that end a word (with `stem`: run to a word's end); the
        # start is checked in `_word_starts`. One C-level scan per word, not one per find.
        self.finders = {
            word: re.compile(re.escape(start) + (_WORD_TAIL if stem else _WORD_END))
            for word, start in self.starts.items()
            if start
        }
        self._stems: dict[str, str] = {}

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
        candidates, unread = self._candidates(lowered)
        if self.stem:
            # With word forms many candidates are no match: only confirmed ones choose the
            # window. Without, a false candidate is rare (a Unicode neighbour), so one
            # confirmed candidate per term is enough and the window check below catches it.
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
            # A term not confirmed among the occurrences looked at, with more left unread:
            # only the whole text can tell (its candidates were all look-alikes).
            found = find_matches(self.analyzer, text, self.run)
            return snippet(found, max_chars), self._typed(set(found.terms))
        matched = self._typed(found_terms)
        if not matched:
            return leading_text(text, max_chars), ()
        ordered = tuple(sorted(window, key=lambda s: (s.start, s.end)))
        start, end = snippet_window(text, ordered, max_chars)
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

    def _candidates(self, lowered: str) -> tuple[list[Span], set[str]]:
        """Word-bounded occurrences of the terms and phrases (a bounded number of each), and
        the terms whose first word has more occurrences than were looked at."""
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
        """The first CANDIDATES_PER_WORD occurrences of `word` between non-alphanumerics (with
        `stem`: of words starting with its search prefix), as (start, end).

        A word is alphanumerics only, so an occurrence that does not start a word holds no
        start of one: the scan's non-overlapping matches miss no bounded occurrence.
        """
        found: list[tuple[int, int]] = []
        for hit in self.finders[word].finditer(lowered):
            at = hit.start()
            if at == 0 or not lowered[at - 1].isalnum():
                found.append((at, hit.end()))
                if len(found) == CANDIDATES_PER_WORD:
                    break
        return found

    def _confirmed(self, text: str, candidate: Span) -> bool:
        """True when the index analyzer reads the candidate as a real match of its term.

        A candidate of ASCII letters between characters that are never part of a word (and
        only such characters between a phrase's words) is one token; without stemming it is
        a match without asking the analyzer, with stemming when its stem is the term.
        """
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


def _certain(text: str, span: Span) -> bool:
    """The span is ASCII and every character around and inside it that is not a letter or
    digit is one no tokenizer reads as part of a word."""
    inside = text[span.start : span.end]
    if not inside.isascii():
        return False
    around = text[max(span.start - 1, 0) : span.start] + text[span.end : span.end + 1]
    gaps = "".join(ch for ch in inside if not ch.isalnum())
    return all(_never_in_words(ch) for ch in around + gaps)


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
