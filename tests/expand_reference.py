"""The previous computations of the added terms and the snippet window, kept to compare with.

Copied from before the statute questions were made cheaper: `added_terms` tried every
trigger of the everyday-words map on every query (`added_terms_scanned`, later: only those
starting with one of the query's words, each found by scanning the whole run),
`best_window` summed the window's weight afresh at every span, and `word_starts` found a
word with one `str.find` per occurrence. The faster versions must answer exactly as these do.
One rule was added to both on purpose since (December 7 2026): an everyday phrase found
only inside a longer one adds nothing.
"""

from collections import Counter
from collections.abc import Callable, Iterable

from search.backends.tantivy.matching import CANDIDATES_PER_WORD, TextMatcher
from search.backends.tantivy.snippets import PHRASE_WEIGHT, Span
from search.text.everyday_words import MAX_ADDED, TRIGGERS, AddedTerm
from search.text.question_words import QUESTION_WORDS
from search.text.stopwords import STOP_WORDS


def added_terms(runs: Iterable[list[str]], searched: Iterable[str]) -> tuple[AddedTerm, ...]:
    """Code terms for the everyday words in `runs`, every trigger tried (the old way)."""
    return _added(runs, searched, lambda run: range(len(TRIGGERS)))


def added_terms_scanned(
    runs: Iterable[list[str]], searched: Iterable[str]
) -> tuple[AddedTerm, ...]:
    """The same, trying only the triggers that start with one of the run's words, each found
    by a scan of the whole run (the way before each word's places were kept)."""
    return _added(runs, searched, _starting_in)


def _starting_in(run: list[str]) -> list[int]:
    words = set(run)
    return [order for order, (trigger, _) in enumerate(TRIGGERS) if trigger[0] in words]


def _added(
    runs: Iterable[list[str]],
    searched: Iterable[str],
    orders: Callable[[list[str]], Iterable[int]],
) -> tuple[AddedTerm, ...]:
    found: list[tuple[int, int, AddedTerm]] = []
    offset = 0
    for run in runs:
        kept = [at for at, t in enumerate(run) if t not in STOP_WORDS and t not in QUESTION_WORDS]
        content = [run[at] for at in kept]
        # Since December 7 2026, a phrase found only inside a longer one adds nothing: the
        # longest are tried first and take the words of the place they are found at.
        taken: list[set[int]] = []
        for order in sorted(orders(run), key=lambda o: (-len(TRIGGERS[o][0]), o)):
            trigger, codes = TRIGGERS[order]
            size = len(trigger)
            places = [(at, set(range(at, at + size))) for at in _positions(run, trigger)]
            places += [
                (at, {kept[at + k] for k in range(size)}) for at in _positions(content, trigger)
            ]
            free = [
                (at, covered)
                for at, covered in places
                if size == 1 or not any(covered <= t and len(t) > size for t in taken)
            ]
            if not free:
                continue
            at, covered = free[0]
            if size > 1:
                taken.append(covered)
            source = " ".join(trigger)
            found.extend((offset + at, order, AddedTerm(" ".join(c), c, source)) for c in codes)
        offset += len(run)
    have = set(searched)
    added: list[AddedTerm] = []
    for _, _, term in sorted(found, key=lambda item: (item[0], item[1])):
        if term.term in have or have.issuperset(term.words) or len(added) >= MAX_ADDED:
            continue
        have.add(term.term)
        added.append(term)
    return tuple(added)


def _positions(tokens: list[str], trigger: tuple[str, ...]) -> list[int]:
    size = len(trigger)
    return [
        start
        for start in range(len(tokens) - size + 1)
        if tuple(tokens[start : start + size]) == trigger
    ]


def best_window(spans: tuple[Span, ...], max_chars: int) -> tuple[int, int]:
    """Indexes of the first and last span of the best window (the weight summed each step)."""
    best = (-1, -1, 0, 0)
    best_range = (0, 0)
    counts: Counter[str] = Counter()
    j = 0
    for i, span in enumerate(spans):
        if j < i:
            j = i
            counts.clear()
        while j < len(spans) and spans[j].end <= span.start + max_chars:
            counts[spans[j].term] += 1
            j += 1
        if j == i:
            counts[span.term] += 1
            j = i + 1
        weight = sum(PHRASE_WEIGHT if t.startswith('"') else 1 for t in counts)
        score = (weight, sum(counts.values()), -i, 0)
        if score > best:
            best, best_range = score, (i, j - 1)
        counts[span.term] -= 1
        if counts[span.term] <= 0:
            del counts[span.term]
    return best_range


def word_starts(
    matcher: TextMatcher, lowered: str, word: str, limit: int | None = CANDIDATES_PER_WORD
) -> list[tuple[int, int]]:
    """`TextMatcher._word_starts` the old way: one `str.find` per occurrence (None: all)."""
    found: list[tuple[int, int]] = []
    start = matcher.starts[word]
    at = lowered.find(start)
    while at != -1 and (limit is None or len(found) < limit):
        end = at + len(start)
        if matcher.stem:
            while end < len(lowered) and lowered[end].isalnum():
                end += 1
        if (at == 0 or not lowered[at - 1].isalnum()) and (
            end == len(lowered) or not lowered[end].isalnum()
        ):
            found.append((at, end))
        at = lowered.find(start, at + 1)
    return found
