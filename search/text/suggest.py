"""Did you mean: for a query word the index holds rarely or not at all, a close word it holds.

Pure: the index's vocabulary comes in as a `Vocabulary` (how many documents of the index hold
a word; the words of the searched field that start with a prefix, each with how many
documents of the searched scope hold it), so the searches pass their backend's term
dictionary and the tests pass a dict. A suggestion is
only offered, never run: the query stays as typed and `corrected_query` spells the
alternative for a link.

Closeness is a weighted edit distance (optimal string alignment): inserting, deleting or
replacing a letter, or swapping two neighbours, costs 1; making a doubled letter single or
a single one double costs 0.5, the commonest slip ("difussion" is 1 from "diffusion", 2
from "discussion"). The closest word wins, then the one more documents hold.
"""

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

# A search with at most this many rows gets suggestions (the vocabulary is read only then).
FEW_ROWS = 5
# A query word held by at most this many documents may be a slip worth correcting; one held by
# any is a word, so only a suggestion one edit away is offered for it ("unicorns" is no slip).
RARE_DOCUMENTS = 5
# A suggestion must be held by at least this many documents, and this many times the word's.
MIN_DOCUMENTS = 3
MORE_COMMON = 10
# Shorter words are left alone: too many real words lie one letter away.
MIN_LETTERS = 4
# At most this many words of one query are looked up (each costs a vocabulary read or two).
MAX_WORDS = 6
# Candidates share the word's first two letters, those two swapped ("etnant"), or its first
# and third ("tneant", "txenant").
PREFIX_LETTERS = 2
DOUBLING_COST = 0.5


class Vocabulary(Protocol):
    """The searched field's words, as the index holds them."""

    def documents(self, word: str) -> int:
        """How many documents of the whole index hold `word`."""
        ...

    def words(self, prefix: str) -> Sequence[tuple[str, int]]:
        """The words starting with `prefix`, each with how many documents in scope hold it."""
        ...


# `best_suggestion` of one vocabulary, for a word.
Best = Callable[[str], "Suggestion | None"]
# Words as the index analyzer splits them (`[^\W_]` is exactly `str.isalnum()`).
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Suggestion:
    """A word the index holds in place of a query word it holds rarely or not at all."""

    term: str  # the query word, as searched (lower case)
    suggestion: str  # the vocabulary's word
    distance: float  # weighted edit distance between the two
    documents: int  # documents (in the searched scope) holding the suggestion
    term_documents: int  # documents holding the query word itself


def wants_suggestions(total: int) -> bool:
    """Whether a search that found `total` rows looks for suggestions at all."""
    return total <= FEW_ROWS


def max_distance(word: str) -> float:
    """How far a suggestion may lie from `word`: 1 for words of 4-5 letters, 2 above."""
    if len(word) < MIN_LETTERS:
        return 0.0
    return 1.0 if len(word) <= 5 else 2.0


def correctable(word: str) -> bool:
    """Words of letters only, long enough to have few close neighbours."""
    return len(word) >= MIN_LETTERS and word.isalpha()


def prefixes(word: str) -> tuple[str, ...]:
    """The prefixes whose words are candidates for `word` (a word of MIN_LETTERS or more)."""
    head = word[:PREFIX_LETTERS]
    return tuple(dict.fromkeys((head, head[::-1], word[0] + word[2:3])))


def edit_distance(a: str, b: str, limit: float = math.inf) -> float:
    """Weighted optimal-string-alignment distance; anything over `limit` is `math.inf`."""
    return _distance(a, _indel_costs(a), b, limit)


def _distance(a: str, a_costs: list[float], b: str, limit: float) -> float:
    if abs(len(a) - len(b)) * DOUBLING_COST > limit:
        return math.inf
    b_costs = _indel_costs(b)
    previous2: list[float] = []
    previous = [0.0]
    for j in range(len(b)):
        previous.append(previous[j] + b_costs[j])
    for i, letter in enumerate(a, start=1):
        delete = a_costs[i - 1]
        row = [previous[0] + delete]
        for j, other in enumerate(b, start=1):
            cost = previous[j] + delete
            insert = row[j - 1] + b_costs[j - 1]
            if insert < cost:
                cost = insert
            keep = previous[j - 1] + (0.0 if letter == other else 1.0)
            if keep < cost:
                cost = keep
            if i > 1 and j > 1 and letter == b[j - 2] and a[i - 2] == other:
                swap = previous2[j - 2] + 1.0
                if swap < cost:
                    cost = swap
            row.append(cost)
        if min(row) > limit:
            return math.inf
        previous2, previous = previous, row
    return previous[-1] if previous[-1] <= limit else math.inf


def _indel_costs(word: str) -> list[float]:
    """Cost of inserting or deleting each letter: half when a neighbour is the same letter."""
    last = len(word) - 1
    return [
        DOUBLING_COST
        if (at > 0 and word[at - 1] == letter) or (at < last and word[at + 1] == letter)
        else 1.0
        for at, letter in enumerate(word)
    ]


def _letter_gap(letters: dict[str, int], other: str) -> int:
    """How many letters the two words' letter counts differ by: every edit closes at most
    two of them at a cost of 1, or one at a cost of at least DOUBLING_COST."""
    left = dict(letters)
    for letter in other:
        left[letter] = left.get(letter, 0) - 1
    return sum(map(abs, left.values()))


def best_suggestion(word: str, vocabulary: Vocabulary) -> Suggestion | None:
    """The closest, then most common, word of the vocabulary for a rare `word`, if any."""
    if not correctable(word) or vocabulary.documents(word) > RARE_DOCUMENTS:
        return None
    held: dict[str, int] = {}
    for prefix in prefixes(word):
        for candidate, documents in vocabulary.words(prefix):
            held[candidate] = max(documents, held.get(candidate, 0))
    own = held.pop(word, 0)
    limit = max_distance(word) if own == 0 else 1.0
    floor = max(MIN_DOCUMENTS, own * MORE_COMMON)
    letters = Counter(word)
    alphabet = frozenset(word)
    costs = _indel_costs(word)
    best: tuple[float, int, str] | None = None
    for candidate, documents in held.items():
        if documents < floor or abs(len(candidate) - len(word)) * DOUBLING_COST > limit:
            continue
        # A letter in one word only is at least one letter of gap (a cheap set test first).
        if len(alphabet.symmetric_difference(candidate)) * DOUBLING_COST > limit:
            continue
        if _letter_gap(letters, candidate) * DOUBLING_COST > limit:
            continue
        distance = _distance(word, costs, candidate, limit)
        if distance == math.inf:
            continue
        key = (distance, -documents, candidate)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    distance, documents, candidate = best
    return Suggestion(word, candidate, distance, -documents, own)


def suggest(
    words: Iterable[str], vocabulary: Vocabulary, best: Best | None = None
) -> tuple[Suggestion, ...]:
    """Suggestions for the query's words (each word once, at most MAX_WORDS looked up);
    `best` stands for `best_suggestion` on this vocabulary (a caller that keeps its answers).

    A word the whole index holds in more than RARE_DOCUMENTS documents is not looked up; one
    it holds that rarely is compared with the words of the searched scope.
    """
    looked = [w for w in dict.fromkeys(words) if correctable(w)][:MAX_WORDS]
    found = (best(word) if best else best_suggestion(word, vocabulary) for word in looked)
    return tuple(s for s in found if s is not None)


def corrected_query(text: str, suggestions: Sequence[Suggestion]) -> str | None:
    """`text` with each suggested word in place of the query word (its capitals kept);
    None when nothing changes."""
    if not suggestions:
        return None
    replace = {s.term: s.suggestion for s in suggestions}

    def swap(match: re.Match[str]) -> str:
        typed = match.group()
        better = replace.get(typed.lower())
        if better is None:
            return typed
        if len(typed) > 1 and typed.isupper():
            return better.upper()
        return better.capitalize() if typed[0].isupper() else better

    corrected = _WORD.sub(swap, text)
    return corrected if corrected != text else None


def suggestion_note(suggestions: Sequence[Suggestion], corrected: str | None, noun: str) -> str:
    """One sentence for the note: the corrected query and why (`noun`: what a document is)."""
    if not suggestions or corrected is None:
        return ""
    reasons = "; ".join(
        f'{_hold(s.term_documents)} "{s.term}" and {_hold(s.documents)} "{s.suggestion}"'
        for s in suggestions
    )
    return (
        f'Did you mean "{corrected}"? Of the {noun}s searched, {reasons}. The search ran as typed.'
    )


def _hold(n: int) -> str:
    if n == 0:
        return "none holds"
    return f"{n:,} hold{'s' if n == 1 else ''}"


@dataclass(frozen=True)
class DidYouMean:
    """What a search offers instead of what it found: the words, the query and the note."""

    suggestions: tuple[Suggestion, ...]
    query: str  # the query text with each suggestion in place
    note: str


def did_you_mean(
    text: str,
    words: Iterable[str],
    total: int,
    vocabulary: Vocabulary,
    noun: str,
    best: Best | None = None,
) -> DidYouMean | None:
    """Suggestions for a search of `text` that found `total` rows (None: too many rows, or no
    word has a better spelling in the vocabulary); `best` as for `suggest`."""
    if not wants_suggestions(total):
        return None
    found = suggest(words, vocabulary, best)
    corrected = corrected_query(text, found)
    if corrected is None:
        return None
    return DidYouMean(found, corrected, suggestion_note(found, corrected, noun))


def suggestions_json(hint: DidYouMean | None) -> dict[str, Any]:
    """`suggestions` and `suggested_query` as both searches' APIs answer them."""
    return {
        "suggestions": [
            {
                "term": s.term,
                "suggestion": s.suggestion,
                "distance": s.distance,
                "documents": s.documents,
                "term_documents": s.term_documents,
            }
            for s in (hint.suggestions if hint else ())
        ],  # fmt: skip
        "suggested_query": hint.query if hint else None,
    }
